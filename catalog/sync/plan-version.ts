/**
 * A built catalog as a version: its blobs and their hashes, and the manifest
 * that names them (its hash is the version's name). See
 * catalog/format/storage.ts for the layout in KV and stored-catalog.ts for
 * what each blob holds. The coordinator (coordinator.ts) publishes versions
 * on the site; `publishWithoutCoordinator` writes one straight into a KV of a test or a
 * benchmark that no coordinator manages.
 */

import { sha256 } from "../format/sha256.ts";
import {
  blobKey,
  type CatalogStore,
  emptyBlobLists,
  type Manifest,
  manifestBlobs,
  manifestKey,
  mapVersionBlobs,
  POINTER_KEY,
  type Pointer,
  pointerSequence,
  readManifest,
  readPointer,
  type VersionBlobs,
} from "../format/storage.ts";
import { storedBlobs } from "../format/stored-catalog.ts";
import { CATALOG_FORMAT_VERSION } from "../recipes/types.ts";
import { recipeNumbers, SEARCH_INDEX_VERSION, writeSearchShardsInMemory } from "../search/search-index.ts";
import { ingredientKinds } from "../search/search-words.ts";
import type { BuiltCatalog } from "./build-catalog.ts";
import { packedVersion } from "./delta-packing.ts";

/** Blobs made and hashed at once. */
const PARALLEL_HASHES = 32;
/** KV writes under way at once: a Worker may keep only six connections open. */
export const PARALLEL_WRITES = 6;

/** One blob of a version: its text and the hash it is stored under. */
export interface Piece {
  hash: string;
  text: string;
}

/** A built catalog as a version: its manifest and the manifest's hash (the version's name). */
export interface PlannedVersion {
  manifest: Manifest;
  hash: string;
}

/**
 * The version a built catalog is, without writing anything. Each blob is
 * made, hashed and handed to `onBlob` a few at a time and then let go, so
 * the plan of a large catalog holds only its hashes: the texts of 50,000
 * recipes (about 100 M characters) would not fit an isolate's 128 MB.
 */
export async function planVersion(
  built: BuiltCatalog,
  onBlob: (piece: Piece) => void | Promise<void> = () => {},
): Promise<PlannedVersion> {
  const hashes = emptyBlobLists<string>();
  let batch: { kind: keyof VersionBlobs<unknown, unknown>; text: string }[] = [];
  const flush = async () => {
    const hashed = await Promise.all(batch.map(async (blob) => ({ ...blob, hash: await sha256(blob.text) })));
    batch = [];
    for (const { kind, hash } of hashed) hashes[kind].push(hash);
    await Promise.all(hashed.map(({ hash, text }) => onBlob({ hash, text })));
  };
  for (const blob of storedBlobs(built.catalog)) {
    batch.push(blob);
    if (batch.length >= PARALLEL_HASHES) await flush();
  }
  await flush();
  // The sharded search index (decision 0054): its blobs come in the order of their places, the manifest's.
  const { recipes, ingredients } = built.catalog;
  // Postings name recipes by id where the ids are dense enough (decision 0061), as the staged build's do.
  await writeSearchShardsInMemory(
    recipes,
    ingredientKinds(ingredients),
    async ({ text }) => {
      batch.push({ kind: "searchIndex", text });
      if (batch.length >= PARALLEL_HASHES) await flush();
    },
    undefined,
    recipeNumbers(recipes.map((recipe) => recipe.id)),
  );
  await flush();
  return versionOf(hashes, { recipes: built.catalog.recipes.length, ingredients: built.catalog.ingredients.length });
}

/** The version whose blobs have these hashes, each kind's in their order: its manifest and its name. */
export async function versionOf(
  hashes: VersionBlobs<string[], string[]>,
  counts: Manifest["counts"],
): Promise<PlannedVersion> {
  const only = (list: string[]) => {
    if (list.length !== 1) throw new Error(`plan: a single blob came ${list.length} times`);
    return list[0] as string;
  };
  const manifest: Manifest = {
    formatVersion: CATALOG_FORMAT_VERSION,
    searchIndexVersion: SEARCH_INDEX_VERSION,
    ...mapVersionBlobs(hashes, only, (list) => list),
    counts,
  };
  return { manifest, hash: await sha256(JSON.stringify(manifest)) };
}

/**
 * Writes a built catalog into a KV that no coordinator manages (a test's, a
 * benchmark's) and points at it: the blobs the live version lacks, the
 * manifest, then the pointer. Nothing is kept or deleted. With `packChars`,
 * over a live version of the same formats, the blobs it lacks go into one
 * delta pack as the coordinator writes them (decision 0069). Answers the
 * version's hash and the KV writes made.
 */
export async function publishWithoutCoordinator(
  store: CatalogStore,
  built: BuiltCatalog,
  now = new Date(),
  { packChars }: { packChars?: number } = {},
): Promise<{ manifest: string; writes: number }> {
  const live = await readPointer(store);
  const liveManifest = live ? await readManifest(store, live.manifest).catch(() => null) : null;
  const present = new Set(liveManifest ? manifestBlobs(liveManifest) : []);
  const base =
    packChars !== undefined &&
    liveManifest?.formatVersion === CATALOG_FORMAT_VERSION &&
    liveManifest.searchIndexVersion === SEARCH_INDEX_VERSION;
  // Blobs for a pack are held until the plan ends, while they fit; any others are written as they come.
  let held: Map<string, string> | null = base ? new Map() : null;
  let heldChars = 0;
  let writes = 0;
  const put = async (blob: string, text: string) => {
    writes += 1;
    await store.put(blobKey(blob), text);
  };
  const planned = await planVersion(built, async ({ hash: blob, text }) => {
    if (present.has(blob)) return;
    present.add(blob);
    if (held && heldChars + text.length <= (packChars ?? 0)) {
      held.set(blob, text);
      heldChars += text.length;
      return;
    }
    if (held) for (const [heldBlob, heldText] of held) await put(heldBlob, heldText);
    held = null;
    await put(blob, text);
  });
  const { version, pack } = held
    ? await packedVersion(planned, held, packChars ?? 0)
    : { version: planned, pack: null };
  if (pack) await put(pack.hash, pack.text);
  else if (held) for (const [blob, text] of held) await put(blob, text);
  const { manifest, hash } = version;
  await store.put(manifestKey(hash), JSON.stringify(manifest));
  const pointer: Pointer = {
    manifest: hash,
    publishedAt: now.toISOString(),
    counts: manifest.counts,
    // After the pointer it replaces, or isolates that served that one would not take this one.
    sequence: (live ? pointerSequence(live) : 0) + 1,
    retired: [],
  };
  await store.put(POINTER_KEY, JSON.stringify(pointer));
  return { manifest: hash, writes: writes + 2 };
}
