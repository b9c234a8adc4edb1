/**
 * The catalog coordinator (catalog/sync/coordinator.ts), its real code on
 * node:sqlite over the in-memory KV: publishing in steps under the
 * operation budget, the pointer last, coalesced requests, rollback, hold and
 * release, retention, faults, restarts, and a KV published before it existed.
 * The same code on Cloudflare's network model: publish-network.test.ts; in
 * workerd as a Durable Object: tests/worker/sync/.
 */
import { describe, expect, it } from "vitest";
import { createMemoryStore } from "../../catalog/format/memory-store.ts";
import {
  BLOB_PREFIX,
  blobKey,
  type CatalogStore,
  listKeys,
  MANIFEST_PREFIX,
  manifestBlobs,
  manifestKey,
  POINTER_KEY,
  readManifest,
  readPointer,
} from "../../catalog/format/storage.ts";
import { GRACE_MS, KEEP_VERSIONS, MAX_QUEUED } from "../../catalog/sync/coordinator.ts";
import { publishWithoutCoordinator } from "../../catalog/sync/plan-version.ts";
import { readCatalog } from "../../catalog/sync/read-catalog.ts";
import { coordinatorHarness } from "../model/coordinator-harness.ts";
import { type HeldContent, memorySource, RAW_INGREDIENT, rawRecipe } from "../stand-ins/raw-content.ts";
import { neededBlobs, pointerIsWhole, storedBlobs } from "./stored-version-checks.ts";

/** What the in-memory Directus holds: `recipes` soups, each at its own edition (1 unless set). */
class Content {
  recipes = 3;
  editions = new Map<number, number>();
  down = false;
  /** Reads of Directus' recipes begun. */
  reads = 0;
  held(): HeldContent {
    if (this.down) return "down";
    return {
      recipes: Array.from({ length: this.recipes }, (_, index) =>
        rawRecipe(index + 1, this.editions.get(index + 1) ?? 1),
      ),
      ingredients: [RAW_INGREDIENT],
    };
  }
  edit(id: number): void {
    this.editions.set(id, (this.editions.get(id) ?? 1) + 1);
  }
}

/** The in-memory KV with every put and delete recorded, and a fault on demand. */
function recordingStore() {
  const store = createMemoryStore();
  const log: { op: "put" | "delete"; key: string }[] = [];
  let failOn: ((key: string) => boolean) | null = null;
  const recording: CatalogStore = {
    get: store.get,
    list: store.list,
    put: async (key, value, options) => {
      if (failOn?.(key)) throw new Error("KV: 503 Service Unavailable");
      log.push({ op: "put", key });
      await store.put(key, value, options);
    },
    delete: async (key) => {
      log.push({ op: "delete", key });
      await store.delete(key);
    },
  };
  return {
    store: recording,
    raw: store,
    log,
    failWhen(test: ((key: string) => boolean) | null) {
      failOn = test;
    },
  };
}

function setup(limits: Parameters<typeof coordinatorHarness>[0]["limits"] = {}) {
  const content = new Content();
  const kv = recordingStore();
  const harness = coordinatorHarness({
    store: kv.store,
    source: () => {
      const source = memorySource(() => content.held());
      return {
        ...source,
        // A read of recipes starts at the first id (the ingredients come before, in the same read).
        recipePage: (query) => {
          if (query.afterId === 0) content.reads += 1;
          return source.recipePage(query);
        },
      };
    },
    limits,
  });
  return { content, kv, harness };
}

