/**
 * What each blob of a catalog version holds, written by the sync
 * (`storeCatalog`) and read by the Worker (`parseMeta`, `parseListPiece`,
 * `detailsAt`). The shapes are chosen for an isolate that serves fifty
 * thousand recipes in a few megabytes and reads only what a page shows:
 *
 * - meta: ingredients, category counts, every recipe's id in German name
 *   order and the newest ids. Small; read on the first request.
 * - list pieces: a RecipeSummary per recipe (all a list card prints), as
 *   arrays rather than objects (no key repeated fifty thousand times), with
 *   where its details lie. Read on the first request.
 * - detail buckets: the rest of each recipe (RecipeDetails), one JSON line
 *   per recipe after a header of line lengths in bytes, so a reader decodes
 *   the one line it needs and never the whole bucket.
 *
 * Recipes are cut into pieces and buckets in category-then-name order (a
 * category page's recipes lie together), at recipes whose id hashes to a
 * boundary: adding, changing or removing a recipe changes only the bucket
 * and piece it lies in, not every one after it. Bucket boundaries are list
 * boundaries too, so each bucket lies in one piece.
 */
import { RECIPE_TYPES, type RecipeType } from "../categories.ts";
import { pickFields } from "../pick-fields.ts";
import {
  CATALOG_FORMAT_VERSION,
  type Catalog,
  type CatalogIngredient,
  type CatalogRecipe,
  type RecipeDetails,
  type RecipeSummary,
} from "./types.ts";

/** A bucket ends after a recipe whose id hash is a multiple of this: about this many recipes per bucket. */
const BUCKET_EVERY = 64;
/** A list piece ends at such a multiple: about this many recipes per piece. Must be a multiple of BUCKET_EVERY. */
const PIECE_EVERY = 4096;
/** Cuts forced after this many recipes without a boundary, so no bucket or piece grows without limit. */
const BUCKET_MAX = 4 * BUCKET_EVERY;
const PIECE_MAX = 4 * PIECE_EVERY;

/** The table of contents of a version. */
export interface CatalogMeta {
  formatVersion: typeof CATALOG_FORMAT_VERSION;
  /** Ingredients sorted by recipe count, descending, then name. */
  ingredients: CatalogIngredient[];
  /** Recipe count per category, in the spec's order. */
  categories: Catalog["categories"];
  /** Every recipe id in German name order (the one sort with the collator, done once by the sync). */
  nameOrder: number[];
  /** The ids of the most recently published recipes, newest first. */
  newest: number[];
}

/** How many of the newest recipes the meta names. */
const NEWEST_KEPT = 12;

/**
 * One recipe in a list piece: id, slug, name, cuisine, image, totalTime,
 * flags (1 vegetarian, 2 vegan), type (index in RECIPE_TYPES), published,
 * ingredients (indexes in the piece's `ingredients`), description,
 * recipeUrl, bucket (index in the piece's `buckets`), line in it.
 */
type SummaryRow = [
  number,
  string,
  string,
  string | null,
  string | null,
  number,
  number,
  number,
  string,
  number[],
  string | null,
  string | null,
  number,
  number,
];

interface StoredListPiece {
  /** The detail buckets of this piece, by their blob hash. */
  buckets: string[];
  /**
   * The ingredient names its recipes list, in order of first use: rows name
   * them by index, so a piece holds each name once. The table is the piece's
   * own, so a new ingredient changes only the piece of the recipe that uses it.
   */
  ingredients: string[];
  recipes: SummaryRow[];
}

/** Where a recipe's details lie: a bucket blob and the line in it. */
export interface DetailsPlace {
  bucket: string;
  line: number;
}

/** A list piece as read: the summaries, and where each recipe's details lie, side by side. */
export interface ParsedListPiece {
  summaries: RecipeSummary[];
  /** The piece's detail buckets, by blob hash. */
  buckets: string[];
  /** Per recipe: its bucket (index in `buckets`). */
  bucketOf: number[];
  /** Per recipe: its line in that bucket. */
  lineOf: number[];
}

