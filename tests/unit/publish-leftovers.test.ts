/**
 * Leftovers of syncs that stopped before their flip (another sync published
 * first, or a fault stopped them) are swept by a later publish once they are
 * older than the grace period: the real publish on the in-memory store. What
 * must hold: every version the pointer names stays whole, a sync still under
 * way keeps its pieces, and an unchanged sync lists nothing.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMemoryStore } from "../../app/lib/catalog/memory-store.ts";
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
} from "../../app/lib/catalog/storage.ts";
import { GRACE_MS, type PublishResult, publish } from "../../workers/sync/publish.ts";
import { labelledCatalog as catalog } from "./catalog-fixture.ts";

const START = Date.parse("2026-11-25T00:00:00Z");
const at = (ms: number) => new Date(START + ms);
const MINUTE = 60 * 1000;

/** The store with its list calls counted, and a fault on the put `failAt` (counted from 1) if given. */
function watched(store: CatalogStore, failAt = Number.POSITIVE_INFINITY): CatalogStore & { lists: number } {
  let puts = 0;
  const watching = {
    lists: 0,
    get: store.get.bind(store) as CatalogStore["get"],
    put: async (key: string, value: string, options?: Parameters<CatalogStore["put"]>[2]) => {
      puts += 1;
      if (puts >= failAt) throw new Error("KV: 503 Service Unavailable");
      await store.put(key, value, options);
    },
    delete: store.delete.bind(store),
    list: async (options: Parameters<CatalogStore["list"]>[0]) => {
      watching.lists += 1;
      return store.list(options);
    },
  };
  return watching;
}

/** Every manifest and blob in the store, by hash. */
async function storedKeys(store: CatalogStore): Promise<{ manifests: string[]; blobs: string[] }> {
  return {
    manifests: (await listKeys(store, MANIFEST_PREFIX)).map(({ name }) => name.slice(MANIFEST_PREFIX.length)).sort(),
    blobs: (await listKeys(store, BLOB_PREFIX)).map(({ name }) => name.slice(BLOB_PREFIX.length)).sort(),
  };
}

/** What the pointer's versions use: their manifests and blobs. */
async function usedKeys(store: CatalogStore): Promise<{ manifests: string[]; blobs: string[] }> {
  const pointer = await readPointer(store);
  const manifests = pointer ? [pointer.manifest, ...pointer.retired.map((entry) => entry.manifest)] : [];
  const blobs = new Set<string>();
  for (const hash of manifests) for (const blob of manifestBlobs(await readManifest(store, hash))) blobs.add(blob);
  return { manifests: [...new Set(manifests)].sort(), blobs: [...blobs].sort() };
}

/** Whether every blob of every version the pointer names can be read. */
async function everyVersionWhole(store: CatalogStore): Promise<boolean> {
  const { blobs } = await usedKeys(store);
  for (const blob of blobs) if ((await store.get(blobKey(blob), { type: "text" })) === null) return false;
  return true;
}

/** The store, with `meanwhile` run once, right after the first put of a key that starts with `prefix`. */
function afterFirstPut(store: CatalogStore, prefix: string, meanwhile: () => Promise<unknown>): CatalogStore {
  let done = false;
  return {
    ...store,
    get: store.get.bind(store) as CatalogStore["get"],
    put: async (key, value, options) => {
      await store.put(key, value, options);
      if (done || !key.startsWith(prefix)) return;
      done = true;
      await meanwhile();
    },
  };
}

/** A sync that another one overtook: it wrote its blobs and manifest, found the pointer moved and stopped. */
async function overtakenSync(store: CatalogStore, label: string, now: Date): Promise<PublishResult> {
  const expected = (await readPointer(store)) ?? undefined;
  const other = catalog(`${label} (anderer Sync)`);
  const overtaking = afterFirstPut(store, MANIFEST_PREFIX, () => publish(store, other, { now, expected }));
  return publish(overtaking, catalog(label), { now, expected });
}