describe("publishing", () => {
  it("writes a version's blobs, then its manifest, then the pointer; the same content again writes nothing", async () => {
    const { kv, harness } = setup();
    const first = await harness.summary();
    expect(first).toMatchObject({ status: "published", recipes: 3, ingredients: 1, previousRecipes: null });
    expect(first.writes).toBe(kv.log.length);
    expect(kv.log.at(-1)).toEqual({ op: "put", key: POINTER_KEY });
    expect(kv.log.at(-2)).toEqual({ op: "put", key: manifestKey(first.manifest) });
    expect((await readPointer(kv.raw))?.manifest).toBe(first.manifest);
    expect(first.changes).toEqual({
      added: ["suppe-1", "suppe-2", "suppe-3"],
      removed: [],
      changed: [],
      counts: { added: 3, removed: 0, changed: 0 },
    });

    const again = await harness.summary();
    expect(again).toMatchObject({ status: "unchanged", writes: 0, deletes: 0, manifest: first.manifest });
    expect(kv.log).toHaveLength(first.writes);
    expect(harness.coordinator.status().verifiedAt).toBe(new Date(harness.clock()).toISOString());
  });

  it("writes only what a one-recipe edit changes, and says which recipe", async () => {
    const { content, kv, harness } = setup();
    const first = await harness.summary();
    content.edit(2);
    const second = await harness.summary();
    expect(second.status).toBe("published");
    expect(second.changes).toEqual({
      added: [],
      removed: [],
      changed: ["suppe-2"],
      counts: { added: 0, removed: 0, changed: 1 },
    });
    expect(second.writes).toBeLessThan(first.writes);
    expect(kv.log.slice(first.writes).filter(({ key }) => key.startsWith(BLOB_PREFIX)).length).toBe(second.writes - 2);
  });

  it("a dry run reads and builds but writes nothing and remembers nothing", async () => {
    const { content, kv, harness } = setup();
    await harness.summary();
    content.edit(1);
    const dry = await harness.summary("dry-run");
    expect(dry).toMatchObject({ status: "dry-run", writes: 0, changes: { changed: ["suppe-1"] } });
    const written = kv.log.length;
    const real = await harness.summary();
    expect(real.changes).toEqual({
      added: [],
      removed: [],
      changed: ["suppe-1"],
      counts: { added: 0, removed: 0, changed: 1 },
    });
    expect(kv.log.length).toBeGreaterThan(written);
  });

  it("splits a publish into steps under the operation budget, and flips only after the last blob", async () => {
    const { content, kv, harness } = setup({ operationsPerStep: 4 });
    content.recipes = 120;
    // At the moment the pointer is written, everything the new pointer names is in KV.
    const wholeAtFlip: boolean[] = [];
    const put = kv.store.put;
    kv.store.put = async (key, value, options) => {
      if (key === POINTER_KEY) {
        const manifest = await readManifest(kv.raw, (JSON.parse(value) as { manifest: string }).manifest);
        const present = await Promise.all(
          manifestBlobs(manifest).map(async (blob) => (await kv.raw.get(blobKey(blob), { type: "text" })) !== null),
        );
        wholeAtFlip.push(present.every(Boolean));
      }
      await put(key, value, options);
    };
    const summary = await harness.summary();
    expect(wholeAtFlip).toEqual([true]);
    expect(summary.steps).toBeGreaterThan(3);
    expect(summary.maxOperations).toBeLessThanOrEqual(4);
    expect(harness.coordinator.status().maxOperationsPerStep).toBeLessThanOrEqual(4);
    expect(kv.log.filter(({ key }) => key === POINTER_KEY)).toHaveLength(1);
  });

  it("refuses a catalog that lost more than half its recipes, unless allowed", async () => {
    const { content, kv, harness } = setup();
    content.recipes = 10;
    const live = await harness.summary();
    content.recipes = 4;
    const refused = await harness.run();
    expect(refused).toMatchObject({ state: "failed", error: { kind: "refused" } });
    expect(refused.error?.message).toMatch(/refusing to publish 4 recipes where 10 are live/);
    expect((await readPointer(kv.raw))?.manifest).toBe(live.manifest);
    expect(await harness.summary("publish", true)).toMatchObject({ status: "published", recipes: 4 });
  });

  it("keeps the live version when Directus is down, and says so", async () => {
    const { content, kv, harness } = setup();
    const live = await harness.summary();
    content.down = true;
    content.edit(1);
    const failed = await harness.run();
    expect(failed).toMatchObject({ state: "failed", error: { kind: "source" } });
    expect((await readPointer(kv.raw))?.manifest).toBe(live.manifest);
  });
});

