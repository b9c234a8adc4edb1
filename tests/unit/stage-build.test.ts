/**
 * The version built from the stage in steps (catalog/sync/stage-build.ts,
 * stage-outcome.ts) is the one a read of everything builds in memory
 * (`planVersion(buildCatalog(...))` through readCatalog), byte for byte:
 * the same manifest hash, for catalogs of German names, several
 * categories, duplicate slugs, recipes with problems and publish times, cut
 * into several pieces and buckets; and the same skipped records and
 * publication statuses. A one-recipe change makes one piece again and
 * writes at most three keys.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMemoryStore } from "../../catalog/format/memory-store.ts";
import { idHash } from "../../catalog/format/stored-catalog.ts";
import { RECIPE_TYPES } from "../../catalog/recipes/categories.ts";
import { planVersion } from "../../catalog/sync/plan-version.ts";
import { desiredStatuses } from "../../catalog/sync/publication.ts";
import { readCatalog } from "../../catalog/sync/read-catalog.ts";
import { recipeDigest } from "../../catalog/sync/recipe-digest.ts";
import { coordinatorHarness } from "../model/coordinator-harness.ts";
import { MemoryPublications } from "../model/memory-publications.ts";
import { memorySource, RAW_INGREDIENT, rawRecipe } from "../stand-ins/raw-content.ts";
import { contentNameIn } from "./stored-version-checks.ts";

/** Ids whose hash ends a list piece (every 4,096th) or a bucket (every 64th), so a small catalog has several. */
const PIECE_ENDS = Array.from({ length: 400_000 }, (_, id) => id + 1).filter((id) => idHash(id) % 4096 === 0);
const BUCKET_ENDS = Array.from({ length: 20_000 }, (_, id) => id + 1).filter((id) => idHash(id) % 64 === 0);

const NAMES = ["Äpfel", "Apfel", "apfel", "Straße", "Strasse", "Öl-Kuchen", "Zwiebel", "10 Eier", "Café au lait"];
const DAY = 24 * 60 * 60 * 1000;
const START = Date.parse("2026-11-25T00:00:00Z");

interface Spec {
  id: number;
  name: string;
  slug: string;
  type: number;
  created: number;
  window: "none" | "scheduled" | "ended" | "open";
  broken: boolean;
}

const spec = (id: fc.Arbitrary<number>): fc.Arbitrary<Spec> =>
  fc.record({
    id,
    name: fc.tuple(fc.constantFrom(...NAMES), fc.nat(30)).map(([name, n]) => `${name} ${n}`),
    slug: fc.constantFrom("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"),
    type: fc.nat(RECIPE_TYPES.length - 1),
    created: fc.nat(1000),
    window: fc.constantFrom("none", "none", "none", "scheduled", "ended", "open"),
    broken: fc.boolean().map((broken) => broken && Math.random() < 0.3),
  });

function raw(recipe: Spec, updated: string | null = null): Record<string, unknown> {
  const times = {
    none: {},
    scheduled: { publish_at: new Date(START + 30 * DAY).toISOString() },
    ended: { unpublish_at: new Date(START - 30 * DAY).toISOString() },
    open: {
      publish_at: new Date(START - 30 * DAY).toISOString(),
      unpublish_at: new Date(START + 30 * DAY).toISOString(),
    },
  }[recipe.window];
  return {
    ...rawRecipe(recipe.id, 1, updated),
    name: recipe.name,
    slug: `${recipe.slug}-${recipe.id % 7}`,
    type: { name: RECIPE_TYPES[recipe.type] },
    date_created: new Date(Date.parse("2026-01-01T00:00:00Z") + recipe.created * 60_000).toISOString(),
    ...times,
    ...(recipe.broken ? { servings: 0 } : {}),
  };
}

const catalogs = fc.uniqueArray(
  spec(fc.oneof(fc.integer({ min: 1, max: 20_000 }), fc.constantFrom(...PIECE_ENDS), fc.constantFrom(...BUCKET_ENDS))),
  { selector: (recipe) => recipe.id, minLength: 1, maxLength: 120 },
);

