import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CatalogMeta,
  type LocatorShard,
  locatorShardCount,
  locatorShardOfId,
  locatorShardOfImage,
  locatorShardOfSlug,
  nameOrderPieceTexts,
  readNameOrder,
  storeCatalog,
  storedOrder,
} from "../../catalog/format/stored-catalog.ts";
import { RECIPE_TYPES } from "../../catalog/recipes/categories.ts";
import type { CatalogRecipe } from "../../catalog/recipes/types.ts";
import { recipe } from "./catalog-fixture.ts";

const NAMES = ["Äpfel", "apfel", "Zucchini", "Öl", "Ofen", "ofen", "Soße", "Sosse", "Ei", "eis", "Bete", "Béchamel"];

const recipesArbitrary = fc
  .uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: 100_000 }),
      name: fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 6 })),
      type: fc.constantFrom(...RECIPE_TYPES),
    }),
    { selector: (entry) => entry.id, maxLength: 300 },
  )
  .map((entries) => entries.map((entry) => recipe(entry)));

describe("a stored version", () => {
  it("places every recipe in German name order as one sort of all of them would", () => {
    const collator = new Intl.Collator("de");
    fc.assert(
      fc.property(recipesArbitrary, (recipes) => {
        const ordered = storedOrder(recipes);
        const stored = storeCatalog({ recipes: ordered, ingredients: [], categories: [] });
        const byName = ordered
          .map((_, position) => position)
          .sort((a, b) => {
            const [x, y] = [ordered[a] as CatalogRecipe, ordered[b] as CatalogRecipe];
            return collator.compare(x.name, y.name) || x.id - y.id;
          });
        const meta = JSON.parse(stored.meta) as CatalogMeta;
        const places = readNameOrder(stored.nameOrder.join(""), meta.typeRanges);
        expect(byName.map((position) => places[position])).toEqual(byName.map((_, place) => place));
      }),
    );
  });

  it("refuses a name order that names a category more often than it holds recipes, or fewer recipes", () => {
    const ordered = storedOrder([
      recipe({ id: 1, name: "Suppe", type: "SOUP" }),
      recipe({ id: 2, name: "Pizza", type: "PIZZA" }),
    ]);
    const stored = storeCatalog({ recipes: ordered, ingredients: [], categories: [] });
    const { typeRanges } = JSON.parse(stored.meta) as CatalogMeta;
    expect(readNameOrder(stored.nameOrder.join(""), typeRanges)).toEqual([1, 0]);
    expect(() => readNameOrder("00", typeRanges)).toThrow(/more often/);
    expect(() => readNameOrder("0", typeRanges)).toThrow(/1 of 2/);
  });

  it("cuts the name order so that a recipe added or removed changes at most two pieces", () => {
    // Small pieces, so that a few hundred recipes make many; runs with a forced cut (four times the target
    // without a boundary) are left out: there a cut moves with what came before it.
    const every = 8;
    const entries = fc.uniqueArray(
      fc.tuple(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: RECIPE_TYPES.length - 1 })),
      { selector: ([id]) => id, minLength: 1, maxLength: 300, size: "max" },
    );
    fc.assert(
      fc.property(entries, fc.nat(), fc.boolean(), fc.integer({ min: 0, max: 8 }), (list, at, adds, type) => {
        const place = at % (list.length + 1);
        const changed = [...list];
        if (adds) changed.splice(place, 0, [100_001 + at, type]);
        else changed.splice(place % list.length, 1);
        const before = nameOrderPieceTexts(list, every);
        const after = nameOrderPieceTexts(changed, every);
        fc.pre([...before, ...after].every((piece) => piece.length < 4 * every));
        expect(before.join("").length).toBe(list.length);
        expect(after.join("").length).toBe(changed.length);
        const old = new Set(before);
        expect(after.filter((piece) => !old.has(piece)).length).toBeLessThanOrEqual(2);
      }),
      { numRuns: 300 },
    );
  });

  it("says where each category lies and how many recipes each bucket holds, covering every recipe once", () => {
    fc.assert(
      fc.property(recipesArbitrary, (recipes) => {
        const ordered = storedOrder(recipes);
        const meta = JSON.parse(
          storeCatalog({ recipes: ordered, ingredients: [], categories: [] }).meta,
        ) as CatalogMeta;
        expect(meta.bucketSizes.reduce((sum, size) => sum + size, 0)).toBe(recipes.length);
        let next = 0;
        for (const { type, start, end } of meta.typeRanges) {
          expect(start).toBe(next);
          expect(ordered.slice(start, end).every((entry) => entry.type === type)).toBe(true);
          next = end;
        }
        expect(next).toBe(recipes.length);
      }),
    );
  });

  it("lists every slug and id once in the locator shard its hash names, with the last recipe of its bucket", () => {
    fc.assert(
      fc.property(recipesArbitrary, fc.integer({ min: 0, max: 3 }), (recipes, doublings) => {
        // Larger catalogs without larger arbitraries: copies under other ids and slugs.
        const grown = Array.from({ length: 2 ** doublings }, (_, copy) =>
          recipes.map((entry) => ({ ...entry, id: entry.id + copy * 100_000, slug: `${entry.slug}-${copy}` })),
        ).flat();
        const ordered = storedOrder(grown);
        const stored = storeCatalog({ recipes: ordered, ingredients: [], categories: [] });
        const meta = JSON.parse(stored.meta) as CatalogMeta;
        const shards = stored.locator.map((text) => JSON.parse(text) as LocatorShard);
        expect(shards).toHaveLength(locatorShardCount(grown.length));
        // Each recipe's bucket, by the id of the bucket's last recipe.
        const bucketEnd = new Map<number, number>();
        let position = 0;
        meta.bucketSizes.forEach((size, bucket) => {
          const last = ordered[position + size - 1] as CatalogRecipe;
          expect(meta.bucketEnds[bucket]).toBe(last.id);
          for (const entry of ordered.slice(position, position + size)) bucketEnd.set(entry.id, last.id);
          position += size;
        });
        const slugsSeen = shards.flatMap((shard) => shard.slugs);
        const idsSeen = shards.flatMap((shard) => shard.ids);
        expect(slugsSeen).toHaveLength(grown.length);
        expect(idsSeen).toHaveLength(grown.length);
        for (const entry of grown) {
          const bySlug = shards[locatorShardOfSlug(entry.slug, shards.length)] as LocatorShard;
          const at = bySlug.slugs.indexOf(entry.slug);
          expect(bySlug.slugIds[at]).toBe(entry.id);
          expect(bySlug.slugBuckets[at]).toBe(bucketEnd.get(entry.id));
          const byId = shards[locatorShardOfId(entry.id, shards.length)] as LocatorShard;
          expect(byId.idBuckets[byId.ids.indexOf(entry.id)]).toBe(bucketEnd.get(entry.id));
          if (entry.image) {
            const image = entry.image.toLowerCase();
            expect(shards[locatorShardOfImage(image, shards.length)]?.images).toContain(image);
          }
        }
        for (const shard of shards) expect(shard.slugs).toEqual([...shard.slugs].sort());
      }),
      { numRuns: 30 },
    );
  });
});
