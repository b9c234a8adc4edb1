import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { manifestKey, POINTER_KEY, readManifest, readPointer } from "../../catalog/format/storage.ts";
import { SEARCH_INDEX_VERSION } from "../../catalog/search/search-index.ts";
import { createCatalogCache } from "../../catalog/view/catalog-cache.server.ts";
import { recipeBySlug, searchRecipes } from "../../catalog/view/queries.ts";
import { publishRecipes, recipe } from "./catalog-fixture.ts";

const RECIPES = [
  recipe({ id: 1, slug: "spaetzle", name: "Käsespätzle", ingredients: ["Spätzle", "Käse"] }),
  recipe({ id: 2, slug: "linsensuppe", name: "Linsensuppe", type: "SOUP", ingredients: ["Linsen", "Möhre"] }),
];

/**
 * Makes the live version look as if an older sync had published it: same
 * catalog and index blobs, but a manifest with another search index version.
 */
async function pretendOlderIndex(): Promise<void> {
  const pointer = await readPointer(env.CATALOG);
  if (!pointer) throw new Error("nothing published");
  const manifest = await readManifest(env.CATALOG, pointer.manifest);
  const older = `${pointer.manifest}-older`;
  await env.CATALOG.put(
    manifestKey(older),
    JSON.stringify({ ...manifest, searchIndexVersion: SEARCH_INDEX_VERSION - 1 }),
  );
  await env.CATALOG.put(POINTER_KEY, JSON.stringify({ ...pointer, manifest: older }));
}

/** The live version as a fresh isolate loads it. */
async function loadFresh() {
  const loaded = await createCatalogCache().get(env.CATALOG);
  if (!loaded) throw new Error("nothing published");
  return loaded;
}

async function namesFound(loaded: Awaited<ReturnType<typeof loadFresh>>, term: string): Promise<string[]> {
  const found = (await searchRecipes(loaded, term)).slice();
  return (await loaded.recipesAt(found.map((result) => result.position))).map((recipe) => recipe.name);
}

describe("catalog cache", () => {
  beforeAll(() => publishRecipes(RECIPES));

  it("answers pages and name search from the published version", async () => {
    const loaded = await loadFresh();
    expect((await recipeBySlug(loaded, "linsensuppe"))?.name).toBe("Linsensuppe");
    expect(await namesFound(loaded, "spatzle")).toEqual(["Käsespätzle"]);
  });

  it("still searches when the published index was built by other code (deployed before the next sync)", async () => {
    await pretendOlderIndex();
    const loaded = await loadFresh();
    expect(loaded.version).toMatch(/-older$/);
    // The catalog is served as it is; the index is rebuilt from its recipes.
    expect(loaded.count).toBe(2);
    expect(await namesFound(loaded, "spatzle")).toEqual(["Käsespätzle"]);
  });
});
