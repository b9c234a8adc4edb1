/**
 * Everything the site answers from the catalog: name search, ingredient
 * matching, a category's recipes, the newest recipes and random picks. Each
 * takes the version's view (catalog-view.ts), whose lookups are built once,
 * so loaders stay thin and the rules are testable on their own.
 */
import type { RecipeType } from "../categories.ts";
import { type CatalogView, MAX_SORTED_MINUTES, NAME_END, type NameLookup } from "./catalog-view.ts";
import type { RecipeSummary } from "./types.ts";

/** How a name-search result matched, best first. */
type NameMatch = "word" | "word-start" | "inside" | "related";

const MATCH_RANK: Record<NameMatch, number> = { word: 0, "word-start": 1, inside: 2, related: 3 };
/** Every way of matching, by rank. */
const RANKED_MATCHES: readonly NameMatch[] = ["word", "word-start", "inside", "related"];

interface NameSearchResult {
  recipe: RecipeSummary;
  match: NameMatch;
}

/**
 * The results of a name search, best first. A term like "e" finds nearly
 * every recipe, and a page shows 24: results stay numbers until a page of
 * them is asked for.
 */
export interface NameSearchResults {
  readonly length: number;
  /** Results `start` to `end` (exclusive), as Array.prototype.slice counts them. */
  slice(start?: number, end?: number): NameSearchResult[];
}

const NO_RESULTS: NameSearchResults = { length: 0, slice: () => [] };

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Whether the character at `index` of lower-case `text` ends or starts a word; outside the text counts as one. */
function isBoundary(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (Number.isNaN(code)) return true;
  // Lower-case ASCII letters and digits are the common case, decided without the Unicode regex.
  if (code < 128) return !((code >= 48 && code <= 57) || (code >= 97 && code <= 122));
  return !LETTER_OR_DIGIT.test(text.charAt(index));
}

