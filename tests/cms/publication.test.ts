/**
 * Publication statuses and scheduled publishing against the real Directus:
 * the coordinator's real code (node:sqlite, an in-memory KV) reads the seed
 * as the public and writes each recipe's status into `recipe_publication`
 * as the "Website (Status)" user with its static token, as the Worker does.
 *
 * - the rows: live with time and version, a bad line's reason in German, the fix going live;
 * - the write-back touches only its own rows: an editor's save made meanwhile stays as saved,
 *   and no write-back calls the site (the flow does not run for it);
 * - what the status user and the public may do;
 * - a write-back Directus refuses: publishing completes, the statuses follow once it may again;
 * - a publish time ahead: the recipe stays out, then is published at its time.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createMemoryStore } from "../../catalog/format/memory-store.ts";
import { readPointer } from "../../catalog/format/storage.ts";
import { createDirectusSource } from "../../catalog/sync/directus-source.ts";
import { VERSION_CHARS } from "../../catalog/sync/publication.ts";
import { createDirectusPublicationWriter } from "../../catalog/sync/publication-writer.ts";
import { STATUS_POLICY, STATUS_USER } from "../../cms/access-policies.ts";
import { applyAccessPolicies } from "../../scripts/cms/apply-access-policies.ts";
import { coordinatorHarness } from "../model/coordinator-harness.ts";
import type { SeenSync } from "../stand-ins/site-sync-stand-in.ts";
import { admin, call, directusUrl } from "./directus-clients.ts";
import { lastRunId, ofItem, runOf } from "./flow-runs.ts";

interface Row {
  id: number;
  recipe: number;
  state: string;
  reason: string | null;
  live_since: string | null;
  version: string | null;
  checked_at: string;
}

const lines: { event: string; fields: Record<string, unknown> }[] = [];
const store = createMemoryStore();
let harness: ReturnType<typeof coordinatorHarness>;
/** Recipes changed here, with what to put back. */
const restore = new Map<number, Record<string, unknown>>();

function statusToken(): string {
  const token = inject("statusToken");
  if (!token) throw new Error("publication.test: the CMS was started without a status token");
  return token;
}

async function rows(): Promise<Map<number, Row>> {
  const all = await (await admin()).request<Row[]>("GET", "/items/recipe_publication?limit=-1");
  return new Map(all.map((row) => [Number(row.recipe), row]));
}

async function recipeId(slug: string): Promise<number> {
  const [recipe] = await (await admin()).request<{ id: number }[]>(
    "GET",
    `/items/recipe?filter[slug][_eq]=${slug}&fields=id`,
  );
  if (!recipe) throw new Error(`publication.test: no recipe ${slug}`);
  return recipe.id;
}

/** Changes a recipe as an editor would, remembering what it held first. */
async function edit(id: number, fields: Record<string, unknown>): Promise<void> {
  const client = await admin();
  if (!restore.has(id)) {
    const keys = ["name", "status", "servings", "publish_at", "unpublish_at"];
    restore.set(id, await client.request("GET", `/items/recipe/${id}?fields=${keys.join(",")}`));
  }
  await client.request("PATCH", `/items/recipe/${id}`, fields);
}

/** Publishes and runs the steps due now: the write-back comes in the step after the flip. */
async function publish() {
  const summary = await harness.summary();
  await harness.settle(harness.clock());
  return summary;
}

async function siteCalls(method: "GET" | "DELETE"): Promise<SeenSync[]> {
  const stand = inject("siteSync");
  if (!stand) throw new Error("publication.test: no site stand-in");
  return (await fetch(`${stand.controlUrl}/_seen`, { method })).json() as Promise<SeenSync[]>;
}

beforeAll(() => {
  harness = coordinatorHarness({
    store,
    source: () => createDirectusSource({ url: directusUrl(), pageSize: 50 }),
    publications: createDirectusPublicationWriter({ url: directusUrl(), token: statusToken() }),
    start: Date.now(),
    log: (_level, event, fields = {}) => {
      lines.push({ event, fields });
    },
  });
});

afterAll(async () => {
  const client = await admin();
  for (const [id, fields] of restore) await client.request("PATCH", `/items/recipe/${id}`, fields);
  await applyAccessPolicies(client);
  harness?.close();
});

