/**
 * A publish over a base packs the blobs it adds into one delta pack
 * (decision 0069). Over any sequence of recipes added, removed and edited
 * (in anything: name, category, ingredients, image), published one round
 * after another, every answer a page reads through the version the
 * coordinator publishes (base and pack) must be the answer of a version a
 * fresh coordinator writes in full from the same catalog: searches with
 * their scores, ingredient matches, category lists, name and time order,
 * the random pick, the locator by slug, id and image, the sitemap's range,
 * counts and meta, every card and recipe. With a bound small enough, the
 * pack is folded into the base (written in full) and the answers stay the
 * same. A publish over a base writes at most three keys while its pack
 * fits, a version names the same content a full write does, and a pack
 * that is missing or not what the manifest names fails to open.
 */
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { packedText, packText, readPack } from "../../catalog/format/blob-pack.ts";
import { createMemoryStore } from "../../catalog/format/memory-store.ts";
import { blobKey, type CatalogStore, readManifest } from "../../catalog/format/storage.ts";
import { RECIPE_TYPES } from "../../catalog/recipes/categories.ts";
import { buildCatalog } from "../../catalog/sync/build-catalog.ts";
import { contentName } from "../../catalog/sync/delta-packing.ts";
import { publishWithoutCoordinator } from "../../catalog/sync/plan-version.ts";
import { createCatalogCache } from "../../catalog/view/catalog-cache.server.ts";
import { type CatalogView, createCatalogView } from "../../catalog/view/catalog-view.ts";
import { readPublished } from "../../catalog/view/published-catalog.ts";
import { matchIngredients, pickRandomRecipe, recipesOfType, searchRecipes } from "../../catalog/view/queries.ts";
import { coordinatorHarness } from "../model/coordinator-harness.ts";
import { liveInOlderFormat } from "../stand-ins/older-format-version.ts";
import { memorySource } from "../stand-ins/raw-content.ts";
import { recipe } from "./catalog-fixture.ts";
import {
  applyChanges,
  catalogChange,
  denseSpecs,
  heldCatalog,
  INGREDIENT_NAMES,
  RAW_INGREDIENTS,
  RECIPE_NAMES,
  type RecipeSpec,
  randomSpecs,
  rawRecipeOf,
  TINY_SEARCH_LAYOUT,
} from "./random-catalog.ts";

