/**
 * Publish on save, rollback and health as an operator and Directus' flow
 * see them: /sync and /healthz on the built Worker in workerd, the catalog
 * coordinator as a real Durable Object (SQLite storage, its alarm) writing
 * the local KV, and a Directus stand-in whose content each test chooses
 * (vitest.worker.config.ts, project worker-sync).
 */
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { readPointer } from "../../../catalog/format/storage.ts";
import type { CoordinatorStatus } from "../../../catalog/sync/coordinator.ts";
import { loggedDuring } from "../log-lines.ts";
import { AUTH, ask, freshSite, get, health, holds, ORIGIN, sync } from "../sync-site.ts";

beforeEach(freshSite);

describe("POST /sync", () => {
  it("queues a publish, which the coordinator runs and logs; the same content again writes nothing", async () => {
    const { result: first, entries: lines } = await loggedDuring(() => sync(), "sync");
    expect(first).toMatchObject({ state: "done", action: "publish", trigger: "api" });
    expect(first.summary).toMatchObject({ status: "published", recipes: 3, ingredients: 1, skipped: [] });
    expect(first.summary?.writes).toBeGreaterThan(0);
    expect(first.summary?.maxOperations).toBeLessThanOrEqual(250);
    expect(lines).toEqual([
      expect.objectContaining({ event: "sync", trigger: "api", action: "publish", outcome: "published", recipes: 3 }),
    ]);
    expect((await readPointer(env.CATALOG))?.manifest).toBe(first.summary?.manifest);

    const again = await sync();
    expect(again.summary).toMatchObject({
      status: "unchanged",
      manifest: first.summary?.manifest,
      writes: 0,
      deletes: 0,
    });
  });

  it("joins requests that come before the first has started into one", async () => {
    const first = await ask();
    const second = await ask();
    expect(second.body).toMatchObject({ request: first.body.request, joined: true });
  });

  it("skips recipes with bad servings, amounts, units or notes and names the problem; publishes the rest", async () => {
    const line = (fields: Record<string, unknown>) => ({
      ingredients: [
        { ingredient_id: { name: "Wasser" }, amount: "500.000", unit: "ml", note: null, sort: 1, ...fields },
      ],
    });
    await holds({
      recipes: 8,
      flawed: {
        "2": { servings: 0 },
        "3": { servings: null },
        "4": line({ amount: "-1" }),
        "5": line({ unit: "Tasse" }),
        "6": line({ amount: null, unit: "EL" }),
        "7": line({ note: "sehr fein gehackt und danach noch gut abgetropft" }),
      },
    });
    const { summary } = await sync();
    expect(summary).toMatchObject({ status: "published", recipes: 2, skippedCount: 6 });
    const skipped = summary?.skipped ?? [];
    expect(Object.fromEntries(skipped.map((entry) => [entry.id, entry.problems.join("; ")]))).toEqual({
      2: "servings must be a whole number from 1 to 12, got 0",
      3: "servings must be a whole number from 1 to 12, got null",
      4: 'ingredients "Wasser": amount must be a positive number, got "-1"',
      5: expect.stringContaining('ingredients "Wasser": unit "Tasse" is not one of g, kg, ml'),
      6: 'ingredients "Wasser": unit "EL" needs an amount',
      7: 'ingredients "Wasser": note is longer than 40 characters',
    });
  });

  it("puts an edit on the site within seconds", async () => {
    await sync();
    await holds({ edition: 2 });
    expect((await sync()).summary?.status).toBe("published");
    // The Worker looks for a new version at most every 5 seconds.
    let html = "";
    for (let attempt = 0; attempt < 40 && !html.includes("Ausgabe 2"); attempt++) {
      html = await (await exports.default.fetch(new Request(`${ORIGIN}/rezepte/suppe-1`))).text();
      if (!html.includes("Ausgabe 2")) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(html).toContain("Ausgabe 2");
  });

  it("keeps the live catalog when Directus is down, and says why", async () => {
    const live = await sync();
    await holds({ down: true });
    const { result, entries: lines } = await loggedDuring(() => sync(), "sync");
    expect(result).toMatchObject({ state: "failed", error: { kind: "source" } });
    expect(result.error?.message).toMatch(/directus/i);
    expect(lines).toEqual([expect.objectContaining({ trigger: "api", outcome: "failed", version: null })]);
    expect((await readPointer(env.CATALOG))?.manifest).toBe(live.summary?.manifest);
  });

  it("refuses to publish a catalog that lost more than half its recipes, and keeps the live one", async () => {
    await holds({ recipes: 10 });
    const live = await sync();
    await holds({ recipes: 4 });
    const refused = await sync();
    expect(refused).toMatchObject({ state: "failed", error: { kind: "refused" } });
    expect(refused.error?.message).toMatch(/refusing to publish 4 recipes where 10 are live/);
    expect((await readPointer(env.CATALOG))?.manifest).toBe(live.summary?.manifest);

    // An operator who means it says so.
    expect((await sync("publish&allow_shrink=1")).summary).toMatchObject({ status: "published", recipes: 4 });
  });

  it("answers a dry run with what would be published, and writes nothing", async () => {
    await sync();
    await holds({ edition: 3 });
    const before = await readPointer(env.CATALOG);
    const dry = await sync("dry-run");
    expect(dry.summary).toMatchObject({ status: "dry-run", writes: 0 });
    expect(dry.summary?.changes?.changed).toEqual(["suppe-1", "suppe-2", "suppe-3"]);
    expect(await readPointer(env.CATALOG)).toEqual(before);
  });
});

describe("rollback", () => {
  it("goes back one version and holds it: syncs leave it alone until it is released", async () => {
    const first = await sync();
    await holds({ edition: 2 });
    const second = await sync();
    expect(second.summary?.manifest).not.toBe(first.summary?.manifest);

    const back = await sync("rollback");
    expect(back.summary).toMatchObject({ status: "rolled-back", manifest: first.summary?.manifest, recipes: 3 });
    const pointer = await readPointer(env.CATALOG);
    expect(pointer?.manifest).toBe(first.summary?.manifest);
    expect(pointer?.held?.from).toBe(second.summary?.manifest);

    // The content that was rolled back is still in Directus: the flow's sync must not bring it back.
    const held = await sync();
    expect(held.summary).toMatchObject({ status: "held", manifest: first.summary?.manifest, writes: 0 });
    expect((await health(AUTH)).body).toMatchObject({
      status: "ok",
      version: first.summary?.manifest,
      held: expect.any(Object),
    });

    // A second rollback does not return to the version just rolled back.
    expect((await sync("rollback")).error?.kind).toBe("refused");

    const released = await sync("release");
    expect(released.summary).toMatchObject({ status: "published", manifest: second.summary?.manifest });
    expect((await readPointer(env.CATALOG))?.held).toBeUndefined();
  });

  it("refuses to go back to a version with less than half the recipes", async () => {
    await holds({ recipes: 4 });
    await sync();
    await holds({ recipes: 10 });
    const live = await sync();
    const refused = await sync("rollback");
    expect(refused.error?.message).toMatch(/has 4 recipes where 10 are live/);
    expect((await readPointer(env.CATALOG))?.manifest).toBe(live.summary?.manifest);
    expect((await sync("rollback&allow_shrink=1")).summary).toMatchObject({ status: "rolled-back", recipes: 4 });
  });

  it("refuses when nothing earlier is kept", async () => {
    expect((await sync("rollback")).error?.message).toMatch(/nothing is published/);
    await sync();
    expect((await sync("rollback")).error?.message).toMatch(/no earlier version/);
  });
});

describe("GET /sync", () => {
  it("answers the coordinator's status: the live and kept versions, what runs, the largest step", async () => {
    const first = await sync();
    await holds({ edition: 2 });
    const second = await sync();
    const { response, body } = await get<CoordinatorStatus>("/sync");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(body).toMatchObject({
      live: { manifest: second.summary?.manifest, recipes: 3 },
      kept: [{ manifest: first.summary?.manifest }],
      held: null,
      running: null,
      queued: [],
      last: { state: "done" },
    });
    expect(body.maxOperationsPerStep).toBeGreaterThan(0);
  });

  it("answers 404 for a request it does not know", async () => {
    expect((await get("/sync?request=424242")).response.status).toBe(404);
  });
});

describe("the cron", () => {
  it("asks the coordinator for a sync, which it runs and logs as the cron's", async () => {
    // @ts-expect-error: the build output is plain JavaScript without type declarations
    const worker = (await import("../../../build/server/index.js")).default as Required<ExportedHandler<Env>>;
    const { createExecutionContext, createScheduledController } = await import("cloudflare:test");
    const { entries: lines } = await loggedDuring(async () => {
      await worker.scheduled(createScheduledController({ cron: "*/15 * * * *" }), env, createExecutionContext());
      for (let attempt = 0; attempt < 200; attempt++) {
        const { body } = await get<CoordinatorStatus>("/sync");
        if (body.last) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }, "sync");
    expect(lines).toEqual([expect.objectContaining({ trigger: "cron", action: "publish", outcome: "published" })]);
  });
});
