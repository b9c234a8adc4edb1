/**
 * One published catalog version as the site reads it: a summary of every
 * recipe, the ingredients, every lookup a page needs, and, when asked, the
 * details of the recipes a page shows and the search index. The catalog
 * cache builds one view per version it loads and keeps it as long as that
 * version is live, so no request pays for a lookup twice. The questions
 * pages ask of a view (search, ingredients at hand, category, random pick)
 * are in queries.ts.
 */
import type { RecipeType } from "../categories.ts";
import { buildSearchIndex, loadSearchIndex, type RecipeIndex } from "./search-index.ts";
import { type CatalogMeta, recipeOrders, storedOrder, summaryOf } from "./stored-catalog.ts";
import type { Catalog, CatalogIngredient, CatalogRecipe, RecipeDetails, RecipeSummary } from "./types.ts";

/** Ends every name in `NameLookup.allNames`; a match that runs across it is not in one name. */
export const NAME_END = "\n";

/** The recipe names, prepared for the name search. Positions are those in `CatalogView.recipes`. */
export interface NameLookup {
  /**
   * All lower-case names in one string, each followed by NAME_END. One
   * indexOf through it finds the names that contain a term faster than one
   * indexOf per name: about half the time of that scan at 10k recipes.
   */
  readonly allNames: string;
  /**
   * Where each name starts in `allNames`, and one more entry where the list
   * ends: name `i` is `allNames.slice(nameStarts[i], nameStarts[i + 1] - 1)`.
   * No array of lower-case names beside it: at fifty thousand recipes that
   * would be megabytes held twice.
   */
  readonly nameStarts: Int32Array;
  /**
   * Each recipe's place in German name order. Sorting by it is a number
   * comparison; the collator is slow enough that sorting a thousand results
   * with it took milliseconds. The sync sorted once (CatalogMeta.nameOrder).
   */
  readonly namePlace: Int32Array;
  /** The recipes in German name order. */
  readonly byNameOrder: readonly RecipeSummary[];
  /** The position of the recipe at each place in German name order (the inverse of namePlace). */
  readonly positionAtPlace: Int32Array;
}

/** Ingredient matching's view of the recipes, by position. */
export interface IngredientLookup {
  /** The positions of the recipes that need an ingredient (by name). */
  positionsWith(name: string): readonly number[];
  /** How many ingredients each recipe needs. */
  readonly ingredientCounts: Uint8Array;
  /**
   * Each recipe's total time and name place as one number (time × recipes +
   * place): the last two parts of a match's sort key, kept side by side so
   * sorting thousands of matches never visits their recipes.
   */
  readonly timeThenName: Float64Array;
}

export interface CatalogView {
  /** The manifest that names this version ("none" for the empty view). */
  readonly version: string;
  /** Every recipe's summary, in category-then-name order (the search index's positions). */
  readonly recipes: readonly RecipeSummary[];
  /** Ingredients sorted by recipe count, descending, then name. */
  readonly ingredients: readonly CatalogIngredient[];
  /** Recipe count per category, in the spec's order. */
  readonly categories: Catalog["categories"];
  recipeBySlug(slug: string): RecipeSummary | undefined;
  recipeById(id: number): RecipeSummary | undefined;
  ingredientBySlug(slug: string): CatalogIngredient | undefined;
  /** The search index, read (or built) on first use and kept: most pages never search. */
  searchIndex(): Promise<RecipeIndex>;
  readonly names: NameLookup;
  /** Recipes per category, sorted by name. */
  readonly recipesByType: ReadonlyMap<RecipeType, readonly RecipeSummary[]>;
  /** What ingredient matching reads; built on the first ingredient search. */
  ingredientLookup(): IngredientLookup;
  /** The most recently published recipes (a dozen), newest first. */
  readonly newest: readonly RecipeSummary[];
  /** The whole recipes for summaries of this version, in their order: for the recipe page and the home page's card. */
  withDetails(recipes: readonly RecipeSummary[]): Promise<CatalogRecipe[]>;
}

