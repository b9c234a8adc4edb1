/**
 * How the catalog lies in KV, shared by the sync (writes) and the Worker
 * (reads):
 *
 *   catalog/current            pointer: which manifest is live, and retired ones
 *   catalog/manifest/<sha256>  which blobs make up one version
 *   catalog/blob/<sha256>      a piece of the catalog or index JSON (≤ 8 M chars)
 *
 * Blobs and manifests are content-addressed, so publishing unchanged content
 * writes nothing and a new version rewrites only the pieces that changed.
 */

import { SEARCH_INDEX_VERSION } from "./search-index.ts";
import { CATALOG_FORMAT_VERSION, type Catalog } from "./types.ts";

export const POINTER_KEY = "catalog/current";
export const manifestKey = (hash: string) => `catalog/manifest/${hash}`;
export const blobKey = (hash: string) => `catalog/blob/${hash}`;

/** The KV operations the catalog needs; a Workers KV binding satisfies it. */
export interface CatalogStore {
  get(key: string, type: "text"): Promise<string | null>;
  put(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
}

export interface Manifest {
  formatVersion: number;
  searchIndexVersion: number;
  /** Blob hashes, in order, of the catalog JSON and of the search index JSON. */
  catalog: string[];
  searchIndex: string[];
  counts: { recipes: number; ingredients: number };
}

/** A version that was live before, oldest first. */
export interface RetiredVersion {
  manifest: string;
  retiredAt: string;
  /** Missing on versions retired before counts were recorded. */
  counts?: Manifest["counts"];
  /** Left by a rollback: a rollback never goes back to it. */
  rolledBack?: boolean;
}

export interface Pointer {
  manifest: string;
  publishedAt: string;
  counts: Manifest["counts"];
  /**
   * When a sync last confirmed that this version is what Directus holds
   * (missing on pointers written before it was recorded: publishedAt).
   */
  verifiedAt?: string;
  /**
   * Set by a rollback: automatic syncs (cron, publish on save) leave the
   * live version alone until an operator releases the hold.
   */
  held?: { since: string; from: string };
  /**
   * Earlier versions: kept for a grace period so readers mid-load never miss
   * a blob, and the last few for a rollback.
   */
  retired: RetiredVersion[];
}

export async function readPointer(store: CatalogStore): Promise<Pointer | null> {
  const text = await store.get(POINTER_KEY, "text");
  return text ? (JSON.parse(text) as Pointer) : null;
}

export async function readManifest(store: CatalogStore, hash: string): Promise<Manifest> {
  const text = await store.get(manifestKey(hash), "text");
  if (!text) throw new Error(`catalog: manifest ${hash} is missing`);
  return JSON.parse(text) as Manifest;
}

async function readBlobs(store: CatalogStore, hashes: string[]): Promise<string> {
  const parts = await Promise.all(hashes.map((hash) => store.get(blobKey(hash), "text")));
  const missing = hashes.filter((_, index) => parts[index] === null);
  if (missing.length > 0) throw new Error(`catalog: blobs missing: ${missing.join(", ")}`);
  return parts.join("");
}

interface PublishedCatalog {
  manifest: string;
  catalog: Catalog;
  /**
   * The serialized search index, to be revived with loadSearchIndex; null
   * when it was built with other index options than this code's (the code
   * was deployed before the next sync): the reader rebuilds it from the
   * recipes until the sync republishes.
   */
  searchIndex: string | null;
}

/**
 * Reads the version a manifest names. Throws if its catalog was written in
 * another format: the next sync rewrites it in the current one.
 */
export async function readPublished(store: CatalogStore, hash: string): Promise<PublishedCatalog> {
  const manifest = await readManifest(store, hash);
  if (manifest.formatVersion !== CATALOG_FORMAT_VERSION) {
    throw new Error(
      `catalog: manifest ${hash} has catalog format ${manifest.formatVersion}, this code reads ${CATALOG_FORMAT_VERSION}`,
    );
  }
  const indexCurrent = manifest.searchIndexVersion === SEARCH_INDEX_VERSION;
  const [catalog, searchIndex] = await Promise.all([
    readBlobs(store, manifest.catalog),
    indexCurrent ? readBlobs(store, manifest.searchIndex) : null,
  ]);
  return { manifest: hash, catalog: JSON.parse(catalog) as Catalog, searchIndex };
}
