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

export interface NameSearchResult {
  recipe: CatalogRecipe;
  match: NameMatch;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function isBoundary(text: string, index: number): boolean {
  const char = text[index];
  return char === undefined || !LETTER_OR_DIGIT.test(char);
}

/** The best way `term` (lower-case) occurs in `name`, or undefined if it does not. */
function substringMatch(name: string, term: string): Exclude<NameMatch, "related"> | undefined {
  const lowerName = name.toLowerCase();
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

  const direct: NameSearchResult[] = [];
  for (const recipe of recipes) {
    const match = substringMatch(recipe.name, term);
    if (match) direct.push({ recipe, match });
  }
  direct.sort((a, b) => MATCH_RANK[a.match] - MATCH_RANK[b.match] || a.recipe.name.localeCompare(b.recipe.name, "de"));

  const found = new Set(direct.map((result) => result.recipe.id));
  const byId = new Map(recipes.map((recipe) => [recipe.id, recipe]));
  const related: NameSearchResult[] = [];
  for (const hit of index.search(term)) {
    const recipe = byId.get(hit.id as number);
    if (recipe && !found.has(recipe.id)) {
      found.add(recipe.id);
      related.push({ recipe, match: "related" });
    }
  }
  return [...direct, ...related];
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
  const matches: IngredientMatch[] = [];
  for (const recipe of recipes) {
    if (recipe.ingredients.some((name) => unwanted.has(name))) continue;
    let score = 0;
    const missing: string[] = [];
    for (const name of recipe.ingredients) {
      if (wanted.has(name)) score += 1;
      else missing.push(name);
    }
    if (score > 0) matches.push({ recipe, score, missing });
  }
  return matches.sort(
    (a, b) =>
      b.score - a.score ||
      a.missing.length - b.missing.length ||
      a.recipe.totalTime - b.recipe.totalTime ||
      a.recipe.name.localeCompare(b.recipe.name, "de"),
  );
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
