/**
 * Ingredient matching's and the pantry questions' lookups of a version,
 * made from its matching column (catalog/format/matching-piece.ts) by the
 * first ingredient search of an isolate. Each piece brings its recipes'
 * ingredients and each ingredient's recipes ready to use: the pieces' parts
 * are read in order into typed arrays, one pass each, and nothing is
 * inverted or parsed per recipe (decision 0057).
 */
import type { MatchingPieceText } from "../format/matching-piece.ts";
import { BASIC_INGREDIENTS } from "../recipes/basic-ingredients.ts";
import { NumberReader } from "../search/engine/compact-numbers.ts";
import type { PantryLookup } from "./pantry-lookup.ts";
import { RecipeScratch } from "./recipe-scratch.ts";

/** Longer total times sort as this one; recipes take at most 30 minutes. */
export const MAX_SORTED_MINUTES = 1023;

/** What ingredient matching reads of the recipes, by position (catalog-view.ts `IngredientLookup` adds the name order). */
export interface IngredientPostings {
  /** The positions of the recipes that need an ingredient (by name), ascending. */
  positionsWith(name: string): Int32Array;
  /** How many ingredients each recipe needs (each once: a recipe that lists one twice needs it once). */
  readonly ingredientCounts: Uint8Array;
  /**
   * Each recipe's total time and name place as one number (time × recipes +
   * place): the last two parts of a match's sort key, kept side by side so
   * sorting thousands of matches never visits their recipes. 32 bits hold
   * it up to 4 million recipes.
   */
  readonly timeThenName: Uint32Array;
  /** Arrays a search counts in, lent (recipe-scratch.ts); the pantry questions borrow them too. */
  readonly scratch: RecipeScratch;
}

/** The two lookups of one matching column. */
export interface MatchingLookups {
  ingredients: IngredientPostings;
  pantry: PantryLookup;
}

/**
 * The lookups of a version's matching column (`pieces`, in position order),
 * which holds `count` recipes; `namePlace` is each position's place in
 * German name order. Ingredient ids are the basics first, then the pieces'
 * ingredients as they come.
 */
export function buildMatchingLookups(
  pieces: readonly MatchingPieceText[],
  namePlace: Int32Array,
  count: number,
): MatchingLookups {
  const ids = new Map<string, number>();
  const names: string[] = [];
  const idOf = (name: string) => {
    let id = ids.get(name);
    if (id === undefined) {
      id = names.push(name) - 1;
      ids.set(name, id);
    }
    return id;
  };
  for (const basic of BASIC_INGREDIENTS) idOf(basic.name);
  const basicIds = names.length;
  // Each piece's table as ids, and each ingredient's postings over every piece: where its run of positions starts.
  const tables = pieces.map((piece) => Int32Array.from(piece.ingredients, idOf));
  const postingStarts = new Uint32Array(names.length + 1);
  pieces.forEach((piece, index) => {
    const table = tables[index] as Int32Array;
    piece.postings.forEach((recipes, local) => {
      const id = table[local] ?? 0;
      postingStarts[id + 1] = (postingStarts[id + 1] ?? 0) + recipes;
    });
  });
  for (let id = 1; id < postingStarts.length; id++) {
    postingStarts[id] = (postingStarts[id] ?? 0) + (postingStarts[id - 1] ?? 0);
  }
  const uses = postingStarts[names.length] ?? 0;
  const postings = new Int32Array(uses);
  const filled = postingStarts.slice(0, -1);

  const ingredientIds = names.length <= 0x10000 ? new Uint16Array(uses) : new Uint32Array(uses);
  const runStarts = new Uint32Array(count + 1);
  const otherCounts = new Uint8Array(count);
  const ingredientCounts = new Uint8Array(count);
  const timeThenName = new Uint32Array(count);
  const nearlyBasic = new Int32Array(count);
  let nearlyBasicCount = 0;
  let position = 0;
  let at = 0;
  pieces.forEach((piece, index) => {
    const table = tables[index] as Int32Array;
    const pieceStart = position;
    if (pieceStart + piece.recipes > count) {
      throw new Error(`catalog: the matching column has more than ${count} recipes`);
    }
    const reader = new NumberReader(piece.text, piece.recipesStart);
    for (let row = 0; row < piece.recipes; row++, position++) {
      const minutes = reader.next();
      const needed = reader.next();
      if (at + needed > uses) throw new Error("catalog: a matching piece lists more ingredients than postings");
      runStarts[position] = at;
      let basics = 0;
      for (let use = 0; use < needed; use++) {
        const id = table[reader.next()];
        if (id === undefined) throw new Error("catalog: a matching piece names an ingredient outside its table");
        ingredientIds[at++] = id;
        if (id < basicIds) basics++;
      }
      otherCounts[position] = Math.min(needed - basics, 255);
      ingredientCounts[position] = Math.min(needed, 255);
      // Only a recipe with at most one ingredient besides the basics can be complete without a chosen one.
      if (needed - basics <= 1) nearlyBasic[nearlyBasicCount++] = position;
      timeThenName[position] = Math.min(minutes, MAX_SORTED_MINUTES) * count + (namePlace[position] ?? 0);
    }
    if (reader.offset !== piece.recipesEnd) throw new Error("catalog: a matching piece's recipes part is uneven");
    reader.offset = piece.postingsStart;
    piece.postings.forEach((recipes, local) => {
      const id = table[local] ?? 0;
      let slot = filled[id] ?? 0;
      let row = -1;
      for (let posting = 0; posting < recipes; posting++) {
        row += reader.next() + 1;
        postings[slot++] = pieceStart + row;
      }
      if (row >= piece.recipes) throw new Error("catalog: a matching piece names a recipe it does not hold");
      filled[id] = slot;
    });
    if (reader.offset !== piece.text.length) throw new Error("catalog: a matching piece's postings part is uneven");
  });
  if (position !== count) throw new Error(`catalog: the matching column has ${position} of ${count} recipes`);
  if (at !== uses) throw new Error("catalog: the matching column's recipes and postings disagree");
  runStarts[count] = at;

  const none = new Int32Array(0);
  return {
    ingredients: {
      positionsWith(name: string) {
        const id = ids.get(name);
        return id === undefined ? none : postings.subarray(postingStarts[id] ?? 0, postingStarts[id + 1] ?? 0);
      },
      ingredientCounts,
      timeThenName,
      scratch: new RecipeScratch(count),
    },
    pantry: {
      names,
      idOf: (name) => ids.get(name),
      ingredientIds,
      runStarts,
      nearlyBasic: nearlyBasic.slice(0, nearlyBasicCount),
      otherCounts,
    },
  };
}
