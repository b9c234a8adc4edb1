/**
 * What the week plan page needs of the catalog for a plan (its view,
 * plan-answer.ts): the planned recipes' names and the week's shopping list,
 * less what is at hand. The plan names recipes by slug; a recipe the catalog
 * no longer has is left out here and shown as gone.
 */
import { BASIC_INGREDIENTS } from "../../../catalog/recipes/basic-ingredients.ts";
import type { CatalogView } from "../../../catalog/view/catalog-view.ts";
import { recipeBySlug } from "../../../catalog/view/queries.ts";
import type { Pantry } from "../pantry/pantry.ts";
import { lineText } from "../shopping-list/line-text.ts";
import type { RecipeForList } from "../shopping-list/recipe-entries.ts";
import type { WeekView } from "./plan-answer.ts";
import type { PlanEntry } from "./stored-plan.ts";
import { weekListEntries, weekListLines } from "./week-list.ts";

/** The planned recipes the catalog has, by slug, with only what the page and the list read. */
async function planRecipes(catalog: CatalogView, slugs: readonly string[]): Promise<Map<string, RecipeForList>> {
  const found = await Promise.all(
    [...new Set(slugs)].map((slug) => recipeBySlug(catalog, slug).catch(() => undefined)),
  );
  return new Map(found.flatMap((recipe) => (recipe ? [[recipe.slug, recipe] as const] : [])));
}

/**
 * The names of what is at hand: the pantry's ingredients and the basics it
 * does not name as missing (every basic without a pantry). A kind in the
 * pantry ("sorte:nudeln") names no ingredient to leave off a list: which
 * pasta the recipe needs is still to buy.
 */
export function atHandNames(
  catalog: Pick<CatalogView, "ingredientBySlug">,
  pantry: Pick<Pantry, "selected" | "missingBasics"> | null,
): Set<string> {
  const missing = new Set(pantry?.missingBasics ?? []);
  const basics = BASIC_INGREDIENTS.filter((basic) => !missing.has(basic.slug)).map((basic) => basic.name);
  const selected = (pantry?.selected ?? []).flatMap((value) => {
    const name = catalog.ingredientBySlug(value)?.name;
    return name === undefined ? [] : [name];
  });
  return new Set([...basics, ...selected]);
}

/** The view of `plan` for a visitor whose pantry is `pantry` (null: none remembered). */
export async function weekView(
  catalog: CatalogView,
  plan: readonly PlanEntry[],
  pantry: Pick<Pantry, "selected" | "missingBasics"> | null,
): Promise<WeekView> {
  const recipes = await planRecipes(
    catalog,
    plan.map((entry) => entry.recipe),
  );
  const atHand = atHandNames(catalog, pantry);
  return {
    names: Object.fromEntries([...recipes].map(([slug, recipe]) => [slug, recipe.name])),
    lines: weekListLines(plan, recipes, atHand).map((line) => ({ key: line.key, ...lineText(line) })),
    toBuy: weekListEntries(plan, recipes, atHand),
  };
}
