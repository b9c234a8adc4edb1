/**
 * How a version lies in KV since format 5, its traits column since 6
 * (catalog/format/stored-catalog.ts):
 * meta, buckets of whole recipes and column pieces, written by the real
 * version code into this Worker's KV and read back by the real reader. A
 * change to one recipe writes its bucket and the pieces of the columns it
 * changes, not every piece after it; a bucket that cannot be read costs the
 * cards it holds, not the site.
 */
import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { blobKey, type CatalogStore, readManifest, type WrittenMetadata } from "../../catalog/format/storage.ts";
import { comparableRecipe, idHash } from "../../catalog/format/stored-catalog.ts";
import { RECIPE_TYPES } from "../../catalog/recipes/categories.ts";
import type { CatalogRecipe } from "../../catalog/recipes/types.ts";
import { buildCatalog } from "../../catalog/sync/build-catalog.ts";
import { publishWithoutCoordinator } from "../../catalog/sync/plan-version.ts";
import { createCatalogCache } from "../../catalog/view/catalog-cache.server.ts";
import { createCatalogView } from "../../catalog/view/catalog-view.ts";
import { readPublished, readWholeRecipes } from "../../catalog/view/published-catalog.ts";
import { ingredientRecords, recipe } from "./catalog-fixture.ts";

const ORIGIN = "http://localhost:8787";
const INGREDIENTS = ["Tomate", "Zwiebel", "Knoblauch", "Nudeln", "Reis", "Ei"];

