/**
 * How a version lies in KV since format 3 (app/lib/catalog/stored-catalog.ts):
 * meta, list pieces and detail buckets, written by the real publish code into
 * this Worker's KV and read back by the real reader. A change to one recipe
 * writes its bucket and list piece, not every piece after it; a bucket that
 * cannot be read costs the page that needs it, not the site.
 */
import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createCatalogCache } from "../../app/lib/catalog/catalog-cache.server.ts";
import { readPublished, readWholeRecipes } from "../../app/lib/catalog/published-catalog.ts";
import { blobKey, type CatalogStore, readManifest } from "../../app/lib/catalog/storage.ts";
import { comparableRecipe } from "../../app/lib/catalog/stored-catalog.ts";
import type { CatalogRecipe } from "../../app/lib/catalog/types.ts";
import { RECIPE_TYPES } from "../../app/lib/categories.ts";
import { buildCatalog } from "../../workers/sync/build-catalog.ts";
import { publish } from "../../workers/sync/publish.ts";
import { ingredientRecords, recipe } from "./catalog-fixture.ts";

const ORIGIN = "http://localhost:8787";
const INGREDIENTS = ["Tomate", "Zwiebel", "Knoblauch", "Nudeln", "Reis", "Ei"];

/** This Worker's KV, with its writes counted. */
function countingStore(): CatalogStore & { writes: number } {
  const kv = env.CATALOG;
  const store = {
    writes: 0,
    get: kv.get.bind(kv) as CatalogStore["get"],
    put: async (key: string, value: string) => {
      store.writes += 1;
      await kv.put(key, value);
    },
    delete: (key: string) => kv.delete(key),
  };
  return store;
}

/** `count` recipes over every category, enough for several buckets. */
function manyRecipes(count: number, edit: (entry: CatalogRecipe) => CatalogRecipe = (entry) => entry): CatalogRecipe[] {
  return Array.from({ length: count }, (_, index) =>
    edit(
      recipe({
        id: index + 1,
        slug: `rezept-${index + 1}`,
        name: `Rezept ${index + 1}`,
        type: RECIPE_TYPES[index % RECIPE_TYPES.length],
        ingredients: [INGREDIENTS[index % INGREDIENTS.length] ?? "Ei", INGREDIENTS[(index * 7) % 5] ?? "Ei"].filter(
          (name, at, all) => all.indexOf(name) === at,
        ),
      }),
    ),
  );
}

async function publishVersion(store: CatalogStore, recipes: readonly CatalogRecipe[], now: Date) {
  const result = await publish(store, buildCatalog([...recipes], ingredientRecords(recipes)), { now });
  return { ...result, hash: result.manifest, manifest: await readManifest(env.CATALOG, result.manifest) };
}

/**
 * Publishes `count` recipes at `start`, then the same a minute later with
 * recipe `id` edited: both versions, and the KV writes of the second publish.
 */
async function publishEdit(count: number, id: number, start: number, edit: (entry: CatalogRecipe) => CatalogRecipe) {
  const store = countingStore();
  const before = await publishVersion(store, manyRecipes(count), new Date(start));
  store.writes = 0;
  const after = await publishVersion(
    store,
    manyRecipes(count, (entry) => (entry.id === id ? edit(entry) : entry)),
    new Date(start + 60_000),
  );
  return { before, after, writes: store.writes };
}

/** The hashes in `after` that `before` does not have. */
const added = (before: readonly string[], after: readonly string[]) => after.filter((hash) => !before.includes(hash));