describe("requests", () => {
  it("joins a burst into one run that reads Directus after the last of them", async () => {
    const { content, harness } = setup({ settleMs: 1_000, maxSettleMs: 10_000 });
    await harness.summary();
    const readsBefore = content.reads;
    const ids = [];
    for (let save = 0; save < 5; save++) {
      content.edit(1);
      ids.push((await harness.request("publish")).id);
      harness.advance(500);
    }
    expect(new Set(ids).size).toBe(1);
    const view = await harness.finish(ids[0] ?? 0);
    expect(content.reads - readsBefore).toBe(1);
    expect(view.summary?.changes?.changed).toEqual(["suppe-1"]);
    // Read after the last save: it held edition 6 of recipe 1.
    expect(harness.coordinator.status().live?.manifest).toBe(view.summary?.manifest);
  });

  it("does not wait longer than maxSettleMs for a burst that goes on", async () => {
    const { harness } = setup({ settleMs: 1_000, maxSettleMs: 3_000 });
    const { id } = await harness.request("publish");
    for (let save = 0; save < 10; save++) {
      harness.advance(900);
      await harness.request("publish");
      if (harness.alarmAt !== null && harness.alarmAt <= harness.clock()) await harness.nextStep();
    }
    // It started while saves went on; its read and build take steps of their own (decision 0052).
    expect(harness.coordinator.requestStatus(id)?.state).not.toBe("queued");
    expect((await harness.finish(id)).state).toBe("done");
  });

  it("runs a request that came while a run wrote after it, with what Directus holds then", async () => {
    const { content, harness } = setup({ operationsPerStep: 3 });
    content.recipes = 60;
    const { id: first } = await harness.request("publish");
    harness.advance(2_000);
    await harness.nextStep();
    expect(harness.coordinator.status().running?.id).toBe(first);
    content.edit(7);
    const { id: second, joined } = await harness.request("publish");
    expect(joined).toBe(false);
    await harness.finish(first);
    const view = await harness.finish(second);
    expect(view.summary).toMatchObject({ status: "published", changes: { changed: ["suppe-7"] } });
  });

  it("answers busy to a flood of distinct requests", async () => {
    const { harness } = setup();
    for (let n = 0; n < MAX_QUEUED; n++) await harness.request("rollback");
    await expect(harness.request("rollback")).rejects.toThrow(/requests are waiting/);
  });
});

describe("rollback, hold and release", () => {
  it("goes back one version and holds it until released; a second rollback skips the version it left", async () => {
    const { content, kv, harness } = setup();
    const first = await harness.summary();
    content.edit(1);
    const second = await harness.summary();
    const back = await harness.summary("rollback");
    expect(back).toMatchObject({ status: "rolled-back", manifest: first.manifest, writes: 1 });
    expect((await readPointer(kv.raw))?.held?.from).toBe(second.manifest);
    content.edit(2);
    expect(await harness.summary()).toMatchObject({ status: "held", manifest: first.manifest, writes: 0 });
    const again = await harness.run("rollback");
    expect(again.error?.message).toMatch(/no earlier version/);
    const released = await harness.summary("release");
    expect(released.status).toBe("published");
    expect(await readPointer(kv.raw)).not.toHaveProperty("held");
  });

  it("lifts a hold over unchanged content with one pointer write", async () => {
    const { content, kv, harness } = setup();
    await harness.summary();
    content.edit(1);
    const second = await harness.summary();
    await harness.summary("rollback");
    content.editions.set(1, 1);
    const released = await harness.summary("release");
    expect(released).toMatchObject({ status: "unchanged", writes: 1 });
    expect(await readPointer(kv.raw)).not.toHaveProperty("held");
    expect(second.manifest).not.toBe(released.manifest);
  });

  it("refuses to go back to a version with less than half the recipes, or when nothing is kept", async () => {
    const { content, harness } = setup();
    expect((await harness.run("rollback")).error?.message).toMatch(/nothing is published/);
    content.recipes = 4;
    await harness.summary();
    content.recipes = 10;
    await harness.summary();
    expect((await harness.run("rollback")).error?.message).toMatch(/has 4 recipes where 10 are live/);
    expect(await harness.summary("rollback", true)).toMatchObject({ status: "rolled-back", recipes: 4 });
  });

  it("gives up a publish under way for a rollback: its version never goes live, its blobs go later", async () => {
    const { content, kv, harness } = setup({ operationsPerStep: 3 });
    content.recipes = 40;
    const first = await harness.summary();
    content.edit(1);
    const second = await harness.summary();
    content.recipes = 60;
    const { id: publish } = await harness.request("publish");
    harness.advance(2_000);
    await harness.nextStep();
    expect(harness.coordinator.status().running?.id).toBe(publish);
    const rollback = await harness.finish((await harness.request("rollback")).id);
    expect(rollback.summary).toMatchObject({ status: "rolled-back", manifest: first.manifest });
    expect(harness.coordinator.requestStatus(publish)?.summary?.status).toBe("held");
    expect((await readPointer(kv.raw))?.manifest).toBe(first.manifest);
    expect(await pointerIsWhole(kv.raw)).toBe(true);
    // The given-up run's blobs are used by no version: swept once they are older than the grace period.
    harness.advance(GRACE_MS + 60_000);
    await harness.settle(harness.clock());
    expect(await storedBlobs(kv.raw)).toEqual(await neededBlobs(kv.raw, harness.coordinator.status()));
    expect(second.manifest).not.toBe(first.manifest);
  });
});