/** This Worker's KV, with its writes counted. */
function countingStore(): CatalogStore & { writes: number } {
  const kv = env.CATALOG;
  const store = {
    writes: 0,
    get: kv.get.bind(kv) as CatalogStore["get"],
    put: async (key: string, value: string, options?: { metadata: WrittenMetadata }) => {
      store.writes += 1;
      await kv.put(key, value, options);
    },
    delete: (key: string) => kv.delete(key),
    list: kv.list.bind(kv),
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
  const result = await publishWithoutCoordinator(store, buildCatalog([...recipes], ingredientRecords(recipes)), now);
  return { ...result, hash: result.manifest, manifest: await readManifest(store, result.manifest) };
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

// Each test publishes thousands of recipes twice in workerd (several seconds
// on a busy 2-core machine; the project's bound, vitest.worker.config.ts, has
// room): what it asserts is what was written, not how fast.
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
          const { manifest } = await publishWithoutCoordinator(
            env.CATALOG,
            buildCatalog(recipes, ingredientRecords(recipes)),
          );
          const version = await readPublished(env.CATALOG, manifest);
          const whole = await readWholeRecipes(version);
          expect(whole.map(comparableRecipe).sort()).toEqual(recipes.map(comparableRecipe).sort());
          // The way a page reads them: one line of a bucket at a time.
          const view = await createCatalogCache().get(env.CATALOG);
          if (!view) throw new Error("nothing is live");
          const read = await view.recipesAt(Array.from({ length: view.count }, (_, position) => position));
          expect(read.map(comparableRecipe).sort()).toEqual(recipes.map(comparableRecipe).sort());
        },
      ),
      { numRuns: 15 },
    );
  });

  it("writes one bucket when a recipe's steps (details) or description (card) change, and no column", async () => {
    for (const [day, changed, kept, edit] of [
      [
        1,
        "details",
        "cards",
        (entry: CatalogRecipe) => ({ ...entry, steps: [...entry.steps, "Mit Knoblauch bestreuen."] }),
      ],
      [15, "cards", "details", (entry: CatalogRecipe) => ({ ...entry, description: "Jetzt mit mehr Knoblauch." })],
    ] as const) {
      const { before, after, writes } = await publishEdit(1_500, 700, Date.UTC(2027, 1, day), edit);
      expect(before.manifest[changed].length).toBeGreaterThan(10);
      expect(added(before.manifest[changed], after.manifest[changed])).toHaveLength(1);
      for (const column of [kept, "directory", "names", "matching", "traits", "searchIndex"] as const) {
        expect(after.manifest[column], column).toEqual(before.manifest[column]);
      }
      expect(after.manifest.meta).toBe(before.manifest.meta);
      expect(after.manifest.nameOrder).toEqual(before.manifest.nameOrder);
      // The bucket, the manifest and the pointer.
      expect(writes).toBe(3);
    }
  });

  it("changes one matching piece when a recipe uses an ingredient no other recipe has", async () => {
    const { before, after } = await publishEdit(12_000, 7_000, Date.UTC(2027, 1, 20), (entry) => ({
      ...entry,
      ingredients: [...entry.ingredients, "Aal"],
    }));
    expect(before.manifest.matching.length).toBeGreaterThan(1);
    // Pieces name ingredients by index in their own table: the other pieces keep their bytes.
    expect(added(before.manifest.matching, after.manifest.matching)).toHaveLength(1);
    expect(after.manifest.directory).toEqual(before.manifest.directory);
    expect(after.manifest.names).toEqual(before.manifest.names);
    expect(added(before.manifest.cards, after.manifest.cards)).toHaveLength(1);
    expect(after.manifest.details).toEqual(before.manifest.details);
    const view = createCatalogView(await readPublished(env.CATALOG, after.hash));
    const position = await view.positionOfId(7_000);
    expect((await view.recipesAt([position ?? -1]))[0]?.ingredients).toContain("Aal");
    const lookup = await view.ingredientLookup();
    expect([...lookup.positionsWith("Aal")]).toEqual([position]);
  });

  it("changes one traits piece and one card bucket when a recipe turns vegan, and the view's filter follows", async () => {
    const { before, after, writes } = await publishEdit(12_000, 9_000, Date.UTC(2027, 1, 25), (entry) => ({
      ...entry,
      vegetarian: true,
      vegan: true,
    }));
    expect(before.manifest.traits.length).toBeGreaterThan(1);
    expect(added(before.manifest.traits, after.manifest.traits)).toHaveLength(1);
    expect(added(before.manifest.cards, after.manifest.cards)).toHaveLength(1);
    for (const column of ["details", "directory", "names", "matching", "searchIndex"] as const) {
      expect(after.manifest[column], column).toEqual(before.manifest[column]);
    }
    // The traits piece, the card bucket, the manifest and the pointer.
    expect(writes).toBe(4);
    const veganIn = async (hash: string) => {
      const view = createCatalogView(await readPublished(env.CATALOG, hash));
      const vegan = await view.filtered({ diet: "vegan", maxMinutes: null, maxKcal: null });
      const directory = await view.directoryRange(0, view.count);
      return [...(vegan?.positions() ?? [])].map((position) => directory.slugAt(position));
    };
    expect(await veganIn(before.hash)).toEqual([]);
    expect(await veganIn(after.hash)).toEqual(["rezept-9000"]);
  });

  it("changes one bucket, or two where it splits, when a recipe is added or removed", async () => {
    const store = countingStore();
    const start = Date.UTC(2027, 2, 1);
    const base = await publishVersion(store, manyRecipes(1_500), new Date(start));
    const grown = await publishVersion(store, manyRecipes(1_501), new Date(start + 60_000));
    for (const kind of ["cards", "details"] as const) {
      expect(added(base.manifest[kind], grown.manifest[kind]).length, kind).toBeLessThanOrEqual(2);
      expect(added(grown.manifest[kind], base.manifest[kind]).length, kind).toBeLessThanOrEqual(2);
    }
    for (const column of ["directory", "names", "matching", "traits"] as const) {
      expect(added(base.manifest[column], grown.manifest[column]), column).toHaveLength(1);
    }
    const shrunk = await publishVersion(
      store,
      manyRecipes(1_501).filter((entry) => entry.id !== 42),
      new Date(start + 120_000),
    );
    expect(added(grown.manifest.cards, shrunk.manifest.cards).length).toBeLessThanOrEqual(2);
    expect(shrunk.manifest.counts.recipes).toBe(1_500);
  });

  it("changes one card bucket and one names piece when a name changes in place, and at most two when it moves", async () => {
    const store = countingStore();
    const start = Date.UTC(2027, 3, 1);
    const renamed = (name: string) => manyRecipes(600, (entry) => (entry.id === 300 ? { ...entry, name } : entry));
    const before = await publishVersion(store, manyRecipes(600), new Date(start));
    // Still between its neighbours in name order.
    const inPlace = await publishVersion(store, renamed("Rezept 300 mit Kräutern"), new Date(start + 60_000));
    expect(added(before.manifest.cards, inPlace.manifest.cards)).toHaveLength(1);
    expect(inPlace.manifest.details).toEqual(before.manifest.details);
    expect(added(before.manifest.names, inPlace.manifest.names)).toHaveLength(1);
    expect(inPlace.manifest.directory).toEqual(before.manifest.directory);
    expect(inPlace.manifest.meta).toBe(before.manifest.meta);
    expect(inPlace.manifest.nameOrder).toEqual(before.manifest.nameOrder);
    expect(inPlace.manifest.searchIndex).not.toEqual(before.manifest.searchIndex);
    // First in its category now: it leaves one bucket for another.
    const moved = await publishVersion(store, renamed("Aaa Rezept"), new Date(start + 120_000));
    expect(added(inPlace.manifest.cards, moved.manifest.cards).length).toBeLessThanOrEqual(2);
    expect(moved.manifest.nameOrder).not.toEqual(inPlace.manifest.nameOrder);
  });
});

