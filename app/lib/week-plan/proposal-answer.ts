/**
 * What /wochenplan/vorschlag shows for its query (decision 0071): the
 * proposal of catalog/view/week-plan-proposal.ts for the address's days,
 * pantry and filter, or, when the address names a plan, that plan with one
 * day swapped for the next-best (swapDay); each day's card and what it uses
 * of the pantry, and "Du brauchst nur noch" (to-buy.ts).
 */
import { basicsAtHand } from "../../../catalog/recipes/basic-ingredients.ts";
import type { IngredientType } from "../../../catalog/recipes/ingredient-types.ts";
import { kindBySlug, kindLabel } from "../../../catalog/search/search-words.ts";
import type { CatalogView } from "../../../catalog/view/catalog-view.ts";
import { ingredientsOfKinds } from "../../../catalog/view/queries.ts";
import { possibleDaysOf, proposeWeekPlan, swapDay } from "../../../catalog/view/week-plan-proposal.ts";
import { categoriesByPosition, weekPlanRecipes } from "../../../catalog/view/week-plan-recipes.ts";
import { type RecipeListCardData, recipeListCardData } from "../recipes/recipe-card-data.ts";
import { lineText } from "../shopping-list/line-text.ts";
import { kindSlugOf } from "../url/ingredient-query.ts";
import type { ProposalQuery } from "../url/week-plan-proposal-query.ts";
import { toBuyLines } from "./to-buy.ts";

export interface ProposedDay {
  recipe: RecipeListCardData;
  /** The recipe's own servings: what "In den Wochenplan übernehmen" plans it for. */
  servings: number;
  /** Its ingredients the pantry holds, in the recipe's order. */
  fromPantry: string[];
}

export interface ProposalAnswer {
  /** The query as the page now stands: its plan is the one shown, no day to swap. */
  query: ProposalQuery;
  days: ProposedDay[];
  /** The days asked for, and the most the filter's recipes can fill (fewer says the filter leaves too few). */
  asked: number;
  possibleDays: number;
  /**
   * "Du brauchst nur noch": one text per combined line ("6 Eier", "Salz"), made here so the page's
   * script does not load the shopping list's formatting.
   */
  toBuy: { key: string; text: string }[];
  /** The pantry's ingredients and kinds by name, for the page to list. */
  pantryNames: string[];
  /** The day that was to be swapped when no other recipe fits it; null otherwise. */
  noOtherFor: number | null;
  /** Whether the address named a plan that no longer fits (a recipe gone, or the filter leaves it out). */
  planReplaced: boolean;
}

/** Each version's categories by position, computed once: positions are fixed within a version. */
const categoriesOfVersion = new WeakMap<CatalogView, Uint8Array>();

function categoriesOf(catalog: CatalogView): Uint8Array {
  let categories = categoriesOfVersion.get(catalog);
  if (!categories) {
    categories = categoriesByPosition(catalog);
    categoriesOfVersion.set(catalog, categories);
  }
  return categories;
}

/** The pantry's values as ingredient names (a kind by its members) and as labels to show; unknown values are left out. */
function pantryOf(catalog: CatalogView, selected: readonly string[]) {
  const names = new Set<string>();
  const labels: string[] = [];
  for (const value of selected) {
    const kindSlug = kindSlugOf(value);
    if (kindSlug !== undefined) {
      const kind: IngredientType | undefined = kindBySlug(kindSlug);
      if (!kind) continue;
      for (const name of ingredientsOfKinds(catalog, [kind])) names.add(name);
      labels.push(kindLabel(kind));
      continue;
    }
    const ingredient = catalog.ingredientBySlug(value);
    if (!ingredient) continue;
    names.add(ingredient.name);
    labels.push(ingredient.name);
  }
  return { names, labels };
}

/** Whether the ascending `kept` holds `position`: a binary search, not a set of every kept recipe per request. */
function isKept(kept: Int32Array, position: number): boolean {
  let low = 0;
  let high = kept.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = kept[middle] ?? 0;
    if (at === position) return true;
    if (at < position) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/** The positions of `slugs`, or undefined when one is not in this version. */
async function positionsOf(catalog: CatalogView, slugs: readonly string[]): Promise<number[] | undefined> {
  const positions = await Promise.all(slugs.map((slug) => catalog.positionOfSlug(slug)));
  return positions.every((position) => position !== undefined) ? (positions as number[]) : undefined;
}

export async function answerProposal(catalog: CatalogView, query: ProposalQuery): Promise<ProposalAnswer> {
  const pantry = pantryOf(catalog, query.selected);
  const basicNames = basicsAtHand(query.missingBasics).map((basic) => basic.name);
  const { recipes, pantry: lookup } = await weekPlanRecipes(catalog, query.recipeFilter, categoriesOf(catalog));
  const ids = (names: Iterable<string>) => [...names].flatMap((name) => lookup.idOf(name) ?? []);
  const question = { days: query.days, pantry: ids(pantry.names), basics: ids(basicNames) };

  // A named plan is taken only whole and as the filter keeps it: otherwise a fresh proposal.
  const named = query.plan.length > 0 ? await positionsOf(catalog, query.plan) : undefined;
  const possibleDays = possibleDaysOf(recipes, query.days);
  const planFits =
    named !== undefined && named.length === possibleDays && named.every((position) => isKept(recipes.kept, position));
  let positions: number[];
  let noOtherFor: number | null = null;
  let shown = query.shown;
  if (planFits && named) {
    positions = named;
    if (query.swap !== null) {
      const passedOver = (await positionsOf(catalog, query.shown[query.swap] ?? [])) ?? [];
      const swapped = swapDay(recipes, question, positions, query.swap, passedOver);
      if (swapped) positions = swapped.days;
      else noOtherFor = query.swap;
    }
  } else {
    positions = proposeWeekPlan(recipes, question).days;
    shown = [];
  }

  const [cards, full] = await Promise.all([catalog.cardsAt(positions), catalog.recipesAt(positions)]);
  const atHand = new Set([...pantry.names, ...basicNames]);
  // Either read may leave out a recipe it cannot read: a day shows only what both read.
  const cardOf = new Map(cards.map((card) => [card.slug, card]));
  const days = full.flatMap((recipe) => {
    const card = cardOf.get(recipe.slug);
    if (!card) return [];
    return {
      recipe: recipeListCardData(card),
      servings: recipe.servings,
      fromPantry: recipe.ingredientLines
        .filter((line) => !line.optional && pantry.names.has(line.name))
        .map((line) => line.name)
        .filter((name, at, all) => all.indexOf(name) === at),
    };
  });
  const plan = days.map((day) => day.recipe.slug);
  return {
    query: {
      ...query,
      plan,
      swap: null,
      shown: plan.map((_, day) => shown[day] ?? []),
    },
    days,
    asked: query.days,
    possibleDays,
    toBuy: toBuyLines(
      full.filter((recipe) => cardOf.has(recipe.slug)).map((recipe) => ({ recipe, servings: recipe.servings })),
      atHand,
    ).map((line) => {
      const { quantity, name } = lineText(line);
      return { key: line.key, text: quantity === null ? name : `${quantity} ${name}` };
    }),
    pantryNames: pantry.labels,
    noOtherFor,
    planReplaced: query.plan.length > 0 && !planFits,
  };
}
