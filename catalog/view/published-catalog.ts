/**
 * Reading one published version: its meta at once (every page needs it),
 * everything else only when asked: the cards and recipes a page shows from
 * their buckets, a recipe's position by slug or id through one locator
 * shard and its bucket, and each column (directory, names, matching,
 * traits, name order) and the search index for the pages that ask their
 * question. Shared by the
 * Worker's catalog cache, the sync (rollback checks, comparing with the live
 * version) and views held in memory.
 */

import { packedText, readPack } from "../format/blob-pack.ts";
import { type MatchingPieceText, readMatchingPiece } from "../format/matching-piece.ts";
import { type RatingPiece, readRatingPiece, tallyAt } from "../format/ratings-column.ts";
import {
  type CatalogStore,
  type Manifest,
  readBlobBytes,
  readManifest,
  readTextBlob,
  type VersionBlobs,
} from "../format/storage.ts";
import {
  type CatalogMeta,
  type DirectoryPiece,
  type LocatorShard,
  lineAt,
  locatorShardOfId,
  locatorShardOfImage,
  locatorShardOfSlug,
  NAME_END,
  parseMeta,
  type ReadBucket,
  readBucket,
  readNameOrder,
} from "../format/stored-catalog.ts";
import {
  CATALOG_FORMAT_VERSION,
  type CatalogRecipe,
  type RecipeDetails,
  type RecipeRating,
  type RecipeSummary,
} from "../recipes/types.ts";
import { SEARCH_INDEX_VERSION } from "../search/search-index.ts";

/**
 * Bytes of buckets an isolate keeps at hand, per kind. Card buckets serve
 * every list page: 8 MB holds every card of about 20,000 recipes. Detail
 * buckets serve recipe pages, where popular recipes repeat. The lines a
 * kept bucket has decoded stay with it and are not counted: they are the
 * few a page shows, not the bucket.
 */
const CARDS_KEPT_BYTES = 8 * 1024 * 1024;
const DETAILS_KEPT_BYTES = 4 * 1024 * 1024;
/** Buckets read at once when a reader wants many (the sync reading a whole version). */
const PARALLEL_READS = 16;
/**
 * Locator shards an isolate keeps parsed: about 50 KB of JSON each at any
 * size (the shard count grows with the catalog), so 64 hold about 5 MB of
 * slugs, ids and images, whatever the catalog's size.
 */
const LOCATOR_SHARDS_KEPT = 64;
/** Directory pieces kept parsed for the recipe sitemaps (about 4,096 recipes each; a sitemap reads one or two). */
const DIRECTORY_PIECES_KEPT = 2;

/** Where a version's blobs are read from: KV, or texts in memory. */
export interface BlobReader {
  text(hash: string): Promise<string>;
  bytes(hash: string): Promise<Uint8Array>;
}

/** The blobs a version is made of, by name (a manifest's fields), and which index options built its search index. */
export type VersionLayout = VersionBlobs<string, readonly string[]> & Pick<Manifest, "searchIndexVersion">;

