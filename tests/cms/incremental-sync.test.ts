/**
 * Reading only what changed (catalog/sync/stage-read.ts, decision 0052)
 * against the real Directus: `date_updated` moves with every save an editor
 * makes, a form save of nothing but a recipe's ingredient lines included,
 * and the catalog coordinator's next publish reads the changed recipe, not
 * the catalog; an unpublished recipe is found by its missing id, and a
 * renamed ingredient reads the recipes again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryStore } from "../../catalog/format/memory-store.ts";
import type { SyncSummary } from "../../catalog/sync/coordinator.ts";
import { createDirectusSource } from "../../catalog/sync/directus-source.ts";
import { readPublished, readWholeRecipes } from "../../catalog/view/published-catalog.ts";
import { coordinatorHarness } from "../model/coordinator-harness.ts";
import { admin, directusUrl } from "./directus-clients.ts";

interface Line {
  id: number;
  note: string | null;
}

const source = () => createDirectusSource({ url: directusUrl(), pageSize: 20 });
let harness: ReturnType<typeof coordinatorHarness>;
const store = createMemoryStore();

async function publish(): Promise<SyncSummary> {
  const view = await harness.run("publish");
  if (!view.summary) throw new Error(view.error?.message ?? "sync failed");
  return view.summary;
}

async function recipeNamed(slug: string): Promise<{ id: number; name: string; date_updated: string | null }> {
  const [recipe] = await (await admin()).request<{ id: number; name: string; date_updated: string | null }[]>(
    "GET",
    `/items/recipe?filter[slug][_eq]=${slug}&fields=id,name,date_updated`,
  );
  if (!recipe) throw new Error(`no recipe ${slug}`);
  return recipe;
}

/** Directus keeps whole seconds: a save within the second of the one before would not show as later. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_100));

beforeAll(async () => {
  // The seed was saved a moment ago: with the production overlap, every read would read it all again.
  harness = coordinatorHarness({ store, source, start: Date.now(), limits: { readOverlapMs: 0 } });
  const first = await publish();
  expect(first.read).toMatchObject({ full: true });
});

afterAll(() => harness.close());

describe("date_updated", () => {
  it("moves when a recipe's form saves nothing but its ingredient lines", async () => {
    const client = await admin();
    const before = await recipeNamed("shakshuka");
    const { ingredients } = await client.request<{ ingredients: Line[] }>(
      "GET",
      `/items/recipe/${before.id}?fields=ingredients.id,ingredients.note`,
    );
    const line = ingredients[0] as Line;
    await nextSecond();
    // What the Data Studio's form sends for an edited line: the recipe, with the line nested.
    await client.request("PATCH", `/items/recipe/${before.id}`, {
      ingredients: { create: [], update: [{ id: line.id, note: "fein gehackt" }], delete: [] },
    });
    try {
      const after = await recipeNamed("shakshuka");
      expect(after.date_updated).not.toBeNull();
      expect(Date.parse(after.date_updated ?? "")).toBeGreaterThan(Date.parse(before.date_updated ?? "1970-01-01"));
      // And the publish reads it, as what changed.
      const summary = await publish();
      expect(summary.status).toBe("published");
      expect(summary.changes?.changed).toEqual(["shakshuka"]);
      expect(summary.read).toMatchObject({ full: false });
    } finally {
      await client.request("PATCH", `/items/recipe/${before.id}`, {
        ingredients: { create: [], update: [{ id: line.id, note: line.note }], delete: [] },
      });
    }
  });
});

describe("a publish after a change", () => {
  it("reads the recipes changed since the last read, and a count, not the catalog", async () => {
    await publish();
    const client = await admin();
    const recipe = await recipeNamed("shakshuka");
    const total = await source().countRecipes();
    await client.request("PATCH", `/items/recipe/${recipe.id}`, { name: "Shakshuka neu" });
    try {
      const summary = await publish();
      expect(summary.changes).toEqual({
        added: [],
        removed: [],
        changed: ["shakshuka"],
        counts: { added: 0, removed: 0, changed: 1 },
      });
      // The recipe, and what was saved in the second of the newest change before (the marks keep whole seconds).
      expect(summary.read?.full).toBe(false);
      expect(summary.read?.rows).toBeGreaterThanOrEqual(1);
      expect(summary.read?.rows).toBeLessThan(Math.min(10, total));
      const live = await readPublished(store, summary.manifest);
      expect((await readWholeRecipes(live)).find((entry) => entry.id === recipe.id)?.name).toBe("Shakshuka neu");
    } finally {
      await client.request("PATCH", `/items/recipe/${recipe.id}`, { name: recipe.name });
    }
    expect((await publish()).changes?.changed).toEqual(["shakshuka"]);
  });

  it("finds an unpublished recipe by the count, and drops it", async () => {
    const client = await admin();
    const recipe = await recipeNamed("shakshuka");
    await client.request("PATCH", `/items/recipe/${recipe.id}`, { status: "draft" });
    try {
      const summary = await publish();
      expect(summary.changes?.removed).toEqual(["shakshuka"]);
      expect(summary.read?.full).toBe(false);
    } finally {
      await client.request("PATCH", `/items/recipe/${recipe.id}`, { status: "published" });
    }
    expect((await publish()).changes?.added).toEqual(["shakshuka"]);
  });

  it("reads every recipe again when an ingredient's name changes, and shows the new name", async () => {
    const client = await admin();
    const [ingredient] = await client.request<{ id: number; name: string }[]>(
      "GET",
      "/items/ingredient?filter[name][_eq]=Zwiebel&fields=id,name",
    );
    expect(ingredient).toBeDefined();
    await client.request("PATCH", `/items/ingredient/${ingredient?.id}`, { name: "Gemüsezwiebel" });
    try {
      const summary = await publish();
      expect(summary.read?.full).toBe(true);
      const live = await readPublished(store, summary.manifest);
      const recipes = await readWholeRecipes(live);
      expect(recipes.some((recipe) => recipe.ingredients.includes("Gemüsezwiebel"))).toBe(true);
      expect(recipes.some((recipe) => recipe.ingredients.includes("Zwiebel"))).toBe(false);
    } finally {
      await client.request("PATCH", `/items/ingredient/${ingredient?.id}`, { name: ingredient?.name });
    }
    expect((await publish()).read?.full).toBe(true);
  });

  it("reads nothing of a filter that no record passes", async () => {
    const future = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    await expect(source().recipePage({ afterId: 0, changedSince: future })).resolves.toEqual([]);
    await expect(source().ingredientPage({ afterId: 0, changedSince: future })).resolves.toEqual([]);
  });
});
