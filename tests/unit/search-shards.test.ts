/**
 * The sharded search index (decision 0054): it answers what the whole index
 * answers, whatever the sizes of its pieces, the chunks it was built from
 * and the steps it was written in, with terms cut into parts (decision
 * 0072) or not; a query reads only its shards; a change to one recipe's
 * words rewrites only the shards of those words, and a recipe added or
 * removed only the part of a large term its number lies in.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { storedOrder } from "../../catalog/format/stored-catalog.ts";
import { RECIPE_TYPES, type RecipeType } from "../../catalog/recipes/categories.ts";
import { INGREDIENT_TYPES, type IngredientType } from "../../catalog/recipes/ingredient-types.ts";
import { MemoryPostings, termSortKey } from "../../catalog/search/engine/sharded-builder.ts";
import type { ShardedLayout } from "../../catalog/search/engine/sharded-format.ts";
import type { ShardedWriterState } from "../../catalog/search/engine/sharded-writer.ts";
import {
  addRecipes,
  buildSearchIndex,
  buildSearchShards,
  type IndexedRecipe,
  loadSearchIndex,
  openSearchShards,
  SEARCH_INDEX_VERSION,
  writeSearchShards,
} from "../../catalog/search/search-index.ts";
import type { IngredientKinds } from "../../catalog/search/search-words.ts";
import { createMemoryCatalogView } from "../../catalog/view/catalog-view.ts";
import { searchRecipes } from "../../catalog/view/queries.ts";
import { recipe as catalogRecipe } from "./catalog-fixture.ts";

const NAME_WORDS = ["Käse", "Spätzle", "Suppe", "Kürbissuppe", "Pasta", "mit", "Zucchini", "Rote", "Bete", "Soße"];
const INGREDIENTS = ["Zwiebel", "Knoblauch", "Tomate", "Tomaten", "Zucchini", "Feta", "Bergkäse", "Lachsfilet", "Reis"];
const CUISINES = ["Deutsch", "Italienisch", "Thailändisch"];

/**
 * Pieces far smaller than the site's, so a few dozen recipes make many shards and term pieces, and nearly
 * every term is cut into parts of a recipe or two.
 */
const TINY: ShardedLayout = {
  lengthPieceDocuments: 3,
  orderPieceNumbers: 2,
  shardChars: 6,
  partChars: 3,
  termPieceChars: 12,
};

const arbitraryRecipe: fc.Arbitrary<IndexedRecipe> = fc.record({
  name: fc
    .array(
      fc.oneof(
        fc.constantFrom(...NAME_WORDS),
        fc.string({ unit: fc.constantFrom("a", "e", "k", "s", "ü", "-", " ", "."), minLength: 1, maxLength: 7 }),
      ),
      { minLength: 1, maxLength: 5 },
    )
    .map((words) => words.join(" ")),
  ingredients: fc.uniqueArray(fc.constantFrom(...INGREDIENTS), { maxLength: 5 }),
  cuisine: fc.option(fc.constantFrom(...CUISINES)),
  type: fc.constantFrom<RecipeType>(...RECIPE_TYPES),
});
const recipes = fc.array(arbitraryRecipe, { maxLength: 40 });
/** Layouts from one that cuts nearly every term into parts of a document each to one that cuts none. */
const layouts: fc.Arbitrary<ShardedLayout> = fc.record({
  lengthPieceDocuments: fc.integer({ min: 1, max: 8 }),
  orderPieceNumbers: fc.integer({ min: 1, max: 8 }),
  shardChars: fc.constantFrom(4, 8, 16, 32, 64, 1024),
  partChars: fc.integer({ min: 1, max: 64 }),
  termPieceChars: fc.constantFrom(8, 32, 256),
});
/** Recipe numbers for a list: distinct, out of position order, with holes. */
const numbering = (count: number) => fc.uniqueArray(fc.nat(3 * count + 2), { minLength: count, maxLength: count });
const kinds: fc.Arbitrary<IngredientKinds> = fc
  .array(fc.subarray<IngredientType>([...INGREDIENT_TYPES], { maxLength: 2 }), {
    minLength: INGREDIENTS.length,
    maxLength: INGREDIENTS.length,
  })
  .map((lists) => new Map(INGREDIENTS.map((name, index) => [name, lists[index] ?? []])));