/** Where a view's recipes come from: a published version (catalog-cache.server.ts) or memory. */
export interface CatalogViewSource {
  version: string;
  meta: Pick<CatalogMeta, "ingredients" | "categories" | "nameOrder" | "newest">;
  /** Summaries in category-then-name order. */
  recipes: readonly RecipeSummary[];
  /** The details of the recipe at a position. */
  details(position: number): Promise<RecipeDetails>;
  /** The serialized search index; null: build one from the recipes on first use. */
  searchIndex(): Promise<string | null>;
}

function nameLookup(recipes: readonly RecipeSummary[], nameOrder: readonly number[], positionOf: PositionById) {
  const namePlace = new Int32Array(recipes.length);
  const positionAtPlace = new Int32Array(recipes.length);
  const byNameOrder: RecipeSummary[] = [];
  for (const id of nameOrder) {
    const position = positionOf(id);
    const recipe = position === undefined ? undefined : recipes[position];
    if (position === undefined || !recipe) continue;
    namePlace[position] = byNameOrder.length;
    positionAtPlace[byNameOrder.length] = position;
    byNameOrder.push(recipe);
  }
  // The joined names serve the name search only: made on its first use, not on a cold isolate's first page.
  let text: Pick<NameLookup, "allNames" | "nameStarts"> | undefined;
  const nameText = () => {
    text ??= joinedNames(recipes);
    return text;
  };
  return {
    get allNames() {
      return nameText().allNames;
    },
    get nameStarts() {
      return nameText().nameStarts;
    },
    namePlace,
    byNameOrder,
    positionAtPlace,
  };
}

function joinedNames(recipes: readonly RecipeSummary[]): Pick<NameLookup, "allNames" | "nameStarts"> {
  // Lower-cased names are needed only until they are joined (toLowerCase may change a name's length).
  const lowerNames = recipes.map((recipe) => recipe.name.toLowerCase());
  const nameStarts = new Int32Array(recipes.length + 1);
  let offset = 0;
  lowerNames.forEach((name, position) => {
    nameStarts[position] = offset;
    offset += name.length + NAME_END.length;
  });
  nameStarts[recipes.length] = offset;
  return { allNames: lowerNames.map((name) => name + NAME_END).join(""), nameStarts };
}

function groupByType(byNameOrder: readonly RecipeSummary[]): Map<RecipeType, RecipeSummary[]> {
  const byType = new Map<RecipeType, RecipeSummary[]>();
  for (const recipe of byNameOrder) {
    const list = byType.get(recipe.type);
    if (list) list.push(recipe);
    else byType.set(recipe.type, [recipe]);
  }
  return byType;
}

/** Longer total times sort as this one; recipes take at most 30 minutes. */
export const MAX_SORTED_MINUTES = 1023;

function lazyIngredientLookup(recipes: readonly RecipeSummary[], namePlace: Int32Array): () => IngredientLookup {
  let lookup: IngredientLookup | undefined;
  return () => {
    if (!lookup) {
      const byIngredient = new Map<string, number[]>();
      const ingredientCounts = new Uint8Array(recipes.length);
      const timeThenName = new Float64Array(recipes.length);
      recipes.forEach((recipe, position) => {
        ingredientCounts[position] = Math.min(recipe.ingredients.length, 255);
        const minutes = Math.min(Math.max(recipe.totalTime, 0), MAX_SORTED_MINUTES);
        timeThenName[position] = minutes * recipes.length + (namePlace[position] ?? 0);
        for (const ingredient of recipe.ingredients) {
          const positions = byIngredient.get(ingredient);
          if (positions) positions.push(position);
          else byIngredient.set(ingredient, [position]);
        }
      });
      lookup = { positionsWith: (name) => byIngredient.get(name) ?? [], ingredientCounts, timeThenName };
    }
    return lookup;
  };
}

type PositionById = (id: number) => number | undefined;

/**
 * Positions by recipe id. Directus ids are small integers, so a plain array
 * indexed by id: a search looks up every related hit, and the array halved
 * that search's own time against a Map. Sparse ids fall back to a Map.
 */
