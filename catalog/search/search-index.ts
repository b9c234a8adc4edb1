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
import { addDocuments, MemoryPostings, type PostingSink, type PostingSource } from "./engine/sharded-builder.ts";
import type { ShardedLayout } from "./engine/sharded-format.ts";
import { openShardedIndex, type ShardedTextIndex } from "./engine/sharded-index.ts";
import {
  type IndexBlob,
  type PlacedShard,
  type WriteOptions,
  type WriteResult,
  writeShardedIndex,
} from "./engine/sharded-writer.ts";
import { splitWords } from "./engine/terms.ts";
import { buildTextIndex, loadTextIndex, type TextIndexSchema } from "./engine/text-index.ts";
import { categoryToken, type IngredientKinds, kindToken, meaningOfStem } from "./search-words.ts";
import { familyMembers } from "./word-families.ts";

/**
 * Bumped whenever what the index holds or how it is written changes: an
 * index of another version is rebuilt by the reader. 8 cuts a term larger
 * than a shard's target into parts by recipe number (decision 0072); 7
 * names recipes by id
 * in the sharded index's postings and lengths, with the stored order in
 * pieces of its own (decision 0061); 6 is the sharded index (decision 0054);
 * 5 was one text; 3 was MiniSearch's JSON naming recipes by position, 2 by
 * id.
 */
export const SEARCH_INDEX_VERSION = 8;

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

/*
 * The sharded index (decision 0054; engine/README.md, "Sharded"): what is
 * published. Built in two halves so that no step holds every recipe's
 * postings: `addRecipes` a chunk at a time into a sink, then
 * `writeSearchShards` from the sink ordered by term.
 */

/**
 * A recipe to index and its number, which postings name it by: the site
 * gives its id, which never moves when another recipe comes or goes (the
 * source's order turns numbers into the positions hits name).
 */
export interface NumberedRecipe {
  readonly number: number;
  readonly recipe: IndexedRecipe;
}

/**
 * Ids beyond twice the recipe count that a catalog may hold and still be
 * numbered by id: the holes (drafts, deleted recipes) cost a reader 9 bytes
 * each (a lengths entry and a place in the table of positions).
 */
export const ID_NUMBERING_SLACK = 65_536;

/**
 * Whether the index of `count` recipes whose ids run from `smallestId` to
 * `largestId` numbers them by id (decision 0061), or, with ids negative or
 * too sparse (an id set by hand far beyond the others), by position as index
 * version 6 did: a function of the catalog alone, so both writers choose
 * alike.
 */
export function numbersById(count: number, smallestId: number, largestId: number): boolean {
  return count === 0 || (smallestId >= 0 && largestId < 2 * count + ID_NUMBERING_SLACK);
}

/** The numbers of recipes with these ids, in their order: the ids, or the positions where `numbersById` says so. */
export function recipeNumbers(ids: readonly number[]): number[] {
  let smallest = Number.POSITIVE_INFINITY;
  let largest = Number.NEGATIVE_INFINITY;
  for (const id of ids) {
    smallest = Math.min(smallest, id);
    largest = Math.max(largest, id);
  }
  return numbersById(ids.length, smallest, largest) ? [...ids] : ids.map((_, position) => position);
}

/** Adds a chunk of recipes' postings and lengths to `sink`. `kinds` gives each ingredient's kinds. */
export function addRecipes(chunk: readonly NumberedRecipe[], kinds: IngredientKinds, sink: PostingSink): Promise<void> {
  return addDocuments(
    chunk.map(({ number, recipe }) => ({ number, document: recipe })),
    recipeSchema(kinds),
    sink,
  );
}

/**
 * Writes the index's blobs from what `addRecipes` put in `source`, each
 * handed to `emit` with its place in the list (the header last). With
 * `options.stop`, it stops after a shard and answers where to resume.
 */
