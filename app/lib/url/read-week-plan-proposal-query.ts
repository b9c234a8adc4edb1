/**
 * Reads the address of "Plan meine Woche" (week-plan-proposal-query.ts
 * names its parameters and writes it) from anyone's request, so everything
 * is checked and capped: a value that cannot be read is left out, never an
 * error. Apart from the writing, because it needs the pantry's checks and
 * with them the ingredient search's word matching, which the page's script
 * need not load (decision 0071).
 */

import { FEWEST_DAYS, MOST_DAYS } from "../../../catalog/view/week-plan-proposal.ts";
import { isSelectionValue } from "../pantry/pantry.ts";
import { MISSING_BASIC_PARAM, SELECTED_INGREDIENT_PARAM } from "./form-fields.ts";
import { readMissingBasics } from "./ingredient-query.ts";
import { readRecipeFilter } from "./recipe-filter-param.ts";
import { WEEK_DAYS_PARAM, WEEK_PLAN_RECIPE_PARAM, WEEK_SHOWN_PARAM, WEEK_SWAP_PARAM } from "./week-plan-fields.ts";
import { DEFAULT_DAYS, MAX_SHOWN_PER_DAY, type ProposalQuery } from "./week-plan-proposal-query.ts";

/** As many pantry values as the ingredient search's address reads. */
const MAX_SELECTED = 30;
/** A recipe's slug (catalog/recipes/slug.ts), as the shopping list's form reads it. */
const RECIPE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_RECIPE_SLUG_LENGTH = 150;

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
