import MiniSearch, { type Options } from "minisearch";
import { foldTerm } from "../fold.ts";
import type { CatalogRecipe } from "./types.ts";

/** Bumped whenever the options below change: an index built with others must be rebuilt. */
export const SEARCH_INDEX_VERSION = 2;

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

type IndexedRecipe = Pick<CatalogRecipe, "id" | "name" | "ingredients" | "cuisine">;

/** How recipes are indexed and searched; shared by the sync (build) and the Worker (load). */
const SEARCH_INDEX_OPTIONS: Options<IndexedRecipe> = {
  idField: "id",
  fields: ["name", "ingredients", "cuisine"],
  storeFields: [],
  extractField: (recipe, field) =>
    field === "ingredients" ? recipe.ingredients.join(" ") : recipe[field as keyof IndexedRecipe],
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

/** Builds the index over all recipes. */
export function buildSearchIndex(recipes: readonly CatalogRecipe[]): MiniSearch<IndexedRecipe> {
  const index = new MiniSearch<IndexedRecipe>(SEARCH_INDEX_OPTIONS);
  index.addAll(recipes);
  return index;
}

/** Revives an index serialized with `JSON.stringify(index)`. */
export function loadSearchIndex(json: string): MiniSearch<IndexedRecipe> {
  return MiniSearch.loadJSON<IndexedRecipe>(json, SEARCH_INDEX_OPTIONS);
}

export type RecipeIndex = MiniSearch<IndexedRecipe>;