export interface PublishedVersion {
  manifest: string;
  meta: CatalogMeta;
  /** How many recipes it holds. */
  count: number;
  /**
   * The cards (summaries) at these positions (category-then-name order), in
   * the order asked, each with its rating from the ratings column. A bucket
   * that cannot be read fails the call, unless `unreadable` is given: it is
   * told, and that bucket's recipes are left out (a ratings piece that cannot
   * be read leaves its recipes' ratings out, likewise).
   */
  cardsAt(positions: readonly number[], unreadable?: (error: unknown) => void): Promise<RecipeSummary[]>;
  /** The whole recipes at these positions: cards and details, as `cardsAt`. */
  recipesAt(positions: readonly number[], unreadable?: (error: unknown) => void): Promise<CatalogRecipe[]>;
  /** The directory column, piece by piece: every piece, for a check of the whole version. */
  directory(): Promise<DirectoryPiece[]>;
  /** The slugs and images of the recipes at positions `start` to `end` (exclusive), from the pieces they lie in. */
  directoryRange(start: number, end: number): Promise<Pick<DirectoryPiece, "slugs" | "images">>;
  /** Every locator shard: for a check of the whole version. */
  locatorShards(): Promise<LocatorShard[]>;
  /** The position of the recipe with this slug, through its locator shard and card bucket. */
  positionOfSlug(slug: string): Promise<number | undefined>;
  /** The position of the recipe with this id, likewise. */
  positionOfId(id: number): Promise<number | undefined>;
  /** Whether a recipe shows the image with this file id (lower case). */
  hasImage(fileId: string): Promise<boolean>;
  /** The lower-case names, each followed by NAME_END (stored-catalog.ts), the pieces joined. */
  names(): Promise<string>;
  /** The matching column, piece by piece, each with its header read (matching-piece.ts). */
  matching(): Promise<MatchingPieceText[]>;
  /** The traits column, piece by piece: a byte per recipe (stored-catalog.ts `traitsPieceText`). */
  traits(): Promise<Uint8Array[]>;
  /** Each position's place in German name order. */
  nameOrder(): Promise<number[]>;
  /** How many pieces the ratings column has (ratings-column.ts: one per list piece, `meta.pieceSizes`). */
  readonly ratingPieces: number;
  /** One piece of the ratings column, read: its offsets count from its list piece's first position. */
  ratingPiece(piece: number): Promise<RatingPiece>;
  /** The ratings of the recipes at these positions that have enough of them to show, by position. */
  ratingsAt(positions: readonly number[], unreadable?: (error: unknown) => void): Promise<Map<number, RecipeRating>>;
  /**
   * The search index's blobs: how many, and each read by its place; null
   * when it was built with other index options than this code's (the code
   * was deployed before the next sync): the reader builds one from the
   * recipes until the sync republishes.
   */
  searchIndexBlobs(): { count: number; read(place: number): Promise<string> } | null;
}

export function storeReader(store: CatalogStore): BlobReader {
  return { text: (hash) => readTextBlob(store, hash), bytes: (hash) => readBlobBytes(store, hash) };
}

/**
 * The reader of one version: the blobs of its delta pack from the pack,
 * read once when the version is opened, the rest under their own keys
 * (decision 0069). A pack that is missing or does not hold what the
 * manifest names throws here, so the version is never opened without it.
 */
export async function versionReader(store: CatalogStore, manifest: Manifest): Promise<BlobReader> {
  const direct = storeReader(store);
  if (!manifest.delta) return direct;
  // Kept as the bytes KV gives, outside the heap: a blob is decoded when a page asks for it, as its own key's is.
  const packed = readPack(await readBlobBytes(store, manifest.delta.pack), manifest.delta.blobs);
  return {
    text: (hash) => {
      const bytes = packed.get(hash);
      return bytes === undefined ? direct.text(hash) : Promise.resolve(packedText(bytes));
    },
    bytes: (hash) => {
      const bytes = packed.get(hash);
      return bytes === undefined ? direct.bytes(hash) : Promise.resolve(bytes);
    },
  };
}

/**
 * The buckets read so far, least recently used first, within a byte
 * budget; a bucket being read is shared by every request that wants it.
 */
