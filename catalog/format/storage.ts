/**
 * How the catalog lies in KV, shared by the sync (writes) and the Worker
 * (reads):
 *
 *   catalog/current            pointer: which manifest is live, and retired ones
 *   catalog/manifest/<sha256>  which blobs make up one version
 *   catalog/blob/<sha256>      one piece of a version (stored-catalog.ts says what is in each), or
 *                              a delta pack of pieces (blob-pack.ts)
 *
 * Blobs and manifests carry the time they were written as KV metadata
 * (`WrittenMetadata`), so that leftovers of a sync that stopped before its
 * flip can be told apart and swept.
 *
 * Blobs and manifests are content-addressed, so publishing unchanged content
 * writes nothing and a new version writes only the pieces that changed.
 * Content-addressed values never change, which also lets KV keep them in the
 * edge cache near the visitor for as long as it likes.
 */

import type { ManifestDelta } from "./blob-pack.ts";

export const POINTER_KEY = "catalog/current";
export const MANIFEST_PREFIX = "catalog/manifest/";
export const BLOB_PREFIX = "catalog/blob/";
export const manifestKey = (hash: string) => `${MANIFEST_PREFIX}${hash}`;
export const blobKey = (hash: string) => `${BLOB_PREFIX}${hash}`;

/** How long a data center may keep a blob it has read: blobs never change under their key. */
const BLOB_CACHE_TTL_SECONDS = 24 * 60 * 60;
/**
 * How long a data center may keep the pointer it has read: KV's minimum.
 * Together with how long a write takes to reach the other tiers, it bounds
 * how soon every location sees a new version (docs/decisions/0032).
 */
export const POINTER_CACHE_TTL_SECONDS = 30;

interface ReadOptions {
  /** Seconds a Workers KV read may be served from the data center's cache (at least 30). */
  cacheTtl?: number;
}

/**
 * What the coordinator writes with each blob and manifest: when. Its ledger
 * knows that too (catalog/sync/ledger.ts); the metadata lets a coordinator
 * that starts on a KV it did not write tell young keys from old ones.
 */
export interface WrittenMetadata {
  writtenAt: string;
}

/** One page of keys under a prefix, as KV lists them (at most 1,000 a page). */
export interface CatalogKeyPage {
  keys: { name: string; metadata?: unknown }[];
  list_complete: boolean;
  cursor?: string;
}

/** The KV operations the catalog needs; a Workers KV binding satisfies it. */
export interface CatalogStore {
  get(key: string, options: ReadOptions & { type: "text" }): Promise<string | null>;
  get(key: string, options: ReadOptions & { type: "arrayBuffer" }): Promise<ArrayBuffer | null>;
  put(key: string, value: string, options?: { metadata: WrittenMetadata }): Promise<void>;
  delete(key: string): Promise<void>;
  list(options: { prefix: string; cursor?: string }): Promise<CatalogKeyPage>;
}

/** Every key under `prefix` with its metadata, page by page. */
export async function listKeys(store: CatalogStore, prefix: string): Promise<CatalogKeyPage["keys"]> {
  const keys: CatalogKeyPage["keys"] = [];
  let cursor: string | undefined;
  do {
    const page = await store.list(cursor === undefined ? { prefix } : { prefix, cursor });
    keys.push(...page.keys);
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor !== undefined);
  return keys;
}

/** The time a listed key was written, or undefined when its metadata does not say (keys from before the sweep). */
export function writtenAt(metadata: unknown): number | undefined {
  if (typeof metadata !== "object" || metadata === null || !("writtenAt" in metadata)) return undefined;
  const time = typeof metadata.writtenAt === "string" ? Date.parse(metadata.writtenAt) : Number.NaN;
  return Number.isNaN(time) ? undefined : time;
}

/**
 * One value per kind of blob a version is made of: `Single` for the kinds
 * that are one blob, `Many` for those cut into pieces. The manifest holds
 * their hashes, the sync their texts, a reader their names; a new kind of
 * blob is added here and in `mapVersionBlobs`, and the compiler finds every
 * place that must fill it in. A type rather than an interface, so that it
 * is also a `Record` of its fields (for `Object.values`).
 */
export type VersionBlobs<Single, Many> = {
  /** The version's table of contents: ingredients, categories, where recipes lie. */
  meta: Single;
  /** German name order: each place's category, in pieces (stored-catalog.ts `nameOrderPieceTexts`). */
  nameOrder: Many;
  /** Recipe cards (summaries), a few dozen per bucket, in stored order. */
  cards: Many;
  /** Recipe details, cut like `cards`. */
  details: Many;
  /** Ids, slugs and images, in pieces of a few thousand recipes each. */
  directory: Many;
  /** Lower-case names, cut like `directory`. */
  names: Many;
  /** Ingredients and times, cut like `directory`. */
  matching: Many;
  /** Diets and times, cut like `directory`. */
  traits: Many;
  /** Each recipe's slug, id and image, sharded by their hash (stored-catalog.ts `LocatorShard`). */
  locator: Many;
  /** Each rated recipe's count and sum of stars, by position, cut like `directory` (ratings-column.ts). */
  ratings: Many;
  /** The search index, cut into pieces by length. */
  searchIndex: Many;
};

