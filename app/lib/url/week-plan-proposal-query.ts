/**
 * "Plan meine Woche" lives in its address (decision 0071):
 * `/wochenplan/vorschlag?tage=5&z=tomate&fehlt=salz&ernaehrung=vegan&plan=a&plan=b…`.
 * How many dinners (`tage`), the pantry as the ingredient search names it
 * (`z`, `fehlt`: ingredient-query.ts), the lists' filter
 * (recipe-filter-param.ts), and once a proposal is shown, its recipes day by
 * day (`plan`), the day to swap (`tausch`) and the recipes shown for a day
 * before (`gezeigt=<day>|<slug>`), so a swap works as a plain link.
 *
 * Read from anyone's address, so everything is checked and capped: a value
 * that cannot be read is left out, never an error.
 */

import type { RecipeFilter } from "../../../catalog/recipes/recipe-filter.ts";
import { FEWEST_DAYS, MOST_DAYS } from "../../../catalog/view/week-plan-proposal.ts";
import { isSelectionValue } from "../pantry/pantry.ts";
import {
  MISSING_BASIC_PARAM,
  SELECTED_INGREDIENT_PARAM,
  WEEK_DAYS_PARAM,
  WEEK_PLAN_RECIPE_PARAM,
  WEEK_SHOWN_PARAM,
  WEEK_SWAP_PARAM,
} from "./form-fields.ts";
import { readMissingBasics } from "./ingredient-query.ts";
import { readRecipeFilter, recipeFilterParams } from "./recipe-filter-param.ts";

export const PROPOSAL_PATH = "/wochenplan/vorschlag";

/** What the page proposes when the address does not say. */
export const DEFAULT_DAYS = 5;
/** As many pantry values as the ingredient search's address reads. */
const MAX_SELECTED = 30;
/** Recipes remembered as shown per day: enough to press "Anderes Rezept" often, bounded work per request. */
export const MAX_SHOWN_PER_DAY = 20;
/** A recipe's slug (catalog/recipes/slug.ts), as the shopping list's form reads it. */
const RECIPE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_RECIPE_SLUG_LENGTH = 150;

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

/** A query as read from an address: also what was there but refused, for the page to say so. */
export interface ReadProposalQuery extends ProposalQuery {
  refusedFilters: number;
  unknownBasics: string[];
}

function isRecipeSlug(value: string): boolean {
  return value.length <= MAX_RECIPE_SLUG_LENGTH && RECIPE_SLUG.test(value);
}

/** `tage`: one of 3 to 7, given once; anything else is the default. */
function readDays(values: readonly string[]): number {
  const only = values.length === 1 ? values[0] : undefined;
  if (only === undefined || !/^\d$/.test(only)) return DEFAULT_DAYS;
  const days = Number(only);
  return days >= FEWEST_DAYS && days <= MOST_DAYS ? days : DEFAULT_DAYS;
}

/** `plan`: 1 to MOST_DAYS recipe slugs, each once; anything else names no plan at all. */
function readPlan(values: readonly string[]): string[] {
  if (values.length === 0 || values.length > MOST_DAYS) return [];
  if (!values.every(isRecipeSlug) || new Set(values).size !== values.length) return [];
  return [...values];
}

/** `gezeigt`: `<day>|<slug>` for a day of the plan, each once, at most MAX_SHOWN_PER_DAY a day (the newest kept). */
function readShown(values: readonly string[], planLength: number): string[][] {
  const shown: string[][] = Array.from({ length: planLength }, () => []);
  for (const value of values) {
    const match = /^(\d)\|(.+)$/.exec(value);
    if (!match) continue;
    const day = shown[Number(match[1])];
    const slug = match[2] ?? "";
    if (!day || !isRecipeSlug(slug) || day.includes(slug)) continue;
    day.push(slug);
  }
  return shown.map((slugs) => slugs.slice(-MAX_SHOWN_PER_DAY));
}

/** Reads the page's query; never throws. */
export function readProposalQuery(params: URLSearchParams): ReadProposalQuery {
  const selected = [
    ...new Set(
      params
        .getAll(SELECTED_INGREDIENT_PARAM)
        .map((value) => value.trim().toLowerCase())
        .filter(isSelectionValue),
    ),
  ].slice(0, MAX_SELECTED);
  const basics = readMissingBasics(params.getAll(MISSING_BASIC_PARAM));
  const { filter, refused } = readRecipeFilter(params);
  const plan = readPlan(params.getAll(WEEK_PLAN_RECIPE_PARAM));
  const swapValues = params.getAll(WEEK_SWAP_PARAM);
  const swapValue = swapValues.length === 1 ? (swapValues[0] ?? "") : "";
  const swap = /^\d$/.test(swapValue) && Number(swapValue) < plan.length ? Number(swapValue) : null;
  return {
    days: readDays(params.getAll(WEEK_DAYS_PARAM)),
    selected,
    missingBasics: basics.missing,
    unknownBasics: basics.unknown,
    recipeFilter: filter,
    refusedFilters: refused,
    plan,
    swap,
    shown: readShown(params.getAll(WEEK_SHOWN_PARAM), plan.length),
  };
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