function bucketCache(
  read: (hash: string) => Promise<Uint8Array>,
  keptBudget: number,
): (hash: string) => Promise<ReadBucket> {
  const kept = new Map<string, Promise<ReadBucket>>();
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
    const reading: Promise<ReadBucket> = read(hash).then(
      (bytes) => {
        const bucket = readBucket(bytes);
        // Evicted while it was being read: it is returned, not counted.
        if (kept.get(hash) !== reading) return bucket;
        sizes.set(hash, bytes.byteLength);
        keptBytes += bytes.byteLength;
        for (const [oldest] of kept) {
          if (keptBytes <= keptBudget || oldest === hash) break;
          keptBytes -= sizes.get(oldest) ?? 0;
          sizes.delete(oldest);
          kept.delete(oldest);
        }
        return bucket;
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
 * Parsed blobs read so far, at most `kept` of them, least recently used
 * first; a blob being read is shared by every request that wants it, and a
 * failed read is forgotten.
 */
function parsedCache<T>(read: (hash: string) => Promise<T>, kept: number): (hash: string) => Promise<T> {
  const values = new Map<string, Promise<T>>();
  return (hash) => {
    const cached = values.get(hash);
    if (cached) {
      values.delete(hash);
      values.set(hash, cached);
      return cached;
    }
    const reading = read(hash).catch((error: unknown) => {
      if (values.get(hash) === reading) values.delete(hash);
      throw error;
    });
    values.set(hash, reading);
    for (const [oldest] of values) {
      if (values.size <= kept) break;
      values.delete(oldest);
    }
    return reading;
  };
}

/** Runs `work` on every item, at most `parallel` at once. */
async function inBatches<T>(items: readonly T[], parallel: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += parallel) {
    await Promise.all(items.slice(start, start + parallel).map(work));
  }
}

/** A version whose meta has been read: the rest is read when asked for. */
export function openVersion(
  reader: BlobReader,
  name: string,
  layout: VersionLayout,
  meta: CatalogMeta,
): PublishedVersion {
  if (
    meta.bucketSizes.length !== layout.cards.length ||
    meta.bucketSizes.length !== layout.details.length ||
    meta.bucketEnds.length !== layout.cards.length
  ) {
    throw new Error(
      `catalog: version ${name} names ${layout.cards.length} card and ${layout.details.length} detail buckets, its meta ${meta.bucketSizes.length} (ends ${meta.bucketEnds.length})`,
    );
  }
  if (meta.pieceSizes.length !== layout.directory.length || meta.pieceSizes.length !== layout.ratings.length) {
    throw new Error(
      `catalog: version ${name} names ${layout.directory.length} directory and ${layout.ratings.length} ratings pieces, its meta ${meta.pieceSizes.length}`,
    );
  }
  // Where each bucket starts in stored order: a position's bucket is found by binary search.
  const bucketStarts = runStarts(meta.bucketSizes);
  const count = bucketStarts[meta.bucketSizes.length] ?? 0;
  const bucketOf = (position: number): number => runAt(bucketStarts, position);
  const readBytes = (hash: string) => reader.bytes(hash);
  const cardBucket = bucketCache(readBytes, CARDS_KEPT_BYTES);
  const detailBucket = bucketCache(readBytes, DETAILS_KEPT_BYTES);
  const readJson = async <T>(hash: string): Promise<T> => JSON.parse(await reader.text(hash)) as T;
  const locatorShard = parsedCache((hash) => readJson<LocatorShard>(hash), LOCATOR_SHARDS_KEPT);
  const directoryPiece = parsedCache((hash) => readJson<DirectoryPiece>(hash), DIRECTORY_PIECES_KEPT);
  const shardCount = layout.locator.length;
  const pieceStarts = runStarts(meta.pieceSizes);
  /** The list piece a position lies in (of a position within the version). */
  const pieceOf = (position: number): number => runAt(pieceStarts, position);
  // Made on the first lookup: a bucket's place by the id of its last recipe.
  let bucketByEnd: Map<number, number> | undefined;
  /** The position of recipe `id` in the bucket whose last recipe is `end`, from the bucket's header. */
  async function positionIn(end: number, id: number): Promise<number | undefined> {
    bucketByEnd ??= new Map(meta.bucketEnds.map((last, bucket) => [last, bucket]));
    const bucket = bucketByEnd.get(end);
    if (bucket === undefined) throw new Error(`catalog: version ${name} has no bucket ending with recipe ${end}`);
    const line = (await cardBucket(layout.cards[bucket] ?? "")).ids.indexOf(id);
    if (line === -1) throw new Error(`catalog: version ${name} has no recipe ${id} in the bucket its locator names`);
    return (bucketStarts[bucket] ?? 0) + line;
  }
  const shardAt = (shard: number) => locatorShard(layout.locator[shard] ?? "");

  /** The lines at these positions from one kind of bucket, each bucket read once. */
  async function linesAt<T>(
    positions: readonly number[],
    read: (bucket: number) => Promise<ReadBucket>,
    unreadable: ((error: unknown) => void) | undefined,
  ): Promise<Map<number, T>> {
    const wanted = new Map<number, number[]>();
    for (const position of positions) {
      if (!Number.isInteger(position) || position < 0 || position >= count) {
        throw new Error(`catalog: version ${name} has no recipe at position ${position}`);
      }
      const bucket = bucketOf(position);
      const list = wanted.get(bucket);
      if (list) list.push(position);
      else wanted.set(bucket, [position]);
    }
    const found = new Map<number, T>();
    await inBatches([...wanted.keys()], PARALLEL_READS, async (bucket) => {
      try {
        const lines = await read(bucket);
        for (const position of wanted.get(bucket) ?? []) {
          found.set(position, lineAt<T>(lines, position - (bucketStarts[bucket] ?? 0)));
        }
      } catch (error) {
        if (!unreadable) throw error;
        unreadable(error);
      }
    });
    return found;
  }
  const cards = (positions: readonly number[], unreadable?: (error: unknown) => void) =>
    linesAt<RecipeSummary>(positions, (bucket) => cardBucket(layout.cards[bucket] ?? ""), unreadable);
  // Every ratings piece read is kept: 12 bytes of typed arrays a rated recipe of its list piece (about 50 KB
  // for 4,096 all rated); a failed read is forgotten, so the next page tries again. A piece's offsets are checked
  // against its list piece's size.
  const ratingPieces = new Map<number, Promise<RatingPiece>>();
  const ratingPiece = (piece: number) => {
    let reading = ratingPieces.get(piece);
    if (!reading) {
      const positions = meta.pieceSizes[piece] ?? 0;
      reading = reader.text(layout.ratings[piece] ?? "").then((text) => readRatingPiece(text, positions));
      reading.catch(() => ratingPieces.delete(piece));
      ratingPieces.set(piece, reading);
    }
    return reading;
  };
  async function ratingsAt(
    positions: readonly number[],
    unreadable?: (error: unknown) => void,
  ): Promise<Map<number, RecipeRating>> {
    // A position outside the version has no rating (the cards' read refuses it).
    const within = positions.filter((position) => Number.isInteger(position) && position >= 0 && position < count);
    const pieces = new Set(within.map(pieceOf));
    const read = new Map<number, RatingPiece>();
    await Promise.all(
      [...pieces].map(async (piece) => {
        try {
          read.set(piece, await ratingPiece(piece));
        } catch (error) {
          if (!unreadable) throw error;
          unreadable(error);
        }
      }),
    );
    const ratings = new Map<number, RecipeRating>();
    for (const position of within) {
      const piece = pieceOf(position);
      const found = read.get(piece);
      const tally = found ? tallyAt(found, position - (pieceStarts[piece] ?? 0)) : null;
      if (tally) ratings.set(position, { count: tally.count, mean: tally.sum / tally.count });
    }
    return ratings;
  }
  /** A card or recipe with its rating, where it has one: a new object, as a bucket's decoded lines are shared. */
  const rated = <T extends RecipeSummary>(item: T, rating: RecipeRating | undefined): T =>
    rating ? { ...item, rating } : item;

  return {
    manifest: name,
    meta,
    count,
    async cardsAt(positions, unreadable) {
      const [found, ratings] = await Promise.all([cards(positions, unreadable), ratingsAt(positions, unreadable)]);
      return positions.flatMap((position) => {
        const card = found.get(position);
        return card ? [rated(card, ratings.get(position))] : [];
      });
    },
    async recipesAt(positions, unreadable) {
      const [found, details, ratings] = await Promise.all([
        cards(positions, unreadable),
        linesAt<RecipeDetails>(positions, (bucket) => detailBucket(layout.details[bucket] ?? ""), unreadable),
        ratingsAt(positions, unreadable),
      ]);
      return positions.flatMap((position) => {
        const card = found.get(position);
        const rest = details.get(position);
        return card && rest ? [rated({ ...card, ...rest }, ratings.get(position))] : [];
      });
    },
    directory: () => Promise.all(layout.directory.map((hash) => readJson<DirectoryPiece>(hash))),
    async directoryRange(start, end) {
      const slugs: string[] = [];
      const images: (string | null)[] = [];
      for (let piece = 0; piece < meta.pieceSizes.length && start < end; piece++) {
        const pieceStart = pieceStarts[piece] ?? 0;
        const pieceEnd = pieceStarts[piece + 1] ?? 0;
        if (pieceEnd <= start) continue;
        const read = await directoryPiece(layout.directory[piece] ?? "");
        const to = Math.min(end, pieceEnd);
        slugs.push(...read.slugs.slice(start - pieceStart, to - pieceStart));
        images.push(...read.images.slice(start - pieceStart, to - pieceStart));
        start = to;
      }
      return { slugs, images };
    },
    locatorShards: () => Promise.all(layout.locator.map((hash) => readJson<LocatorShard>(hash))),
    async positionOfSlug(slug) {
      const shard = await shardAt(locatorShardOfSlug(slug, shardCount));
      const entry = shard.slugs.indexOf(slug);
      if (entry === -1) return undefined;
      return positionIn(shard.slugBuckets[entry] ?? -1, shard.slugIds[entry] ?? -1);
    },
    async positionOfId(id) {
      if (!Number.isSafeInteger(id)) return undefined;
      const shard = await shardAt(locatorShardOfId(id, shardCount));
      const entry = shard.ids.indexOf(id);
      if (entry === -1) return undefined;
      return positionIn(shard.idBuckets[entry] ?? -1, id);
    },
    hasImage: async (fileId) => (await shardAt(locatorShardOfImage(fileId, shardCount))).images.includes(fileId),
    names: async () => (await Promise.all(layout.names.map((hash) => reader.text(hash)))).join(""),
    matching: () => Promise.all(layout.matching.map(async (hash) => readMatchingPiece(await reader.text(hash)))),
    traits: () => Promise.all(layout.traits.map((hash) => reader.bytes(hash))),
    nameOrder: async () =>
      readNameOrder((await Promise.all(layout.nameOrder.map((hash) => reader.text(hash)))).join(""), meta.typeRanges),
    ratingPieces: layout.ratings.length,
    ratingPiece,
    ratingsAt,
    searchIndexBlobs: () =>
      layout.searchIndexVersion === SEARCH_INDEX_VERSION
        ? { count: layout.searchIndex.length, read: (place) => reader.text(layout.searchIndex[place] ?? "") }
        : null,
  };
}

/**
 * Opens the version a manifest names: its meta now, the rest on demand.
 * Throws if it was written in another format: the next sync rewrites it in
 * the current one.
 */
export async function readPublished(store: CatalogStore, hash: string): Promise<PublishedVersion> {
  const manifest = await readManifest(store, hash);
  if (manifest.formatVersion !== CATALOG_FORMAT_VERSION) {
    throw new Error(
      `catalog: manifest ${hash} has catalog format ${manifest.formatVersion}, this code reads ${CATALOG_FORMAT_VERSION}`,
    );
  }
  const reader = await versionReader(store, manifest);
  return openVersion(reader, hash, manifest, parseMeta(await reader.text(manifest.meta)));
}

/**
 * Reads every column and locator shard of a version once, so a version
 * with a blob missing or unreadable is found before it goes live (a
 * rollback's check). Buckets are not read: `readWholeRecipes` does that.
 */
export async function readEveryColumn(version: PublishedVersion): Promise<void> {
  if (version.ratingPieces !== version.meta.pieceSizes.length) {
    throw new Error(`catalog: version ${version.manifest} has ${version.ratingPieces} ratings pieces`);
  }
  const [directory, names, matching, traits, nameOrder, locator] = await Promise.all([
    version.directory(),
    version.names(),
    version.matching(),
    version.traits(),
    version.nameOrder(),
    version.locatorShards(),
    ...Array.from({ length: version.ratingPieces }, (_, piece) => version.ratingPiece(piece)),
  ]);
  const lengths = [
    directory.reduce((sum, piece) => sum + piece.ids.length, 0),
    locator.reduce((sum, shard) => sum + shard.slugs.length, 0),
    locator.reduce((sum, shard) => sum + shard.ids.length, 0),
    names.split(NAME_END).length - 1,
    matching.reduce((sum, piece) => sum + piece.recipes, 0),
    traits.reduce((sum, piece) => sum + piece.byteLength, 0),
    nameOrder.length,
  ];
  if (lengths.some((length) => length !== version.count)) {
    throw new Error(
      `catalog: version ${version.manifest} has columns of ${lengths.join(", ")} for ${version.count} recipes`,
    );
  }
}

/**
 * Every recipe of a version, whole: for the sync, which compares a new
 * version with the live one in Node. A page never needs this.
 */
export function readWholeRecipes(version: PublishedVersion): Promise<CatalogRecipe[]> {
  return version.recipesAt(Array.from({ length: version.count }, (_, position) => position));
}

/** Where each run of `sizes` starts, one after another, and where the last ends: buckets or list pieces. */
function runStarts(sizes: readonly number[]): Uint32Array {
  const starts = new Uint32Array(sizes.length + 1);
  sizes.forEach((size, run) => {
    starts[run + 1] = (starts[run] ?? 0) + size;
  });
  return starts;
}

/** The run a position lies in, by binary search over `starts` (runStarts); the last run for one beyond. */
function runAt(starts: Uint32Array, position: number): number {
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] ?? 0) <= position) low = middle;
    else high = middle - 1;
  }
  return low;
}