const query = fc.oneof(
  fc.constantFrom(
    ...NAME_WORDS,
    ...INGREDIENTS,
    ...CUISINES,
    "kase",
    "nudeln",
    "gemüse",
    "fisch",
    "suppe mit",
    "zuchini",
  ),
  fc
    .array(fc.constantFrom(...NAME_WORDS, ...INGREDIENTS, "sup", "kä", "tomat", "käse"), { minLength: 1, maxLength: 3 })
    .map((words) => words.join(" ")),
  fc.string({ unit: fc.constantFrom("a", "e", "k", "s", "ü", " ", "ä"), maxLength: 8 }),
);

/** Opens blobs held in memory, counting the reads of each place; `keptBitmapBytes` as openSearchShards takes it. */
function opened(blobs: readonly string[], keptChars: number, keptBitmapBytes?: number) {
  const reads = new Map<number, number>();
  const index = openSearchShards(
    blobs.length,
    async (place) => {
      reads.set(place, (reads.get(place) ?? 0) + 1);
      const text = blobs[place];
      if (text === undefined) throw new Error(`no blob ${place}`);
      return text;
    },
    keptChars,
    keptBitmapBytes,
  );
  return { index, reads };
}

describe("the sharded search index", () => {
  it("answers the same hits in the same order as the whole index, with and without a filter, whatever its layout and numbers", async () => {
    await fc.assert(
      fc.asyncProperty(
        recipes.chain((list) => fc.tuple(fc.constant(list), numbering(list.length))),
        kinds,
        fc.array(query, { minLength: 1, maxLength: 6 }),
        fc.nat(40),
        fc.func(fc.boolean()),
        fc.oneof(fc.constant(TINY), layouts),
        async ([list, numbers], kindsOf, queries, kept, keepSome, layout) => {
          const whole = loadSearchIndex(buildSearchIndex(list, kindsOf));
          const { index } = opened(await buildSearchShards(list, kindsOf, layout, numbers), kept);
          const sharded = await index;
          for (const words of queries) {
            const prepared = await sharded.prepare(words);
            expect(prepared.search(words).slice(), words).toEqual(whole.search(words).slice());
            const keep = (position: number) => keepSome(position);
            expect(prepared.search(words, keep).slice(), words).toEqual(whole.search(words, keep).slice());
          }
        },
      ),
    );
  });

  it("ranks hits when first sliced as at once, whatever queries ran, shards were let go and term bitmaps kept between (decision 0056)", async () => {
    await fc.assert(
      fc.asyncProperty(
        recipes,
        kinds,
        fc.array(fc.tuple(query, fc.boolean()), { minLength: 1, maxLength: 6 }),
        fc.nat(40),
        // Term bitmaps of 8 bytes (up to 64 recipes): none kept, one or two (so they are let go), or the default.
        fc.constantFrom(0, 8, 16, undefined),
        fc.func(fc.boolean()),
        fc.func(fc.boolean()),
        async (list, kindsOf, queries, kept, keptBitmapBytes, keepSome, flagSome) => {
          const whole = loadSearchIndex(buildSearchIndex(list, kindsOf));
          const sharded = await opened(await buildSearchShards(list, kindsOf, TINY), kept, keptBitmapBytes).index;
          const keep = (position: number) => keepSome(position);
          // Every query searched first, through the whole index and the sharded one, then sliced in reverse.
          const searched = [];
          for (const [words, filtered] of queries) {
            const prepared = await sharded.prepare(words);
            searched.push({
              words,
              filtered,
              hits: [
                whole.search(words, filtered ? keep : undefined),
                prepared.search(words, filtered ? keep : undefined),
              ],
            });
          }
          for (const { words, filtered, hits } of searched.reverse()) {
            // A filter keeps the unfiltered hits it keeps, in the same order (text-index.ts `search`).
            const expected = loadSearchIndex(buildSearchIndex(list, kindsOf))
              .search(words)
              .slice()
              .filter((hit) => !filtered || keep(hit.position));
            const flags = new Uint32Array(Math.ceil(list.length / 32));
            list.forEach((_, position) => {
              if (flagSome(position)) flags[position >>> 5] = (flags[position >>> 5] ?? 0) | (1 << (position & 31));
            });
            for (const found of hits) {
              const positions = new Set(expected.map((hit) => hit.position));
              expect(found.length, words).toBe(expected.length);
              expect(
                list.map((_, position) => found.has(position)),
                words,
              ).toEqual(list.map((_, position) => positions.has(position)));
              expect(found.countAmong(flags), words).toBe([...positions].filter((at) => flagSome(at)).length);
              expect(found.slice(), words).toEqual(expected);
            }
          }
        },
      ),
    );
  });

  it("writes the same blobs whatever chunks, in whatever order, the recipes came in", async () => {
    await fc.assert(
      fc.asyncProperty(recipes, kinds, fc.array(fc.nat(), { maxLength: 6 }), async (list, kindsOf, cuts) => {
        const places = [...new Set(cuts.map((cut) => cut % (list.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...places].map((start, at) =>
          list
            .slice(start, places[at] ?? list.length)
            .map((entry, offset) => ({ number: start + offset, recipe: entry })),
        );
        const postings = new MemoryPostings(list.map((_, position) => position));
        for (const chunk of chunks.reverse()) await addRecipes(chunk, kindsOf, postings);
        const blobs: string[] = [];
        await writeSearchShards(
          postings,
          ({ place, text }) => {
            blobs[place] = text;
          },
          { layout: TINY },
        );
        expect(blobs).toEqual(await buildSearchShards(list, kindsOf, TINY));
      }),
    );
  });

  it("writes the same blobs in steps, resumed from a stored state, as in one", async () => {
    await fc.assert(
      fc.asyncProperty(recipes, fc.nat(5), async (list, every) => {
        const postings = new MemoryPostings(list.map((_, position) => position));
        await addRecipes(
          list.map((entry, position) => ({ number: position, recipe: entry })),
          new Map(),
          postings,
        );
        const blobs: string[] = [];
        const emit = ({ place, text }: { place: number; text: string }) => {
          blobs[place] = text;
        };
        let shards = 0;
        const stop = () => ++shards % (every + 1) === 0;
        let steps = 1;
        let result = await writeSearchShards(postings, emit, { layout: TINY, stop });
        while (!result.done) {
          // As the coordinator would keep it between steps.
          const state = JSON.parse(JSON.stringify(result.state)) as ShardedWriterState;
          result = await writeSearchShards(postings, emit, { layout: TINY, stop, resume: state });
          steps++;
        }
        expect(blobs).toEqual(await buildSearchShards(list, new Map(), TINY));
        if (every === 0) expect(steps).toBeGreaterThanOrEqual(JSON.parse(blobs.at(-1) ?? "{}").shards.length);
      }),
    );
  });

  it("reads only the shards a query needs, keeps them within the budget, and refuses a query not prepared", async () => {
    const list = Array.from({ length: 400 }, (_, number) => ({
      name: `${NAME_WORDS[number % NAME_WORDS.length]} Nummer${number}`,
      ingredients: [INGREDIENTS[number % INGREDIENTS.length] ?? "Reis"],
      cuisine: CUISINES[number % CUISINES.length] ?? null,
    }));
    const layout = {
      lengthPieceDocuments: 100,
      orderPieceNumbers: 25,
      shardChars: 256,
      partChars: 64,
      termPieceChars: 512,
    };
    const blobs = await buildSearchShards(list, new Map(), layout);
    const header = JSON.parse(blobs.at(-1) ?? "{}") as { shards: [number, number, number][] };
    expect(header.shards.length).toBeGreaterThan(10);
    const shardPlaces = new Set(header.shards.map(([place]) => place));
    const budget = 1000;
    const { index, reads } = opened(blobs, budget);
    const sharded = await index;
    expect([...reads.keys()].filter((place) => shardPlaces.has(place))).toEqual([]);
    expect(() => sharded.search("feta")).toThrow(/not read/);

    const whole = loadSearchIndex(buildSearchIndex(list));
    // A word and its forms lie in one shard or two, kept when asked again; "nummer17" also finds "nummer1",
    // "nummer117" and every other term within two edits, which lie everywhere.
    const shardReads = () =>
      [...reads.entries()].reduce((sum, [place, count]) => sum + (shardPlaces.has(place) ? count : 0), 0);
    for (const [words, most] of [
      ["feta", 1],
      ["feta", 0],
      ["nummer17", header.shards.length - 1],
      ["suppe", 2],
      ["zwiebel reis", 3],
      ["nummer3", header.shards.length - 1],
    ] as const) {
      const before = shardReads();
      expect((await sharded.prepare(words)).search(words).slice()).toEqual(whole.search(words).slice());
      expect(shardReads() - before, words).toBeLessThanOrEqual(most);
      expect(sharded.keptChars).toBeLessThanOrEqual(budget + Math.max(...header.shards.map(([, , chars]) => chars)));
    }
    // A prepared index keeps its shards while other queries let them go.
    const feta = await sharded.prepare("feta");
    await sharded.prepare("nummer17");
    await sharded.prepare("nummer3");
    const before = shardReads();
    expect(feta.search("feta").slice()).toEqual(whole.search("feta").slice());
    expect(shardReads()).toBe(before);
  });

  it("rewrites no blob when no recipe's indexed words change, and few when one recipe's ingredients do", async () => {
    const list: IndexedRecipe[] = Array.from({ length: 3000 }, (_, number) => ({
      name: `${NAME_WORDS[number % NAME_WORDS.length]} ${number % 7 === 0 ? "Ofen" : "Pfanne"} ${number}`,
      ingredients: INGREDIENTS.filter((_, at) => (number >> at) % 3 === 0),
      cuisine: CUISINES[number % CUISINES.length] ?? null,
    }));
    const layout = {
      lengthPieceDocuments: 1024,
      orderPieceNumbers: 256,
      shardChars: 2048,
      partChars: 512,
      termPieceChars: 2048,
    };
    const before = await buildSearchShards(list, new Map(), layout);
    expect(
      await buildSearchShards(
        list.map((entry) => ({ ...entry })),
        new Map(),
        layout,
      ),
    ).toEqual(before);

    const changed = list.map((entry, position) =>
      position === 1500
        ? { ...entry, ingredients: [...entry.ingredients.filter((name) => name !== "Feta"), "Feta", "Safran"] }
        : entry,
    );
    const after = await buildSearchShards(changed, new Map(), layout);
    const header = JSON.parse(before.at(-1) ?? "{}") as { shards: unknown[]; terms: unknown[] };
    expect(header.shards.length).toBeGreaterThan(20);
    const kept = new Set(before);
    const written = after.filter((blob) => !kept.has(blob));
    // The header, the lengths piece, a term piece for the new word "safran", and the shards of "feta" and
    // "safran" (each maybe with the one a forced cut moved).
    expect(written.length).toBeLessThanOrEqual(7);
  });

  it("rewrites few blobs when a recipe numbered by id is added or removed anywhere in the order (decision 0061)", async () => {
    const list: IndexedRecipe[] = Array.from({ length: 3000 }, (_, number) => ({
      name: `${NAME_WORDS[number % NAME_WORDS.length]} ${number % 7 === 0 ? "Ofen" : "Pfanne"} ${number}`,
      ingredients: INGREDIENTS.filter((_, at) => (number >> at) % 3 === 0),
      cuisine: CUISINES[number % CUISINES.length] ?? null,
    }));
    // Ids out of position order, as a catalog sorted by category and name holds them.
    const ids = list.map((_, position) => ((position * 1237) % list.length) + 1);
    const layout = {
      lengthPieceDocuments: 1024,
      orderPieceNumbers: 256,
      shardChars: 2048,
      partChars: 512,
      termPieceChars: 2048,
    };
    const before = await buildSearchShards(list, new Map(), layout, ids);
    const header = JSON.parse(before.at(-1) ?? "{}") as { shards: unknown[]; order: unknown[] };
    expect(header.shards.length).toBeGreaterThan(20);
    expect(header.order.length).toBeGreaterThan(5);
    const writtenAfter = async (recipes: IndexedRecipe[], numbers: number[]) => {
      const kept = new Set(before);
      return (await buildSearchShards(recipes, new Map(), layout, numbers)).filter((blob) => !kept.has(blob)).length;
    };
    const added: IndexedRecipe = { name: "Pfanne Safran 9999", ingredients: ["Feta"], cuisine: null };
    // The header, a lengths piece, one or two order pieces, a term piece for "safran" and "9999", and the shards of
    // "pfanne", "safran", "9999" and "feta" (each maybe with the one a forced cut moved).
    expect(
      await writtenAfter(
        [...list.slice(0, 10), added, ...list.slice(10)],
        [...ids.slice(0, 10), 3001, ...ids.slice(10)],
      ),
    ).toBeLessThanOrEqual(13);
    // A removed recipe leaves a hole in its lengths piece: the header, that piece, one or two order pieces, a term
    // piece for its number that no other name holds, and its terms' shards.
    const removed = list[10] as IndexedRecipe;
    const removedTerms = 3 + removed.ingredients.length + (removed.cuisine ? 1 : 0);
    expect(
      await writtenAfter([...list.slice(0, 10), ...list.slice(11)], [...ids.slice(0, 10), ...ids.slice(11)]),
    ).toBeLessThanOrEqual(5 + removedTerms);
    // Numbered by position, the same addition rewrites most of the index.
    const byPosition = await buildSearchShards(list, new Map(), layout);
    const kept = new Set(byPosition);
    const movedAll = await buildSearchShards([...list.slice(0, 10), added, ...list.slice(10)], new Map(), layout);
    expect(movedAll.filter((blob) => !kept.has(blob)).length).toBeGreaterThan(header.shards.length / 2);
  });

  it("is what the view searches with when published, with the same results as the whole index", async () => {
    const recipes = [
      catalogRecipe({ name: "Käsespätzle", ingredients: ["Spätzle", "Bergkäse"] }),
      catalogRecipe({ name: "Linsensuppe", ingredients: ["Linsen", "Zwiebel"] }),
      catalogRecipe({ name: "Zwiebelkuchen", ingredients: ["Zwiebel", "Speck"] }),
      catalogRecipe({ name: "Tomatensuppe", ingredients: ["Tomaten"] }),
    ];
    const ordered = storedOrder(recipes);
    const catalog = { recipes, ingredients: [], categories: [] };
    const sharded = createMemoryCatalogView("sharded", catalog, await buildSearchShards(ordered, new Map(), TINY));
    const whole = createMemoryCatalogView("whole", catalog, buildSearchIndex(ordered));
    for (const term of ["zwiebel", "suppe", "kase", "spaetzle", "linsen zwiebel", "nichts"]) {
      expect((await searchRecipes(sharded, term)).slice(), term).toEqual((await searchRecipes(whole, term)).slice());
    }
    expect((await searchRecipes(sharded, "zwiebel")).length).toBe(2);
  });

  it("orders terms by their sort keys as JavaScript orders them, where code points would not", () => {
    const compareKeys = (a: Uint8Array, b: Uint8Array) => {
      for (let at = 0; at < Math.min(a.length, b.length); at++) {
        if (a[at] !== b[at]) return (a[at] ?? 0) - (b[at] ?? 0);
      }
      return a.length - b.length;
    };
    const compareStrings = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.string({ unit: "binary" }), (a, b) => {
        expect(Math.sign(compareKeys(termSortKey(a), termSortKey(b)))).toBe(compareStrings(a, b));
      }),
    );
    // The pair SQLite's TEXT order puts the other way round.
    expect(compareKeys(termSortKey("🍕"), termSortKey("\uFFFD"))).toBeLessThan(0);
  });

  it("rewrites only the part of a large term a recipe added or removed lies in, not the whole term (decision 0072)", async () => {
    // Every recipe is a soup: the category's token is in every recipe, a term far larger than a shard.
    const list: IndexedRecipe[] = Array.from({ length: 3000 }, (_, number) => ({
      name: `${NAME_WORDS[number % NAME_WORDS.length]} ${number % 7 === 0 ? "Ofen" : "Pfanne"} ${number}`,
      ingredients: INGREDIENTS.filter((_, at) => (number >> at) % 3 === 0),
      cuisine: CUISINES[number % CUISINES.length] ?? null,
      type: "SOUP",
    }));
    const ids = list.map((_, position) => ((position * 1237) % list.length) + 1);
    const layout = {
      lengthPieceDocuments: 256,
      orderPieceNumbers: 256,
      shardChars: 512,
      partChars: 256,
      termPieceChars: 2048,
    };
    const before = await buildSearchShards(list, new Map(), layout, ids);
    const header = (blobs: readonly string[]) =>
      JSON.parse(blobs.at(-1) ?? "{}") as {
        lengths: number[];
        order: [number, number][];
        terms: [number, number][];
        shards: [number, number, number][];
        parts?: [number, number[], [number, number][]][];
      };
    /** The blobs of postings (shards and parts) `after` has that `before` has not, by characters. */
    const postingBlobsWritten = (after: readonly string[]) => {
      const kept = new Set(before);
      const { lengths, order, terms } = header(after);
      const other = new Set([...lengths, ...order.map(([place]) => place), ...terms.map(([place]) => place)]);
      return after
        .map((blob, place) => ({ blob, place }))
        .filter(({ blob, place }) => !kept.has(blob) && !other.has(place) && place !== after.length - 1)
        .map(({ blob }) => blob.length);
    };
    const added: IndexedRecipe = { name: "Pfanne Safran 9999", ingredients: ["Feta"], cuisine: null, type: "SOUP" };
    const afterAdd = postingBlobsWritten(
      await buildSearchShards([...list.slice(0, 10), added, ...list.slice(10)], new Map(), layout, [
        ...ids.slice(0, 10),
        3001,
        ...ids.slice(10),
      ]),
    );
    const afterRemoval = postingBlobsWritten(
      await buildSearchShards([...list.slice(0, 10), ...list.slice(11)], new Map(), layout, [
        ...ids.slice(0, 10),
        ...ids.slice(11),
      ]),
    );
    for (const written of [afterAdd, afterRemoval]) {
      // Each a shard or a part within its bound (four times its target), never the token's whole postings;
      // a blob for each of its terms (the token's part, "pfanne", "safran", "9999", "feta"), one more where
      // a cut or a forced one moved.
      expect(written.length).toBeGreaterThan(0);
      expect(Math.max(...written)).toBeLessThanOrEqual(4 * layout.shardChars + 16);
      expect(written.length).toBeLessThanOrEqual(12);
    }
    // The token is cut: a term of every recipe, in parts of a few hundred recipes.
    const token = (header(before).parts ?? []).find(([, holders]) => holders[4] === list.length);
    expect(token?.[2].length).toBeGreaterThan(4);
  });

  it("refuses blobs that are not an index of this version", async () => {
    const blobs = await buildSearchShards([{ name: "Kartoffelsuppe", ingredients: ["Kartoffel"], cuisine: null }]);
    const header = JSON.parse(blobs.at(-1) ?? "{}") as { version: number; shards: [number, number, number][] };
    const older = [...blobs.slice(0, -1), JSON.stringify({ ...header, version: SEARCH_INDEX_VERSION - 1 })];
    await expect(opened(older, 1e6).index).rejects.toThrow(/version/);
    const [place = 0] = header.shards[0] ?? [];
    const cut = blobs.map((blob, at) => (at === place ? blob.slice(0, -1) : blob));
    await expect(opened(cut, 1e6).index).rejects.toThrow();
    await expect(opened(["{}"], 1e6).index).rejects.toThrow();
  });
});
