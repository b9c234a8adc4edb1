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
/** The ways a name contains the term, by rank. */
const DIRECT_MATCHES: readonly NameMatch[] = ["word", "word-start", "inside"];

interface NameSearchResult {
  recipe: RecipeSummary;
  match: NameMatch;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The positions of the names that contain `term`, in list order. Each hit in
 * the joined names is mapped to its name by binary search over the starts;
 * the next search starts after that name, so each name is reported once.
 */
function namesContaining({ allNames, nameStarts }: NameLookup, term: string): number[] {
  const positions: number[] = [];
  let at = allNames.indexOf(term);
  while (at !== -1) {
    let low = 0;
    let high = nameStarts.length - 2;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((nameStarts[middle] ?? 0) <= at) low = middle;
      else high = middle - 1;
    }
    const nameEnd = (nameStarts[low + 1] ?? 0) - NAME_END.length;
    // A term with a line break in it can only match across two names.
    if (at + term.length <= nameEnd) positions.push(low);
    at = allNames.indexOf(term, Math.max(at + 1, nameEnd + NAME_END.length));
  }
  return positions;
}

function isBoundary(text: string, index: number): boolean {
  const char = text[index];
  return char === undefined || !LETTER_OR_DIGIT.test(char);
}

/** The best way `term` occurs in `lowerName` (both lower-case), or undefined if it does not. */
function substringMatch(lowerName: string, term: string): Exclude<NameMatch, "related"> | undefined {
  let best: Exclude<NameMatch, "related"> | undefined;
  for (let at = lowerName.indexOf(term); at !== -1; at = lowerName.indexOf(term, at + 1)) {
    const startsWord = isBoundary(lowerName, at - 1);
    if (startsWord && isBoundary(lowerName, at + term.length)) return "word";
    if (startsWord) best = "word-start";
    else best ??= "inside";
  }
  return best;
}

/**
 * Recipes for a search term. First every recipe whose name contains the term,
 * case-insensitively (the spec's rule), ranked whole word, word start, inside;
 * then what the rule misses but a visitor means: umlaut and ß spellings,
 * small typos and recipes with a matching ingredient, by relevance. A blank
 * term finds nothing.
 */
export async function searchRecipes(catalog: CatalogView, query: string): Promise<NameSearchResult[]> {
  const term = query.trim().toLowerCase();
  if (term === "") return [];

  const { names, recipes } = catalog;
  const { allNames, nameStarts, namePlace, byNameOrder } = names;
  // One number per match sorts it: how it matched, then the name's place.
  const count = recipes.length;
  const keys: number[] = [];
  for (const position of namesContaining(names, term)) {
    const lowerName = allNames.slice(nameStarts[position] ?? 0, (nameStarts[position + 1] ?? 0) - NAME_END.length);
    const match = substringMatch(lowerName, term);
    if (match) keys.push(MATCH_RANK[match] * count + (namePlace[position] ?? 0));
  }
  keys.sort((a, b) => a - b);
  const results: NameSearchResult[] = [];
  const found = new Set<number>();
  for (const key of keys) {
    const recipe = byNameOrder[key % count] as RecipeSummary;
    results.push({ recipe, match: DIRECT_MATCHES[Math.floor(key / count)] as NameMatch });
    found.add(recipe.id);
  }

  // The index names each recipe once; only the direct matches are to be skipped.
  const index = await catalog.searchIndex();
  for (const hit of index.search(term)) {
    const recipe = recipes[hit.position];
    if (recipe && !found.has(recipe.id)) results.push({ recipe, match: "related" });
  }
  return results;
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
