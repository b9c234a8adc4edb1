/**
 * What each blob of a catalog version holds, written by the sync
 * (`storeCatalog`) and read by the Worker. The shapes are chosen so that a
 * page reads only what it shows, and a cold isolate at fifty thousand
 * recipes answers its first page without reading the whole catalog:
 *
 * - meta: ingredients, category counts, where each category's recipes lie,
 *   the newest recipes and how many recipes each bucket holds. Small; read
 *   by every page.
 * - buckets of a few dozen recipes, in two kinds cut alike: card buckets
 *   (RecipeSummary: what a list card prints) and detail buckets
 *   (RecipeDetails: what the recipe page adds). One JSON line per recipe
 *   after a header of line lengths in bytes, so a reader decodes the lines
 *   it shows and never the whole bucket. A recipe's position (its place in
 *   category-then-name order) names its bucket and line through the bucket
 *   sizes alone: a category page reads its two dozen cards and nothing else,
 *   and a list page's card buckets are a fifth of the whole recipes' bytes.
 * - columns, each in list pieces of a few thousand recipes and read only by
 *   the pages that ask their question:
 *   - directory: ids, slugs and images (recipe page, saved recipes, sitemap);
 *   - names: lower-case names, each ended by a line break (name search): the
 *     pieces joined are the string the search scans, with no JSON to parse
 *     and no string per name made on the way (decision 0053);
 *   - matching: ingredients and total time, and each ingredient's recipes
 *     (ingredient search; matching-piece.ts, decision 0057);
 *   - traits: each recipe's filter bits as one byte (lists narrowed by a
 *     filter; `traitsPieceText`).
 * - ratings: each rated recipe's count and sum of stars, a piece per list
 *   piece, by its offset in the piece (ratings-column.ts, decision 0066).
 * - name order: German name order (name search and ingredient search sort
 *   by it), as each recipe's category, one character a recipe in name
 *   order, cut into pieces at recipes whose id hashes to a boundary: within
 *   a category, stored order is name order, so the categories in name order
 *   give each place its position (`nameOrderPieceTexts`, `readNameOrder`),
 *   and a recipe added or removed changes the one piece it lies in
 *   (decision 0069).
 * - locator shards: each recipe's slug, id and image, by a hash of the slug,
 *   id or image, so a recipe page reads one shard of a few hundred entries
 *   to find its recipe instead of every recipe's directory (decision 0053).
 *   An entry names the recipe's bucket by the id of the bucket's last
 *   recipe, not by position: inserting a recipe moves every position after
 *   it but no bucket's last recipe but its own, so the shards stay as they
 *   were. The bucket's header lists its recipes' ids, which give the line.
 *
 * Recipes are cut into pieces and buckets at recipes whose id hashes to a
 * boundary: adding, changing or removing a recipe changes only the bucket
 * and pieces it lies in, not every one after it. Bucket boundaries are
 * piece boundaries too.
 */
import { RECIPE_TYPES, type RecipeType } from "../recipes/categories.ts";
import { dietCode, traitBits } from "../recipes/recipe-filter.ts";
import {
  CATALOG_FORMAT_VERSION,
  type Catalog,
  type CatalogIngredient,
  type CatalogRecipe,
  type RecipeDetails,
  type RecipeSummary,
} from "../recipes/types.ts";
import { germanSortKey } from "./german-sort-key.ts";
import { matchingPieceText } from "./matching-piece.ts";
import { pickFields } from "./pick-fields.ts";
import { type PositionedTally, ratingPieceTexts } from "./ratings-column.ts";
import { emptyBlobLists, mapVersionBlobs, type VersionBlobs } from "./storage.ts";

/** A bucket ends after a recipe whose id hash is a multiple of this: about this many recipes per bucket. */
const BUCKET_EVERY = 64;
/** A list piece ends at such a multiple: about this many recipes per piece. Must be a multiple of BUCKET_EVERY. */
const PIECE_EVERY = 4096;
/** Cuts forced after this many recipes without a boundary, so no bucket or piece grows without limit. */
const BUCKET_MAX = 4 * BUCKET_EVERY;
const PIECE_MAX = 4 * PIECE_EVERY;
/**
 * Recipes per locator shard, about: the shard count is the power of two that
 * keeps shards at most this large, so it changes (and every shard with it)
 * only when the catalog doubles. 512 shards at 350,000 recipes, each about
 * 50 KB of JSON.
 */
