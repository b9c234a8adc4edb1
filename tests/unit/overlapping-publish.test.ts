/**
 * Two syncs at once (the cron while an editor saves): the real publish on
 * the in-memory store, with the other sync run at a chosen moment of this
 * one's writes. What must hold: the live version is whole, and no version
 * that was live is dropped from the retired ones (it could not be rolled
 * back to, and its blobs would never be deleted).
 */
import { describe, expect, it } from "vitest";
import { createMemoryStore } from "../../app/lib/catalog/memory-store.ts";
import {
  blobKey,
  type CatalogStore,
  manifestBlobs,
  POINTER_KEY,
  readManifest,
  readPointer,
} from "../../app/lib/catalog/storage.ts";
import { GRACE_MS, KEEP_VERSIONS, publish } from "../../workers/sync/publish.ts";
import { labelledCatalog as catalog } from "./catalog-fixture.ts";

/** The store, with `meanwhile` run once, just before the first call of `method` for a key `when` picks. */
function interrupted(
  store: CatalogStore,
  method: "put" | "delete",
  when: (key: string) => boolean,
  meanwhile: () => Promise<unknown>,
): CatalogStore {
  let done = false;
  const before = async (key: string) => {
    if (done || !when(key)) return;
    done = true;
    await meanwhile();
  };
  return {
    get: store.get.bind(store) as CatalogStore["get"],
    put: async (key, value, options) => {
      if (method === "put") await before(key);
      return store.put(key, value, options);
    },
    delete: async (key) => {
      if (method === "delete") await before(key);
      return store.delete(key);
    },
    list: store.list.bind(store),
  };
}

/** Whether every blob of the version `hash` can be read. */
async function whole(store: CatalogStore, hash: string): Promise<boolean> {
  const manifest = await readManifest(store, hash);
  for (const blob of manifestBlobs(manifest)) {
    if ((await store.get(blobKey(blob), { type: "text" })) === null) return false;
  }
  return true;
}

/** A clock for `now`: each call is a moment past the grace period after the one before. */
function graceLater(): () => Date {
  let clock = Date.parse("2026-11-25T00:00:00Z");
  return () => {
    clock += GRACE_MS + 1;
    return new Date(clock);
  };
}

const isBlob = (key: string) => key.startsWith(blobKey(""));

describe("overlapping publishes", () => {
  it("stops before writing anything when the pointer moved before it started", async () => {
    const store = createMemoryStore();
    await publish(store, catalog("Erste"));
    const expected = await readPointer(store);
    await publish(store, catalog("Zweite"));
    const live = await readPointer(store);

    const result = await publish(store, catalog("Dritte"), { expected });
    expect(result).toMatchObject({ status: "superseded", writes: 0, deletes: 0 });
    expect(await readPointer(store)).toEqual(live);
  });

  it("leaves the pointer to a sync that flipped it while this one wrote its blobs", async () => {
    const store = createMemoryStore();
    const first = await publish(store, catalog("Erste"));
    const expected = await readPointer(store);
    let other: Awaited<ReturnType<typeof publish>> | undefined;
    const meanwhile = async () => {
      other = await publish(store, catalog("Andere"), { expected });
    };

    const result = await publish(interrupted(store, "put", isBlob, meanwhile), catalog("Diese"), { expected });
    expect(other?.status).toBe("published");
    expect(result.status).toBe("superseded");
    const live = await readPointer(store);
    expect(live?.manifest).toBe(other?.manifest);
    expect(live?.retired.map((entry) => entry.manifest)).toEqual([first.manifest]);
    expect(await whole(store, other?.manifest ?? "")).toBe(true);
  });

  it("deletes nothing another sync's new version uses, though it shares a blob with an expired one", async () => {
    const store = createMemoryStore();
    const later = graceLater();
    // "Alt" goes live, then enough versions after it that it expires with the next publish, an hour later.
    const alt = catalog("Alt");
    const old = await publish(store, alt, { now: later() });
    const meantime = later();
    for (let version = 0; version <= KEEP_VERSIONS; version++) {
      await publish(store, catalog(`Zwischen ${version}`), { now: meantime });
    }
    const expected = await readPointer(store);
    expect(expected?.retired.map((entry) => entry.manifest)).toContain(old.manifest);

    // While this sync is about to delete the expired "Alt", an editor's sync publishes "Alt" again:
    // the same content, so the same blobs, which that sync writes anew.
    const now = later();
    let other: Awaited<ReturnType<typeof publish>> | undefined;
    const meanwhile = async () => {
      other = await publish(store, alt, { now, expected });
    };
    const result = await publish(
      interrupted(store, "put", (key) => key === POINTER_KEY || isBlob(key), meanwhile),
      catalog("Neu"),
      { now, expected },
    );
    expect(other?.manifest).toBe(old.manifest);
    expect(result.status).toBe("superseded");
    expect(result.deletes).toBe(0);
    expect((await readPointer(store))?.manifest).toBe(old.manifest);
    expect(await whole(store, old.manifest)).toBe(true);
  });

  it("does not flip over a sync that flipped while this one deleted expired versions", async () => {
    const store = createMemoryStore();
    const later = graceLater();
    for (let version = 0; version <= KEEP_VERSIONS + 1; version++) {
      await publish(store, catalog(`Version ${version}`), { now: later() });
    }
    const expected = await readPointer(store);
    const now = later();
    let other: Awaited<ReturnType<typeof publish>> | undefined;
    const meanwhile = async () => {
      other = await publish(store, catalog("Andere"), { now, expected });
    };
    const result = await publish(
      interrupted(store, "delete", () => true, meanwhile),
      catalog("Diese"),
      {
        now,
        expected,
      },
    );
    expect(result.status).toBe("superseded");
    const live = await readPointer(store);
    expect(live?.manifest).toBe(other?.manifest);
    expect(live?.retired.map((entry) => entry.manifest)).toContain(expected?.manifest);
    expect(await whole(store, other?.manifest ?? "")).toBe(true);
  });

  it("publishes as before when nothing else did", async () => {
    const store = createMemoryStore();
    await publish(store, catalog("Erste"));
    const expected = await readPointer(store);
    const second = catalog("Zweite");
    const result = await publish(store, second, { expected });
    expect(result.status).toBe("published");
    expect((await readPointer(store))?.manifest).toBe(result.manifest);
    expect((await publish(store, second, { expected: await readPointer(store) })).status).toBe("unchanged");
  });
});
