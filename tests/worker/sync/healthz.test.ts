/**
 * /healthz as a monitor, the deploy and an operator see it: the built Worker
 * in workerd, its catalog coordinator as a real Durable Object, and the time
 * of the last confirmation set in the coordinator's own ledger
 * (vitest.worker.config.ts, project worker-sync).
 */
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { POINTER_KEY } from "../../../catalog/format/storage.ts";
import { CRON_INTERVAL_MS } from "../../../catalog/sync/cron-schedule.ts";
import { Ledger } from "../../../catalog/sync/ledger.ts";
import { STALE_AFTER_MS } from "../../../workers/health.ts";
import { AUTH, freshSite, health, holds, sync, TOKEN } from "../sync-site.ts";

const MINUTE = 60_000;

beforeEach(freshSite);

/** Publishes edition `edition` (a version of its own, so no isolate holds an earlier answer about it). */
async function published(edition: number): Promise<string> {
  await holds({ edition });
  const view = await sync();
  expect(view.summary?.status).toBe("published");
  return view.summary?.manifest ?? "";
}

/** Sets when the coordinator last confirmed the live version: `ageMs` ago. */
async function confirmedAgo(ageMs: number): Promise<void> {
  await runInDurableObject(env.CATALOG_COORDINATOR.getByName("catalog"), async (_, state) => {
    new Ledger(state.storage.sql).setSetting("verifiedAt", Date.now() - ageMs);
  });
}

describe("the threshold", () => {
  it("is two missed cron runs and the time one run may take", () => {
    expect(STALE_AFTER_MS).toBeGreaterThan(2 * CRON_INTERVAL_MS);
    expect(STALE_AFTER_MS).toBeLessThan(3 * CRON_INTERVAL_MS);
  });
});

describe("GET /healthz for everyone", () => {
  it.each([
    ["a sync confirmed it just now", 1, 0, 200, "ok"],
    ["one cron run was missed", 2, CRON_INTERVAL_MS + 2 * MINUTE, 200, "ok"],
    ["the last confirmation is a minute short of the limit", 3, STALE_AFTER_MS - MINUTE, 200, "ok"],
    ["the last confirmation is a minute past the limit", 4, STALE_AFTER_MS + MINUTE, 503, "stale"],
    ["no sync has confirmed it for a day", 5, 24 * 60 * MINUTE, 503, "stale"],
  ])("when %s: %s %s", async (_, edition, ageMs, status, word) => {
    await published(edition);
    await confirmedAgo(ageMs);
    const { response, body } = await health();
    expect(response.status).toBe(status);
    expect(response.headers.get("cache-control")).toBe("no-store");
    // Only what a monitor needs: nothing about versions, counts or the queue.
    expect(Object.keys(body).sort()).toEqual(["ageSeconds", "status"]);
    expect(body.status).toBe(word);
    expect(Math.abs(Number(body.ageSeconds) - ageMs / 1000)).toBeLessThan(30);
  });

  it("answers 503 no-catalog while nothing is published", async () => {
    const { response, body } = await health();
    expect(response.status).toBe(503);
    expect(body).toEqual({ status: "no-catalog", ageSeconds: null });
  });

  it("answers 503 error when the catalog pointer cannot be read", async () => {
    await env.CATALOG.put(POINTER_KEY, "{ not json");
    const { response, body } = await health();
    expect(response.status).toBe(503);
    expect(body).toEqual({ status: "error", ageSeconds: null });
  });

  it("stays ok while a rollback holds the live version, however old its confirmation", async () => {
    await published(6);
    await published(7);
    expect((await sync("rollback")).summary?.status).toBe("rolled-back");
    await confirmedAgo(24 * 60 * MINUTE);
    const { response, body } = await health();
    expect(response.status).toBe(200);
    expect(body.status).toBe("ok");
  });
});

describe("GET /healthz with the sync token", () => {
  it("adds the details: versions, counts, the hold, the queue and the last sync", async () => {
    const version = await published(8);
    const { response, body } = await health(AUTH);
    expect(response.status).toBe(200);
    expect(body).toMatchObject({
      status: "ok",
      staleAfterSeconds: STALE_AFTER_MS / 1000,
      version,
      liveVersion: version,
      recipes: 3,
      ingredients: 1,
      held: null,
      publishing: null,
      queued: 0,
      lastSync: { trigger: "api", action: "publish", state: "done", outcome: "published", error: null },
    });
    expect(body.ageSeconds).toBeLessThan(60);
  });

  it("names the last sync's error when it failed", async () => {
    await published(9);
    await holds({ down: true });
    expect((await sync()).state).toBe("failed");
    const { body } = await health(AUTH);
    expect(body.lastSync).toMatchObject({ state: "failed", error: { kind: "source" } });
  });

  it("adds the coordinator's faults, field by field, and the public answer stays as it is", async () => {
    const version = await published(11);
    const at = Date.parse("2027-01-02T03:04:05Z");
    await runInDurableObject(env.CATALOG_COORDINATOR.getByName("catalog"), async (_, state) => {
      const ledger = new Ledger(state.storage.sql);
      ledger.setSetting("failedSteps", 2);
      ledger.setSetting("stepFailure", { work: "request", request: 7, killed: true, error: "cut off", at, extra: 1 });
      ledger.setSetting("gaveUp", { work: "sweep", request: null, failures: 5, error: "KV: 503", at });
      ledger.setSetting("pointerInDoubt", [{ manifest: version, until: null }]);
      ledger.setSetting("pointerRepairAt", at);
    });
    const { body } = await health(AUTH);
    const iso = new Date(at).toISOString();
    expect(body.faults).toEqual({
      stepUnderWay: null,
      failing: { work: "request", request: 7, failures: 2, giveUpAt: 5, killed: true, error: "cut off", at: iso },
      gaveUp: { work: "sweep", request: null, failures: 5, error: "KV: 503", at: iso },
      pointerInDoubt: [{ manifest: version, keptUntil: null }],
      pointerRepairAt: iso,
    });
    const { body: open } = await health();
    expect(Object.keys(open).sort()).toEqual(["ageSeconds", "status"]);
  });

  it.each([
    ["another scheme", `Basic ${btoa(`healthz:${TOKEN}`)}`],
    ["an empty bearer", "Bearer "],
    ["a wrong token", `Bearer ${TOKEN.slice(0, -1)}x`],
    ["the token with more after it", `Bearer ${TOKEN}x`],
    ["the token cut short", `Bearer ${TOKEN.slice(0, -1)}`],
  ])("refuses %s with 401 and nothing of the catalog", async (_, authorization) => {
    await published(10);
    const { response, body } = await health({ authorization });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="healthz"');
    expect(Object.keys(body)).toEqual(["error"]);
  });
});
