/**
 * Everything the site answers from the catalog: name search, ingredient
 * matching, a category's recipes, the newest recipes and random picks. Each
 * takes the version's view (catalog-view.ts), whose lookups are built once,
 * so loaders stay thin and the rules are testable on their own.
 */
import type { RecipeType } from "../categories.ts";
import { type CatalogView, NAME_END, type NameLookup } from "./catalog-view.ts";
import type { CatalogRecipe } from "./types.ts";

/** How a name-search result matched, best first. */
type NameMatch = "word" | "word-start" | "inside" | "related";

const MATCH_RANK: Record<NameMatch, number> = { word: 0, "word-start": 1, inside: 2, related: 3 };
/** The ways a name contains the term, by rank. */
const DIRECT_MATCHES: readonly NameMatch[] = ["word", "word-start", "inside"];

interface NameSearchResult {
  recipe: CatalogRecipe;
  match: NameMatch;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The positions of the names that contain `term`, in list order. Each hit in
 * the joined names is mapped to its name by binary search over the starts;
 * the next search starts after that name, so each name is reported once.
 */
function namesContaining({ allNames, nameStarts, lowerNames }: NameLookup, term: string): number[] {
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
export function searchRecipes(catalog: CatalogView, query: string): NameSearchResult[] {
  const term = query.trim().toLowerCase();
  if (term === "") return [];

  const { names, recipes } = catalog;
  const { lowerNames, namePlace, byNameOrder } = names;
  // One number per match sorts it: how it matched, then the name's place.
  const count = recipes.length;
  const keys: number[] = [];
  for (const position of namesContaining(names, term)) {
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
  for (const hit of catalog.searchIndex().search(term)) {
    const id = hit.id as number;
    if (found.has(id)) continue;
    const recipe = catalog.recipeById(id);
    if (recipe) results.push({ recipe, match: "related" });
  }
  return results;
}

/** The recipes of one category, sorted by name. */
export function recipesOfType(catalog: CatalogView, type: RecipeType): readonly CatalogRecipe[] {
  return catalog.recipesByType.get(type) ?? [];
}

/** The `count` (at most NEWEST_KEPT) most recently published recipes, newest first. */
export function newestRecipes(catalog: CatalogView, count: number): CatalogRecipe[] {
  return catalog.newest.slice(0, count);
}

interface IngredientMatch {
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
  catalog: CatalogView,
  selected: readonly string[],
  excluded: readonly string[] = [],
): IngredientMatch[] {
  const wanted = new Set(selected);
  const unwanted = new Set(excluded);
  if (wanted.size === 0) return [];
  // Only recipes that need a selected ingredient can score: count through the inverted index.
  const { recipes, recipePositionsByIngredient, names } = catalog;
  const scores = new Map<number, number>();
  for (const name of wanted) {
    for (const position of recipePositionsByIngredient.get(name) ?? []) {
      scores.set(position, (scores.get(position) ?? 0) + 1);
    }
  }
  const matches: (IngredientMatch & { place: number })[] = [];
  for (const [position, score] of scores) {
    const recipe = recipes[position];
    if (!recipe || recipe.ingredients.some((name) => unwanted.has(name))) continue;
    const missing = recipe.ingredients.filter((name) => !wanted.has(name));
    matches.push({ recipe, score, missing, place: names.namePlace[position] ?? 0 });
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
): CatalogRecipe | undefined {
  const candidates = catalog.recipes.filter(
    (recipe) => (type === undefined || recipe.type === type) && (!withImage || recipe.image !== null),
  );
  const fresh = candidates.filter((recipe) => recipe.slug !== exclude);
  const pool = fresh.length > 0 ? fresh : candidates;
  return pool[Math.floor(random() * pool.length)];
}
