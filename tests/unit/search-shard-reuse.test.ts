/**
 * A write of the sharded search index that takes shards of an earlier
 * write as they are (sharded-writer.ts, ShardReuse: the coordinator's
 * publish after a small change) writes the same blobs as a write from
 * nothing, whatever recipes changed their words in place, and however the
 * write is cut into steps; and it takes the shards none of whose terms
 * changed.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RECIPE_TYPES, type RecipeType } from "../../catalog/recipes/categories.ts";
import { MemoryPostings } from "../../catalog/search/engine/sharded-builder.ts";
import type { ShardedLayout } from "../../catalog/search/engine/sharded-format.ts";
import type { PlacedShard, ShardedWriterState } from "../../catalog/search/engine/sharded-writer.ts";
import { addRecipes, type IndexedRecipe, writeSearchShards } from "../../catalog/search/search-index.ts";

const WORDS = [
  "Käse",
  "Spätzle",
  "Suppe",
  "Kürbissuppe",
  "Pasta",
  "mit",
  "Zucchini",
  "Rote",
  "Bete",
  "Soße",
  "Eintopf",
];
const INGREDIENTS = ["Zwiebel", "Knoblauch", "Tomate", "Tomaten", "Zucchini", "Feta", "Bergkäse", "Lachsfilet", "Reis"];

/** Pieces far smaller than the site's, so a few dozen recipes make many shards. */
const TINY: ShardedLayout = {
  lengthPieceDocuments: 4,
  orderPieceNumbers: 2,
  shardChars: 8,
  partChars: 4,
  termPieceChars: 16,
};

const arbitraryRecipe: fc.Arbitrary<IndexedRecipe> = fc.record({
  name: fc
    .array(
      fc.oneof(
        fc.constantFrom(...WORDS),
        fc.string({ unit: fc.constantFrom("a", "e", "k", "s", "ü", "z"), minLength: 1, maxLength: 6 }),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((words) => words.join(" ")),
  ingredients: fc.uniqueArray(fc.constantFrom(...INGREDIENTS), { maxLength: 4 }),
  cuisine: fc.option(fc.constantFrom("Deutsch", "Italienisch")),
  type: fc.constantFrom<RecipeType>(...RECIPE_TYPES),
});

async function postingsOf(recipes: readonly IndexedRecipe[]): Promise<MemoryPostings> {
  const postings = new MemoryPostings(recipes.map((_, position) => position));
  await addRecipes(
    recipes.map((recipe, position) => ({ number: position, recipe })),
    new Map(),
    postings,
  );
  return postings;
}

/** Each term's postings as text: the terms whose text differs changed. */
function byTerm(postings: MemoryPostings): Map<string, string> {
  const terms = new Map<string, string>();
  for (const { term, field, number, count } of postings.postingsByTerm()) {
    terms.set(term, `${terms.get(term) ?? ""}${field}:${number}:${count};`);
  }
  return terms;
}

interface Kept extends PlacedShard {
  text: string;
  /** A cut last term's parts' texts, in the order of `cut.parts`. */
  partTexts: string[];
}

/** Writes the index in steps of a shard or more (`stopEvery`), taking `kept` shards where given. */
async function write(
  postings: MemoryPostings,
  stopEvery: number,
  kept?: (after: string | null) => Kept | undefined,
): Promise<{ blobs: string[]; placed: Map<string | null, Kept>; taken: number; takenCut: number }> {
  const blobs: string[] = [];
  const placed = new Map<string | null, Kept>();
  let taken = 0;
  let takenCut = 0;
  let resume: ShardedWriterState | undefined;
  for (;;) {
    let shards = 0;
    const result = await writeSearchShards<Kept>(
      postings,
      ({ place, text }) => {
        blobs[place] = text;
      },
      {
        layout: TINY,
        ...(resume ? { resume } : {}),
        stop: () => ++shards >= stopEvery,
        ...(kept
          ? {
              reuse: {
                keptAfter: kept,
                placed: (place, shard, reusable, keptShard) => {
                  if (keptShard) {
                    blobs[place] = keptShard.text;
                    shard.cut?.parts.forEach((part, index) => {
                      blobs[part.place] = keptShard.partTexts[index] as string;
                    });
                    taken += 1;
                    if (keptShard.cut) takenCut += 1;
                  }
                  const partTexts = (shard.cut?.parts ?? []).map((part) => blobs[part.place] as string);
                  if (reusable) placed.set(shard.after, { ...shard, text: blobs[place] as string, partTexts });
                },
              },
            }
          : {}),
      },
    );
    if (result.done) return { blobs, placed, taken, takenCut };
    resume = result.state;
  }
}

describe("a sharded index written again from an earlier write's shards", () => {
  it("is the index written from nothing, and takes the shards whose terms did not change", async () => {
    let takenInAll = 0;
    let cutTaken = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(arbitraryRecipe, { minLength: 1, maxLength: 40 }),
        fc.array(fc.tuple(fc.nat(), arbitraryRecipe), { maxLength: 3 }),
        fc.integer({ min: 1, max: 4 }),
        async (before, edits, stopEvery) => {
          const after = [...before];
          for (const [at, recipe] of edits) after[at % after.length] = recipe;
          const earlier = await postingsOf(before);
          const first = await write(earlier, stopEvery, () => undefined);
          const later = await postingsOf(after);
          const old = byTerm(earlier);
          const now = byTerm(later);
          const changed = [...new Set([...old.keys(), ...now.keys()])].filter(
            (term) => old.get(term) !== now.get(term),
          );
          const second = await write(later, stopEvery, (from) => {
            const shard = first.placed.get(from);
            if (!shard) return undefined;
            const inRange = (term: string) => (from === null || term > from) && term <= shard.last;
            return changed.some(inRange) ? undefined : shard;
          });
          const fresh = await write(later, 1000);
          expect(second.blobs).toEqual(fresh.blobs);
          takenInAll += second.taken;
          cutTaken += second.takenCut;
          if (edits.length === 0) expect(second.taken).toBe(first.placed.size);
        },
      ),
      { numRuns: 150 },
    );
    // The property is not empty: shards were taken, with cut terms' parts among them.
    expect(takenInAll).toBeGreaterThan(0);
    expect(cutTaken).toBeGreaterThan(0);
  });
});
