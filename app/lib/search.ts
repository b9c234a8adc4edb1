/**
 * Everything the site answers from the catalog: name search, ingredient
 * matching, the ingredient overview and random picks. Pure functions over
 * catalog data, so loaders stay thin and the rules are testable on their own.
 */

import type { RecipeIndex } from "./catalog/search-index.ts";
import type { CatalogRecipe } from "./catalog/types.ts";
import type { RecipeType } from "./categories.ts";

/** How a name-search result matched, best first. */
export type NameMatch = "word" | "word-start" | "inside" | "related";

const MATCH_RANK: Record<NameMatch, number> = { word: 0, "word-start": 1, inside: 2, related: 3 };
/** The ways a name contains the term, by rank. */
const DIRECT_MATCHES: readonly NameMatch[] = ["word", "word-start", "inside"];

export interface NameSearchResult {
  recipe: CatalogRecipe;
  match: NameMatch;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** German collation; one instance, since creating one per comparison is slow. */
const byName = new Intl.Collator("de");

interface Lookup {
  lowerNames: string[];
  /**
   * All lower-case names in one string, each followed by NAME_END. One
   * indexOf through it finds the names that contain a term faster than one
   * indexOf per name: about half the time of that scan at 10k recipes.
   */
  allNames: string;
  /** Where each name starts in `allNames`, by its position in the list. */
  nameStarts: Int32Array;
  /**
   * Each recipe's place in German name order, by its position in the list.
   * Sorting by it is a number comparison; the collator is slow enough that
   * sorting a thousand results with it took milliseconds.
   */
  namePlace: Int32Array;
  /** The recipes in German name order. */
  byNameOrder: CatalogRecipe[];
  /** Recipes per category, sorted by name. */
  byType: Map<RecipeType, CatalogRecipe[]>;
  /** The most recently published recipes, newest first. */
  newest: CatalogRecipe[];
  /**
   * Recipes by id. Directus ids are small integers, so a plain array indexed
   * by id: a search looks up every related hit (2,000 for "tomate" at 10k
   * recipes), and the array halved that search's own time against a Map.
   * Sparse ids fall back to a Map.
   */
  byId: { get(id: number): CatalogRecipe | undefined };
  /** Ingredient name → positions of the recipes that need it. */
  byIngredient: Map<string, number[]>;
}

/**
 * Per recipe list, computed once: lower-case names and an id map. A catalog's
 * recipe array never changes, so the WeakMap keeps this as long as the catalog.
 */
const lookups = new WeakMap<readonly CatalogRecipe[], Lookup>();

/**
 * Builds the lookups for a recipe list ahead of the first query; the catalog
 * cache calls it when it loads a version, so no visitor waits for it.
 */
export function prepareSearch(recipes: readonly CatalogRecipe[]): void {
  lookupFor(recipes);
}

function lookupFor(recipes: readonly CatalogRecipe[]): Lookup {
  let lookup = lookups.get(recipes);
  if (!lookup) {
    const byIngredient = new Map<string, number[]>();
    recipes.forEach((recipe, position) => {
      for (const name of recipe.ingredients) {
        const positions = byIngredient.get(name);
        if (positions) positions.push(position);
        else byIngredient.set(name, [position]);
      }
    });
    // The one sort with the collator; every other name order derives from it.
    const positions = recipes.map((_, position) => position);
    positions.sort((a, b) => byName.compare(recipes[a]?.name ?? "", recipes[b]?.name ?? ""));
    const namePlace = new Int32Array(recipes.length);
    positions.forEach((position, place) => {
      namePlace[position] = place;
    });
    const byNameOrder = positions.map((position) => recipes[position] as CatalogRecipe);
    const byType = new Map<RecipeType, CatalogRecipe[]>();
    for (const recipe of byNameOrder) {
      const list = byType.get(recipe.type);
      if (list) list.push(recipe);
      else byType.set(recipe.type, [recipe]);
    }
    const lowerNames = recipes.map((recipe) => recipe.name.toLowerCase());
    const nameStarts = new Int32Array(recipes.length);
    let offset = 0;
    lowerNames.forEach((name, position) => {
      nameStarts[position] = offset;
      offset += name.length + NAME_END.length;
    });
    lookup = {
      lowerNames,
      allNames: lowerNames.map((name) => name + NAME_END).join(""),
      nameStarts,
      namePlace,
      byNameOrder,
      byType,
      newest: [...recipes].sort((a, b) => b.published.localeCompare(a.published) || b.id - a.id).slice(0, NEWEST_KEPT),
      byId: recipesById(recipes),
      byIngredient,
    };
    lookups.set(recipes, lookup);
  }
  return lookup;
}

/** Ends every name in `Lookup.allNames`; a match that runs across it is not in one name. */
const NAME_END = "\n";

/**
 * The positions of the names that contain `term`, in list order. Each hit in
 * the joined names is mapped to its name by binary search over the starts;
 * the next search starts after that name, so each name is reported once.
 */
function namesContaining({ allNames, nameStarts, lowerNames }: Lookup, term: string): number[] {
  const positions: number[] = [];
  let at = allNames.indexOf(term);
  while (at !== -1) {
    let low = 0;
    let high = nameStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((nameStarts[middle] ?? 0) <= at) low = middle;
      else high = middle - 1;
    }
    const nameEnd = (nameStarts[low] ?? 0) + (lowerNames[low]?.length ?? 0);
    // A term with a line break in it can only match across two names.
    if (at + term.length <= nameEnd) positions.push(low);
    at = allNames.indexOf(term, Math.max(at + 1, nameEnd + NAME_END.length));
  }
  return positions;
}

