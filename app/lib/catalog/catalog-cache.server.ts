/**
 * The parsed catalog, kept per isolate. Every request asks for it; KV is
 * asked at most every RECHECK_MS whether a new version is live, and only a
 * new manifest is downloaded and parsed. If KV fails, the last good catalog
 * keeps serving. The search index is revived on the first search, not on
 * load: most pages never search, and it is the largest part to load.
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
  /** The manifest of the catalog in memory, without asking KV; null before the first load. */
  currentVersion(): string | null;
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
  let checkedAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<LoadedCatalog | null> | null = null;

  async function refresh(store: CatalogStore): Promise<LoadedCatalog | null> {
    try {
      const pointer = await readPointer(store);
      checkedAt = clock();
      if (!pointer || pointer.manifest === loaded?.manifest) return loaded;
      const published = await readPublished(store, pointer.manifest);
      prepareSearch(published.catalog.recipes);
      loaded = {
        manifest: published.manifest,
        catalog: published.catalog,
        index: lazyIndex(published.catalog, published.searchIndex),
        recipesBySlug: new Map(published.catalog.recipes.map((recipe) => [recipe.slug, recipe])),
        ingredientsBySlug: new Map(published.catalog.ingredients.map((ingredient) => [ingredient.slug, ingredient])),
      };
      return loaded;
    } catch (error) {
      if (!loaded) throw error;
      // Keep serving what we have; try again after the next interval.
      checkedAt = clock();
      console.error("catalog: reading a new version failed, serving", loaded.manifest, error);
      return loaded;
    }
  }

  return {
    currentVersion: () => loaded?.manifest ?? null,
    get(store) {
      if (clock() - checkedAt < RECHECK_MS) return Promise.resolve(loaded);
      pending ??= refresh(store).finally(() => {
        pending = null;
      });
      return pending;
    },
  };
}