describe("retention", () => {
  it("keeps the live and KEEP_VERSIONS earlier versions, and deletes older ones with the keys only they used", async () => {
    const { content, kv, harness } = setup();
    const published: string[] = [];
    for (let n = 0; n < KEEP_VERSIONS + 3; n++) {
      content.edit(1);
      published.push((await harness.summary()).manifest);
      harness.advance(2 * 60 * 60 * 1000);
    }
    await harness.settle(harness.clock());
    const status = harness.coordinator.status();
    expect(status.live?.manifest).toBe(published.at(-1));
    expect(status.kept.map((version) => version.manifest)).toEqual(published.slice(-1 - KEEP_VERSIONS, -1).reverse());
    const manifests = (await listKeys(kv.raw, MANIFEST_PREFIX)).map(({ name }) => name.slice(MANIFEST_PREFIX.length));
    expect(manifests.sort()).toEqual(published.slice(-1 - KEEP_VERSIONS).sort());
    // Every blob in KV belongs to a version that is still there, and every such blob is there.
    expect(await storedBlobs(kv.raw)).toEqual(await neededBlobs(kv.raw, status));
  });

  it("keeps versions replaced within the grace period, beyond the count too", async () => {
    const { content, kv, harness } = setup();
    const published: string[] = [];
    for (let n = 0; n < KEEP_VERSIONS + 3; n++) {
      content.edit(1);
      published.push((await harness.summary()).manifest);
      harness.advance(60_000);
    }
    await harness.settle(harness.clock());
    expect(harness.coordinator.status().kept).toHaveLength(KEEP_VERSIONS + 2);
    for (const hash of published) expect(await kv.raw.get(manifestKey(hash), { type: "text" })).not.toBeNull();
  });
});

describe("faults", () => {
  it("tries a failed step again after a pause, and completes the publish", async () => {
    const { content, kv, harness } = setup({ operationsPerStep: 5 });
    content.recipes = 30;
    let failures = 2;
    kv.failWhen((key) => key.startsWith(BLOB_PREFIX) && failures-- > 0);
    const summary = await harness.summary();
    expect(summary.status).toBe("published");
    expect(await pointerIsWhole(kv.raw)).toBe(true);
  });

  it("gives a request up after five failed steps in a row; the live version stays", async () => {
    const { content, kv, harness } = setup();
    const live = await harness.summary();
    content.edit(1);
    kv.failWhen((key) => key.startsWith(BLOB_PREFIX));
    const view = await harness.run();
    expect(view).toMatchObject({ state: "failed", error: { kind: "failed" } });
    expect(view.error?.message).toMatch(/gave up after 5 failed steps/);
    expect((await readPointer(kv.raw))?.manifest).toBe(live.manifest);
    kv.failWhen(null);
    expect((await harness.summary()).status).toBe("published");
  });

  it("continues a publish after a restart (an eviction between steps) from what it stored", async () => {
    const { content, kv, harness } = setup({ operationsPerStep: 4 });
    content.recipes = 80;
    const { id } = await harness.request("publish");
    harness.advance(2_000);
    await harness.nextStep();
    await harness.nextStep();
    harness.restart();
    const view = await harness.finish(id);
    expect(view.summary?.status).toBe("published");
    expect(await pointerIsWhole(kv.raw)).toBe(true);
    // Nothing was written twice: a blob written before the restart is known to be there.
    const puts = kv.log.filter(({ op }) => op === "put").map(({ key }) => key);
    expect(new Set(puts).size).toBe(puts.length);
  });
});