export function writeSearchShards<Kept extends PlacedShard = PlacedShard>(
  source: PostingSource,
  emit: (blob: IndexBlob) => void | Promise<void>,
  options?: WriteOptions<Kept>,
): Promise<WriteResult> {
  return writeShardedIndex(source, SEARCH_INDEX_VERSION, READING_SCHEMA.fields.length, emit, options);
}

/** Recipes indexed at once by the builds in memory below. */
const MEMORY_CHUNK = 1000;

/**
 * Writes the sharded index over `recipes` in their order, its postings
 * gathered in memory (as the whole index's were): for a catalog built in
 * memory. `numbers` gives each recipe's number (the site: its id; by
 * default its position). Each blob goes to `emit` in the order of its place.
 */
export async function writeSearchShardsInMemory(
  recipes: readonly IndexedRecipe[],
  kinds: IngredientKinds,
  emit: (blob: IndexBlob) => void | Promise<void>,
  layout?: ShardedLayout,
  numbers: readonly number[] = recipes.map((_, position) => position),
): Promise<void> {
  if (numbers.length !== recipes.length) throw new Error("search index: a number for each recipe");
  const postings = new MemoryPostings(numbers);
  for (let start = 0; start < recipes.length; start += MEMORY_CHUNK) {
    const chunk = recipes
      .slice(start, start + MEMORY_CHUNK)
      .map((recipe, offset) => ({ number: numbers[start + offset] as number, recipe }));
    await addRecipes(chunk, kinds, postings);
  }
  await writeSearchShards(postings, emit, layout ? { layout } : {});
}

/** The blobs of the sharded index over `recipes` in their order, by place; `numbers` as above. */
export async function buildSearchShards(
  recipes: readonly IndexedRecipe[],
  kinds: IngredientKinds = new Map(),
  layout?: ShardedLayout,
  numbers?: readonly number[],
): Promise<string[]> {
  const blobs: string[] = [];
  await writeSearchShardsInMemory(
    recipes,
    kinds,
    ({ place, text }) => {
      blobs[place] = text;
    },
    layout,
    numbers,
  );
  return blobs;
}

/** The index a search reads: a recipe index that reads what a query needs first. */
export interface PreparedRecipeIndex extends RecipeIndex {
  /** Reads what `query` needs: the index it answers searches `query` with it, whatever else is let go meanwhile. */
  prepare(query: string): Promise<RecipeIndex>;
}

/**
 * Opens a published index of `blobs` blobs, which `read` answers by place:
 * the sharded index, its shards read as queries need them and kept within
 * `keptChars` characters; or one text cut into pieces (`buildSearchIndex`,
 * what tests publish), read whole. Throws for anything but an index of this
 * version.
 */
export async function openSearchIndex(
  blobs: number,
  read: (place: number) => Promise<string>,
  keptChars: number,
): Promise<PreparedRecipeIndex> {
  if (blobs === 0) throw new Error("search index: no blobs");
  // The header of a sharded index is a line of JSON; a text's first piece holds a line break after its header.
  const last = await read(blobs - 1);
  if (blobs > 1 || !last.includes("\n")) {
    return openSearchShards(blobs, (place) => (place === blobs - 1 ? Promise.resolve(last) : read(place)), keptChars);
  }
  return wholeIndex(loadSearchIndex(last));
}

/**
 * Opens the sharded index whose `blobs` blobs `read` answers by place;
 * `keptChars` bounds the shards kept between queries, `keptBitmapBytes` the
 * common terms' bitmaps (the engine's default unless told).
 */
export function openSearchShards(
  blobs: number,
  read: (place: number) => Promise<string>,
  keptChars: number,
  keptBitmapBytes?: number,
): Promise<ShardedTextIndex> {
  return openShardedIndex(blobs, read, READING_SCHEMA, { keptChars, keptBitmapBytes });
}

/** An index read whole, which has nothing to read for a query. */
export function wholeIndex(index: RecipeIndex): PreparedRecipeIndex {
  return { search: (query, keep) => index.search(query, keep), prepare: async () => index };
}