/** The position of the name that holds index `at` of `allNames`, from `low` on. */
function nameAt(nameStarts: Int32Array, at: number, low: number): number {
  let high = nameStarts.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((nameStarts[middle] ?? 0) <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * Sort keys of the names that contain `term`: how the best occurrence in a
 * name matched (MATCH_RANK) times the recipe count, plus the name's place.
 * One pass of indexOf through the joined names; each name is reported once.
 */
function directMatchKeys({ allNames, nameStarts, namePlace }: NameLookup, term: string, count: number): number[] {
  const keys: number[] = [];
  let position = 0;
  let at = allNames.indexOf(term);
  while (at !== -1) {
    position = nameAt(nameStarts, at, position);
    const nameEnd = (nameStarts[position + 1] ?? 0) - NAME_END.length;
    // A term with a line break in it can only match across two names.
    if (at + term.length > nameEnd) {
      at = allNames.indexOf(term, at + 1);
      continue;
    }
    let rank = MATCH_RANK.inside;
    let found = at;
    // Every occurrence in this name, for the best rank; the first one past it is where the next name's search starts.
    while (found !== -1 && found + term.length <= nameEnd) {
      if (isBoundary(allNames, found - 1)) {
        if (isBoundary(allNames, found + term.length)) {
          rank = MATCH_RANK.word;
          found = allNames.indexOf(term, nameEnd + NAME_END.length);
          break;
        }
        rank = MATCH_RANK["word-start"];
      }
      found = allNames.indexOf(term, found + 1);
    }
    keys.push(rank * count + (namePlace[position] ?? 0));
    at = found;
  }
  return keys;
}

/**
 * Recipes for a search term. First every recipe whose name contains the term,
 * case-insensitively (the spec's rule), ranked whole word, word start, inside;
 * then what the rule misses but a visitor means: umlaut and ß spellings,
 * small typos and recipes with a matching ingredient, by relevance. A blank
 * term finds nothing.
 */
export async function searchRecipes(catalog: CatalogView, query: string): Promise<NameSearchResults> {
  const term = query.trim().toLowerCase();
  if (term === "") return NO_RESULTS;

  const { names, recipes } = catalog;
  const count = recipes.length;
  const keys = Float64Array.from(directMatchKeys(names, term, count)).sort();
  const index = await catalog.searchIndex();
  const hits = index.search(term);

  // Direct matches in key order, then the index's hits that are not among them.
  const positions = new Int32Array(keys.length + hits.length);
  const ranks = new Uint8Array(keys.length + hits.length);
  const direct = new Uint8Array(count);
  let length = 0;
  for (const key of keys) {
    const position = names.positionAtPlace[key % count] ?? 0;
    direct[position] = 1;
    positions[length] = position;
    ranks[length++] = Math.floor(key / count);
  }
  for (const hit of hits) {
    if (direct[hit.position] === 1 || hit.position >= count) continue;
    positions[length] = hit.position;
    ranks[length++] = MATCH_RANK.related;
  }
  return {
    length,
    slice(start = 0, end = length) {
      const from = Math.max(0, start < 0 ? length + start : start);
      const to = Math.min(length, end < 0 ? length + end : end);
      const page: NameSearchResult[] = [];
      for (let at = from; at < to; at++) {
        page.push({
          recipe: recipes[positions[at] ?? 0] as RecipeSummary,
          match: RANKED_MATCHES[ranks[at] ?? 0] as NameMatch,
        });
      }
      return page;
    },
  };
}

/** The recipes of one category, sorted by name. */
export function recipesOfType(catalog: CatalogView, type: RecipeType): readonly RecipeSummary[] {
  return catalog.recipesByType.get(type) ?? [];
}

/** The `count` (at most a dozen) most recently published recipes, newest first. */
export function newestRecipes(catalog: CatalogView, count: number): RecipeSummary[] {
  return catalog.newest.slice(0, count);
}

export interface IngredientMatch {
  recipe: RecipeSummary;
  /** How many of the selected ingredients the recipe needs. */
  score: number;
}

/**
 * Bounds of the first parts of an ingredient match's sort key. Beyond them
 * the order is approximate: at most 30 ingredients are selected
 * (ingredient-query.ts) and no recipe has 64 ingredients.
 */
const SCORE_RANGE = 64;
const MISSING_RANGE = 64;

/**
 * Recipes for a set of ingredients at hand (spec section 5): the score is the
 * number of selected ingredients among a recipe's ingredients, compared by
 * name; only scores above 0, best first; ties go to fewer missing
 * ingredients, then shorter total time, then name. A recipe that needs an
 * excluded ingredient is dropped.
 *
 * At fifty thousand recipes, five common ingredients hit a quarter of them:
 * scores are counted in a typed array through the inverted index, and each
 * match sorts as one number built from typed arrays, so sorting never
 * visits a recipe.
 */
export function matchIngredients(
  catalog: CatalogView,
  selected: readonly string[],
  excluded: readonly string[] = [],
): IngredientMatch[] {
  const wanted = new Set(selected);
  if (wanted.size === 0) return [];
  const { recipes, names } = catalog;
  const { positionsWith, ingredientCounts, timeThenName } = catalog.ingredientLookup();
  const count = recipes.length;
  const scores = new Uint8Array(count);
  const touched: number[] = [];
  for (const name of wanted) {
    for (const position of positionsWith(name)) {
      if (scores[position] === 0) touched.push(position);
      scores[position] = Math.min((scores[position] ?? 0) + 1, SCORE_RANGE - 1);
    }
  }
  for (const name of new Set(excluded)) {
    for (const position of positionsWith(name)) scores[position] = 0;
  }

  // Score (more first), missing (fewer first), then total time and name place: one number.
  const perMissing = (MAX_SORTED_MINUTES + 1) * count;
  const keys = new Float64Array(touched.length);
  let matched = 0;
  for (const position of touched) {
    const score = scores[position] ?? 0;
    if (score === 0) continue;
    const missing = Math.min((ingredientCounts[position] ?? 0) - score, MISSING_RANGE - 1);
    const rank = SCORE_RANGE - 1 - score;
    keys[matched++] = (rank * MISSING_RANGE + missing) * perMissing + (timeThenName[position] ?? 0);
  }
  const sorted = keys.subarray(0, matched).sort();
  const perRank = MISSING_RANGE * perMissing;
  return Array.from(sorted, (key) => ({
    recipe: names.byNameOrder[key % count] as RecipeSummary,
    score: SCORE_RANGE - 1 - Math.floor(key / perRank),
  }));
}

/** The ingredients of a recipe that are not among the selected ones, in the recipe's order. */
export function missingIngredients(recipe: RecipeSummary, selected: readonly string[]): string[] {
  const wanted = new Set(selected);
  return recipe.ingredients.filter((name) => !wanted.has(name));
}

/** Random draws before a random pick walks the whole list. */
const RANDOM_DRAWS = 8;

interface RandomPickOptions {
  type?: RecipeType;
  /** Only recipes that have an image. */
  withImage?: boolean;
  /** The slug just shown: picked again only if nothing else qualifies. */
  exclude?: string;
}

/** A random recipe from all or one category, or undefined if none qualifies. */
export function pickRandomRecipe(
  catalog: CatalogView,
  { type, withImage = false, exclude }: RandomPickOptions = {},
  random: () => number = Math.random,
): RecipeSummary | undefined {
  const from = type === undefined ? catalog.recipes : (catalog.recipesByType.get(type) ?? []);
  const fits = (recipe: RecipeSummary) => (!withImage || recipe.image !== null) && recipe.slug !== exclude;
  // A few draws find a fitting recipe without walking tens of thousands; the
  // walk below is for when few or none fit.
  for (let draw = 0; draw < RANDOM_DRAWS && from.length > 1; draw++) {
    const recipe = from[Math.floor(random() * from.length)];
    if (recipe && fits(recipe)) return recipe;
  }
  const candidates = withImage ? from.filter((recipe) => recipe.image !== null) : from;
  const fresh = candidates.filter((recipe) => recipe.slug !== exclude);
  const pool = fresh.length > 0 ? fresh : candidates;
  return pool[Math.floor(random() * pool.length)];
}
