/**
 * "Plan meine Woche" lives in its address (decision 0071):
 * `/wochenplan/vorschlag?tage=5&z=tomate&fehlt=salz&ernaehrung=vegan&plan=a&plan=b…`.
 * How many dinners (`tage`), the pantry as the ingredient search names it
 * (`z`, `fehlt`: ingredient-query.ts), the lists' filter
 * (recipe-filter-param.ts), and once a proposal is shown, its recipes day by
 * day (`plan`), the day to swap (`tausch`) and the recipes shown for a day
 * before (`gezeigt=<day>|<slug>`), so a swap works as a plain link.
 *
 * Read from anyone's address by read-week-plan-proposal-query.ts; this
 * module writes addresses, for the page's links as much as for its loader.
 */

import type { RecipeFilter } from "../../../catalog/recipes/recipe-filter.ts";
import { MISSING_BASIC_PARAM, SELECTED_INGREDIENT_PARAM } from "./form-fields.ts";
import { recipeFilterParams } from "./recipe-filter-param.ts";
import {
  PROPOSAL_PATH,
  WEEK_DAYS_PARAM,
  WEEK_PLAN_RECIPE_PARAM,
  WEEK_SHOWN_PARAM,
  WEEK_SWAP_PARAM,
} from "./week-plan-fields.ts";

/** What the page proposes when the address does not say. */
export const DEFAULT_DAYS = 5;
/** Recipes remembered as shown per day: enough to press "Anderes Rezept" often, bounded work per request. */
export const MAX_SHOWN_PER_DAY = 20;

export interface ProposalQuery {
  /** FEWEST_DAYS to MOST_DAYS. */
  days: number;
  /** The pantry's ingredients and kinds, as the ingredient search's `z`. */
  selected: string[];
  /** The basics the visitor lacks, in the basics' order. */
  missingBasics: string[];
  recipeFilter: RecipeFilter;
  /** The proposal shown, by recipe slug, Monday first; empty when none is named. */
  plan: string[];
  /** The day of `plan` to swap, or null. */
  swap: number | null;
  /** Per day of `plan`: the slugs shown for it before, oldest first. */
  shown: string[][];
}

/**
 * The address of a query, its parameters in one order: days, pantry,
 * filter, then the plan, the day to swap and what was shown. A query with
 * no plan is a fresh proposal for its days, pantry and filter.
 */
export function proposalHref(query: ProposalQuery): string {
  const params = new URLSearchParams();
  params.set(WEEK_DAYS_PARAM, String(query.days));
  for (const value of query.selected) params.append(SELECTED_INGREDIENT_PARAM, value);
  for (const slug of query.missingBasics) params.append(MISSING_BASIC_PARAM, slug);
  for (const [name, value] of recipeFilterParams(query.recipeFilter)) params.append(name, value);
  for (const slug of query.plan) params.append(WEEK_PLAN_RECIPE_PARAM, slug);
  if (query.swap !== null && query.swap < query.plan.length) params.set(WEEK_SWAP_PARAM, String(query.swap));
  query.shown.slice(0, query.plan.length).forEach((slugs, day) => {
    for (const slug of slugs) params.append(WEEK_SHOWN_PARAM, `${day}|${slug}`);
  });
  return `${PROPOSAL_PATH}?${params.toString()}`;
}

/**
 * The address of "Anderes Rezept" for `day` of the plan shown: the plan, the
 * day, and what was shown for it so far with the day's recipe added, so
 * pressing again goes further down the list.
 */
export function swapHref(query: ProposalQuery, day: number): string {
  const current = query.plan[day];
  const shown = query.shown.map((slugs, index) =>
    index === day && current !== undefined
      ? [...slugs.filter((slug) => slug !== current), current].slice(-MAX_SHOWN_PER_DAY)
      : slugs,
  );
  return proposalHref({ ...query, swap: day, shown });
}
