/**
 * A sync of a large catalog from a real Directus: a scratch CMS (started by
 * the caller) filled with synthetic recipes through the admin API, then a
 * timed publish by the catalog coordinator (its real code on node:sqlite)
 * into a fresh local KV, and a second one over the same content.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import type { CatalogStore } from "../../catalog/format/storage.ts";
import { createDirectusSource } from "../../catalog/sync/directus-source.ts";
import { PUBLISH_ON_SAVE_FLOW } from "../../cms/flows.ts";
import { coordinatorHarness } from "../../tests/model/coordinator-harness.ts";
import { connectAdmin } from "../cms/directus-admin.ts";
import { idsByName, recipeItem } from "../cms/seed.ts";
import { LOCAL_ADMIN } from "../local-stack/directus.ts";
import { syntheticRecipes } from "./catalog.ts";

export interface DirectusSyncBench {
  recipes: number;
  fillSeconds: number;
  syncSeconds: number;
  writes: number;
  /** A second run over the same content. */
  resyncSeconds: number;
  resyncWrites: number;
}

const BATCH = 250;

/**
 * Fills the scratch Directus at `directusUrl` up to `count` recipes and times two syncs of it.
 * It adds recipes for good: run it after anything that needs the plain seed.
 */
export async function benchDirectusSync(
  directusUrl: string,
  count: number,
  log: (line: string) => void,
): Promise<DirectusSyncBench> {
  const kvDir = mkdtempSync(join(tmpdir(), "bench-kv-"));
  const platform = await getPlatformProxy<{ CATALOG: CatalogStore }>({
    configPath: "wrangler.toml",
    persist: { path: kvDir },
  });
  try {
    const admin = await connectAdmin(directusUrl, LOCAL_ADMIN);
    const ids = { types: await idsByName(admin, "RecipeType"), ingredients: await idsByName(admin, "ingredient") };
    const seeded = (await admin.request<unknown[]>("GET", "/items/recipe?fields=id&limit=-1")).length;
    // The publish-on-save flow would run (and log a run) once per synthetic recipe, still
    // writing while the sync is timed; this bench measures the sync, not editing.
    await admin.request("PATCH", `/flows/${PUBLISH_ON_SAVE_FLOW.id}`, { status: "inactive" });

    const fillStarted = Date.now();
    const recipes = syntheticRecipes(count - seeded);
    for (let start = 0; start < recipes.length; start += BATCH) {
      await admin.request(
        "POST",
        "/items/recipe",
        recipes.slice(start, start + BATCH).map((recipe) =>
          recipeItem({ ...recipe, slug: `${recipe.slug}-bench`, instructionList: recipe.steps }, ids, {
            servings: recipe.servings,
            lines: recipe.ingredientLines.map(({ name, ...line }) => ({ ingredient: name, ...line })),
          }),
        ),
      );
      log(`bench: filled ${Math.min(start + BATCH, recipes.length) + seeded}/${count} recipes`);
    }
    const fillSeconds = (Date.now() - fillStarted) / 1000;

    const harness = coordinatorHarness({
      store: platform.env.CATALOG,
      source: () => createDirectusSource({ url: directusUrl }),
    });
    let started = Date.now();
    const first = await harness.summary();
    const syncSeconds = (Date.now() - started) / 1000;
    started = Date.now();
    const second = await harness.summary();
    harness.close();
    return {
      recipes: first.recipes,
      fillSeconds,
      syncSeconds,
      writes: first.writes,
      resyncSeconds: (Date.now() - started) / 1000,
      resyncWrites: second.writes,
    };
  } finally {
    await platform.dispose();
    rmSync(kvDir, { recursive: true, force: true });
  }
}
