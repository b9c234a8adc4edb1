/**
 * The parts of the staged build (catalog/sync/stage-build.ts) that read the
 * stage back in SQL, against what the catalog built in memory makes: the
 * search index written from the stage's postings (by recipe id, positions
 * joined in, a page at a time, the write stopped after every shard and
 * resumed) is the index written from postings in memory; and a locator
 * shard's range of keys holds exactly the hashes `hash % shards` puts in it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RECIPE_TYPES } from "../../catalog/recipes/categories.ts";
import type { ShardedLayout } from "../../catalog/search/engine/sharded-format.ts";
import type { ShardedWriterState } from "../../catalog/search/engine/sharded-writer.ts";
import {
  addRecipes,
  type IndexedRecipe,
  recipeNumbers,
  writeSearchShards,
  writeSearchShardsInMemory,
} from "../../catalog/search/search-index.ts";
import { locatorKey, locatorRange, SourceStage } from "../../catalog/sync/source-stage.ts";
import { openNodeSql } from "../model/node-sql.ts";

/** Small pieces, so a few hundred recipes make many shards and term pieces. */
const LAYOUT: ShardedLayout = {
  lengthPieceDocuments: 64,
  orderPieceNumbers: 32,
  shardChars: 512,
  partChars: 128,
  termPieceChars: 256,
};

const WORDS = ["Apfel", "Birne", "Kuchen", "Suppe", "Zwiebel", "Äpfel", "Straße", "🍕", "\uFFFD", "Öl", "Brot"];

function recipeAt(index: number): IndexedRecipe {
  const word = (n: number) => WORDS[(index * 7 + n * 3) % WORDS.length] as string;
  return {
    name: `${word(0)} ${word(1)} ${index % 13}`,
    ingredients: [word(2), word(3), `Zutat ${index % 29}`],
    cuisine: index % 2 === 0 ? "Deutsch" : "Italienisch",
    type: RECIPE_TYPES[index % RECIPE_TYPES.length] ?? "DISH",
  };
}

describe("the staged build's SQL reads", () => {
  it.each([
    ["by id", 1],
    ["by position, the ids too sparse", 1_000],
  ] as const)(
    "write the search index the postings in memory write, numbered %s, stopped after every shard",
    async (_, apart) => {
      const db = openNodeSql();
      const stage = new SourceStage(db);
      const count = 700;
      // Ids out of the order of positions: postings name ids (or positions, joined in), and the order pieces give
      // each its position.
      const ids = Array.from({ length: count }, (_, position) => ((position * 389) % count) * 3 * apart + 1);
      ids.forEach((id, position) => {
        db.exec("INSERT INTO build_recipe (position, id) VALUES (?, ?)", position, id);
      });
      const recipes = ids.map((_, position) => recipeAt(position));
      const kinds = new Map();
      stage.prepareSearch("test");
      for (let start = 0; start < count; start += 100) {
        const chunk = recipes.slice(start, start + 100).map((recipe, offset) => ({
          number: ids[start + offset] as number,
          recipe,
        }));
        const digests = new Map(chunk.map(({ number }) => [number, "d"]));
        await addRecipes(chunk, kinds, { add: (indexed) => stage.putSearchDocs(digests, indexed) });
      }
      const expected: string[] = [];
      await writeSearchShardsInMemory(
        recipes,
        kinds,
        ({ place, text }) => {
          expected[place] = text;
        },
        LAYOUT,
        recipeNumbers(ids),
      );
      const byId = stage.searchNumbering(false);
      expect(byId).toBe(apart === 1);

      const written: string[] = [];
      let resume: ShardedWriterState | undefined;
      let calls = 0;
      for (;;) {
        calls++;
        const result = await writeSearchShards(
          stage.searchSource(byId),
          ({ place, text }) => {
            written[place] = text;
          },
          { layout: LAYOUT, stop: () => true, ...(resume ? { resume } : {}) },
        );
        if (result.done) break;
        resume = JSON.parse(JSON.stringify(result.state)) as ShardedWriterState;
      }
      expect(calls).toBeGreaterThan(5);
      expect(written).toEqual(expected);
      db.close();
    },
  );

  it("find a locator shard's recipes in one range of keys, for any power-of-two count", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 0, max: 12 }), (hash, bits) => {
        const shards = 2 ** bits;
        const { from, to } = locatorRange(hash % shards, shards);
        const key = locatorKey(hash);
        expect(key >= from && key < to).toBe(true);
        expect(to - from).toBe(2 ** (32 - bits));
      }),
    );
  });
});
