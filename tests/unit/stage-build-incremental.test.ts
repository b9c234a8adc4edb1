/**
 * A publish after changes takes the locator and search index shards of the
 * build before whose content did not change, by their hash, instead of
 * making them again (catalog/sync/stage-build.ts); the version is the one
 * a coordinator that builds everything from nothing publishes (less the
 * delta that says which of its blobs lie in a pack, decision 0069). First after
 * changes that move no recipe (its ingredients, cuisine, description,
 * image), then after recipes added, removed, renamed and moved to another
 * category in any order (the search index names recipes by id, decision
 * 0061), where every search answers what a fresh publish's and an index
 * built whole over the catalog in its order answer. The search index's
 * pieces are small here, so a few dozen recipes make many shards.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMemoryStore } from "../../catalog/format/memory-store.ts";
import { type CatalogStore, readManifest } from "../../catalog/format/storage.ts";
import { buildSearchIndex, loadSearchIndex } from "../../catalog/search/search-index.ts";
import { contentName } from "../../catalog/sync/delta-packing.ts";
import { createCatalogView } from "../../catalog/view/catalog-view.ts";
import { readPublished, readWholeRecipes } from "../../catalog/view/published-catalog.ts";
import { coordinatorHarness } from "../model/coordinator-harness.ts";
import { memorySource } from "../stand-ins/raw-content.ts";
import {
  applyChanges,
  catalogChange,
  denseSpecs,
  heldCatalog,
  INGREDIENT_NAMES,
  RAW_INGREDIENTS,
  type RecipeSpec,
  randomSpecs,
  rawRecipeOf,
  TINY_SEARCH_LAYOUT,
} from "./random-catalog.ts";

const START = Date.parse("2026-11-25T00:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

/**
 * The name a full write gives the version a manifest names: a publish over
 * a base packs its new blobs into a delta (decision 0069), and what the
 * catalog alone decides is the manifest without it.
 */
async function contentNameIn(store: CatalogStore, manifest: string): Promise<string> {
  return contentName(manifest, await readManifest(store, manifest));
}

function harnessOver(
  held: { recipes: Record<string, unknown>[]; ingredients: Record<string, unknown>[] },
  store: CatalogStore = createMemoryStore(),
) {
  return coordinatorHarness({
    store,
    source: () => memorySource(() => held, 40),
    start: START,
    // Small shares a step, so that every part of the build goes on across steps.
    limits: {
      piecesPerStep: 1,
      locatorShardsPerStep: 1,
      indexRecipesPerStep: 7,
      searchCharsPerStep: 200,
      searchLayout: TINY_SEARCH_LAYOUT,
      settleMs: 0,
      maxSettleMs: 0,
    },
  });
}

/** An edit that moves no recipe: its ingredients, cuisine, image or description. */
const edit = fc.record({
  at: fc.nat(),
  ingredients: fc.option(fc.uniqueArray(fc.nat(INGREDIENT_NAMES.length - 1), { minLength: 1, maxLength: 4 })),
  cuisine: fc.option(fc.nat(2)),
  image: fc.option(fc.nat(3)),
  description: fc.option(fc.nat(3)),
});