function positionsById(recipes: readonly RecipeSummary[]): PositionById {
  const maxId = recipes.reduce((max, recipe) => Math.max(max, recipe.id), 0);
  const plainIds = recipes.every((recipe) => Number.isSafeInteger(recipe.id) && recipe.id >= 0);
  if (!plainIds || maxId > 4 * recipes.length + 1024) {
    const map = new Map(recipes.map((recipe, position) => [recipe.id, position]));
    return (id) => map.get(id);
  }
  const slots = new Int32Array(maxId + 1).fill(-1);
  recipes.forEach((recipe, position) => {
    slots[recipe.id] = position;
  });
  return (id) => {
    const position = Number.isSafeInteger(id) && id >= 0 ? (slots[id] ?? -1) : -1;
    return position === -1 ? undefined : position;
  };
}

function lazySearchIndex(source: CatalogViewSource): () => Promise<RecipeIndex> {
  let index: Promise<RecipeIndex> | undefined;
  return () => {
    index ??= source.searchIndex().then(
      (serialized) => {
        if (serialized !== null) {
          try {
            return loadSearchIndex(serialized);
          } catch (error) {
            // A published index this code cannot read is not a reason to fail every search of the version.
            console.error("catalog: the published search index does not load; building one in this isolate", error);
          }
        }
        return loadSearchIndex(buildSearchIndex(source.recipes));
      },
      (error: unknown) => {
        // A failed read is tried again by the next search, not remembered.
        index = undefined;
        throw error;
      },
    );
    return index;
  };
}

/** Builds every lookup of a catalog version; the search index and the ingredient index only when first asked for. */
export function createCatalogView(source: CatalogViewSource): CatalogView {
  const { version, meta, recipes } = source;
  const positionOf = positionsById(recipes);
  const names = nameLookup(recipes, meta.nameOrder, positionOf);
  const bySlug = new Map(recipes.map((recipe) => [recipe.slug, recipe]));
  const ingredientsBySlug = new Map(meta.ingredients.map((ingredient) => [ingredient.slug, ingredient]));
  const recipeById = (id: number) => {
    const position = positionOf(id);
    return position === undefined ? undefined : recipes[position];
  };
  return {
    version,
    recipes,
    ingredients: meta.ingredients,
    categories: meta.categories,
    recipeBySlug: (slug) => bySlug.get(slug),
    recipeById,
    ingredientBySlug: (slug) => ingredientsBySlug.get(slug),
    searchIndex: lazySearchIndex(source),
    names,
    recipesByType: groupByType(names.byNameOrder),
    ingredientLookup: lazyIngredientLookup(recipes, names.namePlace),
    newest: meta.newest.flatMap((id) => recipeById(id) ?? []),
    withDetails: (wanted) =>
      Promise.all(
        wanted.map(async (summary) => {
          const position = positionOf(summary.id);
          if (position === undefined) throw new Error(`catalog: recipe ${summary.id} is not in version ${version}`);
          return { ...summary, ...(await source.details(position)) };
        }),
      ),
  };
}

/**
 * A view of whole recipes held in memory: the empty catalog, and tests and
 * benchmarks that need no KV. The recipes are put in the order a published
 * version has them.
 */
export function createMemoryCatalogView(
  version: string,
  catalog: Pick<Catalog, "recipes" | "ingredients" | "categories">,
  searchIndex: string | null = null,
): CatalogView {
  const ordered = storedOrder(catalog.recipes);
  return createCatalogView({
    version,
    meta: { ingredients: catalog.ingredients, categories: catalog.categories, ...recipeOrders(ordered) },
    recipes: ordered.map(summaryOf),
    details: async (position) => ordered[position] as CatalogRecipe,
    searchIndex: async () => searchIndex,
  });
}

/** What pages read while nothing has been published yet: no recipes, no ingredients. */
export const EMPTY_CATALOG_VIEW: CatalogView = createMemoryCatalogView("none", {
  recipes: [],
  ingredients: [],
  categories: [],
});
