/**
 * Reading one published version from KV: its meta and list pieces at once
 * (what every page needs), its search index and recipe details only when
 * asked. Shared by the Worker's catalog cache and the sync (rollback checks,
 * comparing with the live version).
 */
import { SEARCH_INDEX_VERSION } from "./search-index.ts";
import { type CatalogStore, readBlobBytes, readJoinedBlobs, readManifest, readTextBlob } from "./storage.ts";
import {
  allDetails,
  type CatalogMeta,
  type DetailsPlace,
  detailsAt,
  parseListPiece,
  parseMeta,
} from "./stored-catalog.ts";
import { CATALOG_FORMAT_VERSION, type CatalogRecipe, type RecipeDetails, type RecipeSummary } from "./types.ts";

/** Detail buckets an isolate keeps at hand, as bytes: recipe pages read one each, and popular recipes repeat. */
const BUCKETS_KEPT_BYTES = 4 * 1024 * 1024;

export interface PublishedVersion {
  manifest: string;
  meta: CatalogMeta;
  /** Every recipe's summary, in category-then-name order. */
  recipes: RecipeSummary[];
  /** Where the details of the recipe at `position` lie. */
  placeOf(position: number): DetailsPlace | undefined;
  /**
   * The serialized search index; null when it was built with other index
   * options than this code's (the code was deployed before the next sync):
   * the reader builds one from the recipes until the sync republishes.
   */
  readSearchIndex(): Promise<string | null>;
  readDetails(place: DetailsPlace): Promise<RecipeDetails>;
}

/**
 * The detail buckets read so far, least recently used first, within a byte
 * budget; a bucket being read is shared by every request that wants it.
 */
function bucketReader(store: CatalogStore): (hash: string) => Promise<Uint8Array> {
  const kept = new Map<string, Promise<Uint8Array>>();
  const sizes = new Map<string, number>();
  let keptBytes = 0;
  return (hash) => {
    const cached = kept.get(hash);
    if (cached) {
      // Map order is insertion order: moving it to the end marks it as recently used.
      kept.delete(hash);
      kept.set(hash, cached);
      return cached;
    }
    const reading: Promise<Uint8Array> = readBlobBytes(store, hash).then(
      (bytes) => {
        // Evicted while it was being read: it is returned, not counted.
        if (kept.get(hash) !== reading) return bytes;
        sizes.set(hash, bytes.byteLength);
        keptBytes += bytes.byteLength;
        for (const [oldest] of kept) {
          if (keptBytes <= BUCKETS_KEPT_BYTES || oldest === hash) break;
          keptBytes -= sizes.get(oldest) ?? 0;
          sizes.delete(oldest);
          kept.delete(oldest);
        }
        return bytes;
      },
      (error: unknown) => {
        if (kept.get(hash) === reading) kept.delete(hash);
        throw error;
      },
    );
    kept.set(hash, reading);
    return reading;
  };
}

/**
 * Reads the version a manifest names: its meta and list now, the rest on
 * demand. Throws if it was written in another format: the next sync rewrites
 * it in the current one.
 */
export async function readPublished(store: CatalogStore, hash: string): Promise<PublishedVersion> {
  const manifest = await readManifest(store, hash);
  if (manifest.formatVersion !== CATALOG_FORMAT_VERSION) {
    throw new Error(
      `catalog: manifest ${hash} has catalog format ${manifest.formatVersion}, this code reads ${CATALOG_FORMAT_VERSION}`,
    );
  }
  const [metaText, ...pieces] = await Promise.all([
    readTextBlob(store, manifest.meta),
    ...manifest.list.map((piece) => readTextBlob(store, piece)),
  ]);
  const meta = parseMeta(metaText ?? "");
  // Where each recipe's details lie, as numbers side by side: no object per recipe.
  const recipes: RecipeSummary[] = [];
  const buckets: string[] = [];
  const bucketOf: number[] = [];
  const lineOf: number[] = [];
  const sharedNames = new Map<string, string>();
  for (const text of pieces) {
    const piece = parseListPiece(text, sharedNames);
    const firstBucket = buckets.length;
    buckets.push(...piece.buckets);
    for (let index = 0; index < piece.summaries.length; index++) {
      recipes.push(piece.summaries[index] as RecipeSummary);
      bucketOf.push(firstBucket + (piece.bucketOf[index] ?? 0));
      lineOf.push(piece.lineOf[index] ?? 0);
    }
  }
  const bucketAt = Uint32Array.from(bucketOf);
  const lineAt = Uint16Array.from(lineOf);
  const readBucket = bucketReader(store);
  return {
    manifest: hash,
    meta,
    recipes,
    placeOf: (position) => {
      const bucket = position >= 0 && position < recipes.length ? buckets[bucketAt[position] ?? 0] : undefined;
      return bucket === undefined ? undefined : { bucket, line: lineAt[position] ?? 0 };
    },
    readSearchIndex: () =>
      manifest.searchIndexVersion === SEARCH_INDEX_VERSION
        ? readJoinedBlobs(store, manifest.searchIndex)
        : Promise.resolve(null),
    readDetails: async ({ bucket, line }) => detailsAt(await readBucket(bucket), line),
  };
}

/**
 * Every recipe of a version, whole: for the sync, which compares a new
 * version with the live one in Node. A page never needs this.
 */
export async function readWholeRecipes(store: CatalogStore, version: PublishedVersion): Promise<CatalogRecipe[]> {
  const buckets = new Map<string, RecipeDetails[]>();
  const places = version.recipes.map((_, position) => version.placeOf(position));
  for (const hash of new Set(places.flatMap((place) => (place ? [place.bucket] : [])))) {
    buckets.set(hash, allDetails(await readTextBlob(store, hash)));
  }
  return version.recipes.map((summary, position) => {
    const place = places[position];
    const found = place && buckets.get(place.bucket)?.[place.line];
    if (!found) throw new Error(`catalog: the details of recipe ${summary.id} are missing`);
    return { ...summary, ...found };
  });
}
