/**
 * The servings a recipe page shows, from its `?portionen=` parameter. Only
 * the canonical spelling of 1–12 counts ("4", not "04", "4.0" or "+4"), so
 * every choice has exactly one address, which the edge cache keys on; the
 * recipe's own servings are the address without the parameter.
 */
import { MAX_SERVINGS, MIN_SERVINGS } from "../../../catalog/recipes/units.ts";
import { SERVINGS_PARAM } from "./form-fields.ts";

export type ServingsChoice =
  /** No parameter: the recipe's own servings. */
  | { kind: "default" }
  | { kind: "chosen"; servings: number }
  /** Present but not a canonical 1–12, or given twice. */
  | { kind: "invalid" };

const CANONICAL = /^(?:[1-9]|1[0-2])$/;

export function parseServingsParam(search: URLSearchParams): ServingsChoice {
  const values = search.getAll(SERVINGS_PARAM);
  if (values.length === 0) return { kind: "default" };
  const [value] = values;
  if (values.length > 1 || value === undefined || !CANONICAL.test(value)) return { kind: "invalid" };
  const servings = Number(value);
  return servings >= MIN_SERVINGS && servings <= MAX_SERVINGS ? { kind: "chosen", servings } : { kind: "invalid" };
}

/** The servings to show: the chosen ones, else the recipe's own. */
export function servingsToShow(search: URLSearchParams, recipeServings: number): number {
  const choice = parseServingsParam(search);
  return choice.kind === "chosen" ? choice.servings : recipeServings;
}

/** The address of a recipe page for `servings`: without the parameter for the recipe's own. */
export function servingsHref(slug: string, servings: number, recipeServings: number): string {
  const path = `/rezepte/${slug}`;
  return servings === recipeServings ? path : `${path}?${SERVINGS_PARAM}=${servings}`;
}

/**
 * True when a navigation only moves the servings stepper: same path, same
 * parameters but `portionen`, no form. The page reads the servings from the
 * address, so neither its loader nor the root's needs to run again.
 */
export function onlyServingsChanged({
  currentUrl,
  nextUrl,
  formMethod,
}: {
  currentUrl: URL;
  nextUrl: URL;
  formMethod?: string;
}): boolean {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return false;
  const withoutServings = (url: URL) => {
    const search = new URLSearchParams(url.search);
    search.delete(SERVINGS_PARAM);
    return search.toString();
  };
  return currentUrl.search !== nextUrl.search && withoutServings(currentUrl) === withoutServings(nextUrl);
}
