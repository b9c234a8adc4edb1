/**
 * Publishes a built catalog to KV as a new version and flips the pointer,
 * writing only what is new; removes versions retired longer than the grace
 * period, and the leftovers of syncs that stopped before their flip. See
 * app/lib/catalog/storage.ts for the layout and stored-catalog.ts for what
 * each blob holds.
 */
import { SEARCH_INDEX_VERSION } from "../../app/lib/catalog/search-index.ts";
import {
  BLOB_PREFIX,
  blobKey,
  type CatalogStore,
  listKeys,
  MANIFEST_PREFIX,
  type Manifest,
  manifestBlobs,
  manifestKey,
  mapVersionBlobs,
  POINTER_KEY,
  type Pointer,
  type RetiredVersion,
  readManifest,
  readPointer,
  type VersionBlobs,
  versionBlobList,
  writtenAt,
} from "../../app/lib/catalog/storage.ts";
import { storeCatalog } from "../../app/lib/catalog/stored-catalog.ts";
import { CATALOG_FORMAT_VERSION } from "../../app/lib/catalog/types.ts";
import { sha256 } from "../../app/lib/sha256.ts";
import type { BuiltCatalog } from "./build-catalog.ts";

/**
 * Characters per search index piece. KV takes 25 MiB per value; 8 M UTF-16
 * units stay below that even if every character needed three bytes in UTF-8.
 */
const BLOB_CHARS = 8_000_000;
/** Blobs a publish hashes at once. */
const PARALLEL_HASHES = 32;
/** KV writes a publish has under way at once. */
const PARALLEL_WRITES = 6;
/** How long a replaced version stays readable for isolates still loading it. */
export const GRACE_MS = 60 * 60 * 1000;
/** How many earlier versions are kept for a rollback (scripts/sync.ts --rollback). */
export const KEEP_VERSIONS = 5;
/** An unchanged sync marks the live version as confirmed at most this often: one KV write an hour. */
export const VERIFY_EVERY_MS = 60 * 60 * 1000;

/** Splits text into pieces of at most `size` characters, never inside a surrogate pair. */
function splitText(text: string, size = BLOB_CHARS): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + size, text.length);
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) end -= 1;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces.length > 0 ? pieces : [""];
}

export interface PublishResult {
  /**
   * "superseded": another sync changed the pointer after this one read it
   * (`expected`); this one flipped and deleted nothing, and should read
   * Directus again rather than publish what it read before the other did.
   */
  status: "published" | "unchanged" | "superseded";
  manifest: string;
  /** KV puts and deletes this run made. */
  writes: number;
  deletes: number;
}

/** One blob of a version: its text and the hash it is stored under. */
interface Piece {
  hash: string;
  text: string;
}

/** A built catalog as a version: its manifest, the manifest's hash (the version's name) and the blobs. */
interface PlannedVersion {
  manifest: Manifest;
  hash: string;
  blobs: Piece[];
}

