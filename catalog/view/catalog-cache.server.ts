/**
 * The parsed catalog, kept per isolate. Every request asks for it; KV is
 * asked at most every RECHECK_MS which version is live, and only a new
 * manifest's meta is downloaded and turned into a view (catalog-view.ts);
 * recipes, columns and the search index follow when a page needs them.
 * If KV fails, the last good catalog keeps serving.
 *
 * Each pointer carries a sequence that grows with every write (a rollback's
 * too). A location may still serve an older pointer than one this isolate
 * has read (its cache, or a tier the newer write has not reached): such a
 * pointer is ignored, so an isolate never goes back to content it has
 * moved on from (decision 0032).
 *
 * The live version can be asked for on its own (`liveVersion`): the edge
 * page cache keys pages by it, and a page served from that cache must not
 * cost a cold isolate the whole catalog.
 */
import { logEvent } from "../../logging/log.ts";
import { type CatalogStore, pointerSequence, readPointer } from "../format/storage.ts";
import { type CatalogView, createCatalogView } from "./catalog-view.ts";
import { readPublished } from "./published-catalog.ts";

const RECHECK_MS = 5_000;

interface CatalogCache {
  /** The live version's view, or null while nothing has been published yet. */
  get(store: CatalogStore): Promise<CatalogView | null>;
  /** The manifest the pointer names (checked at most every RECHECK_MS), without loading it; null: nothing published. */
  liveVersion(store: CatalogStore): Promise<string | null>;
}

export function createCatalogCache(clock: () => number = Date.now): CatalogCache {
  let loaded: CatalogView | null = null;
  /** What the pointer said at `checkedAt`. */
  let live: string | null = null;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let pendingCheck: Promise<string | null> | null = null;
  let pendingLoad: Promise<CatalogView | null> | null = null;
  /** A version that failed to load is not tried again before the next check. */
  let failed: { manifest: string; at: number } | null = null;
  /** The highest pointer sequence taken; -1 before the first pointer. */
  let newest = -1;
  /** Whether the older pointer now ignored was logged: once until a pointer is taken again. */
  let olderLogged = false;

  function liveVersion(store: CatalogStore): Promise<string | null> {
    if (clock() - checkedAt < RECHECK_MS) return Promise.resolve(live);
    pendingCheck ??= readPointer(store)
      .then(
        (pointer) => {
          if (!pointer) {
            // Nothing published, or a location that has not seen the first pointer yet: what was taken stays.
            if (newest < 0) live = null;
            return live;
          }
          const sequence = pointerSequence(pointer);
          if (sequence < newest) {
            if (!olderLogged) {
              olderLogged = true;
              logEvent("warn", "catalog.pointer-older", {
                version: pointer.manifest,
                sequence,
                serving: live,
                servingSequence: newest,
              });
            }
            return live;
          }
          olderLogged = false;
          newest = sequence;
          live = pointer.manifest;
          return live;
        },
        (error: unknown) => {
          if (live === null && !loaded) throw error;
          // Keep serving what we know; try again after the next interval.
          logEvent("error", "catalog.pointer-unreadable", { serving: live ?? loaded?.version ?? null }, { error });
          return live ?? loaded?.version ?? null;
        },
      )
      .finally(() => {
        checkedAt = clock();
        pendingCheck = null;
      });
    return pendingCheck;
  }

  async function load(store: CatalogStore, manifest: string): Promise<CatalogView | null> {
    try {
      const published = await readPublished(store, manifest);
      loaded = createCatalogView({
        ...published,
        searchIndexBlobs: () => {
          const blobs = published.searchIndexBlobs();
          if (blobs === null) {
            // Published with other index options than this code's: each isolate builds its own until the next sync.
            logEvent("warn", "catalog.search-index-outdated", { version: manifest });
          }
          return blobs;
        },
      });
      failed = null;
      return loaded;
    } catch (error) {
      if (!loaded) throw error;
      failed = { manifest, at: clock() };
      logEvent("error", "catalog.version-unreadable", { version: manifest, serving: loaded.version }, { error });
      return loaded;
    }
  }

  return {
    liveVersion,
    async get(store) {
      const manifest = await liveVersion(store);
      if (manifest === null || manifest === loaded?.version) return loaded;
      if (loaded && failed?.manifest === manifest && clock() - failed.at < RECHECK_MS) return loaded;
      pendingLoad ??= load(store, manifest).finally(() => {
        pendingLoad = null;
      });
      return pendingLoad;
    },
  };
}
