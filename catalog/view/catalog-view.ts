/**
 * One published catalog version as the site reads it: the ingredients and
 * categories at once, and on demand the recipes a page shows, a recipe's
 * position by slug or id (one locator shard and its bucket, kept within a
 * bound), and the lookups a question needs (names, ingredient matching,
 * traits, search index). The catalog cache keeps one view per version as
 * long as that version is live, so each lookup is read and built once per
 * isolate, and only by the first page that asks for it: a cold isolate's
 * recipe page never reads the names, its category page reads no column at
 * all. What the view holds at 350,000 recipes, structure by structure, is
 * decision 0053's. The questions pages ask of a view are in queries.ts.
 */

import { logEvent } from "../../logging/log.ts";
import { createMemoryStore } from "../format/memory-store.ts";
import { blobKey, mapVersionBlobs, type VersionBlobs } from "../format/storage.ts";
import { NAME_END, parseMeta, storeCatalog, storedOrder } from "../format/stored-catalog.ts";
import type { RecipeType } from "../recipes/categories.ts";
import { filterMask, type RecipeFilter } from "../recipes/recipe-filter.ts";
import type { Catalog, CatalogIngredient, CatalogRecipe, RecipeSummary } from "../recipes/types.ts";
import { type NameSignatures, nameSignatures } from "../search/name-pairs.ts";
import {
  buildSearchIndex,
  loadSearchIndex,
  openSearchIndex,
  type RecipeIndex,
  SEARCH_INDEX_VERSION,
  wholeIndex,
} from "../search/search-index.ts";
import { type IngredientKinds, ingredientKinds } from "../search/search-words.ts";
import { buildIngredientOverview, type IngredientOverview } from "./ingredient-overview.ts";
import { buildMatchingLookups, type IngredientPostings } from "./matching-lookups.ts";
import type { PantryLookup } from "./pantry-lookup.ts";
import { openVersion, type PublishedVersion, storeReader } from "./published-catalog.ts";
import { buildRatingOrder, type RatingOrder } from "./rating-order.ts";

/**
 * Characters of search index shards an isolate keeps between searches
 * (decision 0054). An index whose shards all fit is read whole when opened:
 * 50,000 recipes' are about 2 M.
 */
const SEARCH_SHARDS_KEPT_CHARS = 4 * 1024 * 1024;

/** Each recipe's place in German name order, both ways. Positions are stored order (category, then name). */
export interface NameOrder {
  /**
   * Each recipe's place in German name order. Sorting by it is a number
   * comparison; the collator is slow enough that sorting a thousand results
   * with it took milliseconds. The sync sorted once.
   */
  readonly namePlace: Int32Array;
  /** The position of the recipe at each place in German name order (the inverse of namePlace). */
  readonly positionAtPlace: Int32Array;
}

/** The recipe names, prepared for the name search. */
export interface NameLookup extends NameOrder {
  /**
   * All lower-case names in one string, each followed by NAME_END
   * (stored-catalog.ts; a match that runs across it is not in one name). One
   * indexOf through it finds the names that contain a term faster than one
   * indexOf per name: about half the time of that scan at 10k recipes.
   */
  readonly allNames: string;
  /**
   * Where each name starts in `allNames`, and one more entry where the list
   * ends: name `i` is `allNames.slice(nameStarts[i], nameStarts[i + 1] - 1)`.
   */
  readonly nameStarts: Int32Array;
  /** The names' character-pair signatures (name-pairs.ts): which names may contain a term. */
  readonly pairSignatures: NameSignatures;
}

/** Ingredient matching's view of the recipes, by position: what matching-lookups.ts makes, and the name order. */
export interface IngredientLookup extends NameOrder, IngredientPostings {}

/** The recipes a list filter keeps (recipe-filter.ts), by position. */
export interface FilteredRecipes {
  /** Whether the recipe at `position` passes the filter. */
  has(position: number): boolean;
  /** The positions that pass, ascending: listed on first use, then kept with the view. */
  positions(): Int32Array;
}

/** The slugs and images of a range of positions: what a recipe sitemap lists. */
export interface DirectoryRange {
  /** For positions in the range asked for; "" outside it. */
  slugAt(position: number): string;
  imageAt(position: number): string | null;
}