describe("a KV published before the coordinator existed", () => {
  it("is adopted: its versions are known, its leftovers swept once old, a kept version missing a blob never rolled back to", async () => {
    const kv = recordingStore();
    const old = Date.parse("2026-11-20T00:00:00Z");
    const content = new Content();
    const builtAt = async (held: HeldContent) => (await readCatalog(memorySource(() => held))).built;
    // Two versions published by the code before the coordinator, the first one retired.
    const first = await publishWithoutCoordinator(kv.raw, await builtAt(content.held()), new Date(old));
    content.edit(1);
    const second = await publishWithoutCoordinator(kv.raw, await builtAt(content.held()), new Date(old + 60_000));
    const pointer = await readPointer(kv.raw);
    await kv.raw.put(
      POINTER_KEY,
      JSON.stringify({
        ...pointer,
        retired: [{ manifest: first.manifest, retiredAt: new Date(old + 60_000).toISOString() }],
      }),
    );
    // A leftover of a sync that stopped before its flip, long ago, and one from a minute ago.
    await kv.raw.put(blobKey("stale"), "x", { metadata: { writtenAt: new Date(old).toISOString() } });
    const start = old + 2 * GRACE_MS;
    await kv.raw.put(blobKey("young"), "y", { metadata: { writtenAt: new Date(start - 60_000).toISOString() } });
    // The first version lost a blob only it used.
    const secondBlobs = new Set(manifestBlobs(await readManifest(kv.raw, second.manifest)));
    const lost = manifestBlobs(await readManifest(kv.raw, first.manifest)).find((blob) => !secondBlobs.has(blob));
    await kv.raw.delete(blobKey(lost ?? ""));

    const harness = coordinatorHarness({
      store: kv.store,
      source: () => memorySource(() => content.held()),
      start,
    });
    const unchanged = await harness.summary();
    expect(unchanged).toMatchObject({ status: "unchanged", manifest: second.manifest, writes: 0 });
    expect(harness.coordinator.status().kept.map((version) => version.manifest)).toEqual([first.manifest]);
    const rollback = await harness.run("rollback");
    expect(rollback.error?.message).toMatch(/cannot be served \(1 of its keys are not in KV\)/);
    await harness.settle(harness.clock());
    expect(await kv.raw.get(blobKey("stale"), { type: "text" })).toBeNull();
    expect(await kv.raw.get(blobKey("young"), { type: "text" })).toBe("y");
    harness.advance(GRACE_MS);
    await harness.settle(harness.clock());
    expect(await kv.raw.get(blobKey("young"), { type: "text" })).toBeNull();
  });
});

describe("a live version that lacks a blob", () => {
  it("is made whole by the next sync of the same content, without a new pointer", async () => {
    const kv = recordingStore();
    const content = new Content();
    const built = (await readCatalog(memorySource(() => content.held()))).built;
    const live = await publishWithoutCoordinator(kv.raw, built);
    const [lost] = manifestBlobs(await readManifest(kv.raw, live.manifest));
    await kv.raw.delete(blobKey(lost ?? ""));
    const pointer = await kv.raw.get(POINTER_KEY, { type: "text" });
    const harness = coordinatorHarness({ store: kv.store, source: () => memorySource(() => content.held()) });
    const repaired = await harness.summary();
    expect(repaired).toMatchObject({ status: "unchanged", manifest: live.manifest, writes: 1 });
    expect(kv.log).toEqual([{ op: "put", key: blobKey(lost ?? "") }]);
    expect(await pointerIsWhole(kv.raw)).toBe(true);
    expect(await kv.raw.get(POINTER_KEY, { type: "text" })).toBe(pointer);
  });
});

describe("publishWithoutCoordinator", () => {
  it("writes the version the coordinator would publish, for KVs no coordinator manages", async () => {
    const { content, harness } = setup();
    const summary = await harness.summary();
    const direct = await publishWithoutCoordinator(
      createMemoryStore(),
      (await readCatalog(memorySource(() => content.held()))).built,
    );
    expect(direct.manifest).toBe(summary.manifest);
  });
});

