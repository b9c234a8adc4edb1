/**
 * One published catalog version as the site reads it: its recipes and
 * ingredients, every lookup a page needs, and the search index. The catalog
 * cache builds one view per version it loads and keeps it as long as that
 * version is live, so no request pays for a lookup twice. The questions
 * pages ask of a view (search, ingredients at hand, category, random pick)
 * are in queries.ts.
 */
import type { RecipeType } from "../categories.ts";
import { buildSearchIndex, loadSearchIndex, type RecipeIndex } from "./search-index.ts";
import { CATALOG_FORMAT_VERSION, type Catalog, type CatalogIngredient, type CatalogRecipe } from "./types.ts";

/** How many of the newest recipes a view keeps at hand. */
const NEWEST_KEPT = 12;

/** Ends every name in `NameLookup.allNames`; a match that runs across it is not in one name. */
export const NAME_END = "\n";

/** The recipe names, prepared for the name search. Positions are those in `CatalogView.recipes`. */
export interface NameLookup {
  /** Each recipe's name in lower case. */
  readonly lowerNames: readonly string[];
  /**
   * All lower-case names in one string, each followed by NAME_END. One
   * indexOf through it finds the names that contain a term faster than one
   * indexOf per name: about half the time of that scan at 10k recipes.
   */
  readonly allNames: string;
  /** Where each name starts in `allNames`. */
  readonly nameStarts: Int32Array;
  /**
   * Each recipe's place in German name order. Sorting by it is a number
   * comparison; the collator is slow enough that sorting a thousand results
   * with it took milliseconds.
   */
  readonly namePlace: Int32Array;
  /** The recipes in German name order. */
  readonly byNameOrder: readonly CatalogRecipe[];
}

export interface CatalogView {
  /** The manifest that names this version ("none" for the empty view). */
  readonly version: string;
  /** Recipes sorted by id. */
  readonly recipes: readonly CatalogRecipe[];
  /** Ingredients sorted by recipe count, descending, then name. */
  readonly ingredients: readonly CatalogIngredient[];
  /** Recipe count per category, in the spec's order. */
  readonly categories: Catalog["categories"];
  recipeBySlug(slug: string): CatalogRecipe | undefined;
  recipeById(id: number): CatalogRecipe | undefined;
  ingredientBySlug(slug: string): CatalogIngredient | undefined;
  /** The MiniSearch index, revived (or built) on first use and kept: most pages never search. */
  searchIndex(): RecipeIndex;
  readonly names: NameLookup;
  /** Recipes per category, sorted by name. */
  readonly recipesByType: ReadonlyMap<RecipeType, readonly CatalogRecipe[]>;
  /** Ingredient name → positions of the recipes that need it. */
  readonly recipePositionsByIngredient: ReadonlyMap<string, readonly number[]>;
  /** The NEWEST_KEPT most recently published recipes, newest first. */
  readonly newest: readonly CatalogRecipe[];
}

/** German collation; one instance, since creating one per comparison is slow. */
const byName = new Intl.Collator("de");

function nameLookup(recipes: readonly CatalogRecipe[]): NameLookup {
  // The one sort with the collator; every other name order derives from it.
  const positions = recipes.map((_, position) => position);
  positions.sort((a, b) => byName.compare(recipes[a]?.name ?? "", recipes[b]?.name ?? ""));
  const namePlace = new Int32Array(recipes.length);
  positions.forEach((position, place) => {
    namePlace[position] = place;
  });
  const lowerNames = recipes.map((recipe) => recipe.name.toLowerCase());
  const nameStarts = new Int32Array(recipes.length);
  let offset = 0;
  lowerNames.forEach((name, position) => {
    nameStarts[position] = offset;
    offset += name.length + NAME_END.length;
  });
  return {
    lowerNames,
    allNames: lowerNames.map((name) => name + NAME_END).join(""),
    nameStarts,
    namePlace,
    byNameOrder: positions.map((position) => recipes[position] as CatalogRecipe),
  };
}

