/**
 * The ingredient search lives in its URL (docs/design.md): `/zutatensuche?zutat=kä
 * &z=tomate&z=zwiebel&z=sorte:nudeln&ohne=speck`. Selected (`z`) and excluded
 * (`ohne`) ingredients by slug, kinds chosen as a whole among them, and the
 * text that filters the ingredient overview.
 */

import type { RecipeFilter } from "../../../catalog/recipes/recipe-filter.ts";
import { EXCLUDED_INGREDIENT_PARAM, INGREDIENT_FILTER_PARAM, SELECTED_INGREDIENT_PARAM } from "./form-fields.ts";
import { recipeFilterParams } from "./recipe-filter-param.ts";

/** More is no longer a search but the whole pantry; it also bounds the work per request. */
const MAX_SELECTED = 30;
const MAX_FILTER_LENGTH = 50;

/**
 * A kind chosen as a whole ("Nudeln (alle Sorten)") goes in `z` or `ohne`
 * like an ingredient, as "sorte:" and the kind's slug (search-words.ts): an
 * ingredient's slug never holds a colon (slug.ts).
 */
const KIND_VALUE_PREFIX = "sorte:";

/** The value that names a kind in the address. */
export function kindValue(kindSlug: string): string {
  return `${KIND_VALUE_PREFIX}${kindSlug}`;
}

/** The kind slug a value names, or undefined for an ingredient's slug. */
export function kindSlugOf(value: string): string | undefined {
  return value.startsWith(KIND_VALUE_PREFIX) ? value.slice(KIND_VALUE_PREFIX.length) : undefined;
}

export interface IngredientQuery {
  selected: string[];
  excluded: string[];
  filter: string;
  /** The results' diet and time filter (recipe-filter-param.ts), read by the route; none when left out. */
  recipeFilter?: RecipeFilter;
}

function slugs(values: string[], limit: number): string[] {
  const unique = [...new Set(values.map((value) => value.trim().toLowerCase()).filter((value) => value !== ""))];
  return unique.slice(0, limit);
}

/** Reads the query from URL parameters: duplicates dropped, lists capped, an ingredient both wanted and excluded counts as wanted. */
export function readIngredientQuery(params: URLSearchParams): IngredientQuery {
  const selected = slugs(params.getAll(SELECTED_INGREDIENT_PARAM), MAX_SELECTED);
  const excluded = slugs(params.getAll(EXCLUDED_INGREDIENT_PARAM), MAX_SELECTED).filter(
    (slug) => !selected.includes(slug),
  );
  return { selected, excluded, filter: (params.get(INGREDIENT_FILTER_PARAM) ?? "").trim().slice(0, MAX_FILTER_LENGTH) };
}

/**
 * The address of a query; empty parts are left out, so the bare page is
 * `/zutatensuche`. The parameters come in the order the page's form sends
 * them, which is the canonical order the edge cache keys by
 * (workers/page-cache.ts).
 */
export function ingredientSearchHref({ selected, excluded, filter, recipeFilter }: IngredientQuery): string {
  const params = new URLSearchParams();
  if (filter !== "") params.set(INGREDIENT_FILTER_PARAM, filter);
  for (const slug of selected) params.append(SELECTED_INGREDIENT_PARAM, slug);
  for (const slug of excluded) params.append(EXCLUDED_INGREDIENT_PARAM, slug);
  if (recipeFilter) for (const [name, value] of recipeFilterParams(recipeFilter)) params.append(name, value);
  const search = params.toString();
  return `/zutatensuche${search ? `?${search}` : ""}`;
}
