/**
 * Publishes a built catalog to KV as a new version and flips the pointer,
 * writing only what is new; removes versions retired longer than the grace
 * period. See app/lib/catalog/storage.ts for the layout.
 */
import { SEARCH_INDEX_VERSION } from "../../app/lib/catalog/search-index.ts";
import {
  blobKey,
  type CatalogStore,
  type Manifest,
  manifestKey,
  POINTER_KEY,
  type Pointer,
  readManifest,
  readPointer,
} from "../../app/lib/catalog/storage.ts";
import { CATALOG_FORMAT_VERSION } from "../../app/lib/catalog/types.ts";
import { sha256 } from "../../app/lib/sha256.ts";
import type { BuiltCatalog } from "./build-catalog.ts";

/**
 * Characters per blob. KV takes 25 MiB per value; 8 M UTF-16 units stay below
 * that even if every character needed three bytes in UTF-8.
 */
export const BLOB_CHARS = 8_000_000;
/** How long a replaced version stays readable for isolates still loading it. */
export const GRACE_MS = 60 * 60 * 1000;

/** Splits text into pieces of at most `size` characters, never inside a surrogate pair. */
export function splitText(text: string, size = BLOB_CHARS): string[] {
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
  status: "published" | "unchanged";
  manifest: string;
  /** KV puts and deletes this run made. */
  writes: number;
  deletes: number;
}

interface Piece {
  hash: string;
  text: string;
}

async function pieces(text: string): Promise<Piece[]> {
  return Promise.all(splitText(text).map(async (piece) => ({ hash: await sha256(piece), text: piece })));
}

/** The manifest hash a built catalog would get, without writing anything. */
export async function plan(built: BuiltCatalog): Promise<{ manifest: Manifest; hash: string; blobs: Piece[] }> {
  const catalogPieces = await pieces(JSON.stringify(built.catalog));
  const indexPieces = await pieces(built.searchIndex);
  const manifest: Manifest = {
    formatVersion: CATALOG_FORMAT_VERSION,
    searchIndexVersion: SEARCH_INDEX_VERSION,
    catalog: catalogPieces.map((piece) => piece.hash),
    searchIndex: indexPieces.map((piece) => piece.hash),
    counts: { recipes: built.catalog.recipes.length, ingredients: built.catalog.ingredients.length },
  };
  return { manifest, hash: await sha256(JSON.stringify(manifest)), blobs: [...catalogPieces, ...indexPieces] };
}

/** Writes the new version (if it is new), flips the pointer, then collects expired versions. */
export async function publish(store: CatalogStore, built: BuiltCatalog, now = new Date()): Promise<PublishResult> {
  const { manifest, hash, blobs } = await plan(built);
  const pointer = await readPointer(store);
  let writes = 0;
  let deletes = 0;

  let next: Pointer | null = null;
  if (pointer?.manifest !== hash) {
    // Blobs the live version already has exist in KV; everything else is new.
    const live = pointer ? await readManifest(store, pointer.manifest).catch(() => null) : null;
    const present = new Set([...(live?.catalog ?? []), ...(live?.searchIndex ?? [])]);
    for (const blob of new Map(blobs.map((piece) => [piece.hash, piece])).values()) {
      if (present.has(blob.hash)) continue;
      await store.put(blobKey(blob.hash), blob.text);
      writes += 1;
    }
    await store.put(manifestKey(hash), JSON.stringify(manifest));
    writes += 1;
    next = {
      manifest: hash,
      publishedAt: now.toISOString(),
      counts: manifest.counts,
      retired: [
        ...(pointer?.retired ?? []).filter((entry) => entry.manifest !== hash),
        ...(pointer ? [{ manifest: pointer.manifest, retiredAt: now.toISOString() }] : []),
      ],
    };
  }

  // Expired versions: delete their manifests and the blobs no kept version uses.
  const current = next ?? pointer;
  if (current) {
    const expired = current.retired.filter((entry) => now.getTime() - Date.parse(entry.retiredAt) > GRACE_MS);
    if (expired.length > 0) {
      const kept = [
        current.manifest,
        ...current.retired.filter((entry) => !expired.includes(entry)).map((e) => e.manifest),
      ];
      const keptBlobs = new Set<string>();
      for (const keptHash of kept) {
        const keptManifest = keptHash === hash ? manifest : await readManifest(store, keptHash).catch(() => null);
        for (const blob of [...(keptManifest?.catalog ?? []), ...(keptManifest?.searchIndex ?? [])])
          keptBlobs.add(blob);
      }
      for (const entry of expired) {
        const old = await readManifest(store, entry.manifest).catch(() => null);
        for (const blob of new Set([...(old?.catalog ?? []), ...(old?.searchIndex ?? [])])) {
          if (keptBlobs.has(blob)) continue;
          await store.delete(blobKey(blob));
          deletes += 1;
        }
        await store.delete(manifestKey(entry.manifest));
        deletes += 1;
      }
      next = { ...current, retired: current.retired.filter((entry) => !expired.includes(entry)) };
    }
  }

  // The pointer flips last: until then readers keep the old, complete version.
  if (next) {
    await store.put(POINTER_KEY, JSON.stringify(next));
    writes += 1;
  }
  return { status: pointer?.manifest === hash ? "unchanged" : "published", manifest: hash, writes, deletes };
}
