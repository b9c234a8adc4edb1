/**
 * What "Plan meine Woche" (week-plan-proposal.ts) reads of a version's view:
 * the matching column's lookups the ingredient search builds once per
 * isolate, each recipe's category from the category ranges, and the
 * positions a list filter keeps. Nothing here is read per recipe from KV.
 */
import { RECIPE_TYPES } from "../recipes/categories.ts";
import type { RecipeFilter } from "../recipes/recipe-filter.ts";
import type { CatalogView } from "./catalog-view.ts";
import type { PantryLookup } from "./pantry-lookup.ts";
import type { WeekPlanRecipes } from "./week-plan-proposal.ts";

/** Each position's category as its index in RECIPE_TYPES: positions are stored by category (catalog-view.ts). */
export function categoriesByPosition(catalog: Pick<CatalogView, "count" | "typeRange">): Uint8Array {
  const categories = new Uint8Array(catalog.count);
  RECIPE_TYPES.forEach((type, index) => {
    const { start, end } = catalog.typeRange(type);
    categories.fill(index, start, end);
  });
  return categories;
}

/**
 * The recipes a proposal reads for `filter`, and the pantry lookup that turns
 * names into the ids it takes (`idOf`) and ids into names (`names`).
 * `categories` may be passed when the caller keeps them for the version.
 */
export async function weekPlanRecipes(
  catalog: CatalogView,
  filter: RecipeFilter,
  categories: Uint8Array = categoriesByPosition(catalog),
): Promise<{ recipes: WeekPlanRecipes; pantry: PantryLookup }> {
  const [pantry, matching, filtered] = await Promise.all([
    catalog.pantryLookup(),
    catalog.ingredientLookup(),
    catalog.filtered(filter),
  ]);
  const none = new Int32Array(0);
  const recipes: WeekPlanRecipes = {
    ingredientCount: pantry.names.length,
    ingredientIds: pantry.ingredientIds,
    runStarts: pantry.runStarts,
    positionsWith: (id) => {
      const name = pantry.names[id];
      return name === undefined ? none : matching.positionsWith(name);
    },
    categories,
    kept: filtered ? filtered.positions() : everyPosition(catalog),
    ...(filtered ? { keeps: (position: number) => filtered.has(position) } : {}),
  };
  return { recipes, pantry };
}

/** Each version's positions without a filter, listed once: the proposal counts a kept array's categories once. */
const everyPositionOf = new WeakMap<CatalogView, Int32Array>();

/** 0 to count − 1. */
function everyPosition(catalog: CatalogView): Int32Array {
  const known = everyPositionOf.get(catalog);
  if (known) return known;
  const positions = new Int32Array(catalog.count);
  for (let position = 0; position < catalog.count; position++) positions[position] = position;
  everyPositionOf.set(catalog, positions);
  return positions;
}
