/**
 * Publish on save, rollback and health as an operator and Directus' flow
 * see them: POST /sync and GET /healthz on the built Worker in workerd, the
 * real sync core writing the local KV, and a Directus stand-in whose
 * content each test chooses (vitest.worker.config.ts, project worker-sync).
 */
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { POINTER_KEY, readPointer } from "../../../app/lib/catalog/storage.ts";
import type { StandInContent } from "../../stand-ins/directus-content-stand-in.ts";

const ORIGIN = "http://localhost:8787";
const TOKEN = "test-sync-token-0123456789abcdef0123456789";
const content = (env as unknown as { CONTENT: Fetcher }).CONTENT;

/** What the Directus stand-in holds from now on. */
async function holds(next: Partial<StandInContent>): Promise<void> {
  await (await content.fetch("http://content/", { method: "PUT", body: JSON.stringify(next) })).arrayBuffer();
}

async function sync(action?: string) {
  const response = await exports.default.fetch(
    new Request(`${ORIGIN}/sync`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/x-www-form-urlencoded" },
      body: action ? `action=${action}` : "",
    }),
  );
  return { response, body: (await response.json()) as Record<string, unknown> };
}

async function health() {
  const response = await exports.default.fetch(new Request(`${ORIGIN}/healthz`));
  return { response, body: (await response.json()) as Record<string, unknown> };
}

/** The sync's log lines of one call, parsed. */
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
  await env.CATALOG.delete(POINTER_KEY);
  await holds({ recipes: 3, edition: 1, down: false, flawed: {} });
});