describe("leftovers of a sync that stopped before its flip", () => {
  it("stay while they are younger than the grace period, and go with the first publish after it", async () => {
    const store = createMemoryStore();
    await publish(store, catalog("Erste"), { now: at(0) });
    const overtaken = await overtakenSync(store, "Überholt", at(MINUTE));
    expect(overtaken.status).toBe("superseded");
    const leftover = overtaken.manifest;
    expect((await storedKeys(store)).manifests).toContain(leftover);

    const soon = await publish(store, catalog("Bald"), { now: at(30 * MINUTE) });
    expect(soon.status).toBe("published");
    expect((await storedKeys(store)).manifests).toContain(leftover);

    const later = await publish(store, catalog("Später"), { now: at(MINUTE + GRACE_MS + 1) });
    expect(later.status).toBe("published");
    expect(await storedKeys(store)).toEqual(await usedKeys(store));
    expect((await storedKeys(store)).manifests).not.toContain(leftover);
    expect(later.deletes).toBeGreaterThan(1);
    expect(await everyVersionWhole(store)).toBe(true);
  });

  it("are swept after a fault stopped a sync halfway through its blobs", async () => {
    const store = createMemoryStore();
    await publish(store, catalog("Erste"), { now: at(0) });
    await expect(publish(watched(store, 3), catalog("Abgebrochen", 40), { now: at(MINUTE) })).rejects.toThrow("503");
    const afterFault = await storedKeys(store);
    expect(afterFault.blobs.length).toBeGreaterThan((await usedKeys(store)).blobs.length);

    await publish(store, catalog("Danach"), { now: at(2 * GRACE_MS) });
    expect(await storedKeys(store)).toEqual(await usedKeys(store));
    expect(await everyVersionWhole(store)).toBe(true);
  });

  it("are kept when a later version needs them: the same content published again after the grace period", async () => {
    const store = createMemoryStore();
    await publish(store, catalog("Erste"), { now: at(0) });
    const again = catalog("Wieder", 40);
    await expect(publish(watched(store, 3), again, { now: at(MINUTE) })).rejects.toThrow("503");

    const result = await publish(store, again, { now: at(2 * GRACE_MS) });
    expect(result.status).toBe("published");
    expect((await readPointer(store))?.manifest).toBe(result.manifest);
    expect(await everyVersionWhole(store)).toBe(true);
    expect(await storedKeys(store)).toEqual(await usedKeys(store));
  });

  it("do not include the pieces of a sync still under way, whose flip comes after the sweep", async () => {
    const store = createMemoryStore();
    await publish(store, catalog("Erste"), { now: at(0) });
    // A sync without an expected pointer (an operator's) is writing its blobs when another sync publishes and sweeps.
    let swept: PublishResult | undefined;
    const slow = afterFirstPut(store, BLOB_PREFIX, async () => {
      swept = await publish(store, catalog("Dazwischen"), { now: at(GRACE_MS + 2 * MINUTE) });
    });
    const result = await publish(slow, catalog("Langsam", 40), { now: at(GRACE_MS + MINUTE) });
    expect(swept?.status).toBe("published");
    expect(result.status).toBe("published");
    expect((await readPointer(store))?.manifest).toBe(result.manifest);
    expect(await everyVersionWhole(store)).toBe(true);
  });

  it("leaves keys alone that carry no time (written before the sweep existed)", async () => {
    const store = createMemoryStore();
    await publish(store, catalog("Erste"), { now: at(0) });
    await store.put(blobKey("f".repeat(64)), "ohne Zeit");
    await store.put(manifestKey("e".repeat(64)), "{}");

    await publish(store, catalog("Zweite"), { now: at(2 * GRACE_MS) });
    const stored = await storedKeys(store);
    expect(stored.blobs).toContain("f".repeat(64));
    expect(stored.manifests).toContain("e".repeat(64));
  });

  it("are not looked for by a sync that finds nothing changed", async () => {
    const store = createMemoryStore();
    const same = catalog("Erste");
    await publish(store, same, { now: at(0) });
    const watching = watched(store);
    const result = await publish(watching, same, { now: at(2 * GRACE_MS) });
    expect(result.status).toBe("unchanged");
    expect(watching.lists).toBe(0);
  });

  it("are left when a kept version's manifest cannot be read: its blobs would look unused", async () => {
    const store = createMemoryStore();
    const first = await publish(store, catalog("Erste"), { now: at(0) });
    await publish(store, catalog("Zweite"), { now: at(MINUTE) });
    expect((await overtakenSync(store, "Überholt", at(2 * MINUTE))).status).toBe("superseded");
    await store.delete(manifestKey(first.manifest));
    const before = await storedKeys(store);

    const result = await publish(store, catalog("Dritte"), { now: at(2 * GRACE_MS) });
    expect(result.deletes).toBe(0);
    const after = await storedKeys(store);
    expect(after.blobs).toEqual(expect.arrayContaining(before.blobs));
  });
});

describe("any run of syncs, overtaken ones and faults", () => {
  type Step =
    | { kind: "publish"; label: number; minutes: number }
    | { kind: "overtaken"; label: number; minutes: number }
    | { kind: "fault"; label: number; minutes: number; failAt: number };
  const label = fc.integer({ min: 0, max: 4 });
  const minutes = fc.integer({ min: 0, max: 90 });
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant("publish" as const), label, minutes }),
    fc.record({ kind: fc.constant("overtaken" as const), label, minutes }),
    fc.record({ kind: fc.constant("fault" as const), label, minutes, failAt: fc.integer({ min: 1, max: 12 }) }),
  );

  it("keeps every version the pointer names whole, and after one more publish past the grace period holds nothing else", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const store = createMemoryStore();
        let clock = 0;
        for (const next of steps) {
          clock += next.minutes * MINUTE;
          const name = `Version ${next.label}`;
          if (next.kind === "publish") await publish(store, catalog(name, 30), { now: at(clock) });
          else if (next.kind === "overtaken") {
            if (await readPointer(store)) await overtakenSync(store, name, at(clock));
          } else {
            await publish(watched(store, next.failAt), catalog(name, 30), { now: at(clock) }).catch(() => undefined);
          }
          expect(await everyVersionWhole(store)).toBe(true);
        }
        clock += GRACE_MS + MINUTE;
        await publish(store, catalog("Zuletzt", 30), { now: at(clock) });
        expect(await everyVersionWhole(store)).toBe(true);
        expect(await storedKeys(store)).toEqual(await usedKeys(store));
        expect(await store.get(POINTER_KEY, { type: "text" })).not.toBeNull();
      }),
      { numRuns: 60 },
    );
  });
});

describe("the memory store's list", () => {
  it("gives every key under a prefix, in order, across pages", async () => {
    const store = createMemoryStore();
    const names = Array.from({ length: 2345 }, (_, index) => blobKey(index.toString(16).padStart(64, "0")));
    for (const name of [...names].reverse())
      await store.put(name, "x", { metadata: { writtenAt: at(0).toISOString() } });
    await store.put(POINTER_KEY, "{}");
    const listed = await listKeys(store, BLOB_PREFIX);
    expect(listed.map(({ name }) => name)).toEqual([...names].sort());
    expect(listed.every(({ metadata }) => JSON.stringify(metadata) === `{"writtenAt":"${at(0).toISOString()}"}`)).toBe(
      true,
    );
  });
});
