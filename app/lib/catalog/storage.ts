/**
 * How the catalog lies in KV, shared by the sync (writes) and the Worker
 * (reads):
 *
 *   catalog/current            pointer: which manifest is live, and retired ones
 *   catalog/manifest/<sha256>  which blobs make up one version
 *   catalog/blob/<sha256>      one piece of a version (stored-catalog.ts says what is in each)
 *
 * Blobs and manifests are content-addressed, so publishing unchanged content
 * writes nothing and a new version writes only the pieces that changed.
 * Content-addressed values never change, which also lets KV keep them in the
 * edge cache near the visitor for as long as it likes.
 */

export const POINTER_KEY = "catalog/current";
export const manifestKey = (hash: string) => `catalog/manifest/${hash}`;
export const blobKey = (hash: string) => `catalog/blob/${hash}`;

/** How long a data center may keep a blob it has read: blobs never change under their key. */
const BLOB_CACHE_TTL_SECONDS = 24 * 60 * 60;

interface ReadOptions {
  /** Seconds a Workers KV read may be served from the data center's cache (at least 30). */
  cacheTtl?: number;
}

/** The KV operations the catalog needs; a Workers KV binding satisfies it. */
export interface CatalogStore {
  get(key: string, options: ReadOptions & { type: "text" }): Promise<string | null>;
  get(key: string, options: ReadOptions & { type: "arrayBuffer" }): Promise<ArrayBuffer | null>;
  put(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
}

export interface Manifest {
  formatVersion: number;
  searchIndexVersion: number;
  /** The version's table of contents: ingredients, categories, where recipes lie (one blob). */
  meta: string;
  /** Each recipe's place in German name order (one blob). */
  nameOrder: string;
  /** Recipe cards (summaries), a few dozen per bucket, in stored order. */
  cards: string[];
  /** Recipe details, cut like `cards`. */
  details: string[];
  /** Ids, slugs and images, in pieces of a few thousand recipes each. */
  directory: string[];
  /** Lower-case names, cut like `directory`. */
  names: string[];
  /** Ingredients and times, cut like `directory`. */
  matching: string[];
  /** The search index, cut into pieces by length. */
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
  const text = await store.get(POINTER_KEY, { type: "text" });
  return text ? (JSON.parse(text) as Pointer) : null;
}

export async function readManifest(store: CatalogStore, hash: string): Promise<Manifest> {
  const text = await store.get(manifestKey(hash), { type: "text", cacheTtl: BLOB_CACHE_TTL_SECONDS });
  if (!text) throw new Error(`catalog: manifest ${hash} is missing`);
  return JSON.parse(text) as Manifest;
}

/**
 * Every blob a manifest names, of whichever format it was written in: what
 * retention must keep or may delete. Versions before format 5 had `list`
 * pieces; before format 3 one `catalog` list.
 */
export function manifestBlobs(manifest: Manifest): string[] {
  const any = manifest as unknown as Partial<Record<string, unknown>>;
  const hashes = (field: string): string[] => {
    const value = any[field];
    if (typeof value === "string") return [value];
    return Array.isArray(value) ? value.filter((hash): hash is string => typeof hash === "string") : [];
  };
  return [
    "meta",
    "nameOrder",
    "cards",
    "directory",
    "names",
    "matching",
    "list",
    "details",
    "catalog",
    "searchIndex",
  ].flatMap(hashes);
}

/** One blob as text; throws when it is missing. */
export async function readTextBlob(store: CatalogStore, hash: string): Promise<string> {
  const text = await store.get(blobKey(hash), { type: "text", cacheTtl: BLOB_CACHE_TTL_SECONDS });
  if (text === null) throw new Error(`catalog: blob ${hash} is missing`);
  return text;
}

/** Blobs that are one text cut into pieces, joined again. */
export async function readJoinedBlobs(store: CatalogStore, hashes: readonly string[]): Promise<string> {
  return (await Promise.all(hashes.map((hash) => readTextBlob(store, hash)))).join("");
}

/** One blob as bytes, for readers that decode only the part they need; throws when it is missing. */
export async function readBlobBytes(store: CatalogStore, hash: string): Promise<Uint8Array> {
  const bytes = await store.get(blobKey(hash), { type: "arrayBuffer", cacheTtl: BLOB_CACHE_TTL_SECONDS });
  if (bytes === null) throw new Error(`catalog: blob ${hash} is missing`);
  return new Uint8Array(bytes);
}
