/**
 * What a test of the coordinator asks of the KV it published into: which
 * blobs are there, which the ledger's versions need, and whether the
 * pointer's version is whole, and the name its content has. Shared by
 * the tests of the coordinator and its build.
 */
import {
  BLOB_PREFIX,
  blobKey,
  type CatalogStore,
  listKeys,
  manifestBlobs,
  readManifest,
  readPointer,
} from "../../catalog/format/storage.ts";
import { contentName } from "../../catalog/sync/delta-packing.ts";

/**
 * The name a full write gives the version `manifest` names: a publish over a
 * base packs its new blobs (decision 0069), and what a read of everything
 * builds is the version without that delta.
 */
export async function contentNameIn(store: CatalogStore, manifest: string): Promise<string> {
  return contentName(manifest, await readManifest(store, manifest));
}

/** Every blob in the store. */
export async function storedBlobs(store: CatalogStore): Promise<string[]> {
  return (await listKeys(store, BLOB_PREFIX)).map(({ name }) => name.slice(BLOB_PREFIX.length)).sort();
}

/** Every blob the coordinator's live and kept versions use. */
export async function neededBlobs(
  store: CatalogStore,
  status: { live: { manifest: string } | null; kept: { manifest: string }[] },
): Promise<string[]> {
  const needed = new Set<string>();
  for (const { manifest } of [...(status.live ? [status.live] : []), ...status.kept]) {
    for (const blob of manifestBlobs(await readManifest(store, manifest))) needed.add(blob);
  }
  return [...needed].sort();
}

/** Whether every key of the version the pointer names is in the store (nothing published counts as whole). */
export async function pointerIsWhole(store: CatalogStore): Promise<boolean> {
  const pointer = await readPointer(store);
  if (!pointer) return true;
  const manifest = await readManifest(store, pointer.manifest).catch(() => null);
  if (!manifest) return false;
  for (const blob of manifestBlobs(manifest)) {
    if ((await store.get(blobKey(blob), { type: "text" })) === null) return false;
  }
  return true;
}