describe("a build after changes that move no recipe", () => {
  it("takes the shards that did not change and publishes what a build from nothing does", async () => {
    let taken = { search: 0, locator: 0 };
    await fc.assert(
      fc.asyncProperty(
        randomSpecs(fc.integer({ min: 1, max: 5_000 }), 60),
        fc.array(fc.array(edit, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
        async (specs, rounds) => {
          const current = [...specs].sort((a, b) => a.id - b.id);
          const held = heldCatalog(current);
          const store = createMemoryStore();
          const harness = harnessOver(held, store);
          const first = await harness.summary("publish");
          expect(first.built?.searchShards?.taken).toBe(0);
          for (const [round, edits] of rounds.entries()) {
            const updated = new Date(START + (round + 1) * DAY).toISOString();
            for (const change of edits) {
              const at = change.at % current.length;
              const before = current[at] as RecipeSpec;
              const after: RecipeSpec = {
                ...before,
                ingredients: change.ingredients ?? before.ingredients,
                cuisine: change.cuisine ?? before.cuisine,
                image: change.image ?? before.image,
                description: change.description ?? before.description,
              };
              current[at] = after;
              held.recipes[at] = rawRecipeOf(after, updated);
            }
            harness.advance(DAY);
            const summary = await harness.summary("publish");
            const fresh = harnessOver({ recipes: held.recipes, ingredients: RAW_INGREDIENTS });
            fresh.advance(harness.clock() - START);
            const expected = await fresh.summary("publish");
            fresh.close();
            expect(await contentNameIn(store, summary.manifest)).toBe(expected.manifest);
            taken = {
              search: taken.search + (summary.built?.searchShards?.taken ?? 0),
              locator: taken.locator + (summary.built?.locatorShards?.taken ?? 0),
            };
          }
          harness.close();
        },
      ),
      { numRuns: 25 },
    );
    // Not an empty property: shards were taken.
    expect(taken.search).toBeGreaterThan(0);
    expect(taken.locator).toBeGreaterThan(0);
  }, 60_000);
});

/** A change that may move recipes: one added, one removed, or one edited in anything, its name and category too. */
const change = catalogChange(
  fc.integer({ min: 1, max: 5_000 }),
  // An id far beyond the others: the index numbers by position while it is published (numbersById).
  fc.integer({ min: 100_000, max: 100_050 }),
);

/** Queries over the names, ingredients, cuisines, kinds and categories the recipes hold, typed and mistyped. */
const QUERIES = [
  "kürbissuppe",
  "suppe",
  "feta",
  "tomate reis",
  "zwiebl",
  "pasta mit",
  "käse",
  "linsen eintopf",
  "knob",
  "italienisch",
  "kuchen",
  "gemüse",
  "12",
  "rezept",
];

/** Every query's hits (position, words, score) through the search index of the version `manifest` names. */
async function answers(store: CatalogStore, manifest: string) {
  const version = await readPublished(store, manifest);
  const view = createCatalogView(version);
  const answered = [];
  for (const query of QUERIES) {
    const index = await view.searchIndex(query);
    const hits = index.search(query);
    answered.push({ query, count: hits.length, hits: hits.slice() });
  }
  return { answered, recipes: await readWholeRecipes(version), kinds: view.ingredientKinds() };
}

/** Thirty recipes with ids 1–30, and one more with the next id: the example that always keeps shards. */
const DENSE_CATALOG = denseSpecs(30);
const ADDED_LATE: RecipeSpec = { id: 31, name: 0, type: 0, ingredients: [0], cuisine: 0, image: 0, description: 0 };

describe("a build after recipes came, went and moved", () => {
  it("answers every search as a fresh publish and an index built whole over the catalog do", async () => {
    let taken = 0;
    let changes = 0;
    await fc.assert(
      fc.asyncProperty(
        // Some catalogs hold an id far beyond the others from the start, and number by position throughout.
        randomSpecs(fc.oneof(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 100_000, max: 100_050 })), 40),
        fc.array(fc.array(change, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
        async (specs, rounds) => {
          const current = [...specs].sort((a, b) => a.id - b.id);
          const held = heldCatalog(current);
          const store = createMemoryStore();
          const harness = harnessOver(held, store);
          await harness.summary("publish");
          for (const [round, edits] of rounds.entries()) {
            const updated = new Date(START + (round + 1) * DAY).toISOString();
            changes += applyChanges(current, held.recipes, edits, updated).length;
            harness.advance(DAY);
            const summary = await harness.summary("publish", true);
            const freshStore = createMemoryStore();
            const fresh = harnessOver({ recipes: held.recipes, ingredients: RAW_INGREDIENTS }, freshStore);
            fresh.advance(harness.clock() - START);
            const expected = await fresh.summary("publish", true);
            fresh.close();
            expect(await contentNameIn(store, summary.manifest)).toBe(expected.manifest);
            taken += summary.built?.searchShards?.taken ?? 0;

            const published = await answers(store, summary.manifest);
            expect(published.answered).toEqual((await answers(freshStore, expected.manifest)).answered);
            // The oracle names recipes by position alone: an index over the catalog's recipes in stored order.
            const whole = loadSearchIndex(buildSearchIndex(published.recipes, published.kinds));
            for (const { query, count, hits } of published.answered) {
              const wholeHits = whole.search(query);
              expect(count, query).toBe(wholeHits.length);
              expect(hits, query).toEqual(wholeHits.slice());
            }
          }
          harness.close();
        },
      ),
      // Random catalogs often change every shard (or number by position), so one example always keeps some:
      // ids 1–30 and a recipe added with the next id leave the shards of terms it lacks as they were.
      { numRuns: 15, examples: [[DENSE_CATALOG, [[{ kind: "add", recipe: { ...ADDED_LATE } }]]]] },
    );
    // Not an empty property: recipes came and went, and shards were taken across them.
    expect(changes).toBeGreaterThan(0);
    expect(taken).toBeGreaterThan(0);
  }, 60_000);
});