/**
 * Each kind of blob of a version turned into something else. The result's
 * fields are made in the manifest's order whatever order `blobs` has them
 * in: `JSON.stringify` writes a manifest in that order, so its hash (the
 * version's name) depends on it, and `versionBlobList` lists blobs by it.
 */
export function mapVersionBlobs<Single, Many, SingleResult, ManyResult>(
  blobs: VersionBlobs<Single, Many>,
  single: (blob: Single) => SingleResult,
  many: (pieces: Many) => ManyResult,
): VersionBlobs<SingleResult, ManyResult> {
  return {
    meta: single(blobs.meta),
    nameOrder: many(blobs.nameOrder),
    cards: many(blobs.cards),
    details: many(blobs.details),
    directory: many(blobs.directory),
    names: many(blobs.names),
    matching: many(blobs.matching),
    traits: many(blobs.traits),
    locator: many(blobs.locator),
    ratings: many(blobs.ratings),
    searchIndex: many(blobs.searchIndex),
  };
}

/** A list per kind of blob, every one empty: where a version's blobs (or their hashes) are gathered as they are made. */
export function emptyBlobLists<T>(): VersionBlobs<T[], T[]> {
  return {
    meta: [],
    nameOrder: [],
    cards: [],
    details: [],
    directory: [],
    names: [],
    matching: [],
    traits: [],
    locator: [],
    ratings: [],
    searchIndex: [],
  };
}

/** Every blob of a version, one after the other in the manifest's order. */
export function versionBlobList<T>(blobs: VersionBlobs<T, readonly T[]>): T[] {
  const lists: Record<string, readonly T[]> = mapVersionBlobs(
    blobs,
    (blob) => [blob],
    (pieces) => pieces,
  );
  // Object.values keeps the order the fields were made in: mapVersionBlobs's.
  return Object.values(lists).flat();
}

/** What `manifestKey` holds: the hashes of a version's blobs, and what they were written with. */
export interface Manifest extends VersionBlobs<string, string[]> {
  formatVersion: number;
  searchIndexVersion: number;
  counts: { recipes: number; ingredients: number };
  /**
   * The blobs that lie in a delta pack rather than under their own keys
   * (decision 0069); missing when every blob has its own key (a full write).
   * Always the manifest's last field: without it, the manifest is the one a
   * full write of the same catalog makes (`contentManifest`).
   */
  delta?: ManifestDelta;
}

/** A manifest without its delta: what the catalog alone decides, whatever the publishes before it were. */
export function contentManifest(manifest: Manifest): Manifest {
  const { delta: _delta, ...content } = manifest;
  return content;
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
   * Grows with every pointer the coordinator writes (a rollback's too), so
   * that an isolate can tell an older pointer a location still serves from
   * a newer one and keep the newer (catalog-cache.server.ts). Missing on
   * pointers written before it existed: read as 0 (`pointerSequence`).
   */
  sequence?: number;
  /**
   * When a sync last confirmed that this version is what Directus holds;
   * written only before the coordinator existed, which keeps it in its own
   * storage (catalog/sync/coordinator.ts).
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

/** A pointer's place in the order the coordinator wrote them; 0 for one written before the sequence existed. */
export function pointerSequence(pointer: Pick<Pointer, "sequence">): number {
  return typeof pointer.sequence === "number" && Number.isFinite(pointer.sequence) ? pointer.sequence : 0;
}

export async function readPointer(store: CatalogStore): Promise<Pointer | null> {
  const text = await store.get(POINTER_KEY, { type: "text", cacheTtl: POINTER_CACHE_TTL_SECONDS });
  return text ? (JSON.parse(text) as Pointer) : null;
}

export async function readManifest(store: CatalogStore, hash: string): Promise<Manifest> {
  const text = await store.get(manifestKey(hash), { type: "text", cacheTtl: BLOB_CACHE_TTL_SECONDS });
  if (!text) throw new Error(`catalog: manifest ${hash} is missing`);
  return JSON.parse(text) as Manifest;
}

/**
 * Every blob key a manifest needs in KV, of whichever format it was written
 * in: what retention must keep or may delete. A delta's pack counts, the
 * blobs in it do not. Versions before format 5 had `list`
 * pieces; before format 3 one `catalog` list.
 */
export function manifestBlobs(manifest: Manifest): string[] {
  // Read as written, not as typed: in another format a field may be missing or hold something else.
  const written = manifest as unknown as VersionBlobs<unknown, unknown> & { list?: unknown; catalog?: unknown };
  const hashes = (value: unknown): string[] => {
    if (typeof value === "string") return [value];
    return Array.isArray(value) ? value.filter((hash): hash is string => typeof hash === "string") : [];
  };
  const current: Record<string, string[]> = mapVersionBlobs(written, hashes, hashes);
  const all = [...Object.values(current), hashes(written.list), hashes(written.catalog)].flat();
  const delta = manifest.delta;
  if (!delta) return all;
  // Blobs in the pack have no key of their own; the pack has.
  const packed = new Set(delta.blobs);
  return [...all.filter((hash) => !packed.has(hash)), delta.pack];
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
