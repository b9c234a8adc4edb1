/**
 * The catalog coordinator (catalog/sync/coordinator.ts) under faults that
 * never reach its `catch`, or that leave KV and the ledger in doubt: steps
 * the runtime kills, KV writes and deletes that fail but take effect, and the
 * pointer's sequence. Its real code on node:sqlite (tests/model/coordinator-harness.ts)
 * over the in-memory KV, with faults on chosen operations. Issue 43; decision 0032.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMemoryStore } from "../../catalog/format/memory-store.ts";
import {
  BLOB_PREFIX,
  blobKey,
  type CatalogStore,
  manifestKey,
  POINTER_KEY,
  type Pointer,
  readPointer,
} from "../../catalog/format/storage.ts";
import { GRACE_MS } from "../../catalog/sync/coordinator.ts";
import type { ContentSource } from "../../catalog/sync/directus-source.ts";
import { planVersion, publishWithoutCoordinator } from "../../catalog/sync/plan-version.ts";
import type { PublicationWriter } from "../../catalog/sync/publication-writer.ts";
import { readCatalog } from "../../catalog/sync/read-catalog.ts";
import { type LogLevel, logEvent, type ReportedEntry, setLogReporter } from "../../logging/log.ts";
import { coordinatorHarness } from "../model/coordinator-harness.ts";
import { type HeldContent, memorySource, RAW_INGREDIENT, rawRecipe } from "../stand-ins/raw-content.ts";
import { neededBlobs, pointerIsWhole, storedBlobs } from "./stored-version-checks.ts";

const START = Date.parse("2026-11-25T00:00:00Z");

/** What the in-memory Directus holds: three soups, each at its own edition (1 unless set). */
class Content {
  editions = new Map<number, number>();
  /** Every read of Directus hangs: what a step the runtime kills while it reads waits on. */
  readsHang = false;
  held(): HeldContent {
    return {
      recipes: Array.from({ length: 3 }, (_, index) => rawRecipe(index + 1, this.editions.get(index + 1) ?? 1)),
      ingredients: [RAW_INGREDIENT],
    };
  }
  edit(id: number): void {
    this.editions.set(id, (this.editions.get(id) ?? 1) + 1);
  }
}

