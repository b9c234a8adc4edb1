/**
 * Publish on save, rollback and health as an operator and Directus' flow
 * see them: /sync and /healthz on the built Worker in workerd, the catalog
 * coordinator as a real Durable Object (SQLite storage, its alarm) writing
 * the local KV, and a Directus stand-in whose content each test chooses
 * (vitest.worker.config.ts, project worker-sync).
 */
import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { listKeys, readPointer } from "../../../app/lib/catalog/storage.ts";
import type { CoordinatorStatus, RequestView } from "../../../workers/sync/coordinator.ts";
import { Ledger } from "../../../workers/sync/ledger.ts";
import type { StandInContent } from "../../stand-ins/directus-content-stand-in.ts";

const ORIGIN = "http://localhost:8787";
const TOKEN = "test-sync-token-0123456789abcdef0123456789";
const content = (env as unknown as { CONTENT: Fetcher }).CONTENT;
const AUTH = { authorization: `Bearer ${TOKEN}` };
let callers = 0;
/**
 * The token, from an address of its own each time: these tests poll far
 * faster than /sync allows one caller (SYNC_CALLER_LIMITER), whose own tests
 * are in ../edge/sync-endpoint.test.ts.
 */
function authorized(): Record<string, string> {
  callers += 1;
  return { ...AUTH, "cf-connecting-ip": `2001:db8:5::${callers.toString(16)}` };
}

/** What the Directus stand-in holds from now on. */
async function holds(next: Partial<StandInContent>): Promise<void> {
  await (await content.fetch("http://content/", { method: "PUT", body: JSON.stringify(next) })).arrayBuffer();
}

async function ask(
  action?: string,
): Promise<{ response: Response; body: { request: number; joined: boolean; status: string } }> {
  const response = await exports.default.fetch(
    new Request(`${ORIGIN}/sync`, {
      method: "POST",
      headers: { ...authorized(), "content-type": "application/x-www-form-urlencoded" },
      body: action ? `action=${action}` : "",
    }),
  );
  return { response, body: (await response.json()) as { request: number; joined: boolean; status: string } };
}

async function get<T>(path: string): Promise<{ response: Response; body: T }> {
  const response = await exports.default.fetch(new Request(`${ORIGIN}${path}`, { headers: authorized() }));
  return { response, body: (await response.json()) as T };
}

/** Asks for `action` and follows the request until it has finished (the coordinator works in its alarm). */
async function sync(action?: string): Promise<RequestView> {
  const { response, body } = await ask(action);
  expect(response.status).toBe(202);
  expect(response.headers.get("location")).toBe(`/sync?request=${body.request}`);
  for (let attempt = 0; attempt < 200; attempt++) {
    const { body: view } = await get<RequestView>(body.status);
    if (view.state === "done" || view.state === "failed") return view;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`request ${body.request} did not finish`);
}

async function health() {
  const response = await exports.default.fetch(new Request(`${ORIGIN}/healthz`));
  return { response, body: (await response.json()) as Record<string, unknown> };
}

/** The sync's log lines written while `run` ran, parsed. */
async function logged<T>(run: () => Promise<T>): Promise<{ result: T; lines: Record<string, unknown>[] }> {
  const out = vi.spyOn(console, "log").mockImplementation(() => {});
  const err = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    const result = await run();
    const lines = [...out.mock.calls, ...err.mock.calls]
      .map(([line]) => String(line))
      .filter((line) => line.startsWith('{"event":"sync"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    return { result, lines };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

beforeEach(async () => {
  // A site that never published: an empty catalog in KV, a coordinator with empty storage (and no
  // alarm). Its instance made its tables when it started: they are made again in the emptied storage.
  for (const { name } of await listKeys(env.CATALOG, "catalog/")) await env.CATALOG.delete(name);
  await runInDurableObject(env.CATALOG_COORDINATOR.getByName("catalog"), async (_, state) => {
    await state.storage.deleteAll();
    new Ledger(state.storage.sql);
  });
  await holds({ recipes: 3, edition: 1, down: false, flawed: {} });
});

describe("POST /sync", () => {
  it("queues a publish, which the coordinator runs and logs; the same content again writes nothing", async () => {
    const { result: first, lines } = await logged(() => sync());
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
    const { result, lines } = await logged(() => sync());
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
    expect((await health()).body).toMatchObject({
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

describe("GET /healthz", () => {
  it("answers 503 while nothing is published", async () => {
    const { response, body } = await health();
    expect(response.status).toBe(503);
    expect(body).toEqual({ status: "no-catalog" });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("names the live version, its age and recipe count, and the coordinator's confirmation", async () => {
    const published = await sync();
    const { response, body } = await health();
    expect(response.status).toBe(200);
    expect(body).toMatchObject({
      status: "ok",
      version: published.summary?.manifest,
      liveVersion: published.summary?.manifest,
      recipes: 3,
      ingredients: 1,
      held: null,
      publishing: null,
    });
    expect(body.syncAgeSeconds).toBeGreaterThanOrEqual(0);
    expect(body.syncAgeSeconds).toBeLessThan(60);
  });
});

describe("the cron", () => {
  it("asks the coordinator for a sync, which it runs and logs as the cron's", async () => {
    // @ts-expect-error: the build output is plain JavaScript without type declarations
    const worker = (await import("../../../build/server/index.js")).default as Required<ExportedHandler<Env>>;
    const { createExecutionContext, createScheduledController } = await import("cloudflare:test");
    const { lines } = await logged(async () => {
      await worker.scheduled(createScheduledController({ cron: "*/15 * * * *" }), env, createExecutionContext());
      for (let attempt = 0; attempt < 200; attempt++) {
        const { body } = await get<CoordinatorStatus>("/sync");
        if (body.last) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    expect(lines).toEqual([expect.objectContaining({ trigger: "cron", action: "publish", outcome: "published" })]);
  });
});