export interface CatalogView {
  /** The manifest that names this version ("none" for the empty view). */
  readonly version: string;
  /** How many recipes it holds. */
  readonly count: number;
  /** Ingredients sorted by recipe count, descending, then name. */
  readonly ingredients: readonly CatalogIngredient[];
  /** Recipe count per category, in the spec's order. */
  readonly categories: Catalog["categories"];
  ingredientBySlug(slug: string): CatalogIngredient | undefined;
  /** The kinds of each ingredient, by name; made on first use and kept, as the lookups below. */
  ingredientKinds(): IngredientKinds;
  /** The ingredient search's list, lookup by name and kind counts (ingredient-overview.ts); made on first use and kept. */
  ingredientOverview(): IngredientOverview;
  /** Where a category's recipes lie: positions `start` to `end` (exclusive), in name order. */
  typeRange(type: RecipeType): { start: number; end: number };
  /** The positions of the most recently published recipes (a dozen), newest first. */
  readonly newest: readonly number[];
  /**
   * The cards (what a list card prints) at these positions, in the order
   * asked. A recipe whose bucket cannot be read is left out (and logged): a
   * list page loses that card, not the page.
   */
  cardsAt(positions: readonly number[]): Promise<RecipeSummary[]>;
  /** The whole recipes at these positions, as `cardsAt`: a recipe page whose recipe is left out sends the visitor home. */
  recipesAt(positions: readonly number[]): Promise<CatalogRecipe[]>;
  /**
   * The position of the recipe with this slug, or undefined: one locator
   * shard and the recipe's card bucket are read, and kept within a bound.
   */
  positionOfSlug(slug: string): Promise<number | undefined>;
  /** The position of the recipe with this id, as `positionOfSlug`. */
  positionOfId(id: number): Promise<number | undefined>;
  /** Whether a recipe of this version shows the image with this file id (lower case): one locator shard. */
  hasImage(fileId: string): Promise<boolean>;
  /** The slugs and images of positions `start` to `end` (exclusive): the directory pieces they lie in. */
  directoryRange(start: number, end: number): Promise<DirectoryRange>;
  names(): Promise<NameLookup>;
  /** What ingredient matching reads; built on the first ingredient search. */
  ingredientLookup(): Promise<IngredientLookup>;
  /** What the pantry questions read (pantry-queries.ts); built with the ingredient lookup, from the same column. */
  pantryLookup(): Promise<PantryLookup>;
  /**
   * The search index, opened (or built) on first use and kept: most pages
   * never search. With `query`, what that query needs of it is read too
   * (decision 0054: its shards); without, only a small index's whole.
   */
  searchIndex(query?: string): Promise<RecipeIndex>;
  /**
   * The recipes `filter` keeps; null when it keeps every recipe. The traits
   * column is read by the first filtered page and kept as a byte per recipe,
   * so a filter costs a page a bit test per recipe it looks at.
   */
  filtered(filter: RecipeFilter): Promise<FilteredRecipes | null>;
  /**
   * Every recipe with enough ratings to show, in rating order (rating-order.ts):
   * the whole ratings column, read by the first list sorted by rating and kept.
   */
  ratingOrder(): Promise<RatingOrder>;
  /**
   * Work no answer waits for, a slice at a time: the Worker calls it after
   * it has answered a page. Once a search has loaded the names, each call
   * signs the next slice of their signatures (name-pairs.ts), which later
   * searches read instead of sweeping through every name. Whether work
   * remains after it.
   */
  afterAnswer(): boolean;
}

/**
 * A promise made on the first call and kept; a failed one is forgotten, so
 * the next request tries again instead of failing for the version's life.
 */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= make().catch((error: unknown) => {
      value = undefined;
      throw error;
    });
    return value;
  };
}

function nameOrderOf(places: readonly number[], count: number): NameOrder {
  if (places.length !== count) throw new Error(`catalog: the name order has ${places.length} of ${count} recipes`);
  const namePlace = Int32Array.from(places);
  const positionAtPlace = new Int32Array(count);
  namePlace.forEach((place, position) => {
    positionAtPlace[place] = position;
  });
  return { namePlace, positionAtPlace };
}