describe("publication statuses in Directus", () => {
  it("writes every published recipe's row; a bad line is left out with its reason in German, and goes live once fixed", async () => {
    const shakshuka = await recipeId("shakshuka");
    const client = await admin();
    const [line] = await client.request<{ id: number; amount: number; unit: string | null }[]>(
      "GET",
      `/items/recipe_ingredient?filter[recipe_id][_eq]=${shakshuka}&filter[ingredient_id][name][_eq]=Ei&fields=id,amount,unit`,
    );
    if (!line) throw new Error("publication.test: shakshuka has no Ei");
    // A line saved as the Data Studio's form saves it (nested in the recipe, which moves the recipe's
    // date_updated: what the next read looks for), and one Directus' own rules let through: a unit without an
    // amount.
    const saveLine = (fields: Record<string, unknown>) =>
      client.request("PATCH", `/items/recipe/${shakshuka}`, {
        ingredients: { create: [], update: [{ id: line.id, ...fields }], delete: [] },
      });
    await saveLine({ amount: null, unit: "Stück" });
    try {
      const first = await publish();
      const published = ((await call("GET", "/items/recipe?limit=-1&fields=id")).data as unknown[]).length;
      expect(first).toMatchObject({ status: "published", recipes: published - 1, skippedCount: 1 });
      const written = await rows();
      expect(written.size).toBe(published);
      expect(written.get(shakshuka)).toMatchObject({
        state: "left_out",
        reason: "Zutat „Ei“: Die Einheit „Stück“ braucht eine Menge.",
        live_since: null,
      });
      const other = [...written.values()].find((row) => row.recipe !== shakshuka);
      expect(other).toMatchObject({ state: "live", reason: null, version: first.manifest.slice(0, VERSION_CHARS) });
      expect(Date.parse(other?.live_since ?? "")).toBe(
        Date.parse(harness.coordinator.status().live?.publishedAt ?? ""),
      );
      expect(lines.filter((entry) => entry.event === "sync.status-written").at(-1)?.fields).toMatchObject({
        rows: published,
        unwritten: 0,
      });
    } finally {
      await saveLine({ amount: line.amount, unit: line.unit });
    }
    harness.advance(60_000);
    const fixed = await publish();
    const after = await rows();
    expect(after.get(shakshuka)).toMatchObject({
      state: "live",
      reason: null,
      version: fixed.manifest.slice(0, VERSION_CHARS),
    });
    // The form shows it through the recipe's own field.
    const form = await client.request<{ publication: Row[] }>(
      "GET",
      `/items/recipe/${shakshuka}?fields=publication.state,publication.reason`,
    );
    expect(form.publication).toEqual([{ state: "live", reason: null }]);
  });

  it("never overwrites an editor's save made after the read, and never calls the site", async () => {
    const id = await recipeId("rote-linsen-suppe-mit-kokos");
    await edit(id, { name: "Rote Linsensuppe (erste Fassung)" });
    // The publish reads the first edit; the editor saves again before the statuses are written back.
    harness.advance(60_000);
    const summary = await harness.summary();
    expect([...(summary.changes?.changed ?? []), ...(summary.changes?.added ?? [])]).toContain(
      "rote-linsen-suppe-mit-kokos",
    );
    const since = await lastRunId();
    await edit(id, { name: "Rote Linsensuppe (zweite Fassung)" });
    // The flow's call for the editor's save, waited for in its run log: a fixed 2 s passed for it on an idle
    // machine, and a call that came later would have counted as one for the status rows below.
    await runOf(ofItem("recipe.items.update", id), { since });
    await siteCalls("DELETE");
    await harness.settle(harness.clock());
    expect(harness.coordinator.status().statuses.unwritten).toBe(0);
    expect((await rows()).get(id)).toMatchObject({ state: "live", version: summary.manifest.slice(0, VERSION_CHARS) });
    const recipe = await (await admin()).request<{ name: string }>("GET", `/items/recipe/${id}?fields=name`);
    expect(recipe.name).toBe("Rote Linsensuppe (zweite Fassung)");
    // The flow runs after saves of recipes and the content collections only: a status row is not one.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await siteCalls("GET")).toEqual([]);
  });

  it("lets the status user read recipes' ids and write statuses, nothing else; the public reads no status", async () => {
    const token = statusToken();
    const id = await recipeId("shakshuka");
    // A user without a role reads what the public reads (Directus 11), and a draft's id besides: no more.
    await edit(id, { status: "draft" });
    try {
      expect((await call("GET", `/items/recipe/${id}?fields=id`, { token })).data).toEqual({ id });
      const draft = await call("GET", `/items/recipe/${id}?fields=id,name`, { token });
      // Directus answers the field as null where no permission grants it.
      expect(draft.status === 403 || (draft.data as { name?: unknown } | undefined)?.name == null).toBe(true);
    } finally {
      await edit(id, { status: "published" });
    }
    expect((await call("PATCH", `/items/recipe/${id}`, { token, body: { name: "Gehackt" } })).status).toBe(403);
    const row = (await rows()).get(id);
    expect((await call("PATCH", `/items/recipe_publication/${row?.id}`, { token, body: { recipe: 1 } })).status).toBe(
      403,
    );
    expect((await call("DELETE", `/items/recipe_publication/${row?.id}`, { token })).status).toBe(403);
    expect((await call("GET", "/items/recipe_publication")).status).toBe(403);
    const throughRecipe = await call("GET", `/items/recipe/${id}?fields=id,publication.state`);
    expect(throughRecipe.status === 403 || (throughRecipe.data as { publication?: unknown }).publication == null).toBe(
      true,
    );
  });

  it("a write-back Directus refuses never holds up publishing; the statuses follow once it may again", async () => {
    const client = await admin();
    const [link] = await client.request<{ id: string }[]>(
      "GET",
      `/access?filter[user][_eq]=${STATUS_USER.id}&filter[policy][_eq]=${STATUS_POLICY.id}&fields=id`,
    );
    await client.request("DELETE", `/access/${link?.id}`);
    const id = await recipeId("shakshuka");
    await edit(id, { servings: null });
    harness.advance(60_000);
    const refused = await publish();
    expect(refused.status).toBe("published");
    expect(harness.coordinator.status().live?.manifest).toBe(refused.manifest);
    expect(harness.coordinator.status().statuses.failures).toBe(1);
    expect(harness.coordinator.status().statuses.unwritten).toBeGreaterThan(0);
    expect(lines.filter((entry) => entry.event === "sync.status-failed").length).toBeGreaterThan(0);
    expect((await rows()).get(id)?.state).toBe("live");

    await edit(id, { servings: restore.get(id)?.servings });
    harness.advance(60_000);
    expect((await publish()).status).toBe("published");
    expect(harness.coordinator.status().statuses.unwritten).toBeGreaterThan(0);

    await applyAccessPolicies(client);
    await harness.settle(harness.clock() + 5 * 60_000);
    expect(harness.coordinator.status().statuses).toMatchObject({ unwritten: 0, failures: 0 });
    expect((await rows()).get(id)).toMatchObject({ state: "live", reason: null });
  });

  it("keeps a recipe with a publish time ahead off the site, and publishes it at its time", async () => {
    const id = await recipeId("shakshuka");
    const at = harness.clock() + 10 * 60_000;
    await edit(id, { publish_at: new Date(at).toISOString() });
    harness.advance(60_000);
    const before = await publish();
    expect(before.changes?.removed).toEqual(["shakshuka"]);
    const row = (await rows()).get(id);
    expect(row).toMatchObject({ state: "scheduled", live_since: null });
    expect(row?.reason).toMatch(/^Erscheint am \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr\.$/);
    expect(harness.alarmAt).toBe(at);

    await harness.settle(at + 60_000);
    expect((await readPointer(store))?.counts.recipes).toBe(before.recipes + 1);
    const live = (await rows()).get(id);
    expect(live?.state).toBe("live");
    expect(Date.parse(live?.live_since ?? "") - at).toBeLessThan(60_000);
    expect(harness.coordinator.status().last).toMatchObject({ trigger: "schedule" });
  });
});
