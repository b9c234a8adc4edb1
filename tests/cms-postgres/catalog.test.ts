import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createMemoryStore } from "../../catalog/format/memory-store.ts";
import { readPointer } from "../../catalog/format/storage.ts";
import { createDirectusSource } from "../../catalog/sync/directus-source.ts";
import { createCatalogCache } from "../../catalog/view/catalog-cache.server.ts";
import { readPublished, readWholeRecipes } from "../../catalog/view/published-catalog.ts";
import { searchRecipes } from "../../catalog/view/queries.ts";
import { SEED_DIR, type SeedIngredient, type SeedRecipe } from "../../scripts/cms/seed.ts";
import { directusUrl } from "../cms/directus-clients.ts";
import { coordinatorHarness } from "../model/coordinator-harness.ts";

/**
 * The catalog coordinator (workers/sync/, on node:sqlite) reads the seeded
 * Directus on Postgres into an in-memory KV: the whole seed arrives, with its ingredient lists,
 * categories and tags read through the junction tables.
 */

const seedRecipes = JSON.parse(readFileSync(join(SEED_DIR, "recipes.json"), "utf8")) as SeedRecipe[];
const seedIngredients = JSON.parse(readFileSync(join(SEED_DIR, "ingredients.json"), "utf8")) as SeedIngredient[];

describe("the catalog sync from Directus on Postgres", () => {
  const store = createMemoryStore();
  const harness = coordinatorHarness({
    store,
    source: () => createDirectusSource({ url: directusUrl(), pageSize: 50 }),
  });
  const sync = () => harness.summary();

  it("publishes every seeded recipe and ingredient, none skipped", async () => {
    expect(seedRecipes).toHaveLength(89);
    const summary = await sync();
    expect(summary).toMatchObject({
      status: "published",
      recipes: 89,
      ingredients: seedIngredients.length,
      skipped: [],
    });

    const pointer = await readPointer(store);
    expect(pointer?.manifest).toBe(summary.manifest);
    const live = await readPublished(store, summary.manifest);
    const recipes = await readWholeRecipes(live);
    for (const seed of seedRecipes) {
      const recipe = recipes.find((entry) => entry.slug === seed.slug);
      expect(recipe, seed.slug).toMatchObject({
        name: seed.name,
        type: seed.type,
        totalTime: seed.totalTime,
        vegan: seed.vegan,
      });
      expect([...(recipe?.ingredients ?? [])].sort()).toEqual([...seed.ingredients].sort());
      expect([...(recipe?.optionalIngredients ?? [])].sort()).toEqual([...seed.optionalIngredients].sort());
      expect(recipe?.image).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number.isNaN(Date.parse(recipe?.published ?? ""))).toBe(false);
    }
    for (const seed of seedIngredients) {
      const ingredient = live.meta.ingredients.find((entry) => entry.name === seed.name);
      expect(ingredient, seed.name).toMatchObject({ type: seed.type, vegan: seed.vegan });
      expect([...(ingredient?.tags ?? [])].sort()).toEqual([...seed.tags].sort());
    }
    // The published index itself, not one rebuilt from the recipes.
    expect(live.searchIndexBlobs()).not.toBeNull();
    const catalog = await createCatalogCache().get(store);
    if (!catalog) throw new Error("nothing is live");
    const found = (await searchRecipes(catalog, "spatzle")).slice();
    const names = (await catalog.recipesAt(found.map((result) => result.position))).map((recipe) => recipe.name);
    expect(names).toContain("Käsespätzle aus der Pfanne");
  });

  it("writes nothing on a second run", async () => {
    const before = store.writes;
    expect((await sync()).status).toBe("unchanged");
    expect(store.writes).toBe(before);
  });
});
