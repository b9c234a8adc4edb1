/**
 * The ingredient search lives in its URL (docs/design.md): `/zutatensuche?zutat=kä
 * &z=tomate&z=zwiebel&z=sorte:nudeln&ohne=speck&fehlt=salz`. Selected (`z`) and
 * excluded (`ohne`) ingredients by slug, kinds chosen as a whole among them,
 * the basics the visitor lacks (`fehlt`), and the text that filters the
 * ingredient overview.
 */

import { BASIC_INGREDIENTS } from "../../../catalog/recipes/basic-ingredients.ts";
import type { RecipeFilter } from "../../../catalog/recipes/recipe-filter.ts";
import {
  EXCLUDED_INGREDIENT_PARAM,
  INGREDIENT_FILTER_PARAM,
  MISSING_BASIC_PARAM,
  SELECTED_INGREDIENT_PARAM,
} from "./form-fields.ts";
import { recipeFilterParams } from "./recipe-filter-param.ts";
import { PROPOSAL_PATH } from "./week-plan-fields.ts";

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
  /** Slugs of the basics the visitor lacks, in the order of BASIC_INGREDIENTS; the others are at hand. */
  missingBasics: string[];
}

/** A query as read from an address: also the `fehlt` values that name no basic, for the page's notice. */
export interface ReadIngredientQuery extends IngredientQuery {
  unknownBasics: string[];
}

function slugs(values: string[], limit: number): string[] {
  const unique = [...new Set(values.map((value) => value.trim().toLowerCase()).filter((value) => value !== ""))];
  return unique.slice(0, limit);
}

/**
 * The missing basics of `values`, read against the list of basics (an
 * allow-list): known slugs in the list's order, each once, and the other
 * values (at most a few: they only make the page say it did not know them).
 * Blank values are no choice and left out.
 */
export function readMissingBasics(values: readonly string[]): { missing: string[]; unknown: string[] } {
  const given = new Set(values.map((value) => value.trim().toLowerCase()).filter((value) => value !== ""));
  const missing = BASIC_INGREDIENTS.filter((basic) => given.has(basic.slug)).map((basic) => basic.slug);
  const unknown = [...given].filter((value) => !missing.includes(value)).slice(0, BASIC_INGREDIENTS.length);
  return { missing, unknown };
}

/** Reads the query from URL parameters: duplicates dropped, lists capped, an ingredient both wanted and excluded counts as wanted. */
export function readIngredientQuery(params: URLSearchParams): ReadIngredientQuery {
  const selected = slugs(params.getAll(SELECTED_INGREDIENT_PARAM), MAX_SELECTED);
  const excluded = slugs(params.getAll(EXCLUDED_INGREDIENT_PARAM), MAX_SELECTED).filter(
    (slug) => !selected.includes(slug),
  );
  const basics = readMissingBasics(params.getAll(MISSING_BASIC_PARAM));
  return {
    selected,
    excluded,
    filter: (params.get(INGREDIENT_FILTER_PARAM) ?? "").trim().slice(0, MAX_FILTER_LENGTH),
    missingBasics: basics.missing,
    unknownBasics: basics.unknown,
  };
}

/** Whether the query may take one more selected ingredient: the address reads no more than MAX_SELECTED. */
export function canSelectMore(query: Pick<IngredientQuery, "selected">): boolean {
  return query.selected.length < MAX_SELECTED;
}

/** A query's parameters in the order the page's form sends them; empty parts are left out. */
function queryParams({ selected, excluded, filter, missingBasics, recipeFilter }: IngredientQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (filter !== "") params.set(INGREDIENT_FILTER_PARAM, filter);
  for (const slug of selected) params.append(SELECTED_INGREDIENT_PARAM, slug);
  for (const slug of excluded) params.append(EXCLUDED_INGREDIENT_PARAM, slug);
  for (const slug of missingBasics) params.append(MISSING_BASIC_PARAM, slug);
  if (recipeFilter) for (const [name, value] of recipeFilterParams(recipeFilter)) params.append(name, value);
  return params;
}

/**
 * The address of a query; empty parts are left out, so the bare page is
 * `/zutatensuche`. The parameters come in the order the page's form sends
 * them, which is the canonical order the edge cache keys by
 * (workers/page-cache.ts).
 */
export function ingredientSearchHref(query: IngredientQuery): string {
  const search = queryParams(query).toString();
  return `/zutatensuche${search ? `?${search}` : ""}`;
}

/**
 * "Plan meine Woche" with the query's ingredients, basics and filter, which
 * the proposal reads under the same names (week-plan-proposal-query.ts),
 * for its default number of days. Written here: the ingredient search's
 * script then carries no writer of the proposal's whole address.
 */
export function weekProposalHref({ selected, missingBasics, recipeFilter }: IngredientQuery): string {
  const search = queryParams({ selected, missingBasics, recipeFilter, excluded: [], filter: "" }).toString();
  return `${PROPOSAL_PATH}${search ? `?${search}` : ""}`;
}
