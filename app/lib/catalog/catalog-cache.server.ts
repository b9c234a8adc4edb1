/**
 * The parsed catalog, kept per isolate. Every request asks for it; KV is
 * asked at most every RECHECK_MS which version is live, and only a new
 * manifest is downloaded and parsed. If KV fails, the last good catalog
 * keeps serving. The search index is revived on the first search, not on
 * load: most pages never search, and it is the largest part to load.
 *
 * The live version can be asked for on its own (`liveVersion`): the edge
 * page cache keys pages by it, and a page served from that cache must not
 * cost a cold isolate the whole catalog.
 */
import { prepareSearch } from "../search.ts";
import { buildSearchIndex, loadSearchIndex, type RecipeIndex } from "./search-index.ts";
import { type CatalogStore, readPointer, readPublished } from "./storage.ts";
import type { Catalog, CatalogIngredient, CatalogRecipe } from "./types.ts";

export const RECHECK_MS = 5_000;

export interface LoadedCatalog {
  manifest: string;
  catalog: Catalog;
  /** The MiniSearch index, revived (or rebuilt) on first use and kept. */
  index(): RecipeIndex;
  recipesBySlug: Map<string, CatalogRecipe>;
  ingredientsBySlug: Map<string, CatalogIngredient>;
}

export interface CatalogCache {
  /** The live catalog, or null while nothing has been published yet. */
  get(store: CatalogStore): Promise<LoadedCatalog | null>;
  /** The manifest the pointer names (checked at most every RECHECK_MS), without loading it; null: nothing published. */
  liveVersion(store: CatalogStore): Promise<string | null>;
}

function lazyIndex(catalog: Catalog, serialized: string | null): () => RecipeIndex {
  let index: RecipeIndex | undefined;
  let source = serialized;
  return () => {
    if (!index) {
      if (source === null) {
        // Published with other index options than this code's: build our own until the next sync.
        console.warn("catalog: the published search index is outdated; rebuilding it in this isolate");
        index = buildSearchIndex(catalog.recipes);
      } else {
        index = loadSearchIndex(source);
        // The revived index is all that is needed from now on; the text is megabytes.
        source = "";
      }
    }
    return index;
  };
}

export function createCatalogCache(clock: () => number = Date.now): CatalogCache {
  let loaded: LoadedCatalog | null = null;
  /** What the pointer said at `checkedAt`. */
  let live: string | null = null;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let pendingCheck: Promise<string | null> | null = null;
  let pendingLoad: Promise<LoadedCatalog | null> | null = null;
  /** A version that failed to load is not tried again before the next check. */
  let failed: { manifest: string; at: number } | null = null;

  function liveVersion(store: CatalogStore): Promise<string | null> {
    if (clock() - checkedAt < RECHECK_MS) return Promise.resolve(live);
    pendingCheck ??= readPointer(store)
      .then(
        (pointer) => {
          live = pointer?.manifest ?? null;
          return live;
        },
        (error: unknown) => {
          if (live === null && !loaded) throw error;
          // Keep serving what we know; try again after the next interval.
          console.error("catalog: reading the pointer failed, serving", live ?? loaded?.manifest, error);
          return live ?? loaded?.manifest ?? null;
        },
      )
      .finally(() => {
        checkedAt = clock();
        pendingCheck = null;
      });
    return pendingCheck;
  }

  async function load(store: CatalogStore, manifest: string): Promise<LoadedCatalog | null> {
    try {
      const published = await readPublished(store, manifest);
      prepareSearch(published.catalog.recipes);
      loaded = {
        manifest: published.manifest,
        catalog: published.catalog,
        index: lazyIndex(published.catalog, published.searchIndex),
        recipesBySlug: new Map(published.catalog.recipes.map((recipe) => [recipe.slug, recipe])),
        ingredientsBySlug: new Map(published.catalog.ingredients.map((ingredient) => [ingredient.slug, ingredient])),
      };
      failed = null;
      return loaded;
    } catch (error) {
      if (!loaded) throw error;
      failed = { manifest, at: clock() };
      console.error("catalog: reading a new version failed, serving", loaded.manifest, error);
      return loaded;
    }
  }

  return {
    liveVersion,
    async get(store) {
      const manifest = await liveVersion(store);
      if (manifest === null || manifest === loaded?.manifest) return loaded;
      if (loaded && failed?.manifest === manifest && clock() - failed.at < RECHECK_MS) return loaded;
      pendingLoad ??= load(store, manifest).finally(() => {
        pendingLoad = null;
      });
      return pendingLoad;
    },
  };
}