function groupByType(byNameOrder: readonly CatalogRecipe[]): Map<RecipeType, CatalogRecipe[]> {
  const byType = new Map<RecipeType, CatalogRecipe[]>();
  for (const recipe of byNameOrder) {
    const list = byType.get(recipe.type);
    if (list) list.push(recipe);
    else byType.set(recipe.type, [recipe]);
  }
  return byType;
}

function positionsByIngredient(recipes: readonly CatalogRecipe[]): Map<string, number[]> {
  const byIngredient = new Map<string, number[]>();
  recipes.forEach((recipe, position) => {
    for (const name of recipe.ingredients) {
      const positions = byIngredient.get(name);
      if (positions) positions.push(position);
      else byIngredient.set(name, [position]);
    }
  });
  return byIngredient;
}

/**
 * Recipes by id. Directus ids are small integers, so a plain array indexed
 * by id: a search looks up every related hit (2,000 for "tomate" at 10k
 * recipes), and the array halved that search's own time against a Map.
 * Sparse ids fall back to a Map.
 */
function recipesById(recipes: readonly CatalogRecipe[]): (id: number) => CatalogRecipe | undefined {
  const maxId = recipes.reduce((max, recipe) => Math.max(max, recipe.id), 0);
  const plainIds = recipes.every((recipe) => Number.isSafeInteger(recipe.id) && recipe.id >= 0);
  if (!plainIds || maxId > 4 * recipes.length + 1024) {
    const map = new Map(recipes.map((recipe) => [recipe.id, recipe]));
    return (id) => map.get(id);
  }
  const slots: (CatalogRecipe | undefined)[] = new Array(maxId + 1).fill(undefined);
  for (const recipe of recipes) slots[recipe.id] = recipe;
  return (id) => (Number.isSafeInteger(id) && id >= 0 ? slots[id] : undefined);
}

function lazySearchIndex(recipes: readonly CatalogRecipe[], serialized: string | null): () => RecipeIndex {
  let index: RecipeIndex | undefined;
  let source = serialized;
  return () => {
    if (!index) {
      index = source === null ? buildSearchIndex(recipes) : loadSearchIndex(source);
      // The revived index is all that is needed from now on; the text is megabytes.
      source = null;
    }
    return index;
  };
}

interface CatalogViewSource {
  version: string;
  catalog: Catalog;
  /** The serialized search index; null: build one from the recipes on first use. */
  searchIndex: string | null;
}

/** Builds every lookup of a catalog version; the search index only when first asked for. */
export function createCatalogView({ version, catalog, searchIndex }: CatalogViewSource): CatalogView {
  const { recipes, ingredients, categories } = catalog;
  const names = nameLookup(recipes);
  const bySlug = new Map(recipes.map((recipe) => [recipe.slug, recipe]));
  const ingredientsBySlug = new Map(ingredients.map((ingredient) => [ingredient.slug, ingredient]));
  return {
    version,
    recipes,
    ingredients,
    categories,
    recipeBySlug: (slug) => bySlug.get(slug),
    recipeById: recipesById(recipes),
    ingredientBySlug: (slug) => ingredientsBySlug.get(slug),
    searchIndex: lazySearchIndex(recipes, searchIndex),
    names,
    recipesByType: groupByType(names.byNameOrder),
    recipePositionsByIngredient: positionsByIngredient(recipes),
    newest: [...recipes].sort((a, b) => b.published.localeCompare(a.published) || b.id - a.id).slice(0, NEWEST_KEPT),
  };
}

/** What pages read while nothing has been published yet: no recipes, no ingredients. */
export const EMPTY_CATALOG_VIEW: CatalogView = createCatalogView({
  version: "none",
  catalog: { formatVersion: CATALOG_FORMAT_VERSION, recipes: [], ingredients: [], categories: [] },
  searchIndex: null,
});