/** A version as blobs: what the sync hashes, writes and names in the manifest. */
export interface StoredCatalog {
  meta: string;
  list: string[];
  /** Blob hash → bucket text, in list order. */
  details: { hash: string; text: string }[];
}

const FLAG_VEGETARIAN = 1;
const FLAG_VEGAN = 2;

/** A 32-bit mix of an id (the finalizer of MurmurHash3), so boundaries fall evenly whatever the ids are. */
function idHash(id: number): number {
  let h = id | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

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

const DETAIL_FIELDS = [
  "instructions",
  "steps",
  "prepTime",
  "cookTime",
  "manyGuests",
  "servings",
  "optionalIngredients",
  "ingredientLines",
] as const satisfies readonly (keyof RecipeDetails)[];

export function summaryOf(recipe: CatalogRecipe): RecipeSummary {
  return pickFields(recipe, SUMMARY_FIELDS);
}

export function detailsOf(recipe: CatalogRecipe): RecipeDetails {
  return pickFields(recipe, DETAIL_FIELDS);
}

/** A recipe as text whose field order does not depend on how it was put together: for comparing versions. */
export function comparableRecipe(recipe: CatalogRecipe): string {
  return JSON.stringify([summaryOf(recipe), detailsOf(recipe)]);
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A bucket's text: a header line with each recipe line's length in UTF-8 bytes, then one line per recipe. */
function bucketText(recipes: readonly CatalogRecipe[]): string {
  const lines = recipes.map((recipe) => JSON.stringify(detailsOf(recipe)));
  const lengths = lines.map((line) => encoder.encode(line).length);
  return [JSON.stringify(lengths), ...lines].join("\n");
}

/** German collation; one instance, since creating one per comparison is slow. */
const byName = new Intl.Collator("de");

function inNameOrder(a: CatalogRecipe, b: CatalogRecipe): number {
  return byName.compare(a.name, b.name) || a.id - b.id;
}

/**
 * Category order, then German name order: how the sync orders
 * `Catalog.recipes`, the order of list pieces and buckets, and the positions
 * the search index names recipes by.
 */
export function storedOrder(recipes: readonly CatalogRecipe[]): CatalogRecipe[] {
  const typeIndex = new Map<RecipeType, number>(RECIPE_TYPES.map((type, index) => [type, index]));
  return [...recipes].sort((a, b) => (typeIndex.get(a.type) ?? 0) - (typeIndex.get(b.type) ?? 0) || inNameOrder(a, b));
}

/** The meta's two orders of recipe ids: German name order and the newest. */
export function recipeOrders(recipes: readonly CatalogRecipe[]): Pick<CatalogMeta, "nameOrder" | "newest"> {
  return {
    nameOrder: [...recipes].sort(inNameOrder).map((recipe) => recipe.id),
    newest: [...recipes]
      .sort((a, b) => b.published.localeCompare(a.published) || b.id - a.id)
      .slice(0, NEWEST_KEPT)
      .map((recipe) => recipe.id),
  };
}

/**
 * A built catalog (its recipes in `storedOrder`) as the blobs of a version.
 * `hash` names a bucket by its content (the function the publish uses for
 * blob keys).
 */
export async function storeCatalog(catalog: Catalog, hash: (text: string) => Promise<string>): Promise<StoredCatalog> {
  const meta: CatalogMeta = {
    formatVersion: CATALOG_FORMAT_VERSION,
    ingredients: catalog.ingredients,
    categories: catalog.categories,
    ...recipeOrders(catalog.recipes),
  };

  const list: string[] = [];
  const details: StoredCatalog["details"] = [];
  for (const piece of cutAtBoundaries(catalog.recipes, (recipe) => recipe.id, PIECE_EVERY, PIECE_MAX)) {
    const stored: StoredListPiece = { buckets: [], ingredients: [], recipes: [] };
    const ingredientIndex = new Map<string, number>();
    const indexOf = (name: string) => {
      let index = ingredientIndex.get(name);
      if (index === undefined) {
        index = stored.ingredients.push(name) - 1;
        ingredientIndex.set(name, index);
      }
      return index;
    };
    for (const bucket of cutAtBoundaries(piece, (recipe) => recipe.id, BUCKET_EVERY, BUCKET_MAX)) {
      const text = bucketText(bucket);
      const bucketHash = await hash(text);
      const bucketIndex = stored.buckets.length;
      stored.buckets.push(bucketHash);
      details.push({ hash: bucketHash, text });
      bucket.forEach((recipe, line) => {
        const flags = (recipe.vegetarian ? FLAG_VEGETARIAN : 0) | (recipe.vegan ? FLAG_VEGAN : 0);
        stored.recipes.push([
          recipe.id,
          recipe.slug,
          recipe.name,
          recipe.cuisine,
          recipe.image,
          recipe.totalTime,
          flags,
          RECIPE_TYPES.indexOf(recipe.type),
          recipe.published,
          recipe.ingredients.map(indexOf),
          recipe.description,
          recipe.recipeUrl,
          bucketIndex,
          line,
        ]);
      });
    }
    list.push(JSON.stringify(stored));
  }
  return { meta: JSON.stringify(meta), list, details };
}

/** Reads a meta blob; throws if it was written in another format. */
export function parseMeta(text: string): CatalogMeta {
  const meta = JSON.parse(text) as CatalogMeta;
  if (meta.formatVersion !== CATALOG_FORMAT_VERSION) {
    throw new Error(`catalog: format ${meta.formatVersion}, this code reads ${CATALOG_FORMAT_VERSION}`);
  }
  return meta;
}

/**
 * Reads a list piece. `sharedNames` holds one string per ingredient name
 * across the pieces of a version, so fifty thousand recipes share them.
 */
export function parseListPiece(text: string, sharedNames: Map<string, string>): ParsedListPiece {
  const piece = JSON.parse(text) as StoredListPiece;
  const ingredientNames = piece.ingredients.map((name) => {
    const shared = sharedNames.get(name);
    if (shared !== undefined) return shared;
    sharedNames.set(name, name);
    return name;
  });
  const count = piece.recipes.length;
  const summaries: RecipeSummary[] = new Array(count);
  const bucketOf: number[] = new Array(count);
  const lineOf: number[] = new Array(count);
  for (let index = 0; index < count; index++) {
    const [
      id,
      slug,
      name,
      cuisine,
      image,
      totalTime,
      flags,
      type,
      published,
      ingredients,
      description,
      recipeUrl,
      bucket,
      line,
    ] = piece.recipes[index] as SummaryRow;
    summaries[index] = {
      id,
      slug,
      name,
      cuisine,
      image,
      totalTime,
      vegetarian: (flags & FLAG_VEGETARIAN) !== 0,
      vegan: (flags & FLAG_VEGAN) !== 0,
      type: RECIPE_TYPES[type] ?? "DISH",
      published,
      ingredients: ingredients.map((ingredient) => ingredientNames[ingredient] ?? ""),
      description,
      recipeUrl,
    };
    bucketOf[index] = bucket;
    lineOf[index] = line;
  }
  return { summaries, buckets: piece.buckets, bucketOf, lineOf };
}

const NEWLINE = 10;

/** The details on `line` of a bucket's bytes, decoding only that line. */
export function detailsAt(bucket: Uint8Array, line: number): RecipeDetails {
  const headerEnd = bucket.indexOf(NEWLINE);
  if (headerEnd === -1) throw new Error("catalog: a detail bucket has no header");
  const lengths = JSON.parse(decoder.decode(bucket.subarray(0, headerEnd))) as number[];
  const length = lengths[line];
  if (length === undefined) throw new Error(`catalog: a detail bucket has no line ${line}`);
  let start = headerEnd + 1;
  for (let index = 0; index < line; index++) start += (lengths[index] ?? 0) + 1;
  return JSON.parse(decoder.decode(bucket.subarray(start, start + length))) as RecipeDetails;
}

/** Every line of a bucket's text, for the sync's comparisons (it reads whole versions in Node). */
export function allDetails(bucketText: string): RecipeDetails[] {
  return bucketText
    .split("\n")
    .slice(1)
    .map((line) => JSON.parse(line) as RecipeDetails);
}
