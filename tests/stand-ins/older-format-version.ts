/**
 * What the coordinator finds after a deploy of code with a new catalog
 * format (CATALOG_FORMAT_VERSION): a live version that the code before wrote,
 * in the format before this code's. Made from the version the coordinator
 * published last, in its storage and KV as they are: its manifest again, in
 * the format before and under a name of its own, the pointer naming it, and
 * the ledger saying it is live; the version this code made is gone from the
 * ledger, as if this code had never published (its keys stay, as blobs the
 * versions share do).
 */
import { type CatalogStore, manifestKey, POINTER_KEY, type Pointer } from "../../catalog/format/storage.ts";
import { CATALOG_FORMAT_VERSION } from "../../catalog/recipes/types.ts";
import { SEARCH_INDEX_VERSION } from "../../catalog/search/search-index.ts";
import { Ledger, type SqlDatabase } from "../../catalog/sync/ledger.ts";

/**
 * Makes the live version one of the format before (or, with `part`
 * "searchIndex", of the search index version before); answers its name.
 */
export async function liveInOlderFormat(
  db: SqlDatabase,
  store: CatalogStore,
  now: number,
  part: "format" | "searchIndex" = "format",
): Promise<string> {
  const ledger = new Ledger(db);
  const live = ledger.live();
  if (!live) throw new Error("test: nothing is live to make older");
  const older = { ...live, manifest: `0000${live.manifest.slice(4)}`, body: { ...live.body } };
  if (part === "format") older.body.formatVersion = CATALOG_FORMAT_VERSION - 1;
  else older.body.searchIndexVersion = SEARCH_INDEX_VERSION - 1;
  await store.put(manifestKey(older.manifest), JSON.stringify(older.body));
  ledger.recordWritten(manifestKey(older.manifest), now);
  const sequence = (ledger.setting<number>("pointerSequence") ?? 0) + 1;
  const pointer = JSON.parse((await store.get(POINTER_KEY, { type: "text" })) ?? "null") as Pointer;
  await store.put(POINTER_KEY, JSON.stringify({ ...pointer, manifest: older.manifest, sequence } satisfies Pointer));
  ledger.setSetting("pointerSequence", sequence);
  ledger.deleteVersion(live.manifest);
  ledger.putVersion(older);
  return older.manifest;
}