const RECIPES_PER_LOCATOR_SHARD = 1024;

/**
 * Whether a list piece ends after the recipe `id`, its `length`th: what
 * cuts a catalog into pieces, for a builder that walks the recipes in stored
 * order without holding them (catalog/sync/stage-build.ts).
 */
export function pieceEndsAfter(id: number, length: number): boolean {
  return idHash(id) % PIECE_EVERY === 0 || length >= PIECE_MAX;
}

/** Where one category's recipes lie in stored order: positions `start` to `end` (exclusive). */
export interface TypeRange {
  type: RecipeType;
  start: number;
  end: number;
}

/** The table of contents of a version. */
export interface CatalogMeta {
  formatVersion: typeof CATALOG_FORMAT_VERSION;
  /** Ingredients sorted by recipe count, descending, then name. */
  ingredients: CatalogIngredient[];
  /** Recipe count per category, in the spec's order. */
  categories: Catalog["categories"];
  /** The categories that have recipes, where their recipes lie. */
  typeRanges: TypeRange[];
  /** The positions of the most recently published recipes, newest first. */
  newest: number[];
  /** How many recipes each bucket holds, in the manifest's bucket order (card and detail buckets alike). */
  bucketSizes: number[];
  /** The id of each bucket's last recipe: what a locator shard names a bucket by. */
  bucketEnds: number[];
  /** How many recipes each list piece (directory, names, matching, traits) holds, in order. */
  pieceSizes: number[];
}

/** How many of the newest recipes the meta names. */
export const NEWEST_KEPT = 12;

/** The directory column of a list piece: what finds a recipe by slug or id, and the sitemap's image. */
export interface DirectoryPiece {
  ids: number[];
  slugs: string[];
  images: (string | null)[];
}

/**
 * One locator shard: the slugs, ids and images (lower case) that hash to it
 * (`locatorShardOf*`), each list sorted so a shard's text depends on its
 * entries alone. A slug's and an id's bucket is the id of that bucket's last
 * recipe (`CatalogMeta.bucketEnds`).
 */
export interface LocatorShard {
  slugs: string[];
  /** Per slug: its recipe's id. */
  slugIds: number[];
  /** Per slug: its recipe's bucket. */
  slugBuckets: number[];
  ids: number[];
  /** Per id: its recipe's bucket. */
  idBuckets: number[];
  /** The image file ids (lower case) of recipes that show one. */
  images: string[];
}

/**
 * What a traits piece holds beside a recipe's bits: with it each byte is a
 * printable character (`@` to `_`), and a filter's mask, of the low five
 * bits, ignores it.
 */
export const TRAITS_MARK = 0x40;

/**
 * The traits column of a list piece: what a list filter reads
 * (recipe-filter.ts), each recipe's `traitBits` of its diet and total time
 * with TRAITS_MARK, a byte per recipe: a reader copies a piece's bytes as
 * they are into its byte per recipe and computes nothing (decision 0057).
 * The bits depend on the time limits (recipe-filter.ts `TIME_LIMITS`): a
 * change of them changes this column, and so the catalog format. The total
 * time is in the matching column too, but a filtered category page must
 * not read every recipe's ingredients for it.
 */
export function traitsPieceText(
  recipes: readonly (Pick<CatalogRecipe, "vegetarian" | "vegan" | "totalTime"> & { kcal: number | null })[],
): string {
  const bytes = Uint8Array.from(recipes, (recipe) => {
    const bits = traitBits(dietCode(recipe), recipe.totalTime, recipe.kcal);
    if (bits >= TRAITS_MARK) throw new Error(`catalog: trait bits ${bits} do not fit beside the traits' mark`);
    return TRAITS_MARK | bits;
  });
  // Every byte is printable ASCII: as UTF-8 each is its character.
  return new TextDecoder().decode(bytes);
}

/**
 * A version as blobs (texts): what the sync hashes, writes and names in the
 * manifest. All but the search index: the sync builds it with the catalog
 * (build-catalog.ts) and cuts it into pieces itself (catalog/sync/plan-version.ts).
 */
export type StoredCatalog = Omit<VersionBlobs<string, string[]>, "searchIndex">;

/**
 * A 32-bit mix of an id (the finalizer of MurmurHash3), so boundaries fall
 * evenly whatever the ids are. Exported for tests that put a recipe at a
 * boundary.
 */
