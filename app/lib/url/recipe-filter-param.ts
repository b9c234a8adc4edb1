/**
 * A list's filter in its address (issue 34): `ernaehrung=vegetarisch` or
 * `vegan`, `zeit=15`, `20` or `30`, and `kcal=500` (issue 45), on the name
 * search, the ingredient search and the category pages.
 *
 * Only these spellings count, each parameter given once, so a filter has one
 * address, which the canonical link and the edge cache key on. A parameter
 * with any other value (another case, spaces, given twice, unknown) is
 * refused: the list is shown as without it, and the page says so. Never an
 * error and never a redirect: a shared link with a filter we no longer know
 * still shows recipes (decision 0042).
 */
import {
  type Diet,
  KCAL_LIMITS,
  type KcalLimit,
  NO_FILTER,
  type RecipeFilter,
  TIME_LIMITS,
  type TimeLimit,
} from "../../../catalog/recipes/recipe-filter.ts";
import { DIET_PARAM, KCAL_PARAM, PAGE_PARAM, SORT_PARAM, TIME_PARAM } from "./form-fields.ts";

/** The address's word for each diet. */
export const DIET_VALUES: Readonly<Record<Diet, string>> = { vegetarian: "vegetarisch", vegan: "vegan" };

// Maps, not objects: a value such as "__proto__" or "constructor" must find nothing.
const DIETS_BY_VALUE = new Map<string, Diet>(Object.entries(DIET_VALUES).map(([diet, value]) => [value, diet as Diet]));
const TIMES_BY_VALUE = new Map<string, TimeLimit>(TIME_LIMITS.map((limit) => [String(limit), limit]));
const KCAL_BY_VALUE = new Map<string, KcalLimit>(KCAL_LIMITS.map((limit) => [String(limit), limit]));

export interface RecipeFilterChoice {
  /** What the address asks for; refused parameters are left out. */
  filter: RecipeFilter;
  /** How many of the three parameters were there but refused (0–3). */
  refused: number;
}

/** The one value of a parameter if it is known; `refused` when it is there but not one known value. */
function readParam<T>(values: readonly string[], known: ReadonlyMap<string, T>): { value: T | null; refused: boolean } {
  if (values.length === 0) return { value: null, refused: false };
  const value = values.length === 1 ? known.get(values[0] ?? "") : undefined;
  return value === undefined ? { value: null, refused: true } : { value, refused: false };
}

/** Reads the filter from a list's parameters; never throws. */
export function readRecipeFilter(params: URLSearchParams): RecipeFilterChoice {
  const diet = readParam(params.getAll(DIET_PARAM), DIETS_BY_VALUE);
  const time = readParam(params.getAll(TIME_PARAM), TIMES_BY_VALUE);
  const kcal = readParam(params.getAll(KCAL_PARAM), KCAL_BY_VALUE);
  return {
    filter:
      diet.value === null && time.value === null && kcal.value === null
        ? NO_FILTER
        : { diet: diet.value, maxMinutes: time.value, maxKcal: kcal.value },
    refused: Number(diet.refused) + Number(time.refused) + Number(kcal.refused),
  };
}

/** The filter's parameters in their canonical order: diet, time, then kcal. */
export function recipeFilterParams(filter: RecipeFilter): [string, string][] {
  const params: [string, string][] = [];
  if (filter.diet !== null) params.push([DIET_PARAM, DIET_VALUES[filter.diet]]);
  if (filter.maxMinutes !== null) params.push([TIME_PARAM, String(filter.maxMinutes)]);
  if (filter.maxKcal !== null) params.push([KCAL_PARAM, String(filter.maxKcal)]);
  return params;
}

/**
 * `href` (a path with a query) with `filter` in place of the filter it has.
 * The filter's parameters go after the list's own and before its order,
 * which is their canonical order (workers/page-cache.ts), and the page number goes: another filter
 * is another list, read from its first page. Other parameters stay as they
 * are, as in `pageHref`.
 */
export function withRecipeFilter(href: string, filter: RecipeFilter): string {
  const target = new URL(href, "http://placeholder");
  // The list's order (recipe-order-param.ts) stays, after the filter: the canonical order.
  const order = target.searchParams.getAll(SORT_PARAM);
  for (const name of [DIET_PARAM, TIME_PARAM, KCAL_PARAM, SORT_PARAM, PAGE_PARAM]) target.searchParams.delete(name);
  for (const [name, value] of recipeFilterParams(filter)) target.searchParams.append(name, value);
  for (const value of order) target.searchParams.append(SORT_PARAM, value);
  const search = target.searchParams.toString();
  return `${target.pathname}${search ? `?${search}` : ""}`;
}