/** The lookup of `allNames` (the names column joined: each name followed by NAME_END), which holds `count` names. */
function nameLookup(allNames: string, order: NameOrder, count: number): NameLookup {
  const nameStarts = new Int32Array(count + 1);
  let position = 0;
  for (let end = allNames.indexOf(NAME_END); end !== -1; end = allNames.indexOf(NAME_END, end + 1)) {
    position++;
    if (position > count) throw new Error(`catalog: the names column has more than ${count} names`);
    nameStarts[position] = end + NAME_END.length;
  }
  if (position !== count || nameStarts[count] !== allNames.length) {
    throw new Error(`catalog: the names column has ${position} of ${count} names`);
  }
  return {
    ...order,
    allNames,
    nameStarts,
    pairSignatures: nameSignatures(allNames, nameStarts, NAME_END.length, {
      positionAtSlot: order.positionAtPlace,
      slotAtPosition: order.namePlace,
    }),
  };
}

/**
 * Each recipe's traits as one byte, by position: its `traitBits` with the
 * traits column's mark (stored-catalog.ts TRAITS_MARK), the column's bytes
 * as they are. A filter's mask tests the low bits only.
 */
function traitsByPosition(pieces: readonly Uint8Array[], count: number): Uint8Array {
  const traits = new Uint8Array(count);
  let position = 0;
  for (const piece of pieces) {
    if (position + piece.byteLength > count)
      throw new Error(`catalog: the traits column has more than ${count} recipes`);
    traits.set(piece, position);
    position += piece.byteLength;
  }
  if (position !== count) throw new Error(`catalog: the traits column has ${position} of ${count} recipes`);
  return traits;
}

/** The recipes whose traits hold every bit of `mask`. */
function filteredRecipes(traits: Uint8Array, mask: number): FilteredRecipes {
  let positions: Int32Array | undefined;
  return {
    has: (position) => ((traits[position] ?? 0) & mask) === mask,
    positions() {
      if (positions) return positions;
      let kept = 0;
      for (const bits of traits) if ((bits & mask) === mask) kept++;
      const list = new Int32Array(kept);
      let at = 0;
      for (let position = 0; position < traits.length; position++) {
        if (((traits[position] ?? 0) & mask) === mask) list[at++] = position;
      }
      positions = list;
      return list;
    },
  };
}

/** The slugs and images of positions `start` on, as read for a range. */
function directoryRange(range: Awaited<ReturnType<PublishedVersion["directoryRange"]>>, start: number): DirectoryRange {
  return {
    slugAt: (position) => range.slugs[position - start] ?? "",
    imageAt: (position) => range.images[position - start] ?? null,
  };
}