export function idHash(id: number): number {
  let h = id | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit FNV-1a hash of a text's UTF-16 code units: which locator shard a slug or an image lies in. */
export function textHash(text: string): number {
  let h = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    h ^= text.charCodeAt(index);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** How many locator shards a version of `recipes` recipes has: a power of two. */
export function locatorShardCount(recipes: number): number {
  let shards = 1;
  while (shards * RECIPES_PER_LOCATOR_SHARD < recipes) shards *= 2;
  return shards;
}

export const locatorShardOfSlug = (slug: string, shards: number) => textHash(slug) % shards;
export const locatorShardOfId = (id: number, shards: number) => idHash(id) % shards;
/** `image` in lower case, as the image route asks. */
export const locatorShardOfImage = (image: string, shards: number) => textHash(image) % shards;

/** Cuts `items` after each one whose id hashes to a multiple of `every`, or after `max` items since the last cut. */
function cutAtBoundaries<T>(items: readonly T[], idOf: (item: T) => number, every: number, max: number): T[][] {
  const groups: T[][] = [];
  let current: T[] = [];
  for (const item of items) {
    current.push(item);
    if (idHash(idOf(item)) % every === 0 || current.length >= max) {
      groups.push(current);
      current = [];
    }
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

const SUMMARY_FIELDS = [
  "id",
  "slug",
  "name",
  "cuisine",
  "image",
  "totalTime",
  "vegetarian",
  "vegan",
  "type",
  "published",
  "ingredients",
  "description",
  "recipeUrl",
] as const satisfies readonly (keyof RecipeSummary)[];

/** A card bucket's line: the summary fields, and the kcal per portion of a recipe that has nutrition. */
function cardOf(recipe: CatalogRecipe): RecipeSummary {
  const card: RecipeSummary = pickFields(recipe, SUMMARY_FIELDS);
  // Left out without nutrition, so such a card's line is as long as before.
  if (recipe.nutrition) card.kcal = recipe.nutrition.kcal;
  return card;
}

const DETAIL_FIELDS = [
  "instructions",
  "steps",
  "prepTime",
  "cookTime",
  "manyGuests",
  "servings",
  "optionalIngredients",
  "ingredientLines",
  "nutrition",
] as const satisfies readonly (keyof RecipeDetails)[];

const RECIPE_FIELDS = [...SUMMARY_FIELDS, ...DETAIL_FIELDS] as const satisfies readonly (keyof CatalogRecipe)[];

/** What a list card and the queries read of a recipe: the fields of a card bucket's line. */
export function summaryOf(recipe: CatalogRecipe): RecipeSummary {
  return cardOf(recipe);
}

/** A recipe as text whose field order does not depend on how it was put together: for comparing versions. */
export function comparableRecipe(recipe: CatalogRecipe): string {
  return JSON.stringify(pickFields(recipe, RECIPE_FIELDS));
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * A bucket's text: a header line with each recipe line's length in UTF-8
 * bytes and each recipe's id (`[lengths, ids]`), then one line per recipe.
 * The ids find a recipe's line without decoding any (a locator shard names
 * the bucket, the id the line).
 */
function bucketText<K extends keyof CatalogRecipe>(recipes: readonly CatalogRecipe[], fields: readonly K[]): string {
  const lines = recipes.map((recipe) => JSON.stringify(pickFields(recipe, fields)));
  const lengths = lines.map((line) => encoder.encode(line).length);
  return [JSON.stringify([lengths, recipes.map((recipe) => recipe.id)]), ...lines].join("\n");
}

/** A card bucket's text, laid out as `bucketText`'s. */
function cardsText(recipes: readonly CatalogRecipe[]): string {
  const lines = recipes.map((recipe) => JSON.stringify(cardOf(recipe)));
  const lengths = lines.map((line) => encoder.encode(line).length);
  return [JSON.stringify([lengths, recipes.map((recipe) => recipe.id)]), ...lines].join("\n");
}

/** Ends each name in the names column; a line break in a name itself is written as a space. */
export const NAME_END = "\n";

/** A names piece: each lower-case name followed by NAME_END. */
function namesText(recipes: readonly Pick<CatalogRecipe, "name">[]): string {
  return recipes.map((recipe) => `${recipe.name.toLowerCase().replaceAll(NAME_END, " ")}${NAME_END}`).join("");
}

/**
 * A locator shard's entries in any order, sorted when written: per slug its
 * id and bucket end, per id its bucket end, and the images (lower case).
 */
export type ShardEntries = { slugs: [string, number, number][]; ids: [number, number][]; images: Set<string> };

/**
 * A shard's text from its entries, sorted (slugs by code unit, ids and
 * images ascending). A writer that holds the catalog elsewhere (SQLite)
 * makes the same text from the rows of one shard, ordered the same way.
 */
export function locatorShardText(entries: ShardEntries): string {
  const slugs = entries.slugs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const ids = entries.ids.sort(([a], [b]) => a - b);
  const shard: LocatorShard = {
    slugs: slugs.map(([slug]) => slug),
    slugIds: slugs.map(([, id]) => id),
    slugBuckets: slugs.map(([, , bucket]) => bucket),
    ids: ids.map(([id]) => id),
    idBuckets: ids.map(([, bucket]) => bucket),
    images: [...entries.images].sort(),
  };
  return JSON.stringify(shard);
}

/** A category's place in the spec's order: the first key of stored order. */
export function typeIndex(type: RecipeType): number {
  return Math.max(0, RECIPE_TYPES.indexOf(type));
}

/** Each recipe's German sort key (german-sort-key.ts), made once per sort rather than once per comparison. */
function sortKeys(recipes: readonly CatalogRecipe[]): Map<CatalogRecipe, string> {
  return new Map(recipes.map((recipe) => [recipe, germanSortKey(recipe.name)]));
}

/** German name order, ties by id: by the sort key, which SQLite orders alike (catalog/sync/stage-build.ts). */
function inNameOrder(keys: ReadonlyMap<CatalogRecipe, string>, a: CatalogRecipe, b: CatalogRecipe): number {
  const x = keys.get(a) as string;
  const y = keys.get(b) as string;
  return x < y ? -1 : x > y ? 1 : a.id - b.id;
}

/**
 * Category order, then German name order (german-sort-key.ts), then id:
 * how the sync orders `Catalog.recipes`, the order of list pieces and
 * buckets, and the positions the search index names recipes by.
 */
export function storedOrder(recipes: readonly CatalogRecipe[]): CatalogRecipe[] {
  const keys = sortKeys(recipes);
  return [...recipes].sort((a, b) => typeIndex(a.type) - typeIndex(b.type) || inNameOrder(keys, a, b));
}

/** Two lists of positions, each in name order, as one. */
function mergeInNameOrder(
  recipes: readonly CatalogRecipe[],
  keys: ReadonlyMap<CatalogRecipe, string>,
  a: readonly number[],
  b: readonly number[],
): number[] {
  const merged: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (inNameOrder(keys, recipes[x] as CatalogRecipe, recipes[y] as CatalogRecipe) <= 0) {
      merged.push(x);
      i++;
    } else {
      merged.push(y);
      j++;
    }
  }
  for (; i < a.length; i++) merged.push(a[i] as number);
  for (; j < b.length; j++) merged.push(b[j] as number);
  return merged;
}

/**
 * Each position's place in German name order, for recipes in stored order.
 * Each category's run is in name order already, so the runs are merged in
 * pairs: about n·log2(9) comparisons with the collator instead of a second
 * sort's n·log2(n), a fifth of them at 50,000 recipes.
 */
function namePlaces(recipes: readonly CatalogRecipe[], ranges: readonly TypeRange[]): number[] {
  const keys = sortKeys(recipes);
  let runs = ranges.map(({ start, end }) => Array.from({ length: end - start }, (_, offset) => start + offset));
  while (runs.length > 1) {
    const next: number[][] = [];
    for (let index = 0; index < runs.length; index += 2) {
      const [first = [], second] = [runs[index], runs[index + 1]];
      next.push(second ? mergeInNameOrder(recipes, keys, first, second) : first);
    }
    runs = next;
  }
  const places: number[] = new Array(recipes.length);
  (runs[0] ?? []).forEach((position, place) => {
    places[position] = place;
  });
  return places;
}

function typeRanges(recipes: readonly CatalogRecipe[]): TypeRange[] {
  const ranges: TypeRange[] = [];
  recipes.forEach((recipe, position) => {
    const last = ranges.at(-1);
    if (last?.type === recipe.type) last.end = position + 1;
    else ranges.push({ type: recipe.type, start: position, end: position + 1 });
  });
  return ranges;
}

function newestPositions(recipes: readonly CatalogRecipe[]): number[] {
  return recipes
    .map((_, position) => position)
    .sort((a, b) => {
      const x = recipes[a] as CatalogRecipe;
      const y = recipes[b] as CatalogRecipe;
      return y.published.localeCompare(x.published) || y.id - x.id;
    })
    .slice(0, NEWEST_KEPT);
}

/** One blob of a stored catalog: which kind it is, and its text. */
export interface StoredBlob {
  kind: keyof StoredCatalog;
  text: string;
}

/** One list piece's blobs (cards and details per bucket, then its columns), its buckets' sizes and ends. */
export interface PieceBlobs {
  blobs: StoredBlob[];
  bucketSizes: number[];
  /** The id of each bucket's last recipe (CatalogMeta.bucketEnds). */
  bucketEnds: number[];
}

/** What a list piece's columns read of a recipe: a builder that makes a piece a bucket at a time keeps only these. */
export type ColumnRecipe = Pick<
  CatalogRecipe,
  "id" | "slug" | "image" | "name" | "ingredients" | "totalTime" | "vegetarian" | "vegan"
> & { kcal: number | null };

export function columnRecipe(recipe: CatalogRecipe): ColumnRecipe {
  const { id, slug, image, name, ingredients, totalTime, vegetarian, vegan } = recipe;
  return { id, slug, image, name, ingredients, totalTime, vegetarian, vegan, kcal: recipe.nutrition?.kcal ?? null };
}

/** How many recipes each bucket of a piece holds, by the piece's ids in stored order. */
export function bucketSizesOf(ids: readonly number[]): number[] {
  return cutAtBoundaries(ids, (id) => id, BUCKET_EVERY, BUCKET_MAX).map((bucket) => bucket.length);
}

/** A bucket's two blobs: its cards, then its details. */
export function bucketBlobs(bucket: readonly CatalogRecipe[]): StoredBlob[] {
  return [
    { kind: "cards", text: cardsText(bucket) },
    { kind: "details", text: bucketText(bucket, DETAIL_FIELDS) },
  ];
}

/** A piece's column blobs, after its buckets': directory, names, matching, traits. */
export function columnBlobs(piece: readonly ColumnRecipe[]): StoredBlob[] {
  const directory: DirectoryPiece = {
    ids: piece.map((recipe) => recipe.id),
    slugs: piece.map((recipe) => recipe.slug),
    images: piece.map((recipe) => recipe.image),
  };
  return [
    { kind: "directory", text: JSON.stringify(directory) },
    { kind: "names", text: namesText(piece) },
    { kind: "matching", text: matchingPieceText(piece) },
    { kind: "traits", text: traitsPieceText(piece) },
  ];
}

/**
 * The blobs of one list piece (recipes in stored order, cut where
 * `pieceEndsAfter` cuts): each bucket's cards and details, then the
 * columns. A new kind of blob per piece is added here and in `columnBlobs`
 * or `bucketBlobs`, which the builder from the stage calls a bucket at a
 * time (catalog/sync/stage-build.ts).
 */
export function pieceBlobs(piece: readonly CatalogRecipe[]): PieceBlobs {
  const blobs: StoredBlob[] = [];
  const bucketSizes: number[] = [];
  const bucketEnds: number[] = [];
  for (const bucket of cutAtBoundaries(piece, (recipe) => recipe.id, BUCKET_EVERY, BUCKET_MAX)) {
    blobs.push(...bucketBlobs(bucket));
    bucketSizes.push(bucket.length);
    bucketEnds.push((bucket.at(-1) as CatalogRecipe).id);
  }
  blobs.push(...columnBlobs(piece.map(columnRecipe)));
  return { blobs, bucketSizes, bucketEnds };
}

/** The meta blob: what the version's table of contents holds (see CatalogMeta). */
export function metaBlob(meta: Omit<CatalogMeta, "formatVersion">): StoredBlob {
  const whole: CatalogMeta = { formatVersion: CATALOG_FORMAT_VERSION, ...meta };
  return { kind: "meta", text: JSON.stringify(whole) };
}

/**
 * A name order piece ends after a recipe whose id hash is a multiple of
 * this: about this many recipes (and characters) a piece, 43 pieces at
 * 350,000 recipes. A change packs one piece (decision 0069), and a cold
 * isolate reads them all at once.
 */
const NAME_ORDER_EVERY = 8192;

/**
 * The name order's pieces: for each place in German name order, the category
 * (its index in RECIPE_TYPES, one digit) of the recipe there, given as
 * `[id, typeIndex]` in name order. Cut after recipes whose id hashes to a
 * boundary, so a recipe added or removed changes the piece it lies in and
 * no other (two where it is a boundary, or where a cut forced after four
 * times `every` recipes without a boundary moves).
 */
export function nameOrderPieceTexts(
  inNameOrder: Iterable<readonly [id: number, typeIndex: number]>,
  /** About how many recipes a piece holds: NAME_ORDER_EVERY but in tests of the cuts. */
  every = NAME_ORDER_EVERY,
): string[] {
  const pieces: string[] = [];
  let piece = "";
  for (const [id, type] of inNameOrder) {
    piece += String.fromCharCode(NAME_ORDER_DIGIT_0 + type);
    if (idHash(id) % every === 0 || piece.length >= 4 * every) {
      pieces.push(piece);
      piece = "";
    }
  }
  if (piece.length > 0 || pieces.length === 0) pieces.push(piece);
  return pieces;
}

/** The character of category 0 in a name order piece. */
const NAME_ORDER_DIGIT_0 = 48;

/**
 * Each position's place in German name order, from the name order's pieces
 * (joined) and where each category's recipes lie: the n-th recipe of a
 * category in name order is its n-th in stored order. Throws where the
 * pieces do not name each category's recipes as often as it holds.
 */
export function readNameOrder(text: string, ranges: readonly TypeRange[]): number[] {
  const next = new Array<number>(RECIPE_TYPES.length).fill(-1);
  const ends = new Array<number>(RECIPE_TYPES.length).fill(-1);
  for (const { type, start, end } of ranges) {
    next[typeIndex(type)] = start;
    ends[typeIndex(type)] = end;
  }
  const count = ranges.reduce((sum, { start, end }) => sum + end - start, 0);
  if (text.length !== count) throw new Error(`catalog: the name order has ${text.length} of ${count} recipes`);
  const places = new Array<number>(count);
  for (let place = 0; place < text.length; place++) {
    const type = text.charCodeAt(place) - NAME_ORDER_DIGIT_0;
    const position = next[type] ?? -1;
    if (position < 0 || position >= (ends[type] ?? -1)) {
      throw new Error(`catalog: the name order names category ${type} more often than it holds recipes`);
    }
    places[position] = place;
    next[type] = position + 1;
  }
  return places;
}

/**
 * A built catalog, its recipes in `storedOrder` (the name order relies on
 * it), as the blobs of a version, one at a time: the sync hashes and stores
 * each before the next is made, so a large catalog's texts (about 100 M
 * characters at 50,000 recipes) are never all in memory at once. Within a
 * kind, blobs come in their order in the version: the pieces' in piece
 * order, then the meta and the name order. The coordinator makes the same
 * blobs a piece at a time from its stage (catalog/sync/stage-build.ts).
 */
export function* storedBlobs(
  catalog: Pick<Catalog, "recipes" | "ingredients" | "categories" | "ratings">,
): Generator<StoredBlob> {
  const { recipes } = catalog;
  const bucketSizes: number[] = [];
  const bucketEnds: number[] = [];
  const pieceSizes: number[] = [];
  const shardCount = locatorShardCount(recipes.length);
  const shards: ShardEntries[] = Array.from({ length: shardCount }, () => ({
    slugs: [],
    ids: [],
    images: new Set(),
  }));
  for (const piece of cutAtBoundaries(recipes, (recipe) => recipe.id, PIECE_EVERY, PIECE_MAX)) {
    const made = pieceBlobs(piece);
    yield* made.blobs;
    bucketSizes.push(...made.bucketSizes);
    bucketEnds.push(...made.bucketEnds);
    pieceSizes.push(piece.length);
    let line = 0;
    made.bucketSizes.forEach((size, bucket) => {
      const end = made.bucketEnds[bucket] as number;
      for (const recipe of piece.slice(line, line + size)) {
        shards[locatorShardOfSlug(recipe.slug, shardCount)]?.slugs.push([recipe.slug, recipe.id, end]);
        shards[locatorShardOfId(recipe.id, shardCount)]?.ids.push([recipe.id, end]);
        if (recipe.image) {
          const image = recipe.image.toLowerCase();
          shards[locatorShardOfImage(image, shardCount)]?.images.add(image);
        }
      }
      line += size;
    });
  }
  const ranges = typeRanges(recipes);
  yield metaBlob({
    ingredients: catalog.ingredients,
    categories: catalog.categories,
    typeRanges: ranges,
    newest: newestPositions(recipes),
    bucketSizes,
    bucketEnds,
    pieceSizes,
  });
  for (const shard of shards) yield { kind: "locator", text: locatorShardText(shard) };
  const places = namePlaces(recipes, ranges);
  const inNameOrder: [number, number][] = new Array(places.length);
  places.forEach((place, position) => {
    const recipe = recipes[position] as CatalogRecipe;
    inNameOrder[place] = [recipe.id, typeIndex(recipe.type)];
  });
  for (const text of nameOrderPieceTexts(inNameOrder)) yield { kind: "nameOrder", text };
  const tallies: PositionedTally[] = [];
  recipes.forEach((recipe, position) => {
    const tally = catalog.ratings?.get(recipe.id);
    if (tally) tallies.push({ position, ...tally });
  });
  for (const text of ratingPieceTexts(pieceSizes, tallies)) yield { kind: "ratings", text };
}

/** A built catalog as the blobs of a version, all at once: for catalogs held in memory anyway. */
export function storeCatalog(
  catalog: Pick<Catalog, "recipes" | "ingredients" | "categories" | "ratings">,
): StoredCatalog {
  const texts = emptyBlobLists<string>();
  for (const { kind, text } of storedBlobs(catalog)) texts[kind].push(text);
  // The meta is one blob; the search index is made apart from a stored catalog (plan-version.ts, stage-build.ts).
  const { searchIndex: _, ...stored } = mapVersionBlobs(
    texts,
    ([meta]) => meta ?? "",
    (pieces) => pieces,
  );
  return stored;
}

/** Reads a meta blob; throws if it was written in another format. */
export function parseMeta(text: string): CatalogMeta {
  const meta = JSON.parse(text) as CatalogMeta;
  if (meta.formatVersion !== CATALOG_FORMAT_VERSION) {
    throw new Error(`catalog: format ${meta.formatVersion}, this code reads ${CATALOG_FORMAT_VERSION}`);
  }
  return meta;
}

const NEWLINE = 10;

/** A bucket as read: its bytes, where each recipe's line starts and ends in them, and the lines decoded so far. */
export interface ReadBucket {
  bytes: Uint8Array;
  /** Each line's recipe id, in line order. */
  ids: readonly number[];
  /** Line `i` is bytes `starts[i]` to `starts[i + 1] - 1` (the last entry is where a line after the last would start). */
  starts: Uint32Array;
  /** Lines decoded by earlier requests, shared by every later one (readers never change them). */
  decoded: unknown[];
}

/** Reads a bucket's header: the bytes stay as they are until a line is asked for. */
export function readBucket(bytes: Uint8Array): ReadBucket {
  const headerEnd = bytes.indexOf(NEWLINE);
  if (headerEnd === -1) throw new Error("catalog: a bucket has no header");
  const [lengths, ids] = JSON.parse(decoder.decode(bytes.subarray(0, headerEnd))) as [number[], number[]];
  if (!Array.isArray(lengths) || !Array.isArray(ids) || ids.length !== lengths.length) {
    throw new Error("catalog: a bucket's header does not list a length and an id per line");
  }
  const starts = new Uint32Array(lengths.length + 1);
  let start = headerEnd + 1;
  lengths.forEach((length, line) => {
    starts[line] = start;
    start += length + 1;
  });
  starts[lengths.length] = start;
  if (start - 1 > bytes.byteLength) throw new Error("catalog: a bucket is shorter than its header says");
  return { bytes, ids, starts, decoded: new Array(lengths.length) };
}

/**
 * Line `line` of a bucket (a card or a recipe's details), decoding only that
 * line, once: a list page's two dozen cards are decoded by its first request.
 */
export function lineAt<T>({ bytes, starts, decoded }: ReadBucket, line: number): T {
  const known = decoded[line];
  if (known !== undefined) return known as T;
  const start = starts[line];
  const next = starts[line + 1];
  if (start === undefined || next === undefined) throw new Error(`catalog: a bucket has no line ${line}`);
  const value = JSON.parse(decoder.decode(bytes.subarray(start, next - 1))) as T;
  decoded[line] = value;
  return value;
}