function recipesById(recipes: readonly CatalogRecipe[]): Lookup["byId"] {
  const maxId = recipes.reduce((max, recipe) => Math.max(max, recipe.id), 0);
  const plainIds = recipes.every((recipe) => Number.isSafeInteger(recipe.id) && recipe.id >= 0);
  if (!plainIds || maxId > 4 * recipes.length + 1024) return new Map(recipes.map((recipe) => [recipe.id, recipe]));
  const slots: (CatalogRecipe | undefined)[] = new Array(maxId + 1).fill(undefined);
  for (const recipe of recipes) slots[recipe.id] = recipe;
  return { get: (id) => slots[id] };
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
export function searchRecipes(
  recipes: readonly CatalogRecipe[],
  index: RecipeIndex,
  query: string,
): NameSearchResult[] {
  const term = query.trim().toLowerCase();
  if (term === "") return [];

  const lookup = lookupFor(recipes);
  const { lowerNames, byId, namePlace, byNameOrder } = lookup;
  // One number per match sorts it: how it matched, then the name's place.
  const count = recipes.length;
  const keys: number[] = [];
  for (const position of namesContaining(lookup, term)) {
    const match = substringMatch(lowerNames[position] ?? "", term);
    if (match) keys.push(MATCH_RANK[match] * count + (namePlace[position] ?? 0));
  }
  keys.sort((a, b) => a - b);
  const results: NameSearchResult[] = keys.map((key) => ({
    recipe: byNameOrder[key % count] as CatalogRecipe,
    match: DIRECT_MATCHES[Math.floor(key / count)] as NameMatch,
  }));

  // MiniSearch returns each id once; only the direct matches are to be skipped.
  // Checked by the hit's id, so a hit that is skipped never touches its recipe.
  const found = new Set(results.map((result) => result.recipe.id));
  for (const hit of index.search(term)) {
    const id = hit.id as number;
    if (found.has(id)) continue;
    const recipe = byId.get(id);
    if (recipe) results.push({ recipe, match: "related" });
  }
  return results;
}

/** The recipes of one category, sorted by name. */
export function recipesOfType(recipes: readonly CatalogRecipe[], type: RecipeType): readonly CatalogRecipe[] {
  return lookupFor(recipes).byType.get(type) ?? [];
}

/** How many of the newest recipes the lookups keep at hand. */
const NEWEST_KEPT = 12;

/** The `count` (at most 12) most recently published recipes, newest first. */
export function newestRecipes(recipes: readonly CatalogRecipe[], count: number): CatalogRecipe[] {
  return lookupFor(recipes).newest.slice(0, count);
}

export interface IngredientMatch {
  recipe: CatalogRecipe;
  /** How many of the selected ingredients the recipe needs. */
  score: number;
  /** The recipe's ingredients that were not selected. */
  missing: string[];
}

/**
 * Recipes for a set of ingredients at hand (spec section 5): the score is the
 * number of selected ingredients among a recipe's ingredients, compared by
 * name; only scores above 0, best first; ties go to fewer missing
 * ingredients, then shorter total time, then name. A recipe that needs an
 * excluded ingredient is dropped.
 */
export function matchIngredients(
  recipes: readonly CatalogRecipe[],
  selected: readonly string[],
  excluded: readonly string[] = [],
): IngredientMatch[] {
  const wanted = new Set(selected);
  const unwanted = new Set(excluded);
  if (wanted.size === 0) return [];
  // Only recipes that need a selected ingredient can score: count through the inverted index.
  const { byIngredient, namePlace } = lookupFor(recipes);
  const scores = new Map<number, number>();
  for (const name of wanted) {
    for (const position of byIngredient.get(name) ?? []) scores.set(position, (scores.get(position) ?? 0) + 1);
  }
  const matches: (IngredientMatch & { place: number })[] = [];
  for (const [position, score] of scores) {
    const recipe = recipes[position];
    if (!recipe || recipe.ingredients.some((name) => unwanted.has(name))) continue;
    const missing = recipe.ingredients.filter((name) => !wanted.has(name));
    matches.push({ recipe, score, missing, place: namePlace[position] ?? 0 });
  }
  matches.sort(
    (a, b) =>
      b.score - a.score ||
      a.missing.length - b.missing.length ||
      a.recipe.totalTime - b.recipe.totalTime ||
      a.place - b.place,
  );
  return matches.map(({ recipe, score, missing }) => ({ recipe, score, missing }));
}

export interface RandomPickOptions {
  type?: RecipeType;
  /** Only recipes that have an image. */
  withImage?: boolean;
  /** The slug just shown: picked again only if nothing else qualifies. */
  exclude?: string;
}

/** A random recipe from all or one category, or undefined if none qualifies. */
export function pickRandomRecipe(
  recipes: readonly CatalogRecipe[],
  { type, withImage = false, exclude }: RandomPickOptions = {},
  random: () => number = Math.random,
): CatalogRecipe | undefined {
  const candidates = recipes.filter(
    (recipe) => (type === undefined || recipe.type === type) && (!withImage || recipe.image !== null),
  );
  const fresh = candidates.filter((recipe) => recipe.slug !== exclude);
  const pool = fresh.length > 0 ? fresh : candidates;
  return pool[Math.floor(random() * pool.length)];
}