describe("POST /sync", () => {
  it("publishes what Directus holds and answers with the summary; the same content again writes nothing", async () => {
    const { result: first, lines } = await logged(() => sync());
    expect(first.response.status).toBe(200);
    expect(first.body).toMatchObject({ status: "published", recipes: 3, ingredients: 1, skipped: [] });
    expect(first.body.writes).toBeGreaterThan(0);
    expect(lines).toEqual([
      expect.objectContaining({ event: "sync", trigger: "api", action: "publish", outcome: "published", recipes: 3 }),
    ]);
    expect((await readPointer(env.CATALOG))?.manifest).toBe(first.body.manifest);

    const again = await sync();
    expect(again.body).toMatchObject({ status: "unchanged", manifest: first.body.manifest, writes: 0, deletes: 0 });
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
    const { body } = await sync();
    expect(body).toMatchObject({ status: "published", recipes: 2 });
    const skipped = body.skipped as { id: number; problems: string[] }[];
    expect(Object.fromEntries(skipped.map((entry) => [entry.id, entry.problems.join("; ")]))).toEqual({
      2: "servings must be a whole number from 1 to 12, got 0",
      3: "servings must be a whole number from 1 to 12, got null",
      4: 'ingredients "Wasser": amount must be a positive number, got "-1"',
      5: expect.stringContaining('ingredients "Wasser": unit "Tasse" is not one of g, kg, ml'),
      6: 'ingredients "Wasser": unit "EL" needs an amount',
      7: 'ingredients "Wasser": note is longer than 40 characters',
    });
  });

  it("puts an edit on the site at once", async () => {
    await sync();
    await holds({ edition: 2 });
    const { body } = await sync();
    expect(body.status).toBe("published");
    // The Worker looks for a new version at most every 5 seconds.
    let html = "";
    for (let attempt = 0; attempt < 40 && !html.includes("Ausgabe 2"); attempt++) {
      html = await (await exports.default.fetch(new Request(`${ORIGIN}/rezepte/suppe-1`))).text();
      if (!html.includes("Ausgabe 2")) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(html).toContain("Ausgabe 2");
  });

  it("keeps the live catalog when Directus is down, and says why with a 502", async () => {
    const { body: live } = await sync();
    await holds({ down: true });
    const { result, lines } = await logged(() => sync());
    expect(result.response.status).toBe(502);
    expect(String(result.body.error)).toMatch(/directus/i);
    expect(lines).toEqual([expect.objectContaining({ trigger: "api", outcome: "failed", version: null })]);
    expect((await readPointer(env.CATALOG))?.manifest).toBe(live.manifest);
  });

  it("refuses to publish a catalog that lost more than half its recipes (409), and keeps the live one", async () => {
    await holds({ recipes: 10 });
    const { body: live } = await sync();
    await holds({ recipes: 4 });
    const { response, body } = await sync();
    expect(response.status).toBe(409);
    expect(String(body.error)).toMatch(/refusing to publish 4 recipes where 10 are live/);
    expect((await readPointer(env.CATALOG))?.manifest).toBe(live.manifest);

    // An operator who means it says so.
    const allowed = await sync("publish&allow_shrink=1");
    expect(allowed.body).toMatchObject({ status: "published", recipes: 4 });
  });
});

describe("rollback", () => {
  it("goes back one version and holds it: syncs leave it alone until it is released", async () => {
    const { body: first } = await sync();
    await holds({ edition: 2 });
    const { body: second } = await sync();
    expect(second.manifest).not.toBe(first.manifest);

    const back = await sync("rollback");
    expect(back.response.status).toBe(200);
    expect(back.body).toMatchObject({ status: "rolled-back", manifest: first.manifest, recipes: 3 });
    const pointer = await readPointer(env.CATALOG);
    expect(pointer?.manifest).toBe(first.manifest);
    expect(pointer?.held?.from).toBe(second.manifest);

    // The content that was rolled back is still in Directus: the flow's sync must not bring it back.
    const held = await sync();
    expect(held.body).toMatchObject({ status: "held", manifest: first.manifest, writes: 0 });
    expect((await health()).body).toMatchObject({ status: "ok", version: first.manifest, held: expect.any(Object) });

    // A second rollback does not return to the version just rolled back.
    expect((await sync("rollback")).response.status).toBe(409);

    const released = await sync("release");
    expect(released.body).toMatchObject({ status: "published", manifest: second.manifest });
    expect((await readPointer(env.CATALOG))?.held).toBeUndefined();
  });

  it("refuses to go back to a version with less than half the recipes", async () => {
    await holds({ recipes: 4 });
    await sync();
    await holds({ recipes: 10 });
    const { body: live } = await sync();
    const { response, body } = await sync("rollback");
    expect(response.status).toBe(409);
    expect(String(body.error)).toMatch(/has 4 recipes where 10 are live/);
    expect((await readPointer(env.CATALOG))?.manifest).toBe(live.manifest);
    expect((await sync("rollback&allow_shrink=1")).body).toMatchObject({ status: "rolled-back", recipes: 4 });
  });

  it("refuses when nothing earlier is kept", async () => {
    expect((await sync("rollback")).response.status).toBe(409);
    await sync();
    const { response, body } = await sync("rollback");
    expect(response.status).toBe(409);
    expect(String(body.error)).toMatch(/no earlier version/);
  });
});

describe("GET /healthz", () => {
  it("answers 503 while nothing is published", async () => {
    const { response, body } = await health();
    expect(response.status).toBe(503);
    expect(body).toEqual({ status: "no-catalog" });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("names the live version, its age and recipe count", async () => {
    const { body: published } = await sync();
    const { response, body } = await health();
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ status: "ok", version: published.manifest, recipes: 3, ingredients: 1, held: null });
    expect(body.syncAgeSeconds).toBeGreaterThanOrEqual(0);
    expect(body.syncAgeSeconds).toBeLessThan(60);
  });

  it("answers 503 when no sync has confirmed the live version for more than two hours", async () => {
    await sync();
    const pointer = await readPointer(env.CATALOG);
    const threeHoursAgo = new Date(Date.now() - 3 * 3_600_000).toISOString();
    await env.CATALOG.put(
      POINTER_KEY,
      JSON.stringify({ ...pointer, publishedAt: threeHoursAgo, verifiedAt: threeHoursAgo }),
    );
    const stale = await health();
    expect(stale.response.status).toBe(503);
    expect(stale.body).toMatchObject({ status: "stale" });
    expect(stale.body.syncAgeSeconds).toBeGreaterThan(2 * 3600);

    // The next sync confirms it again, with one write (the mark), though nothing changed.
    const { body } = await sync();
    expect(body).toMatchObject({ status: "unchanged", writes: 1 });
    expect((await health()).response.status).toBe(200);
  });
});

describe("the cron", () => {
  it("runs the same sync and logs it as the cron's", async () => {
    // @ts-expect-error: the build output is plain JavaScript without type declarations
    const worker = (await import("../../../build/server/index.js")).default as Required<ExportedHandler<Env>>;
    const { createExecutionContext, createScheduledController } = await import("cloudflare:test");
    const { lines } = await logged(async () => {
      await worker.scheduled(createScheduledController({ cron: "*/15 * * * *" }), env, createExecutionContext());
    });
    expect(lines).toEqual([expect.objectContaining({ trigger: "cron", action: "publish", outcome: "published" })]);
  });
});