/** The version a built catalog would be, without writing anything. */
export async function plan(built: BuiltCatalog): Promise<PlannedVersion> {
  const texts: VersionBlobs<string, string[]> = {
    ...storeCatalog(built.catalog),
    searchIndex: splitText(built.searchIndex),
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

interface PublishOptions {
  now?: Date;
  /** Lift a rollback's hold (an operator's decision): the pointer loses `held`. */
  release?: boolean;
  /**
   * The pointer as the sync read it before reading Directus (null: nothing
   * was published). Publishing goes ahead only while the pointer is still
   * this one; undefined: whatever it is when the publish starts.
   */
  expected?: Pointer | null;
}

/** Whether two pointers are the same state of the catalog (read as JSON, written by JSON.stringify). */
function samePointer(a: Pointer | null, b: Pointer | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Publishes a built catalog: writes its version if it is new (or marks the
 * live one as confirmed), deletes the versions expired by now, and flips the
 * pointer last, so that until then readers keep the old, complete version.
 *
 * Syncs may overlap (the cron, a save in Directus, an operator). One that
 * finds the pointer moved since `expected` stops before it deletes or flips
 * anything: its pointer would drop the other's version from the retired ones,
 * and its deletions could take blobs the other's version uses, since blobs
 * are shared by content. KV has no transactions, so the check narrows the
 * window from the whole sync to the moments between the last read and the
 * flip; it does not close it.
 */
export async function publish(
  store: CatalogStore,
  built: BuiltCatalog,
  { now = new Date(), release = false, expected }: PublishOptions = {},
): Promise<PublishResult> {
  const version = await plan(built);
  const pointer = await readPointer(store);
  const moved = async () => expected !== undefined && !samePointer(await readPointer(store), expected);
  const superseded: PublishResult = { status: "superseded", manifest: version.hash, writes: 0, deletes: 0 };
  if (expected !== undefined && !samePointer(pointer, expected)) return superseded;
  const unchanged = pointer?.manifest === version.hash;
  let writes = 0;
  let next: Pointer | null;
  if (pointer && unchanged) {
    next = confirmedPointer(pointer, now, release);
  } else {
    const written = await writeVersion(store, version, pointer, now);
    next = written.pointer;
    writes += written.writes;
  }

  // The blobs and manifest written so far are harmless if this sync stops here: nothing points at them.
  if (await moved()) return { ...superseded, writes };

  let deletes = 0;
  const current = next ?? pointer;
  const known = new Map([[version.hash, version.manifest]]);
  if (current) {
    const pruned = await deleteExpiredVersions(store, current, now, known);
    if (pruned) {
      next = pruned.pointer;
      deletes = pruned.deletes;
    }
  }
  // Only a sync that writes a version sweeps: listing every key costs KV list operations, which the cron
  // would otherwise spend every quarter of an hour on a catalog that did not change.
  if (next && !unchanged) {
    if (await moved()) return { ...superseded, writes, deletes };
    deletes += await deleteLeftovers(store, next, now, known);
  }

  if (next) {
    if (await moved()) return { ...superseded, writes, deletes };
    await store.put(POINTER_KEY, JSON.stringify(next));
    writes += 1;
  }
  return { status: unchanged ? "unchanged" : "published", manifest: version.hash, writes, deletes };
}

/**
 * Writes a new version: the blobs the live version does not already have,
 * then its manifest. Returns the pointer that makes it live (the live version
 * joins the retired ones) and the KV writes made; the pointer is not written.
 */
async function writeVersion(
  store: CatalogStore,
  { manifest, hash, blobs }: PlannedVersion,
  live: Pointer | null,
  now: Date,
): Promise<{ pointer: Pointer; writes: number }> {
  const stamp = now.toISOString();
  const written = { metadata: { writtenAt: stamp } };
  let writes = 0;
  // Blobs the live version already has exist in KV; everything else is new.
  const liveManifest = live ? await readManifest(store, live.manifest).catch(() => null) : null;
  const present = new Set(liveManifest ? manifestBlobs(liveManifest) : []);
  const missing = [...new Map(blobs.map((blob) => [blob.hash, blob])).values()].filter(
    (blob) => !present.has(blob.hash),
  );
  // A few writes at a time: a first publish of a large catalog writes hundreds of buckets,
  // and a Worker may keep only six connections open at once.
  for (let start = 0; start < missing.length; start += PARALLEL_WRITES) {
    const batch = missing.slice(start, start + PARALLEL_WRITES);
    await Promise.all(batch.map((blob) => store.put(blobKey(blob.hash), blob.text, written)));
    writes += batch.length;
  }
  await store.put(manifestKey(hash), JSON.stringify(manifest), written);
  writes += 1;
  const pointer: Pointer = {
    manifest: hash,
    publishedAt: stamp,
    verifiedAt: stamp,
    counts: manifest.counts,
    retired: [
      ...(live?.retired ?? []).filter((entry) => entry.manifest !== hash),
      ...(live ? [{ manifest: live.manifest, retiredAt: stamp, counts: live.counts }] : []),
    ],
  };
  return { pointer, writes };
}

/**
 * The pointer an unchanged sync writes, or null for none: an unchanged
 * version costs no write, except a mark at most every VERIFY_EVERY_MS that
 * the sync still confirms it (/healthz), or an operator's release of a hold.
 */
function confirmedPointer(pointer: Pointer, now: Date, release: boolean): Pointer | null {
  const stamp = now.toISOString();
  const verifiedAt = Date.parse(pointer.verifiedAt ?? pointer.publishedAt);
  const { held: _held, ...unheld } = pointer;
  if (release && pointer.held) return { ...unheld, verifiedAt: stamp };
  if (now.getTime() - verifiedAt > VERIFY_EVERY_MS) return { ...pointer, verifiedAt: stamp };
  return null;
}

/**
 * The retired versions to delete now: those beyond the newest KEEP_VERSIONS
 * that were retired longer than GRACE_MS ago.
 */
function expiredVersions(retired: RetiredVersion[], now: Date): RetiredVersion[] {
  const kept = new Set(retired.slice(-KEEP_VERSIONS));
  return retired.filter((entry) => !kept.has(entry) && now.getTime() - Date.parse(entry.retiredAt) > GRACE_MS);
}

/**
 * Deletes the versions of `current` that have expired by `now`: their
 * manifests and the blobs no kept version uses (`known` holds manifests not
 * to read again). Returns `current` without them and the KV deletes made, or
 * null when none has expired; the pointer is not written.
 */
async function deleteExpiredVersions(
  store: CatalogStore,
  current: Pointer,
  now: Date,
  known: Map<string, Manifest>,
): Promise<{ pointer: Pointer; deletes: number } | null> {
  const expired = expiredVersions(current.retired, now);
  if (expired.length === 0) return null;
  let deletes = 0;
  const kept = [
    current.manifest,
    ...current.retired.filter((entry) => !expired.includes(entry)).map((e) => e.manifest),
  ];
  const { blobs: keptBlobs } = await blobsOf(store, kept, known);
  for (const entry of expired) {
    const old = await readManifest(store, entry.manifest).catch(() => null);
    for (const blob of new Set(old ? manifestBlobs(old) : [])) {
      if (keptBlobs.has(blob)) continue;
      await store.delete(blobKey(blob));
      deletes += 1;
    }
    await store.delete(manifestKey(entry.manifest));
    deletes += 1;
  }
  return { pointer: { ...current, retired: current.retired.filter((entry) => !expired.includes(entry)) }, deletes };
}

/**
 * The blobs the versions `hashes` use, and whether every one of their
 * manifests could be read (a version that cannot be read adds none).
 */
async function blobsOf(
  store: CatalogStore,
  hashes: Iterable<string>,
  known: Map<string, Manifest>,
): Promise<{ blobs: Set<string>; complete: boolean }> {
  const blobs = new Set<string>();
  let complete = true;
  for (const hash of hashes) {
    const manifest = await knownManifest(store, hash, known).catch(() => null);
    if (manifest) for (const blob of manifestBlobs(manifest)) blobs.add(blob);
    else complete = false;
  }
  return { blobs, complete };
}

/** A manifest from `known`, else read from the store (and kept in `known`). */
async function knownManifest(store: CatalogStore, hash: string, known: Map<string, Manifest>): Promise<Manifest> {
  const cached = known.get(hash);
  if (cached) return cached;
  const manifest = await readManifest(store, hash);
  known.set(hash, manifest);
  return manifest;
}

/**
 * Deletes the leftovers of syncs that stopped before their flip (another sync
 * published first, or a fault stopped them): manifests and blobs that no
 * version of `current` uses and that were written longer than GRACE_MS ago.
 * Returns the KV deletes made.
 *
 * The age keeps a sync under way safe: its blobs are written before its
 * manifest, and both before its pointer, so for a while nothing points at
 * them. Blobs are shared by content, and a sync writes again every blob the
 * live version lacks, so a leftover that a later version needs is written
 * anew, young, before that version goes live. Keys without a time (written
 * before the sweep existed) are left alone. Nothing is deleted when a kept
 * version's manifest cannot be read: its blobs would look unused.
 */
async function deleteLeftovers(
  store: CatalogStore,
  current: Pointer,
  now: Date,
  known: Map<string, Manifest>,
): Promise<number> {
  const keptManifests = new Set([current.manifest, ...current.retired.map((entry) => entry.manifest)]);
  const { blobs: keptBlobs, complete } = await blobsOf(store, keptManifests, known);
  if (!complete) return 0;
  const expired = (metadata: unknown) => {
    const time = writtenAt(metadata);
    return time !== undefined && now.getTime() - time > GRACE_MS;
  };
  const leftovers = [
    ...(await listKeys(store, MANIFEST_PREFIX)).filter(
      ({ name, metadata }) => !keptManifests.has(name.slice(MANIFEST_PREFIX.length)) && expired(metadata),
    ),
    ...(await listKeys(store, BLOB_PREFIX)).filter(
      ({ name, metadata }) => !keptBlobs.has(name.slice(BLOB_PREFIX.length)) && expired(metadata),
    ),
  ];
  for (let start = 0; start < leftovers.length; start += PARALLEL_WRITES) {
    await Promise.all(leftovers.slice(start, start + PARALLEL_WRITES).map(({ name }) => store.delete(name)));
  }
  return leftovers.length;
}