describe("a published version", () => {
  it("gives every recipe back whole, whatever characters its text holds", async () => {
    const text = fc.string({ unit: "binary", maxLength: 60 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ description: text, steps: fc.array(text, { maxLength: 3 }), note: text }), {
          minLength: 1,
          maxLength: 30,
        }),
        async (texts) => {
          const recipes = manyRecipes(texts.length, (entry) => {
            const own = texts[entry.id - 1];
            return {
              ...entry,
              description: own?.description ?? null,
              steps: own?.steps ?? [],
              ingredientLines: entry.ingredientLines.map((line) => ({ ...line, note: own?.note.slice(0, 40) ?? null })),
            };
          });
          const { manifest } = await publish(env.CATALOG, buildCatalog(recipes, ingredientRecords(recipes)));
          const version = await readPublished(env.CATALOG, manifest);
          const whole = await readWholeRecipes(env.CATALOG, version);
          expect(whole.map(comparableRecipe).sort()).toEqual(recipes.map(comparableRecipe).sort());
          // The way a page reads them: one line of a bucket at a time.
          const view = await createCatalogCache().get(env.CATALOG);
          if (!view) throw new Error("nothing is live");
          const read = await view.withDetails(view.recipes);
          expect(read.map(comparableRecipe).sort()).toEqual(recipes.map(comparableRecipe).sort());
        },
      ),
      { numRuns: 15 },
    );
  });

  it("writes one bucket and one list piece when a recipe's steps change", async () => {
    const { before, after, writes } = await publishEdit(1_500, 700, Date.UTC(2027, 1, 1), (entry) => ({
      ...entry,
      steps: [...entry.steps, "Mit Knoblauch bestreuen."],
    }));
    expect(before.manifest.details.length).toBeGreaterThan(10);
    expect(added(before.manifest.details, after.manifest.details)).toHaveLength(1);
    // The piece names its buckets by content.
    expect(added(before.manifest.list, after.manifest.list)).toHaveLength(1);
    expect(after.manifest.meta).toBe(before.manifest.meta);
    expect(after.manifest.searchIndex).toEqual(before.manifest.searchIndex);
    // The bucket, the list piece, the manifest and the pointer.
    expect(writes).toBe(4);
  });

  it("writes only the list piece when a recipe's description changes, which list cards print", async () => {
    const { before, after, writes } = await publishEdit(1_500, 700, Date.UTC(2027, 1, 15), (entry) => ({
      ...entry,
      description: "Jetzt mit mehr Knoblauch.",
    }));
    expect(after.manifest.details).toEqual(before.manifest.details);
    expect(added(before.manifest.list, after.manifest.list)).toHaveLength(1);
    expect(after.manifest.meta).toBe(before.manifest.meta);
    // The list piece, the manifest and the pointer.
    expect(writes).toBe(3);
  });

  it("changes one list piece when a recipe uses an ingredient no other recipe has", async () => {
    const { before, after } = await publishEdit(12_000, 7_000, Date.UTC(2027, 1, 20), (entry) => ({
      ...entry,
      ingredients: [...entry.ingredients, "Aal"],
    }));
    expect(before.manifest.list.length).toBeGreaterThan(1);
    // Rows name ingredients by index in their piece's own table: the other pieces keep their bytes.
    expect(added(before.manifest.list, after.manifest.list)).toHaveLength(1);
    expect(added(before.manifest.details, after.manifest.details).length).toBeLessThanOrEqual(1);
    const version = await readPublished(env.CATALOG, after.hash);
    expect(version.recipes.find((summary) => summary.id === 7_000)?.ingredients).toContain("Aal");
  });

  it("changes one bucket, or two where it splits, when a recipe is added or removed", async () => {
    const store = countingStore();
    const start = Date.UTC(2027, 2, 1);
    const base = await publishVersion(store, manyRecipes(1_500), new Date(start));
    const grown = await publishVersion(store, manyRecipes(1_501), new Date(start + 60_000));
    expect(added(base.manifest.details, grown.manifest.details).length).toBeLessThanOrEqual(2);
    expect(added(grown.manifest.details, base.manifest.details).length).toBeLessThanOrEqual(2);
    const shrunk = await publishVersion(
      store,
      manyRecipes(1_501).filter((entry) => entry.id !== 42),
      new Date(start + 120_000),
    );
    expect(added(grown.manifest.details, shrunk.manifest.details).length).toBeLessThanOrEqual(2);
    expect(shrunk.manifest.counts.recipes).toBe(1_500);
  });

  it("keeps every bucket when a name changes in place, and changes at most two when it moves", async () => {
    const store = countingStore();
    const start = Date.UTC(2027, 3, 1);
    const renamed = (name: string) => manyRecipes(600, (entry) => (entry.id === 300 ? { ...entry, name } : entry));
    const before = await publishVersion(store, manyRecipes(600), new Date(start));
    // Still between its neighbours in name order.
    const inPlace = await publishVersion(store, renamed("Rezept 300 mit Kräutern"), new Date(start + 60_000));
    expect(inPlace.manifest.details).toEqual(before.manifest.details);
    expect(inPlace.manifest.meta).toBe(before.manifest.meta);
    expect(inPlace.manifest.searchIndex).not.toEqual(before.manifest.searchIndex);
    // First in its category now: it leaves one bucket for another.
    const moved = await publishVersion(store, renamed("Aaa Rezept"), new Date(start + 120_000));
    expect(added(inPlace.manifest.details, moved.manifest.details).length).toBeLessThanOrEqual(2);
    expect(moved.manifest.meta).not.toBe(inPlace.manifest.meta);
  });
});

describe("a detail bucket that cannot be read", () => {
  // Published once, before this Worker's own catalog cache first loads: it then serves this version.
  beforeAll(async () => {
    const recipes = [
      recipe({ id: 1, slug: "kaputt", name: "Kaputte Suppe", type: "SOUP", ingredients: ["Tomate"] }),
      recipe({ id: 2, slug: "heil", name: "Heile Suppe", type: "SOUP", ingredients: ["Tomate"] }),
    ];
    const { manifest } = await publish(env.CATALOG, buildCatalog(recipes, ingredientRecords(recipes)));
    const version = await readPublished(env.CATALOG, manifest);
    const place = version.placeOf(version.recipes.findIndex((summary) => summary.slug === "kaputt"));
    if (!place) throw new Error("kaputt is not published");
    await env.CATALOG.delete(blobKey(place.bucket));
  });

  const get = (path: string) =>
    exports.default.fetch(new Request(`${ORIGIN}${path}`, { redirect: "manual", headers: { accept: "text/html" } }));

  it("sends a visitor of that recipe home, as the spec says for a recipe that cannot be loaded", async () => {
    const response = await get("/rezepte/kaputt");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
  });

  it("leaves list pages alone: their cards print nothing from the details", async () => {
    const list = await get("/kategorie/soup");
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain("Kaputte Suppe");
    expect(html).toContain("Heile Suppe");
    const overview = await get("/zutatensuche?z=tomate");
    expect(overview.status).toBe(200);
    expect(await overview.text()).toContain("Kaputte Suppe");
  });
});
