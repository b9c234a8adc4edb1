/**
 * The ratings column's layout (ratings-column.ts, decisions 0066 and 0069):
 * a piece per list piece, offsets counted from the piece's start. So a
 * recipe added or removed rewrites at most the ratings piece of its own list
 * piece (two where its id is a cut, which splits or joins a piece), where a
 * fixed range of positions rewrote every piece after it that held a rated
 * recipe; and every tally written is the one a page reads.
 *
 * Catalogs of up to 16,000 recipes: a list piece is about 4,096 recipes
 * (stored-catalog.ts), and the old layout's pieces were 8,192 positions, so
 * both layouts have several pieces here.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isShownTally, readRatingPiece } from "../../catalog/format/ratings-column.ts";
import { parseMeta, pieceEndsAfter, storeCatalog, storedOrder } from "../../catalog/format/stored-catalog.ts";
import type { RatingTally } from "../../catalog/recipes/types.ts";
import { SEARCH_INDEX_VERSION } from "../../catalog/search/search-index.ts";
import { openVersion } from "../../catalog/view/published-catalog.ts";
import { buildRatingOrder } from "../../catalog/view/rating-order.ts";
import { recipe } from "./catalog-fixture.ts";

/** A list piece is cut after this many recipes without a boundary (stored-catalog.ts `PIECE_MAX`). */
const FORCED_CUT = 4 * 4096;

/** A random catalog: its ids (distinct, in no order) and the tallies of some of them, shown or not. */
const catalogArbitrary = (minLength: number, maxLength: number) =>
  fc
    .record({
      size: fc.integer({ min: minLength, max: maxLength }),
      first: fc.integer({ min: 1, max: 1_000_000 }),
      stride: fc.integer({ min: 1, max: 7 }),
      // Of every `ratedEvery` recipes one is rated, some below the count pages show.
      ratedEvery: fc.integer({ min: 1, max: 40 }),
      seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    })
    .map(({ size, first, stride, ratedEvery, seed }) => {
      let state = seed;
      const next = () => {
        state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
        return state;
      };
      const ids = Array.from({ length: size }, (_, index) => first + index * stride);
      const tallies = new Map<number, RatingTally>();
      for (const id of ids) {
        if (next() % ratedEvery !== 0) continue;
        const count = 1 + (next() % 40);
        tallies.set(id, { count, sum: count + (next() % (4 * count + 1)) });
      }
      return { ids, tallies };
    });

/** The catalog's stored blobs, its recipes named so that stored order mixes ids. */
function stored(ids: readonly number[], tallies: ReadonlyMap<number, RatingTally>) {
  const recipes = storedOrder(ids.map((id) => recipe({ id, name: `Rezept ${(id * 7_919) % 100_003}` })));
  return { recipes, blobs: storeCatalog({ recipes, ingredients: [], categories: [], ratings: tallies }) };
}

describe("the ratings column", () => {
  it("rewrites at most the ratings piece of the list piece a recipe added or removed lies in", () => {
    fc.assert(
      fc.property(
        catalogArbitrary(9_000, 16_000),
        fc.boolean(),
        fc.nat(),
        fc.integer({ min: 3, max: 20 }),
        ({ ids, tallies }, adds, at, count) => {
          const changedIds = [...ids];
          const changedTallies = new Map(tallies);
          let changedId: number;
          if (adds) {
            changedId = 2_000_000 + at;
            changedIds.push(changedId);
            changedTallies.set(changedId, { count, sum: 4 * count });
          } else {
            changedId = ids[at % ids.length] as number;
            changedIds.splice(at % ids.length, 1);
            changedTallies.delete(changedId);
          }
          const before = stored(ids, tallies).blobs;
          const after = stored(changedIds, changedTallies).blobs;
          const sizes = [...parseMeta(before.meta).pieceSizes, ...parseMeta(after.meta).pieceSizes];
          // A forced cut moves with every recipe before it: the list pieces too change after it.
          fc.pre(sizes.every((size) => size < FORCED_CUT));
          expect(before.ratings.length).toBe(parseMeta(before.meta).pieceSizes.length);
          expect(after.ratings.length).toBe(parseMeta(after.meta).pieceSizes.length);
          const old = new Set(before.ratings);
          const changed = after.ratings.filter((text) => !old.has(text));
          // A recipe at a cut splits a list piece in two, or joins two: then two pieces are new.
          expect(changed.length).toBeLessThanOrEqual(pieceEndsAfter(changedId, 1) ? 2 : 1);
        },
      ),
      { numRuns: 12 },
    );
  });

  it("gives every recipe through the version the tally written for it, and no other recipe one", async () => {
    await fc.assert(
      fc.asyncProperty(catalogArbitrary(0, 14_000), async ({ ids, tallies }) => {
        const { recipes, blobs } = stored(ids, tallies);
        const texts = new Map<string, string>();
        const named = (kind: string, list: readonly string[]) =>
          list.map((text, index) => {
            const name = `${kind}/${index}`;
            texts.set(name, text);
            return name;
          });
        const layout = {
          meta: named("meta", [blobs.meta])[0] as string,
          nameOrder: named("nameOrder", blobs.nameOrder),
          cards: named("cards", blobs.cards),
          details: named("details", blobs.details),
          directory: named("directory", blobs.directory),
          names: named("names", blobs.names),
          matching: named("matching", blobs.matching),
          traits: named("traits", blobs.traits),
          locator: named("locator", blobs.locator),
          ratings: named("ratings", blobs.ratings),
          searchIndex: [],
          searchIndexVersion: SEARCH_INDEX_VERSION,
        };
        const textOf = async (name: string) => {
          const text = texts.get(name);
          if (text === undefined) throw new Error(`no blob ${name}`);
          return text;
        };
        const reader = { text: textOf, bytes: async (name: string) => new TextEncoder().encode(await textOf(name)) };
        const meta = parseMeta(blobs.meta);
        const version = openVersion(reader, "test", layout, meta);
        const positions = recipes.map((_, position) => position);
        const read = await version.ratingsAt(positions);
        const shown = new Map<number, RatingTally>();
        recipes.forEach(({ id }, position) => {
          const tally = tallies.get(id);
          if (tally && isShownTally(tally)) shown.set(position, tally);
        });
        expect([...read.keys()].sort((a, b) => a - b)).toEqual([...shown.keys()]);
        for (const [position, { count, sum }] of shown) {
          expect(read.get(position)).toEqual({ count, mean: sum / count });
        }
        // The sort by rating finds every shown recipe at its own position.
        const pieces = await Promise.all(
          Array.from({ length: version.ratingPieces }, (_, piece) => version.ratingPiece(piece)),
        );
        const order = buildRatingOrder(pieces, meta.pieceSizes, recipes.length);
        expect([...order.positions].sort((a, b) => a - b)).toEqual([...shown.keys()]);
        for (const position of positions) expect(order.rankOf[position] !== -1).toBe(shown.has(position));
      }),
      { numRuns: 8 },
    );
  });

  it("refuses a piece with an offset its list piece does not hold", () => {
    expect(readRatingPiece("[0,3,12,4,5,25]", 5).offsets).toEqual(new Int32Array([0, 4]));
    expect(() => readRatingPiece("[0,3,12,5,5,25]", 5)).toThrow(/malformed/);
    expect(() => readRatingPiece("[4,3,12,2,5,25]", 5)).toThrow(/malformed/);
    expect(() => readRatingPiece("[0,2,6]", 5)).toThrow(/malformed/);
  });
});
