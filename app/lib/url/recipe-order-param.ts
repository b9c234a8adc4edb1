/**
 * A list's order in its address (issue 45, decision 0066):
 * `sortierung=bewertung` sorts the name search and the category pages best
 * rated first; without the parameter a list is in its own order (relevance,
 * name). It goes after the filter's parameters and before the page number.
 *
 * As for the filter (recipe-filter-param.ts, decision 0042): only this
 * spelling, given once, counts. Any other value (another case, spaces,
 * `standard`, given twice) is refused: the list is shown in its own order,
 * and the page says so. Never an error and never a redirect.
 */
import type { RecipeOrder } from "../../../catalog/recipes/recipe-order.ts";
import { PAGE_PARAM, SORT_PARAM } from "./form-fields.ts";

/** The address's word for each order but the list's own, which has none. */
export const ORDER_VALUES: Readonly<Record<Exclude<RecipeOrder, "default">, string>> = { rating: "bewertung" };

export interface RecipeOrderChoice {
  order: RecipeOrder;
  /** Whether the parameter was there but refused. */
  refused: boolean;
}

/** Reads the order from a list's parameters; never throws. */
export function readRecipeOrder(params: URLSearchParams): RecipeOrderChoice {
  const values = params.getAll(SORT_PARAM);
  if (values.length === 0) return { order: "default", refused: false };
  if (values.length === 1 && values[0] === ORDER_VALUES.rating) return { order: "rating", refused: false };
  return { order: "default", refused: true };
}

/** The order's parameters: none for the list's own order. */
export function recipeOrderParams(order: RecipeOrder): [string, string][] {
  return order === "default" ? [] : [[SORT_PARAM, ORDER_VALUES[order]]];
}

/**
 * `href` (a path with a query) with `order` in place of the order it has,
 * after the other parameters (the filter's: their canonical order,
 * workers/page-cache.ts); the page number goes, as another order is
 * another list, read from its first page.
 */
export function withRecipeOrder(href: string, order: RecipeOrder): string {
  const target = new URL(href, "http://placeholder");
  for (const name of [SORT_PARAM, PAGE_PARAM]) target.searchParams.delete(name);
  for (const [name, value] of recipeOrderParams(order)) target.searchParams.append(name, value);
  const search = target.searchParams.toString();
  return `${target.pathname}${search ? `?${search}` : ""}`;
}