/** Operations that never answer: what a step the runtime kills is waiting on. */
class Hangs {
  #waiting: (() => void)[] = [];
  /** Resolves when the next operation hangs. */
  next(): Promise<void> {
    return new Promise((resolve) => this.#waiting.push(resolve));
  }
  hang<T>(): Promise<T> {
    for (const resolve of this.#waiting.splice(0)) resolve();
    return new Promise<T>(() => {});
  }
}

/**
 * What happens to a KV operation: "hang" (the step is killed while it waits),
 * "fail" (refused, nothing happens), "lands" (it takes effect, then the
 * binding throws: a timeout on the answer), "lands-then-hangs" (it takes
 * effect, and the step is killed before it hears so).
 */
type Fault = "hang" | "fail" | "lands" | "lands-then-hangs" | null;

/** The in-memory KV with a fault on chosen operations. */
function faultyStore(hangs: Hangs) {
  const raw = createMemoryStore();
  let rule: (op: "put" | "delete", key: string) => Fault = () => null;
  const store: CatalogStore = {
    get: raw.get,
    list: raw.list,
    put: async (key, value, options) => {
      const fault = rule("put", key);
      if (fault === "hang") return hangs.hang();
      if (fault === "fail") throw new Error("KV: 503 Service Unavailable");
      await raw.put(key, value, options);
      if (fault === "lands-then-hangs") return hangs.hang();
      if (fault === "lands") throw new Error("KV: 504 Gateway Timeout (the write took effect)");
    },
    delete: async (key) => {
      const fault = rule("delete", key);
      if (fault === "hang") return hangs.hang();
      if (fault === "fail") throw new Error("KV: 503 Service Unavailable");
      await raw.delete(key);
      if (fault === "lands") throw new Error("KV: 504 Gateway Timeout (the delete took effect)");
    },
  };
  return {
    store,
    raw,
    fault(next: (op: "put" | "delete", key: string) => Fault) {
      rule = next;
    },
    clear() {
      rule = () => null;
    },
  };
}

interface Line {
  level: LogLevel;
  event: string;
  fields: Record<string, unknown>;
}

/** A Directus whose every call never answers. */
function hangingSource(hangs: Hangs): ContentSource {
  return {
    countRecipes: () => hangs.hang(),
    countIngredients: () => hangs.hang(),
    recipePage: () => hangs.hang(),
    ingredientPage: () => hangs.hang(),
    recipeIds: () => hangs.hang(),
    ingredientIds: () => hangs.hang(),
  };
}

/** Steps a test runs at most, waiting for one to hang (a read and a build of a small catalog take a few). */
const MAX_STEPS_BEFORE_A_HANG = 50;

/** Reported lines, as the error tracker would get them (logging/log.ts), and the console kept quiet. */
let reported: ReportedEntry[] = [];
beforeEach(() => {
  reported = [];
  setLogReporter((entry) => reported.push(entry));
  for (const method of ["log", "warn", "error"] as const) vi.spyOn(console, method).mockImplementation(() => {});
});
afterEach(() => {
  setLogReporter(undefined);
  vi.restoreAllMocks();
});

function setup({
  hangs = new Hangs(),
  store,
  start = START,
  publications,
  limits = {},
}: {
  /** What the store's and the test's hanging operations signal (the store's own, when a store is given). */
  hangs?: Hangs;
  store?: ReturnType<typeof faultyStore>;
  start?: number;
  publications?: PublicationWriter;
  limits?: Parameters<typeof coordinatorHarness>[0]["limits"];
} = {}) {
  const content = new Content();
  const kv = store ?? faultyStore(hangs);
  const lines: Line[] = [];
  const harness = coordinatorHarness({
    store: kv.store,
    source: () => (content.readsHang ? hangingSource(hangs) : memorySource(() => content.held())),
    start,
    limits,
    publications,
    log: (level, event, fields = {}, options = {}) => {
      lines.push({ level, event, fields });
      // The real log: its error lines reach the reporter.
      logEvent(level, event, fields, options);
    },
  });
  /** Runs the alarm's step until it hangs, then drops the instance: the runtime killed it, no `catch` ran. */
  async function killedStep(): Promise<void> {
    const hung = hangs.next().then(() => "killed" as const);
    // A publish reads Directus and builds in steps of their own (decision 0052) before the step that hangs.
    for (let step = 0; step < MAX_STEPS_BEFORE_A_HANG; step++) {
      const outcome = await Promise.race([hung, harness.nextStep().then(() => "finished" as const)]);
      if (outcome === "killed") {
        harness.restart();
        return;
      }
    }
    throw new Error("test: no step hung");
  }
  return { content, kv, harness, lines, hangs, killedStep };
}

/** The version `held` content is, and its blobs' texts by hash. */
async function versionOf(held: HeldContent) {
  const blobs = new Map<string, string>();
  const built = (await readCatalog(memorySource(() => held))).built;
  const { hash, manifest } = await planVersion(built, ({ hash: blob, text }) => {
    blobs.set(blob, text);
  });
  return { hash, manifest, blobs, built };
}

const pointerText = async (store: CatalogStore) =>
  JSON.parse((await store.get(POINTER_KEY, { type: "text" })) ?? "null") as Pointer | null;

describe("a step the runtime kills", () => {
  it("counts as a failed step; after five the request is given up, reported as an error, and the next goes ahead", async () => {
    const { content, kv, harness, lines, killedStep } = setup();
    const live = await harness.summary();
    content.edit(1);
    kv.fault((op, key) => (op === "put" && key.startsWith(BLOB_PREFIX) ? "hang" : null));
    const { id } = await harness.request("publish");
    const { id: next } = await harness.request("dry-run");
    for (let kill = 0; kill < 5; kill++) await killedStep();
    expect(harness.coordinator.requestStatus(id)?.state).toBe("running");

    // The sixth step finds the fifth unfinished: the publish is given up, the dry run behind it goes ahead.
    const after = await harness.finish(next);
    expect(after.summary?.status).toBe("dry-run");
    const given = harness.coordinator.requestStatus(id);
    expect(given).toMatchObject({ state: "failed", error: { kind: "failed" } });
    expect(given?.error?.message).toMatch(/gave up after 5 failed steps: the step never finished/);
    const failedSteps = lines.filter((line) => line.event === "sync.step-failed");
    expect(failedSteps.map((line) => [line.level, line.fields.killed, line.fields.request])).toEqual(
      Array.from({ length: 5 }, () => ["error", true, id]),
    );
    expect(reported.filter((entry) => entry.event === "sync" && entry.fields.request === id)).toEqual([
      expect.objectContaining({ level: "error", fields: expect.objectContaining({ outcome: "failed" }) }),
    ]);
    expect((await readPointer(kv.raw))?.manifest).toBe(live.manifest);
    expect(harness.coordinator.status().running).toBeNull();

    kv.clear();
    expect((await harness.summary()).status).toBe("published");
    expect(await pointerIsWhole(kv.raw)).toBe(true);
  });

  it("in a read of Directus (a step of its own): counted like any other, and after five the publish is given up", async () => {
    const { content, harness, lines, killedStep } = setup();
    const live = await harness.summary();
    content.edit(1);
    content.readsHang = true;
    const { id } = await harness.request("publish");
    for (let kill = 0; kill < 5; kill++) await killedStep();
    content.readsHang = false;
    await harness.nextStep();
    const given = harness.coordinator.requestStatus(id);
    expect(given).toMatchObject({ state: "failed", error: { kind: "failed" } });
    expect(given?.error?.message).toMatch(/gave up after 5 failed steps: the step never finished/);
    const failedSteps = lines.filter((line) => line.event === "sync.step-failed");
    expect(failedSteps.map((line) => [line.fields.work, line.fields.killed, line.fields.request])).toEqual(
      Array.from({ length: 5 }, () => ["request", true, id]),
    );
    expect(harness.coordinator.status().live?.manifest).toBe(live.manifest);
    // The next publish reads again, from the same marks: the edit is published.
    const next = await harness.summary();
    expect(next).toMatchObject({ status: "published" });
    expect(next.changes?.changed).toEqual(["suppe-1"]);
  });

  it("has set the alarm for its retry before its work, so it is woken again though the runtime retries no more", async () => {
    const { content, kv, harness, killedStep } = setup();
    await harness.summary();
    content.edit(1);
    kv.fault((op, key) => (op === "put" && key.startsWith(BLOB_PREFIX) ? "hang" : null));
    await harness.request("publish");
    // The harness, like the runtime once its six retries are spent, consumes the alarm and never sets it again.
    const pauses: number[] = [];
    for (let kill = 0; kill < 4; kill++) {
      const before = harness.alarmAt ?? Number.NaN;
      await killedStep();
      const at = Math.max(before, harness.clock());
      expect(harness.alarmAt).not.toBeNull();
      pauses.push((harness.alarmAt ?? 0) - at);
    }
    // The pause of the failure it would be: 2 s, doubling.
    expect(pauses).toEqual([2_000, 4_000, 8_000, 16_000]);
  });

  it("in the sweep: after five the sweep pauses for an hour, reported, and publishing goes on", async () => {
    const old = START - 2 * GRACE_MS;
    const hangs = new Hangs();
    const kv = faultyStore(hangs);
    const content = new Content();
    await publishWithoutCoordinator(kv.raw, (await versionOf(content.held())).built, new Date(old));
    // A leftover of a sync long ago: the sweep deletes it.
    await kv.raw.put(blobKey("stale"), "x", { metadata: { writtenAt: new Date(old).toISOString() } });
    const site = setup({ hangs, store: kv });
    site.content.editions = content.editions;
    kv.fault((op) => (op === "delete" ? "hang" : null));
    // The first step adopts the KV, answers the request, then sweeps: killed there.
    await site.harness.request("publish");
    for (let kill = 0; kill < 5; kill++) await site.killedStep();
    await site.harness.nextStep();
    expect(site.lines.filter((line) => line.event === "sync.step-failed").map((line) => line.fields.work)).toEqual(
      Array(5).fill("sweep"),
    );
    expect(reported.filter((entry) => entry.event === "sync.gave-up")).toEqual([
      expect.objectContaining({ level: "error", fields: expect.objectContaining({ what: "sweep", failures: 5 }) }),
    ]);
    // No loop: the next look is when the pause ends.
    expect(site.harness.alarmAt).toBe(site.harness.clock() + GRACE_MS);
    site.content.edit(2);
    expect((await site.harness.summary()).status).toBe("published");

    kv.clear();
    site.harness.advance(GRACE_MS);
    await site.harness.settle(site.harness.clock());
    expect(await kv.raw.get(blobKey("stale"), { type: "text" })).toBeNull();
  });

  it("in the status write-back: after five it waits the longest pause, reported, and publishing goes on", async () => {
    const hangs = new Hangs();
    let hanging = true;
    const rows: number[] = [];
    const publications: PublicationWriter = {
      write: async (batch) => {
        if (hanging) return hangs.hang();
        rows.push(...batch.map((row) => row.recipe));
        return { gone: [] };
      },
    };
    const kv = faultyStore(hangs);
    const site = setup({ hangs, store: kv, publications });
    await site.harness.summary();
    for (let kill = 0; kill < 5; kill++) await site.killedStep();
    await site.harness.nextStep();
    expect(site.lines.filter((line) => line.event === "sync.step-failed").map((line) => line.fields.work)).toEqual(
      Array(5).fill("statuses"),
    );
    expect(reported.filter((entry) => entry.event === "sync.gave-up")).toEqual([
      expect.objectContaining({ fields: expect.objectContaining({ what: "status write-back" }) }),
    ]);
    const { statuses } = site.harness.coordinator.status();
    expect(statuses.retryAt).toBe(new Date(site.harness.clock() + 5 * 60 * 1000).toISOString());
    expect(site.harness.alarmAt).toBe(site.harness.clock() + 5 * 60 * 1000);
    site.content.edit(1);
    expect((await site.harness.summary()).status).toBe("published");

    hanging = false;
    site.harness.advance(5 * 60 * 1000);
    await site.harness.settle(site.harness.clock());
    expect(rows.sort()).toEqual([1, 2, 3]);
    expect(site.harness.coordinator.status().statuses.unwritten).toBe(0);
  });

  it("in adoption's list of keys: after five the list is given up, and the keys not listed are never swept", async () => {
    const old = START - 2 * GRACE_MS;
    const hangs = new Hangs();
    const kv = faultyStore(hangs);
    const content = new Content();
    const live = await publishWithoutCoordinator(kv.raw, (await versionOf(content.held())).built, new Date(old));
    await kv.raw.put(blobKey("stale"), "x", { metadata: { writtenAt: new Date(old).toISOString() } });
    const list = kv.store.list;
    kv.store.list = (options) => (options.prefix === BLOB_PREFIX ? hangs.hang() : list(options));
    const site = setup({ hangs, store: kv });
    const { id } = await site.harness.request("publish");
    for (let kill = 0; kill < 5; kill++) await site.killedStep();
    kv.store.list = list;
    const view = await site.harness.finish(id);
    expect(view.summary).toMatchObject({ status: "unchanged", manifest: live.manifest });
    expect(reported.filter((entry) => entry.event === "sync.gave-up")).toEqual([
      expect.objectContaining({ fields: expect.objectContaining({ what: "adoption's list of keys" }) }),
    ]);
    // Unlisted, so unknown: the sweep leaves it, and the live version's blobs are written again when missing.
    site.harness.advance(GRACE_MS);
    await site.harness.settle(site.harness.clock());
    expect(await kv.raw.get(blobKey("stale"), { type: "text" })).toBe("x");
    expect(await pointerIsWhole(kv.raw)).toBe(true);
  });
});

describe("a KV write or delete whose outcome is not known", () => {
  it("a pointer write that failed but landed, five flips over: the next publish writes the pointer though the content is unchanged", async () => {
    const { content, kv, harness } = setup();
    const first = await harness.summary();
    content.edit(1);
    const second = await versionOf(content.held());
    let landings = 5;
    kv.fault((op, key) => (op === "put" && key === POINTER_KEY && landings-- > 0 ? "lands" : null));
    const { id } = await harness.request("publish");
    await harness.nextStep();
    expect(harness.coordinator.requestStatus(id)?.state).toBe("running");
    // Directus goes back to the first content, and a publish is asked for behind the one under way.
    content.editions.set(1, 1);
    const { id: next } = await harness.request("publish");
    await harness.finish(id);
    expect(harness.coordinator.requestStatus(id)?.error?.message).toMatch(/gave up after 5 failed steps/);
    // The ledger says the first version is live; KV's pointer names the second.
    expect(harness.coordinator.status().live?.manifest).toBe(first.manifest);
    const landed = await pointerText(kv.raw);
    expect(landed?.manifest).toBe(second.hash);

    // "Unchanged" to the ledger, yet the pointer is written.
    const repaired = await harness.finish(next);
    expect(repaired.summary).toMatchObject({ status: "unchanged", manifest: first.manifest, writes: 1 });
    const pointer = await pointerText(kv.raw);
    expect(pointer?.manifest).toBe(first.manifest);
    expect(pointer?.sequence).toBeGreaterThan(landed?.sequence ?? Number.POSITIVE_INFINITY);

    // The second version stays an hour for readers that took its pointer, then its keys go.
    harness.advance(GRACE_MS - 60_000);
    await harness.settle(harness.clock());
    expect(await kv.raw.get(manifestKey(second.hash), { type: "text" })).not.toBeNull();
    harness.advance(2 * 60_000);
    await harness.settle(harness.clock());
    expect(await kv.raw.get(manifestKey(second.hash), { type: "text" })).toBeNull();
    expect(await storedBlobs(kv.raw)).toEqual(await neededBlobs(kv.raw, harness.coordinator.status()));
  });

  it("a pointer write that landed in a step then killed, five times over: its version is kept while the pointer cannot be written again, then the pointer is repaired", async () => {
    const { content, kv, harness, killedStep } = setup();
    const first = await harness.summary();
    content.edit(1);
    const second = await versionOf(content.held());
    kv.fault((op, key) => (op === "put" && key === POINTER_KEY ? "lands-then-hangs" : null));
    const { id } = await harness.request("publish");
    for (let kill = 0; kill < 5; kill++) await killedStep();
    // Then KV refuses the pointer for over an hour: the coordinator's repairs fail, are given up, reported.
    kv.fault((op, key) => (op === "put" && key === POINTER_KEY ? "fail" : null));
    const given = await harness.finish(id);
    expect(given.error?.message).toMatch(/gave up after 5 failed steps: the step never finished/);
    expect(harness.coordinator.status().live?.manifest).toBe(first.manifest);
    expect((await pointerText(kv.raw))?.manifest).toBe(second.hash);
    await harness.settle(harness.clock() + GRACE_MS + 10 * 60_000);
    expect(reported.filter((entry) => entry.event === "sync.gave-up").map((entry) => entry.fields.what)).toContain(
      "pointer repair",
    );
    // The sweep has run meanwhile, and left the version KV's pointer names whole.
    expect((await pointerText(kv.raw))?.manifest).toBe(second.hash);
    expect(await pointerIsWhole(kv.raw)).toBe(true);

    // KV takes writes again: the coordinator writes the pointer for its live version by itself.
    kv.clear();
    await harness.settle(harness.clock() + 10 * 60_000);
    expect((await pointerText(kv.raw))?.manifest).toBe(first.manifest);
    expect(await pointerIsWhole(kv.raw)).toBe(true);
    expect(await harness.summary()).toMatchObject({ status: "published", manifest: second.hash });
  });

  it("a delete that failed but took the key: a version that needs the key again writes it", async () => {
    const old = START - 2 * GRACE_MS;
    const hangs = new Hangs();
    const kv = faultyStore(hangs);
    const content = new Content();
    const first = await versionOf(content.held());
    await publishWithoutCoordinator(kv.raw, first.built, new Date(old));
    content.edit(1);
    const second = await versionOf(content.held());
    content.editions.set(1, 1);
    // A blob the second version needs, left long ago by a version that used it too: unused now, so swept.
    const [reused, text] = [...second.blobs].find(([hash]) => !first.blobs.has(hash)) ?? [];
    if (!reused || text === undefined) throw new Error("test: the versions share every blob");
    await kv.raw.put(blobKey(reused), text, { metadata: { writtenAt: new Date(old).toISOString() } });
    let once = true;
    kv.fault((op, key) => {
      if (op !== "delete" || key !== blobKey(reused) || !once) return null;
      once = false;
      return "lands";
    });
    const site = setup({ hangs, store: kv });
    site.content.editions = content.editions;
    // Adopts, answers "unchanged", then sweeps: the delete takes the key and fails.
    expect((await site.harness.summary()).status).toBe("unchanged");
    expect(await kv.raw.get(blobKey(reused), { type: "text" })).toBeNull();
    expect(site.lines.filter((line) => line.event === "sync.step-failed")).toHaveLength(1);

    // Before the sweep tries again, Directus changes to the second content.
    site.content.edit(1);
    const published = await site.harness.summary();
    expect(published).toMatchObject({ status: "published", manifest: second.hash });
    expect(await kv.raw.get(blobKey(reused), { type: "text" })).toBe(text);
    expect(await pointerIsWhole(kv.raw)).toBe(true);
  });

  it("blob puts that failed but landed, in a run given up: not deleted within their grace, swept after it", async () => {
    const { content, kv, harness } = setup();
    const first = await harness.summary();
    content.edit(1);
    const second = await versionOf(content.held());
    kv.fault((op, key) => (op === "put" && key.startsWith(BLOB_PREFIX) ? "lands" : null));
    const given = await harness.run();
    expect(given.error?.message).toMatch(/gave up after 5 failed steps/);
    expect(harness.coordinator.status().live?.manifest).toBe(first.manifest);
    kv.clear();
    // In KV, though no version the ledger keeps uses them: the second version's new blobs.
    const needed = await neededBlobs(kv.raw, harness.coordinator.status());
    const leftovers = (await storedBlobs(kv.raw)).filter((hash) => !needed.includes(hash));
    expect(leftovers.length).toBeGreaterThan(0);
    for (const hash of leftovers) expect(second.blobs.has(hash)).toBe(true);

    harness.advance(GRACE_MS - 60_000);
    await harness.settle(harness.clock());
    for (const hash of leftovers) expect(await kv.raw.get(blobKey(hash), { type: "text" })).not.toBeNull();
    harness.advance(2 * 60_000);
    await harness.settle(harness.clock());
    expect(await storedBlobs(kv.raw)).toEqual(await neededBlobs(kv.raw, harness.coordinator.status()));

    // Written again when a version needs them.
    const published = await harness.summary();
    expect(published).toMatchObject({ status: "published", manifest: second.hash });
    expect(await pointerIsWhole(kv.raw)).toBe(true);
  });
});

describe("the pointer's sequence", () => {
  it("grows with every pointer written: publishes, a rollback and a release", async () => {
    const { content, kv, harness } = setup();
    const sequences: (number | undefined)[] = [];
    await harness.summary();
    sequences.push((await pointerText(kv.raw))?.sequence);
    content.edit(1);
    await harness.summary();
    sequences.push((await pointerText(kv.raw))?.sequence);
    await harness.summary("rollback");
    sequences.push((await pointerText(kv.raw))?.sequence);
    await harness.summary("release");
    sequences.push((await pointerText(kv.raw))?.sequence);
    expect(sequences).toEqual([1, 2, 3, 4]);
  });

  it("goes on from the adopted pointer's, and from 0 for a pointer written before it existed", async () => {
    for (const [adopted, next] of [
      [41, 42],
      [undefined, 1],
    ] as const) {
      const hangs = new Hangs();
      const kv = faultyStore(hangs);
      const content = new Content();
      await publishWithoutCoordinator(kv.raw, (await versionOf(content.held())).built, new Date(START - 60_000));
      const { sequence: _, ...pointer } = (await pointerText(kv.raw)) as Pointer;
      await kv.raw.put(
        POINTER_KEY,
        JSON.stringify(adopted === undefined ? pointer : { ...pointer, sequence: adopted }),
      );
      const site = setup({ hangs, store: kv });
      site.content.edit(2);
      expect((await site.harness.summary()).status).toBe("published");
      expect((await pointerText(kv.raw))?.sequence).toBe(next);
    }
  });
});

describe("the status an operator reads (GET /sync, /healthz's details, npm run sync -- --versions)", () => {
  it("shows a step cut off, the attempts a failing request has used, and the request given up", async () => {
    const { content, kv, harness, killedStep } = setup();
    await harness.summary();
    expect(harness.coordinator.status().faults).toEqual({
      stepUnderWay: null,
      failing: null,
      gaveUp: null,
      pointerInDoubt: [],
      pointerRepairAt: null,
    });
    content.edit(1);
    kv.fault((op, key) => (op === "put" && key.startsWith(BLOB_PREFIX) ? "hang" : null));
    const { id } = await harness.request("publish");
    await killedStep();
    // Cut off, not counted yet: the next step counts it.
    expect(harness.coordinator.status().faults).toMatchObject({
      stepUnderWay: { work: "request", request: id },
      failing: null,
    });
    await killedStep();
    await killedStep();
    expect(harness.coordinator.status().faults.failing).toEqual({
      work: "request",
      request: id,
      failures: 2,
      giveUpAt: 5,
      killed: true,
      error: expect.stringMatching(/the step never finished/),
      at: new Date(harness.clock()).toISOString(),
    });
    await killedStep();
    await killedStep();
    kv.clear();
    await harness.nextStep();
    const { faults } = harness.coordinator.status();
    expect(faults.failing).toBeNull();
    expect(faults.gaveUp).toMatchObject({ work: "request", request: id, failures: 5 });
    expect(faults.gaveUp?.error).toMatch(/the step never finished/);
    // A later success clears what fails, not what was given up.
    expect((await harness.summary()).status).toBe("published");
    expect(harness.coordinator.status().faults).toMatchObject({ failing: null, gaveUp: { request: id } });
  });

  it("shows a thrown failure as not cut off", async () => {
    const { content, kv, harness } = setup();
    await harness.summary();
    content.edit(1);
    kv.fault((op, key) => (op === "put" && key.startsWith(BLOB_PREFIX) ? "fail" : null));
    const { id } = await harness.request("publish");
    for (let step = 0; step < MAX_STEPS_BEFORE_A_HANG && harness.coordinator.status().faults.failing === null; step++) {
      await harness.nextStep();
    }
    expect(harness.coordinator.status().faults).toMatchObject({
      stepUnderWay: null,
      failing: { work: "request", request: id, failures: 1, killed: false, error: "KV: 503 Service Unavailable" },
    });
  });

  it("shows the version a pointer write may have named, until the pointer is written again and its hour is over", async () => {
    const { content, kv, harness } = setup();
    const first = await harness.summary();
    content.edit(1);
    const second = await versionOf(content.held());
    kv.fault((op, key) => (op === "put" && key === POINTER_KEY ? "lands" : null));
    const { id } = await harness.request("publish");
    await harness.finish(id);
    expect(harness.coordinator.status().faults).toMatchObject({
      gaveUp: { work: "request", request: id, failures: 5 },
      pointerInDoubt: [{ manifest: second.hash, keptUntil: null }],
    });
    // Its repairs fail as well, five times: given up, tried again later.
    for (
      let step = 0;
      step < MAX_STEPS_BEFORE_A_HANG && harness.coordinator.status().faults.pointerRepairAt === null;
      step++
    ) {
      await harness.nextStep();
    }
    const { faults } = harness.coordinator.status();
    expect(faults.gaveUp).toMatchObject({ work: "pointer", request: null, failures: 5 });
    expect(Date.parse(faults.pointerRepairAt ?? "")).toBeGreaterThan(harness.clock());

    kv.clear();
    await harness.settle(harness.clock() + 10 * 60_000);
    expect((await pointerText(kv.raw))?.manifest).toBe(first.manifest);
    const repaired = harness.coordinator.status().faults;
    expect(repaired.pointerRepairAt).toBeNull();
    expect(repaired.pointerInDoubt).toEqual([{ manifest: second.hash, keptUntil: expect.any(String) }]);
    await harness.settle(Date.parse(repaired.pointerInDoubt[0]?.keptUntil ?? "") + 60_000);
    expect(harness.coordinator.status().faults.pointerInDoubt).toEqual([]);
  });
});