describe("a save that publish on save missed", () => {
  /** A coordinator of a site with publish on save (or without), whose log lines are kept. */
  function watched({
    publishOnSave = true,
    operationsPerStep,
  }: {
    publishOnSave?: boolean;
    operationsPerStep?: number;
  }) {
    const content = new Content();
    const lines: { level: string; event: string; fields: Record<string, unknown>; report?: boolean }[] = [];
    const harness = coordinatorHarness({
      store: createMemoryStore(),
      source: () => memorySource(() => content.held()),
      limits: operationsPerStep ? { operationsPerStep } : {},
      publishOnSave,
      log: (level, event, fields = {}, options = {}) => {
        lines.push({ level, event, fields, report: options.report });
      },
    });
    const cron = () => harness.coordinator.request({ action: "publish", trigger: "cron" });
    const missed = () => lines.filter((line) => line.event === "publish-on-save-missed");
    return { content, harness, cron, missed };
  }

  it("is a warning, reported, when the cron publishes a change no request of the API asked for", async () => {
    const { content, harness, cron, missed } = watched({});
    await harness.summary();
    content.edit(2);
    const { id } = await cron();
    expect((await harness.finish(id)).summary?.status).toBe("published");
    expect(missed()).toEqual([
      {
        level: "warn",
        event: "publish-on-save-missed",
        report: true,
        fields: expect.objectContaining({ request: id, changed: 1, added: 0, removed: 0, recipes: ["suppe-2"] }),
      },
    ]);
  });

  it.each([
    [
      "the flow's request published it before the cron",
      async ({ content, harness, cron }: ReturnType<typeof watched>) => {
        content.edit(2);
        await harness.summary();
        return harness.finish((await cron()).id);
      },
    ],
    [
      "the flow's request joined the cron's before it started",
      async ({ content, harness, cron }: ReturnType<typeof watched>) => {
        content.edit(2);
        const { id } = await cron();
        harness.advance(200);
        expect(await harness.request("publish")).toEqual({ id, joined: true });
        return harness.finish(id);
      },
    ],
    [
      "the flow's request came while the cron's run wrote",
      async ({ content, harness, cron }: ReturnType<typeof watched>) => {
        content.edit(2);
        const { id } = await cron();
        // The first step reads Directus; the run is under way when the flow's request arrives.
        await harness.nextStep();
        expect(harness.coordinator.requestStatus(id)?.state).toBe("running");
        harness.advance(100);
        expect((await harness.request("publish")).joined).toBe(false);
        return harness.finish(id);
      },
    ],
    ["nothing changed", async ({ harness, cron }: ReturnType<typeof watched>) => harness.finish((await cron()).id)],
  ])("is not when %s", async (_, scenario) => {
    const site = watched({ operationsPerStep: 2 });
    await site.harness.summary();
    const view = await scenario(site);
    expect(view.state).toBe("done");
    expect(site.missed()).toEqual([]);
  });

  it("is, when another cron joined the cron's request before it started", async () => {
    const { content, harness, cron, missed } = watched({});
    await harness.summary();
    content.edit(2);
    const { id } = await cron();
    harness.advance(200);
    expect(await cron()).toEqual({ id, joined: true });
    expect((await harness.finish(id)).summary?.status).toBe("published");
    expect(missed()).toEqual([expect.objectContaining({ fields: expect.objectContaining({ request: id }) })]);
  });

  it("is, when an operator's release came while the cron's run wrote (the flow never asks for one)", async () => {
    const { content, harness, cron, missed } = watched({ operationsPerStep: 2 });
    await harness.summary();
    content.edit(2);
    const { id } = await cron();
    await harness.nextStep();
    expect(harness.coordinator.requestStatus(id)?.state).toBe("running");
    harness.advance(100);
    expect((await harness.request("release")).joined).toBe(false);
    expect((await harness.finish(id)).summary?.status).toBe("published");
    expect(missed()).toEqual([expect.objectContaining({ fields: expect.objectContaining({ request: id }) })]);
  });

  it("is, when the cron's publish was given up for a rollback that was then refused", async () => {
    const { content, harness, cron, missed } = watched({ operationsPerStep: 2 });
    await harness.summary();
    content.edit(2);
    const { id } = await cron();
    // The cron's run is under way when a rollback comes; nothing is kept to go back to, so it is refused.
    await harness.nextStep();
    expect(harness.coordinator.requestStatus(id)?.state).toBe("running");
    const rollback = await harness.finish((await harness.request("rollback")).id);
    expect(rollback.error?.kind).toBe("refused");
    await harness.settle();
    const last = harness.coordinator.status().last;
    expect(last).toMatchObject({ trigger: "cron", summary: { status: "published" } });
    expect(missed()).toEqual([expect.objectContaining({ fields: expect.objectContaining({ request: last?.id }) })]);
  });

  it("is not on the first publish, or on a site without publish on save", async () => {
    const first = watched({});
    await first.harness.finish((await first.cron()).id);
    expect(first.missed()).toEqual([]);

    const off = watched({ publishOnSave: false });
    await off.harness.summary();
    off.content.edit(1);
    expect((await off.harness.finish((await off.cron()).id)).summary?.status).toBe("published");
    expect(off.missed()).toEqual([]);
  });
});