describe("a bucket that cannot be read", () => {
  /** An id whose hash ends a bucket: the recipe before the next one in stored order lies in another bucket. */
  const boundaryId = Array.from({ length: 10_000 }, (_, index) => index + 10).find((id) => idHash(id) % 64 === 0) ?? 0;

  // Published once, before this Worker's own catalog cache first loads: it then serves this version.
  beforeAll(async () => {
    const recipes = [
      recipe({ id: boundaryId, slug: "heil", name: "Heile Suppe", type: "SOUP", ingredients: ["Tomate"] }),
      recipe({ id: 1, slug: "kaputt", name: "Kaputte Suppe", type: "SOUP", ingredients: ["Tomate", "Zwiebel"] }),
    ];
    const { manifest } = await publishWithoutCoordinator(
      env.CATALOG,
      buildCatalog(recipes, ingredientRecords(recipes)),
    );
    const stored = await readManifest(env.CATALOG, manifest);
    // Heile Suppe ends the first bucket; Kaputte Suppe is alone in the second.
    expect(stored.cards).toHaveLength(2);
    await env.CATALOG.delete(blobKey(stored.cards[1] ?? ""));
  });

  const get = (path: string) =>
    exports.default.fetch(new Request(`${ORIGIN}${path}`, { redirect: "manual", headers: { accept: "text/html" } }));

  it("sends a visitor of that recipe home, as the spec says for a recipe that cannot be loaded", async () => {
    const response = await get("/rezepte/kaputt");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect((await get("/rezepte/heil")).status).toBe(200);
  });

  it("costs list pages only its cards", async () => {
    for (const path of ["/kategorie/soup", "/zutatensuche?z=tomate", "/suche?q=suppe"]) {
      const list = await get(path);
      expect(list.status, path).toBe(200);
      const html = await list.text();
      expect(html, path).toContain("Heile Suppe");
      expect(html, path).not.toContain("Kaputte Suppe");
    }
    // The lost card came first (two of two ingredients): the one left keeps its own score.
    const matches = await (await get("/zutatensuche?z=tomate&z=zwiebel")).text();
    expect(matches).toContain("1 von 1 Zutaten</strong> hast du.");
  });
});
