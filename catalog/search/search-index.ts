/**
 * The name search's index: the site's schema for the text index
 * (engine/text-index.ts) over recipe names, ingredient names, cuisines, the
 * kinds of a recipe's ingredients and its category, built by the sync and
 * read by the Worker. Why the engine replaced MiniSearch is decision 0018;
 * how a query word finds terms (word forms, compound parts, typos, the words
 * for kinds and categories) is decision 0024's.
 */

import type { RecipeType } from "../recipes/categories.ts";
import type { RankedHits } from "./engine/ranked-hits.ts";
import { splitWords } from "./engine/terms.ts";
import { buildTextIndex, loadTextIndex, type TextIndexSchema } from "./engine/text-index.ts";
import { categoryToken, familyMembers, type IngredientKinds, kindToken, meaningOfStem } from "./search-words.ts";

/**
 * Bumped whenever what the index holds or how it is written changes: an
 * index of another version is rebuilt by the reader. 3 was MiniSearch's
 * JSON naming recipes by position, 2 by id.
 */
export const SEARCH_INDEX_VERSION = 5;

/** What the index reads of a recipe. */
export interface IndexedRecipe {
  readonly name: string;
  readonly ingredients: readonly string[];
  readonly cuisine: string | null;
  /** Its category; a query word naming it (search-words.ts) finds the recipe. */
  readonly type?: RecipeType;
}

export interface RecipeIndex {
  /**
   * Hits best first: those matching more of the query's words, then by
   * score, equal scores by position; each recipe once; nothing for a
   * query without terms. Put in order as far as they are sliced. With
   * `keep`, only the hits at positions it keeps, in the same order as
   * without it.
   */
  search(query: string, keep?: (position: number) => boolean): RankedHits;
}

/**
 * The fields in the order their postings and lengths are stored, and what a
 * match in each is worth: the recipe's own words, then the kinds of its
 * ingredients and its category as tokens (search-words.ts), which a word
 * like "Käse" or "Suppe" finds. `kinds` gives each ingredient's kinds; only
 * building reads it.
 */
function recipeSchema(kinds: IngredientKinds): TextIndexSchema<IndexedRecipe> {
  return {
    version: SEARCH_INDEX_VERSION,
    fields: [
      { words: (recipe) => splitWords(recipe.name), boost: 3 },
      { words: (recipe) => splitWords(recipe.ingredients.join(" ")), boost: 1 },
      { words: (recipe) => splitWords(recipe.cuisine ?? ""), boost: 0.5 },
      {
        words: (recipe) => [...new Set(recipe.ingredients.flatMap((name) => (kinds.get(name) ?? []).map(kindToken)))],
        tokens: true,
        boost: 0.7,
      },
      { words: (recipe) => (recipe.type ? [categoryToken(recipe.type)] : []), tokens: true, boost: 1 },
    ],
    expand: {
      family: familyMembers,
      tokens: (stem) => {
        const meaning = meaningOfStem(stem);
        return meaning ? [...meaning.kinds.map(kindToken), ...meaning.categories.map(categoryToken)] : [];
      },
    },
  };
}

const READING_SCHEMA = recipeSchema(new Map());

/**
 * Builds the serialized index over `recipes`; a hit names a recipe by its
 * position in that array. `kinds` gives each ingredient's kinds.
 */
export function buildSearchIndex(recipes: readonly IndexedRecipe[], kinds: IngredientKinds = new Map()): string {
  return buildTextIndex(recipes, recipeSchema(kinds));
}

/** Reads a serialized index; throws for anything else, an index of another version included. */
export function loadSearchIndex(serialized: string): RecipeIndex {
  return loadTextIndex(serialized, READING_SCHEMA);
}
