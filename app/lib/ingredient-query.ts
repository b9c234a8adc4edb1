/**
 * The ingredient search lives in its URL (docs/design.md): `/zutatensuche?zutat=kä
 * &z=tomate&z=zwiebel&ohne=speck`. Selected (`z`) and excluded (`ohne`)
 * ingredients by slug, and the text that filters the ingredient overview.
 */

/** More is no longer a search but the whole pantry; it also bounds the work per request. */
export const MAX_SELECTED = 30;
const MAX_FILTER_LENGTH = 50;

export interface IngredientQuery {
  selected: string[];
  excluded: string[];
  filter: string;
}

function slugs(values: string[], limit: number): string[] {
  const unique = [...new Set(values.map((value) => value.trim().toLowerCase()).filter((value) => value !== ""))];
  return unique.slice(0, limit);
}

/** Reads the query from URL parameters: duplicates dropped, lists capped, an ingredient both wanted and excluded counts as wanted. */
export function readIngredientQuery(params: URLSearchParams): IngredientQuery {
  const selected = slugs(params.getAll("z"), MAX_SELECTED);
  const excluded = slugs(params.getAll("ohne"), MAX_SELECTED).filter((slug) => !selected.includes(slug));
  return { selected, excluded, filter: (params.get("zutat") ?? "").trim().slice(0, MAX_FILTER_LENGTH) };
}

/**
 * The address of a query; empty parts are left out, so the bare page is
 * `/zutatensuche`. The parameters come in the order the page's form sends
 * them, which is the canonical order the edge cache keys by
 * (workers/page-cache.ts).
 */
export function ingredientSearchHref({ selected, excluded, filter }: IngredientQuery): string {
  const params = new URLSearchParams();
  if (filter !== "") params.set("zutat", filter);
  for (const slug of selected) params.append("z", slug);
  for (const slug of excluded) params.append("ohne", slug);
  const search = params.toString();
  return `/zutatensuche${search ? `?${search}` : ""}`;
}