/** Builds a view of a version; every lookup is made on first use. */
export function createCatalogView(version: PublishedVersion): CatalogView {
  const { meta, count } = version;
  const ingredientsBySlug = new Map(meta.ingredients.map((ingredient) => [ingredient.slug, ingredient]));
  const ranges = new Map(meta.typeRanges.map((range) => [range.type, range]));
  const unreadable = (error: unknown) => {
    // Its recipes are left out of the page.
    logEvent("error", "catalog.bucket-unreadable", { version: version.manifest }, { error });
  };
  const nameOrder = once(async () => nameOrderOf(await version.nameOrder(), count));
  let kinds: IngredientKinds | undefined;
  let overview: IngredientOverview | undefined;
  const kindsOfIngredients = () => {
    kinds ??= ingredientKinds(meta.ingredients);
    return kinds;
  };
  // Every ingredient search asks both: the matching column is read and parsed once for the two.
  const matchingLookups = once(async () => {
    const [pieces, order] = await Promise.all([version.matching(), nameOrder()]);
    const { ingredients, pantry } = buildMatchingLookups(pieces, order.namePlace, count);
    return { ingredients: { ...order, ...ingredients }, pantry };
  });
  const openedIndex = once(async () => {
    const blobs = version.searchIndexBlobs();
    // Null: published with other index options than this code's; each isolate builds its own until the next sync.
    if (blobs !== null) {
      try {
        return await openSearchIndex(blobs.count, blobs.read, SEARCH_SHARDS_KEPT_CHARS);
      } catch (error) {
        // A published index this code cannot read is not a reason to fail every search of the version.
        logEvent("error", "catalog.search-index-unreadable", { version: version.manifest }, { error });
      }
    }
    const all = await version.cardsAt(Array.from({ length: count }, (_, position) => position));
    return wholeIndex(loadSearchIndex(buildSearchIndex(all, kindsOfIngredients())));
  });
  const searchIndex = async (query?: string): Promise<RecipeIndex> => {
    const index = await openedIndex();
    return query === undefined ? index : index.prepare(query);
  };
  const traits = once(async () => traitsByPosition(await version.traits(), count));
  const ratingOrder = once(async () =>
    buildRatingOrder(
      await Promise.all(Array.from({ length: version.ratingPieces }, (_, piece) => version.ratingPiece(piece))),
      meta.pieceSizes,
      count,
    ),
  );
  // Set once the names are loaded: what `afterAnswer` signs.
  let namesLoaded: NameLookup | undefined;
  const names = once(async () => {
    const [allNames, order] = await Promise.all([version.names(), nameOrder()]);
    namesLoaded = nameLookup(allNames, order, count);
    return namesLoaded;
  });
  // One entry per filter asked for: two diets and three times make at most eleven.
  const filters = new Map<number, FilteredRecipes>();
  return {
    version: version.manifest,
    count,
    ingredients: meta.ingredients,
    categories: meta.categories,
    ingredientBySlug: (slug) => ingredientsBySlug.get(slug),
    ingredientKinds: kindsOfIngredients,
    ingredientOverview: () => {
      overview ??= buildIngredientOverview(meta.ingredients);
      return overview;
    },
    typeRange: (type) => ranges.get(type) ?? { start: 0, end: 0 },
    newest: meta.newest,
    cardsAt: (positions) => version.cardsAt(positions, unreadable),
    recipesAt: (positions) => version.recipesAt(positions, unreadable),
    positionOfSlug: (slug) => version.positionOfSlug(slug),
    positionOfId: (id) => version.positionOfId(id),
    hasImage: (fileId) => version.hasImage(fileId),
    directoryRange: async (start, end) => directoryRange(await version.directoryRange(start, end), start),
    names,
    ingredientLookup: async () => (await matchingLookups()).ingredients,
    pantryLookup: async () => (await matchingLookups()).pantry,
    searchIndex,
    async filtered(filter) {
      const mask = filterMask(filter);
      if (mask === 0) return null;
      const bits = await traits();
      let kept = filters.get(mask);
      if (!kept) {
        kept = filteredRecipes(bits, mask);
        filters.set(mask, kept);
      }
      return kept;
    },
    ratingOrder,
    afterAnswer: () => namesLoaded?.pairSignatures.signSlice() ?? false,
  };
}

/**
 * A view of whole recipes held in memory: the empty catalog, and tests and
 * benchmarks that need no KV. The recipes are stored as a published version
 * stores them, in a store in memory, and read through the same code.
 */
export function createMemoryCatalogView(
  version: string,
  catalog: Pick<Catalog, "recipes" | "ingredients" | "categories">,
  searchIndex: string | readonly string[] | null = null,
): CatalogView {
  const stored = storeCatalog({ ...catalog, recipes: storedOrder(catalog.recipes) });
  const texts: VersionBlobs<string, string[]> = {
    ...stored,
    // No index given: the view builds one from the recipes on first use, as for an outdated one. A text is
    // an index in one piece (buildSearchIndex), a list the sharded index's blobs (buildSearchShards).
    searchIndex: searchIndex === null ? [] : typeof searchIndex === "string" ? [searchIndex] : [...searchIndex],
  };
  // Blobs are named by their place instead of their hash: hashing is asynchronous, and
  // this view is made synchronously (emptyCatalogView).
  const values: [key: string, value: string][] = [];
  const named = (text: string) => {
    const name = `blob-${values.length}`;
    values.push([blobKey(name), text]);
    return name;
  };
  const blobNames = mapVersionBlobs(texts, named, (pieces) => pieces.map(named));
  return createCatalogView(
    openVersion(
      storeReader(createMemoryStore(values)),
      version,
      { ...blobNames, searchIndexVersion: searchIndex === null ? -1 : SEARCH_INDEX_VERSION },
      parseMeta(stored.meta),
    ),
  );
}

let emptyView: CatalogView | undefined;
/**
 * What pages read while nothing has been published yet: no recipes, no
 * ingredients. Made on first use (a site that has published never needs it),
 * then kept.
 */
export function emptyCatalogView(): CatalogView {
  emptyView ??= createMemoryCatalogView("none", { recipes: [], ingredients: [], categories: [] });
  return emptyView;
}