function setup(recipes: Record<string, unknown>[]) {
  const held = { recipes: [...recipes].sort((a, b) => Number(a.id) - Number(b.id)), ingredients: [RAW_INGREDIENT] };
  const publications = new MemoryPublications();
  const store = createMemoryStore();
  const harness = coordinatorHarness({
    store,
    source: () => memorySource(() => held, 40),
    start: START,
    publications,
    // Small shares a step, so that every part of the build goes on across steps.
    limits: { piecesPerStep: 1, indexRecipesPerStep: 7, searchCharsPerStep: 1, settleMs: 0, maxSettleMs: 0 },
  });
  /** What a read of everything makes of the same records at the coordinator's time. */
  const whole = async () => {
    const read = await readCatalog(
      memorySource(() => held),
      () => {},
      harness.clock(),
    );
    return { read, hash: (await planVersion(read.built)).hash };
  };
  /** The content a version the coordinator published names, its delta aside. */
  const content = (manifest: string | undefined) => contentNameIn(store, manifest ?? "");
  return { held, harness, publications, whole, content };
}

describe("a version built from the stage in steps", () => {
  it("is the version a read of everything builds, with the same records left out and the same statuses", async () => {
    await fc.assert(
      fc.asyncProperty(catalogs, async (specs) => {
        const { harness, publications, whole, content } = setup(specs.map((recipe) => raw(recipe)));
        const view = await harness.run("publish", true);
        const expected = await whole();
        // The statuses' write-back, not the publishes at the publish times (a month away).
        await harness.settle(harness.clock() + 60_000);
        if (expected.read.built.catalog.recipes.length === 0) {
          expect(view.state).toBe("failed");
          return;
        }
        const summary = view.summary;
        expect(await content(summary?.manifest)).toBe(expected.hash);
        expect(summary?.skippedCount).toBe(expected.read.skipped.length);
        expect(summary?.skipped).toEqual(expected.read.skipped.slice(0, 100));
        const digests = new Map(expected.read.built.catalog.recipes.map((recipe) => [recipe.id, recipeDigest(recipe)]));
        const statuses = desiredStatuses(expected.read, digests).map(({ recipe, state, reason }) => ({
          recipe,
          state,
          reason,
        }));
        expect([...publications.rows.values()].map(({ recipe, state, reason }) => ({ recipe, state, reason }))).toEqual(
          expect.arrayContaining(statuses),
        );
        expect(publications.rows.size).toBe(statuses.length);
        harness.close();
      }),
      { numRuns: 40 },
    );
  });

  it("makes only the changed recipe's piece again, and a description's change writes at most three keys", async () => {
    // Several pieces: every id that ends one, and ids between them.
    const ids = [...PIECE_ENDS.slice(0, 6), ...Array.from({ length: 200 }, (_, index) => index * 97 + 5)];
    const specs: Spec[] = [...new Set(ids)].map((id) => ({
      id,
      name: `${NAMES[id % NAMES.length]} ${id}`,
      slug: `r${id}`,
      type: id % 3,
      created: id % 1000,
      window: "none",
      broken: false,
    }));
    const { held, harness, whole, content } = setup(specs.map((recipe) => raw(recipe)));
    const first = await harness.summary("publish");
    expect(first.built?.pieces).toBeGreaterThan(3);
    expect(first.built?.rebuilt).toBe(first.built?.pieces);
    const index = held.recipes.findIndex((recipe) => recipe.id === PIECE_ENDS[2]);
    const changed = held.recipes[index] as Record<string, unknown>;
    held.recipes[index] = { ...changed, description: "Neu.", date_updated: new Date(START + DAY).toISOString() };
    const second = await harness.summary("publish");
    expect(second.changes?.changed).toEqual([changed.slug]);
    expect(second.built).toMatchObject({ pieces: first.built?.pieces, rebuilt: 1 });
    // The card bucket, the manifest, the pointer.
    expect(second.writes).toBeLessThanOrEqual(3);
    expect(await content(second.manifest)).toBe((await whole()).hash);

    // A rename (the recipe moves, and its postings change), a recipe gone and one new: the postings and locator
    // rows kept from the builds before give the version a read of everything builds.
    const later = new Date(START + 2 * DAY).toISOString();
    const renamed = held.recipes[index + 1] as Record<string, unknown>;
    held.recipes[index + 1] = { ...renamed, name: "Apfelstrudel neu", date_updated: later };
    held.recipes.splice(index + 3, 1);
    held.recipes.push(raw({ ...(specs[0] as Spec), id: 30_001, slug: "neu", name: "Zwiebelkuchen" }, later));
    held.recipes.sort((a, b) => Number(a.id) - Number(b.id));
    const third = await harness.summary("publish");
    expect(third.status).toBe("published");
    expect(await content(third.manifest)).toBe((await whole()).hash);
  });
});
