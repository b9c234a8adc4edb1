/**
 * A built catalog as a version: its blobs and their hashes, and the manifest
 * that names them (its hash is the version's name). See
 * app/lib/catalog/storage.ts for the layout in KV and stored-catalog.ts for
 * what each blob holds. The coordinator (coordinator.ts) publishes versions
 * on the site; `publishWithoutCoordinator` writes one straight into a KV of a test or a
 * benchmark that no coordinator manages.
 */
import { SEARCH_INDEX_VERSION } from "../../app/lib/catalog/search-index.ts";
import {
  blobKey,
  type CatalogStore,
  type Manifest,
  manifestBlobs,
  manifestKey,
  mapVersionBlobs,
  POINTER_KEY,
  type Pointer,
  readManifest,
  readPointer,
  type VersionBlobs,
  versionBlobList,
} from "../../app/lib/catalog/storage.ts";
import { storeCatalog } from "../../app/lib/catalog/stored-catalog.ts";
import { CATALOG_FORMAT_VERSION } from "../../app/lib/catalog/types.ts";
import { sha256 } from "../../app/lib/sha256.ts";
import type { BuiltCatalog } from "./build-catalog.ts";
import { splitText } from "./ledger.ts";

/**
 * Characters per search index piece. KV takes 25 MiB per value; 8 M UTF-16
 * units stay below that even if every character needed three bytes in UTF-8.
 */
const BLOB_CHARS = 8_000_000;
/** Blobs hashed at once. */
const PARALLEL_HASHES = 32;
/** KV writes under way at once: a Worker may keep only six connections open. */
export const PARALLEL_WRITES = 6;

/** One blob of a version: its text and the hash it is stored under. */
export interface Piece {
  hash: string;
  text: string;
}

/** A built catalog as a version: its manifest, the manifest's hash (the version's name) and the blobs. */
export interface PlannedVersion {
  manifest: Manifest;
  hash: string;
  blobs: Piece[];
}

/** The version a built catalog would be, without writing anything. */
export async function planVersion(built: BuiltCatalog): Promise<PlannedVersion> {
  const texts: VersionBlobs<string, string[]> = {
    ...storeCatalog(built.catalog),
    searchIndex: splitText(built.searchIndex, BLOB_CHARS),
  };
  // A few at a time, as each hash holds a UTF-8 copy of its text until it is done:
  // at fifty thousand recipes all at once would hold a copy of the whole version.
  const list = versionBlobList(texts);
  const blobs: Piece[] = [];
  for (let start = 0; start < list.length; start += PARALLEL_HASHES) {
    const batch = list.slice(start, start + PARALLEL_HASHES);
    blobs.push(...(await Promise.all(batch.map(async (text) => ({ hash: await sha256(text), text })))));
  }
  // mapVersionBlobs visits the blobs in the order versionBlobList listed them, so the nth is the nth hashed.
  let next = 0;
  const hashOf = () => (blobs[next++] as Piece).hash;
  const manifest: Manifest = {
    formatVersion: CATALOG_FORMAT_VERSION,
    searchIndexVersion: SEARCH_INDEX_VERSION,
    ...mapVersionBlobs(texts, hashOf, (pieces) => pieces.map(hashOf)),
    counts: { recipes: built.catalog.recipes.length, ingredients: built.catalog.ingredients.length },
  };
  return { manifest, hash: await sha256(JSON.stringify(manifest)), blobs };
}

/**
 * Writes a built catalog into a KV that no coordinator manages (a test's, a
 * benchmark's) and points at it: the blobs the live version lacks, the
 * manifest, then the pointer. Nothing is kept or deleted. Answers the
 * version's hash and the KV writes made.
 */
export async function publishWithoutCoordinator(
  store: CatalogStore,
  built: BuiltCatalog,
  now = new Date(),
): Promise<{ manifest: string; writes: number }> {
  const { manifest, hash, blobs } = await planVersion(built);
  const live = await readPointer(store);
  const liveManifest = live ? await readManifest(store, live.manifest).catch(() => null) : null;
  const present = new Set(liveManifest ? manifestBlobs(liveManifest) : []);
  const missing = [...new Map(blobs.map((blob) => [blob.hash, blob])).values()].filter(
    (blob) => !present.has(blob.hash),
  );
  const stamp = now.toISOString();
  for (let start = 0; start < missing.length; start += PARALLEL_WRITES) {
    const batch = missing.slice(start, start + PARALLEL_WRITES);
    await Promise.all(batch.map((blob) => store.put(blobKey(blob.hash), blob.text)));
  }
  await store.put(manifestKey(hash), JSON.stringify(manifest));
  const pointer: Pointer = { manifest: hash, publishedAt: stamp, counts: manifest.counts, retired: [] };
  await store.put(POINTER_KEY, JSON.stringify(pointer));
  return { manifest: hash, writes: missing.length + 2 };
}
