import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createMemoryStore } from "../../catalog/format/memory-store.ts";
import { createDirectusSource } from "../../catalog/sync/directus-source.ts";
import { coordinatorHarness } from "../model/coordinator-harness.ts";
import type { SeenSync } from "../stand-ins/site-sync-stand-in.ts";
import { admin, directusUrl } from "./directus-clients.ts";
import { calls, lastRunId, ofItem, runOf } from "./flow-runs.ts";

/**
 * A failed publish-on-save call is visible outside Directus' run log: a real
 * Directus saves, its flow (cms/flows.ts) calls a stand-in for the site's
 * /sync, and the site's catalog coordinator (its real code on node:sqlite,
 * reading that Directus) does what the site does with the calls that reached
 * it. The cron's next run then finds the save unpublished and says so in a
 * warning the error tracker reports (docs/operations.md, 2.3).
 */

function siteSync() {
  const value = inject("siteSync");
  if (!value) throw new Error("publish-on-save-missed test: the global setup started no site stand-in");
  return value;
}

async function seen(): Promise<SeenSync[]> {
  return (await fetch(`${siteSync().controlUrl}/_seen`)).json() as Promise<SeenSync[]>;
}

const lines: { event: string; level: string; report: boolean | undefined; fields: Record<string, unknown> }[] = [];
const harness = coordinatorHarness({
  store: createMemoryStore(),
  source: () => createDirectusSource({ url: directusUrl() }),
  start: Date.now(),
  publishOnSave: true,
  log: (level, event, fields = {}, options = {}) => {
    lines.push({ level, event, fields, report: options.report });
  },
});
const missed = () => lines.filter((line) => line.event === "publish-on-save-missed");

let recipe: { id: number; name: string; slug: string };

/** An editor renames the recipe; answers the flow's calls of the site for that save. */
async function save(name: string): Promise<{ key: string; status: number | undefined }[]> {
  const since = await lastRunId();
  await (await admin()).request("PATCH", `/items/recipe/${recipe.id}`, { name });
  return calls(await runOf(ofItem("recipe.items.update", recipe.id), { since }));
}

/** What the site does with each call its /sync accepted since `from`: a publish request of the API. */
async function siteHandles(from: number): Promise<void> {
  for (const call of (await seen()).filter((request) => request.at >= from && request.status === 202)) {
    expect(call.path).toBe("/sync");
    await harness.run("publish");
  }
}

/** The cron's run, to its end. */
async function cron() {
  return harness.finish((await harness.coordinator.request({ action: "publish", trigger: "cron" })).id);
}

beforeAll(async () => {
  const [first] = await (await admin()).request<{ id: number; name: string; slug: string }[]>(
    "GET",
    "/items/recipe?filter[status][_eq]=published&filter[slug][_neq]=shakshuka&sort=id&limit=1&fields=id,name,slug",
  );
  if (!first) throw new Error("publish-on-save-missed test: the seed has no published recipe");
  recipe = first;
  expect((await harness.run("publish")).summary?.status).toBe("published");
});

afterAll(async () => {
  await (await admin()).request("PATCH", `/items/recipe/${recipe.id}`, { name: recipe.name });
  harness.close();
});

describe("a save whose publish-on-save call reached the site", () => {
  it("is published by that call; the cron finds nothing to publish and warns of nothing", async () => {
    const from = Date.now();
    expect(await save(`${recipe.name} (angekommen)`)).toEqual([{ key: "sync_0", status: 202 }]);
    await siteHandles(from);
    expect((await cron()).summary?.status).toBe("unchanged");
    expect(missed()).toEqual([]);
  });
});

describe("a save whose publish-on-save call failed", () => {
  it("is published by the cron, which logs a warning for the tracker naming the recipe", async () => {
    await fetch(`${siteSync().controlUrl}/_fail?seconds=20`, { method: "POST" });
    const from = Date.now();
    try {
      expect(await save(`${recipe.name} (verloren)`)).toEqual([{ key: "sync_0", status: 500 }]);
    } finally {
      await fetch(`${siteSync().controlUrl}/_fail?seconds=0`, { method: "POST" });
    }
    await siteHandles(from);
    const run = await cron();
    expect(run.summary?.status).toBe("published");
    expect(missed()).toEqual([
      {
        event: "publish-on-save-missed",
        level: "warn",
        report: true,
        fields: expect.objectContaining({ request: run.id, changed: 1, recipes: [recipe.slug] }),
      },
    ]);
  });
});
