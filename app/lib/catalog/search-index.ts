import MiniSearch, { type Options } from "minisearch";
import { foldTerm } from "../fold.ts";

/** Bumped whenever the options below change: an index built with others must be rebuilt. */
export const SEARCH_INDEX_VERSION = 3;

/**
 * Words that join a recipe name but say nothing about it ("Salat mit Feta",
 * "Spaghetti alla Norma"), after folding. Left out of the index and of
 * queries: they match a third of all recipes and made multi-word queries
 * slow without ranking anything better. "ohne" stays: it means something.
 */
const STOP_WORDS = new Set(
  "a al alla am an auf aus bei das dem den der des die ein eine einem einen einer fur im in la mit nach oder und vom von zum zur".split(
    " ",
  ),
);

function indexTerm(term: string): string | null {
  const folded = foldTerm(term);
  return folded === "" || STOP_WORDS.has(folded) ? null : folded;
}

/** What the index reads of a recipe. */
export interface IndexedRecipe {
  readonly name: string;
  readonly ingredients: readonly string[];
  readonly cuisine: string | null;
}

/** A recipe as MiniSearch stores it: its position in the indexed list is its id. */
type PositionedRecipe = IndexedRecipe & { position: number };

/** How recipes are indexed and searched; shared by the sync (build) and the Worker (load). */
const SEARCH_INDEX_OPTIONS: Options<PositionedRecipe> = {
  idField: "position",
  fields: ["name", "ingredients", "cuisine"],
  storeFields: [],
  extractField: (recipe, field) =>
    field === "ingredients" ? recipe.ingredients.join(" ") : (recipe[field as "name" | "cuisine"] ?? ""),
  processTerm: indexTerm,
  searchOptions: {
    boost: { name: 3, ingredients: 1, cuisine: 0.5 },
    // Word starts only for the word being typed, the last one.
    prefix: (_term, index, terms) => index === terms.length - 1,
    // Small typos in longer words; short words would match far too much.
    fuzzy: (term) => (term.length > 4 ? 0.2 : false),
    combineWith: "AND",
  },
};

export interface SearchHit {
  /** The recipe's position in the list the index was built from. */
  readonly position: number;
  readonly score: number;
}

export interface RecipeIndex {
  /** Hits best first, each recipe once. */
  search(query: string): SearchHit[];
}

/** Builds the serialized index over `recipes`; a hit names a recipe by its position in that list. */
export function buildSearchIndex(recipes: readonly IndexedRecipe[]): string {
  const index = new MiniSearch<PositionedRecipe>(SEARCH_INDEX_OPTIONS);
  index.addAll(recipes.map((recipe, position) => ({ ...recipe, position })));
  return JSON.stringify(index);
}

/** Revives a serialized index. */
export function loadSearchIndex(serialized: string): RecipeIndex {
  const index = MiniSearch.loadJSON<PositionedRecipe>(serialized, SEARCH_INDEX_OPTIONS);
  return {
    search: (query) => index.search(query).map((hit) => ({ position: hit.id as number, score: hit.score })),
  };
}
