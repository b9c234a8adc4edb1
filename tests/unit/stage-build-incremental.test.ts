/**
 * A publish after changes that move no recipe (its ingredients, cuisine,
 * description, image) takes the locator and search index shards of the
 * build before whose content did not change, by their hash, instead of
 * making them again (catalog/sync/stage-build.ts); the version is the one
 * a coordinator that builds everything from nothing publishes. The search
 * index's pieces are small here, so a few dozen recipes make many shards.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMemoryStore } from "../../catalog/format/memory-store.ts";
import { RECIPE_TYPES } from "../../catalog/recipes/categories.ts";
import type { ShardedLayout } from "../../catalog/search/engine/sharded-format.ts";
import { coordinatorHarness } from "../model/coordinator-harness.ts";
import { memorySource, RAW_INGREDIENT, rawRecipe } from "../stand-ins/raw-content.ts";

const TINY: ShardedLayout = { lengthPieceDocuments: 4, shardChars: 64, termPieceChars: 64 };
const INGREDIENTS = ["Wasser", "Zwiebel", "Knoblauch", "Tomate", "Reis", "Feta"];
const NAMES = ["Kürbissuppe", "Linsen-Eintopf", "Pasta mit Feta", "Tomatenreis", "Zwiebelkuchen", "Käsespätzle"];
const START = Date.parse("2026-11-25T00:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

interface Spec {
  id: number;
  name: number;
  type: number;
  ingredients: number[];
  cuisine: number;
  image: number;
  description: number;
}

const spec = (id: fc.Arbitrary<number>): fc.Arbitrary<Spec> =>
  fc.record({
    id,
    name: fc.nat(NAMES.length - 1),
    type: fc.nat(RECIPE_TYPES.length - 1),
    ingredients: fc.uniqueArray(fc.nat(INGREDIENTS.length - 1), { minLength: 1, maxLength: 4 }),
    cuisine: fc.nat(2),
    image: fc.nat(3),
    description: fc.nat(3),
  });

function raw(recipe: Spec, updated: string | null = null): Record<string, unknown> {
  return {
    ...rawRecipe(recipe.id, recipe.description, updated),
    name: `${NAMES[recipe.name]} ${recipe.id}`,
    slug: `rezept-${recipe.id}`,
    type: { name: RECIPE_TYPES[recipe.type] },
    cuisine: ["Deutsch", "Italienisch", null][recipe.cuisine],
    image: recipe.image === 0 ? null : `Bild-${recipe.id}-${recipe.image}`,
    ingredients: recipe.ingredients.map((ingredient, index) => ({
      ingredient_id: { name: INGREDIENTS[ingredient] },
      amount: "100.000",
      unit: "g",
      note: null,
      sort: index + 1,
    })),
  };
}

const ingredients = INGREDIENTS.map((name, index) => ({ ...RAW_INGREDIENT, id: index + 1, name }));

function harnessOver(held: { recipes: Record<string, unknown>[]; ingredients: Record<string, unknown>[] }) {
  return coordinatorHarness({
    store: createMemoryStore(),
    source: () => memorySource(() => held, 40),
    start: START,
    // Small shares a step, so that every part of the build goes on across steps.
    limits: {
      piecesPerStep: 1,
      locatorShardsPerStep: 1,
      indexRecipesPerStep: 7,
      searchCharsPerStep: 200,
      searchLayout: TINY,
      settleMs: 0,
      maxSettleMs: 0,
    },
  });
}

/** An edit that moves no recipe: its ingredients, cuisine, image or description. */
const edit = fc.record({
  at: fc.nat(),
  ingredients: fc.option(fc.uniqueArray(fc.nat(INGREDIENTS.length - 1), { minLength: 1, maxLength: 4 })),
  cuisine: fc.option(fc.nat(2)),
  image: fc.option(fc.nat(3)),
  description: fc.option(fc.nat(3)),
});

describe("a build after changes that move no recipe", () => {
  it("takes the shards that did not change and publishes what a build from nothing does", async () => {
    let taken = { search: 0, locator: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(spec(fc.integer({ min: 1, max: 5_000 })), {
          selector: (recipe) => recipe.id,
          minLength: 1,
          maxLength: 60,
        }),
        fc.array(fc.array(edit, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
        async (specs, rounds) => {
          const current = [...specs].sort((a, b) => a.id - b.id);
          const held = { recipes: current.map((recipe) => raw(recipe)), ingredients };
          const harness = harnessOver(held);
          const first = await harness.summary("publish");
          expect(first.built?.searchShards?.taken).toBe(0);
          for (const [round, edits] of rounds.entries()) {
            const updated = new Date(START + (round + 1) * DAY).toISOString();
            for (const change of edits) {
              const at = change.at % current.length;
              const before = current[at] as Spec;
              const after: Spec = {
                ...before,
                ingredients: change.ingredients ?? before.ingredients,
                cuisine: change.cuisine ?? before.cuisine,
                image: change.image ?? before.image,
                description: change.description ?? before.description,
              };
              current[at] = after;
              held.recipes[at] = raw(after, updated);
            }
            harness.advance(DAY);
            const summary = await harness.summary("publish");
            const fresh = harnessOver({ recipes: held.recipes, ingredients });
            fresh.advance(harness.clock() - START);
            const expected = await fresh.summary("publish");
            fresh.close();
            expect(summary.manifest).toBe(expected.manifest);
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
  });
});