const QUERIES = ["suppe", "feta", "tomate reis", "zwiebl", "käse", "linsen eintopf", "italienisch", "kuchen", "12"];
const START = Date.parse("2026-11-25T00:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
/** Longer than the catalog cache's recheck interval (5 s). */
const AFTER_RECHECK_MS = 6_000;

function harnessOver(
  held: { recipes: Record<string, unknown>[]; ingredients: Record<string, unknown>[] },
  store: CatalogStore,
  packChars?: number,
) {
  return coordinatorHarness({
    store,
    source: () => memorySource(() => held, 40),
    start: START,
    limits: {
      searchLayout: TINY_SEARCH_LAYOUT,
      settleMs: 0,
      maxSettleMs: 0,
      ...(packChars === undefined ? {} : { packChars }),
    },
  });
}

const change = catalogChange(fc.integer({ min: 1, max: 80 }));

/** Every answer the site's pages read of a version, for the slugs, ids and images asked about. */
async function everyAnswer(view: CatalogView, asked: { slugs: string[]; ids: number[]; images: string[] }) {
  const all = Array.from({ length: view.count }, (_, position) => position);
  const search = [];
  for (const query of QUERIES) {
    const results = await searchRecipes(view, query);
    const index = await view.searchIndex(query);
    search.push({ query, results: results.slice(0, results.length), scored: index.search(query).slice() });
  }
  const matches = [];
  for (const chosen of [["Tomate"], ["Zwiebel", "Reis"], ["Feta", "Wasser", "Knoblauch"]]) {
    const found = await matchIngredients(view, chosen, ["Reis"]);
    matches.push({ chosen, found: found.slice(0, found.length), counts: found.chosen });
  }
  const lists = [];
  for (const type of RECIPE_TYPES) {
    const list = await recipesOfType(view, type);
    lists.push({ type, range: view.typeRange(type), positions: list.slice(0, list.length) });
  }
  const lookup = await view.ingredientLookup();
  const draws = [0, 0.13, 0.5, 0.77, 0.999];
  const directory = await view.directoryRange(0, view.count);
  const random = [];
  for (const draw of draws) random.push((await pickRandomRecipe(view, {}, () => draw))?.slug);
  return {
    count: view.count,
    ingredients: view.ingredients,
    categories: view.categories,
    newest: view.newest,
    overview: view.ingredientOverview(),
    cards: await view.cardsAt(all),
    recipes: await view.recipesAt(all),
    search,
    matches,
    lists,
    nameOrder: Array.from(lookup.positionAtPlace),
    timeThenName: Array.from(lookup.timeThenName),
    random,
    slugs: await Promise.all(asked.slugs.map((slug) => view.positionOfSlug(slug))),
    ids: await Promise.all(asked.ids.map((id) => view.positionOfId(id))),
    images: await Promise.all(asked.images.map((image) => view.hasImage(image))),
    sitemap: all.map((position) => [directory.slugAt(position), directory.imageAt(position)]),
  };
}

describe("a version over a base and its delta pack", () => {
  it("answers every page as a full write of the same catalog does, before and after the pack is folded in", async () => {
    const seen = { packed: 0, folded: 0, publishes: 0 };
    await fc.assert(
      fc.asyncProperty(
        randomSpecs(fc.integer({ min: 1, max: 80 }), 30),
        fc.array(fc.array(change, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 }),
        // The bound: from one that folds nearly every delta in to one that never does.
        fc.constantFrom(4_000, 12_000, 40_000, 4_000_000),
        async (specs, rounds, packChars) => {
          const current = [...specs].sort((a, b) => a.id - b.id);
          const held = heldCatalog(current);
          const store = createMemoryStore();
          const harness = harnessOver(held, store, packChars);
          const first = await harness.summary("publish");
          // A first publish starts with an empty delta.
          expect((await readManifest(store, first.manifest)).delta).toBeUndefined();
          const asked = { slugs: [] as string[], ids: [] as number[], images: [] as string[] };
          for (const recipe of specs) asked.ids.push(recipe.id);
          for (const [round, edits] of rounds.entries()) {
            const updated = new Date(START + (round + 1) * DAY).toISOString();
            for (const made of applyChanges(current, held.recipes, edits, updated)) {
              if (made.kind === "add") asked.ids.push(made.recipe.id);
            }
            for (const recipe of held.recipes) {
              asked.slugs.push(String(recipe.slug));
              if (typeof recipe.image === "string") asked.images.push(recipe.image.toLowerCase());
            }
            harness.advance(DAY);
            const summary = await harness.summary("publish", true);
            const manifest = await readManifest(store, summary.manifest);
            const freshStore = createMemoryStore();
            const fresh = harnessOver({ recipes: held.recipes, ingredients: RAW_INGREDIENTS }, freshStore);
            fresh.advance(harness.clock() - START);
            const full = await fresh.summary("publish", true);
            fresh.close();
            // The invariant: what a version holds is a function of the catalog; where its blobs lie, of the publishes.
            expect(await contentName(summary.manifest, manifest)).toBe(full.manifest);
            seen.publishes += 1;
            if (manifest.delta) {
              seen.packed += 1;
              expect(summary.status === "unchanged" || summary.writes <= 3).toBe(true);
              expect((await store.get(blobKey(manifest.delta.pack), { type: "text" }))?.length).toBeLessThanOrEqual(
                packChars,
              );
            } else if (summary.status === "published") {
              seen.folded += 1;
            }
            const unique = {
              slugs: [...new Set(asked.slugs)],
              ids: [...new Set(asked.ids)],
              images: [...new Set(asked.images)],
            };
            const answers = await everyAnswer(createCatalogView(await readPublished(store, summary.manifest)), unique);
            const fullAnswers = await everyAnswer(
              createCatalogView(await readPublished(freshStore, full.manifest)),
              unique,
            );
            for (const key of Object.keys(fullAnswers) as (keyof typeof fullAnswers)[]) {
              expect(answers[key], key).toEqual(fullAnswers[key]);
            }
          }
          harness.close();
        },
      ),
      { numRuns: 25 },
    );
    // Not an empty property: versions were published over a pack, and packs were folded into a full write.
    expect(seen.packed).toBeGreaterThan(0);
    expect(seen.folded).toBeGreaterThan(0);
  }, 120_000);

  it("writes an added and a removed recipe in three keys: the pack, the manifest and the pointer", async () => {
    const specs = denseSpecs(30, (index) => [index % INGREDIENT_NAMES.length, (index + 2) % INGREDIENT_NAMES.length]);
    const held = heldCatalog(specs);
    const store = createMemoryStore();
    const harness = harnessOver(held, store);
    const first = await harness.summary("publish");
    expect(first.writes).toBeGreaterThan(3);
    harness.advance(DAY);
    held.recipes.push(rawRecipeOf({ ...(specs[14] as RecipeSpec), id: 31 }, new Date(START + DAY).toISOString()));
    const added = await harness.summary("publish");
    harness.advance(DAY);
    held.recipes.splice(7, 1);
    const removed = await harness.summary("publish");
    for (const summary of [added, removed]) {
      expect(summary.status).toBe("published");
      expect(summary.writes).toBe(3);
      expect((await readManifest(store, summary.manifest)).delta?.blobs.length).toBeGreaterThan(2);
    }
    // Nothing changed: the same pack, the same version, nothing written.
    harness.advance(DAY);
    const again = await harness.summary("publish");
    expect(again).toMatchObject({ status: "unchanged", manifest: removed.manifest, writes: 0 });
    harness.close();
  });

  it("never opens a version whose pack is missing or is not the one its manifest names: the isolate keeps the base", async () => {
    const specs = denseSpecs(12);
    const held = heldCatalog(specs);
    const store = createMemoryStore();
    const harness = harnessOver(held, store);
    const base = await harness.summary("publish");
    let now = 0;
    const isolate = createCatalogCache(() => now);
    expect((await isolate.get(store))?.version).toBe(base.manifest);
    harness.advance(DAY);
    held.recipes.push(rawRecipeOf({ ...(specs[3] as RecipeSpec), id: 13 }, new Date(START + DAY).toISOString()));
    const added = await harness.summary("publish");
    harness.close();
    const delta = (await readManifest(store, added.manifest)).delta;
    if (!delta) throw new Error("test: the add was not packed");
    const text = (await store.get(blobKey(delta.pack), { type: "text" })) as string;
    await expect(readPublished(store, added.manifest)).resolves.toBeDefined();

    // A pack KV lost: an isolate that serves the base keeps it and says so; a cold one fails, never empty.
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await store.delete(blobKey(delta.pack));
    now += AFTER_RECHECK_MS;
    expect((await isolate.get(store))?.version).toBe(base.manifest);
    expect(errors.mock.calls.some(([line]) => String(line).includes('"event":"catalog.version-unreadable"'))).toBe(
      true,
    );
    await expect(createCatalogCache(() => now).get(store)).rejects.toThrow(/missing/);
    errors.mockRestore();
    // Written again (the coordinator repairs a key KV lost): the isolate takes the version.
    await store.put(blobKey(delta.pack), text);
    now += 60_000;
    expect((await isolate.get(store))?.version).toBe(added.manifest);

    await store.put(blobKey(delta.pack), text.slice(0, -1));
    await expect(readPublished(store, added.manifest)).rejects.toThrow(/pack/);
    await store.put(blobKey(delta.pack), `${text}x`);
    await expect(readPublished(store, added.manifest)).rejects.toThrow(/pack/);
    await store.put(blobKey(delta.pack), "not a pack");
    await expect(readPublished(store, added.manifest)).rejects.toThrow(/pack/);
    await store.delete(blobKey(delta.pack));
    await expect(readPublished(store, added.manifest)).rejects.toThrow(/missing/);
  });

  it("starts with an empty delta after a change of format: the publish that follows writes in full", async () => {
    const specs = denseSpecs(12);
    const held = heldCatalog(specs);
    const store = createMemoryStore();
    const harness = harnessOver(held, store);
    await harness.summary("publish");
    harness.advance(DAY);
    held.recipes.push(rawRecipeOf({ ...(specs[3] as RecipeSpec), id: 13 }, new Date(START + DAY).toISOString()));
    const added = await harness.summary("publish");
    const addedManifest = await readManifest(store, added.manifest);
    const packed = addedManifest.delta?.blobs ?? [];
    expect(packed.length).toBeGreaterThan(1);
    // A deploy of code with another catalog format: the live version is the format before.
    await liveInOlderFormat(harness.db, store, harness.clock());
    harness.restart();
    harness.advance(DAY);
    const full = await harness.summary("publish");
    harness.close();
    const manifest = await readManifest(store, full.manifest);
    expect(manifest.delta).toBeUndefined();
    expect(full.manifest).toBe(await contentName(added.manifest, addedManifest));
    // The blobs that lay in the pack now have keys of their own.
    for (const hash of packed) expect(await store.get(blobKey(hash), { type: "text" })).not.toBeNull();
    expect(full.writes).toBeGreaterThanOrEqual(packed.length + 2);
  });

  it("is written alike by a publish without the coordinator (tests, benches) when asked to pack", async () => {
    const recipes = Array.from({ length: 40 }, (_, index) =>
      recipe({
        name: `${RECIPE_NAMES[index % RECIPE_NAMES.length]} ${index}`,
        type: RECIPE_TYPES[index % RECIPE_TYPES.length],
      }),
    );
    const store = createMemoryStore();
    await publishWithoutCoordinator(store, buildCatalog(recipes.slice(0, -1), []));
    const packed = await publishWithoutCoordinator(store, buildCatalog(recipes, []), new Date(), {
      packChars: 4_000_000,
    });
    const fullStore = createMemoryStore();
    const full = await publishWithoutCoordinator(fullStore, buildCatalog(recipes, []));
    const manifest = await readManifest(store, packed.manifest);
    expect(manifest.delta?.blobs.length).toBeGreaterThan(1);
    expect(packed.writes).toBe(3);
    expect(await contentName(packed.manifest, manifest)).toBe(full.manifest);
    const asked = { slugs: recipes.map(({ slug }) => slug), ids: recipes.map(({ id }) => id), images: [] };
    expect(await everyAnswer(createCatalogView(await readPublished(store, packed.manifest)), asked)).toEqual(
      await everyAnswer(createCatalogView(await readPublished(fullStore, full.manifest)), asked),
    );
  });

  it("packs a set of blobs to one text whatever their order, and reads back exactly what was packed", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.stringMatching(/^[0-9a-f]{1,8}$/), fc.string({ unit: "grapheme" })), (blobs) => {
        const entries = Object.entries(blobs);
        const text = packText(new Map(entries));
        expect(packText(new Map([...entries].reverse()))).toBe(text);
        const bytes = new TextEncoder().encode(text);
        const read = readPack(bytes, Object.keys(blobs));
        expect(Object.fromEntries([...read].map(([hash, blob]) => [hash, packedText(blob)]))).toEqual(blobs);
        if (entries.length > 0) expect(() => readPack(bytes, Object.keys(blobs).slice(1))).toThrow(/pack/);
        expect(() => readPack(bytes.subarray(0, -1), Object.keys(blobs))).toThrow(/pack/);
      }),
    );
  });
});
