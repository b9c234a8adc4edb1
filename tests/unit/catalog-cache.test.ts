/**
 * An isolate's catalog (catalog/view/catalog-cache.server.ts) never goes back
 * to an older pointer than the one it took: a location may serve one from its
 * cache, or from a tier a newer write has not reached yet. The pointer's
 * sequence says which is newer; a rollback writes a newer one too. (The same
 * cache in workerd: tests/worker/catalog-cache.test.ts.)
 */
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { createMemoryStore } from "../../catalog/format/memory-store.ts";
import { type CatalogStore, POINTER_KEY, type Pointer } from "../../catalog/format/storage.ts";
import { publishWithoutCoordinator } from "../../catalog/sync/plan-version.ts";
import { createCatalogCache } from "../../catalog/view/catalog-cache.server.ts";
import { labelledCatalog } from "./catalog-fixture.ts";

/** Longer than the cache's recheck interval (5 s). */
const AFTER_RECHECK_MS = 6_000;

let warnings: MockInstance<typeof console.warn>;
beforeEach(() => {
  warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

const olderLogged = () =>
  warnings.mock.calls.filter(([line]) => String(line).includes('"event":"catalog.pointer-older"')).length;

async function pointerIn(store: CatalogStore): Promise<Pointer> {
  return JSON.parse((await store.get(POINTER_KEY, { type: "text" })) ?? "null") as Pointer;
}

describe("the catalog cache and the pointer's sequence", () => {
  it("ignores a pointer older than the one it took, logs that once, and takes a rollback's newer one", async () => {
    const store = createMemoryStore();
    const first = await publishWithoutCoordinator(store, labelledCatalog("Erste"));
    const firstPointer = await pointerIn(store);
    const second = await publishWithoutCoordinator(store, labelledCatalog("Zweite"));
    expect((await pointerIn(store)).sequence).toBe(2);

    let now = 0;
    const cache = createCatalogCache(() => now);
    expect((await cache.get(store))?.version).toBe(second.manifest);

    // The store answers the first pointer again (sequence 1): the isolate stays on the second version.
    await store.put(POINTER_KEY, JSON.stringify(firstPointer));
    for (let check = 0; check < 3; check++) {
      now += AFTER_RECHECK_MS;
      expect((await cache.get(store))?.version).toBe(second.manifest);
      expect(await cache.liveVersion(store)).toBe(second.manifest);
    }
    expect(olderLogged()).toBe(1);

    // A pointer from before the sequence existed reads as 0: older still.
    const { sequence: _, ...unnumbered } = firstPointer;
    await store.put(POINTER_KEY, JSON.stringify(unnumbered));
    now += AFTER_RECHECK_MS;
    expect((await cache.get(store))?.version).toBe(second.manifest);

    // A rollback to the first version writes a newer pointer: taken.
    await store.put(POINTER_KEY, JSON.stringify({ ...firstPointer, sequence: 3 }));
    now += AFTER_RECHECK_MS;
    expect((await cache.get(store))?.version).toBe(first.manifest);

    // Going back again is logged again: once for each time it happens.
    await store.put(POINTER_KEY, JSON.stringify(firstPointer));
    now += AFTER_RECHECK_MS;
    expect((await cache.get(store))?.version).toBe(first.manifest);
    expect(olderLogged()).toBe(2);
  });

  it("takes pointers without a sequence while it has seen no other kind", async () => {
    const store = createMemoryStore();
    const first = await publishWithoutCoordinator(store, labelledCatalog("Erste"));
    const { sequence: _, ...unnumbered } = await pointerIn(store);
    await store.put(POINTER_KEY, JSON.stringify(unnumbered));
    let now = 0;
    const cache = createCatalogCache(() => now);
    expect((await cache.get(store))?.version).toBe(first.manifest);
    const second = await publishWithoutCoordinator(store, labelledCatalog("Zweite"));
    const { sequence: __, ...alsoUnnumbered } = await pointerIn(store);
    await store.put(POINTER_KEY, JSON.stringify(alsoUnnumbered));
    now += AFTER_RECHECK_MS;
    expect((await cache.get(store))?.version).toBe(second.manifest);
    expect(olderLogged()).toBe(0);
  });
});
