/**
 * Builds the catalog the site serves from validated records: recipes without
 * duplicate slugs (the lower id keeps its slug) in category-then-name order, ingredients with unique slugs and recipe
 * counts, category counts. The published search index is built from the
 * recipes when the version is planned (plan-version.ts).
 */

import { storedOrder } from "../format/stored-catalog.ts";
import { RECIPE_TYPES } from "../recipes/categories.ts";
import { slugify } from "../recipes/slug.ts";
import { CATALOG_FORMAT_VERSION, type Catalog, type CatalogIngredient, type CatalogRecipe } from "../recipes/types.ts";
import { buildSearchIndex } from "../search/search-index.ts";
import { ingredientKinds } from "../search/search-words.ts";
import type { RawIngredientRecord } from "./validate.ts";

export interface BuiltCatalog {
  catalog: Catalog;
  /**
   * The search index over `catalog.recipes` in their order as one text, made
   * when first read: for views held in memory (tests). What is published is
   * the sharded index plan-version.ts builds.
   */
  readonly searchIndex: string;
  /** Recipes left out because an earlier one has the same slug. */
  duplicateSlugs: { id: number; slug: string }[];
}

/** Unique slugs: a second "Öl" and "Oel" become "oel" and "oel-2", in name order. */
function ingredientSlugs(names: string[]): Map<string, string> {
  const taken = new Set<string>();
  const slugs = new Map<string, string>();
  for (const name of [...names].sort((a, b) => a.localeCompare(b, "de"))) {
    const base = slugify(name) || "zutat";
    let slug = base;
    for (let suffix = 2; taken.has(slug); suffix++) slug = `${base}-${suffix}`;
    taken.add(slug);
    slugs.set(name, slug);
  }
  return slugs;
}

/**
 * The catalog's ingredients: one per name (the last record of a name wins), each with its slug and how many
 * recipes need it (`uses`, by name), by recipe count then name.
 */
export function catalogIngredients(
  ingredients: readonly RawIngredientRecord[],
  uses: ReadonlyMap<string, number>,
): CatalogIngredient[] {
  const distinct = [...new Map(ingredients.map((ingredient) => [ingredient.name, ingredient])).values()];
  const slugs = ingredientSlugs(distinct.map((ingredient) => ingredient.name));
  return distinct
    .map((ingredient) => ({
      slug: slugs.get(ingredient.name) ?? slugify(ingredient.name),
      ...ingredient,
      recipeCount: uses.get(ingredient.name) ?? 0,
    }))
    .sort((a, b) => b.recipeCount - a.recipeCount || a.name.localeCompare(b.name, "de"));
}

export function buildCatalog(recipes: CatalogRecipe[], ingredients: RawIngredientRecord[]): BuiltCatalog {
  const bySlug = new Set<string>();
  const duplicateSlugs: BuiltCatalog["duplicateSlugs"] = [];
  const unique: CatalogRecipe[] = [];
  for (const recipe of [...recipes].sort((a, b) => a.id - b.id)) {
    if (bySlug.has(recipe.slug)) duplicateSlugs.push({ id: recipe.id, slug: recipe.slug });
    else {
      bySlug.add(recipe.slug);
      unique.push(recipe);
    }
  }

  const uses = new Map<string, number>();
  for (const recipe of unique) for (const name of recipe.ingredients) uses.set(name, (uses.get(name) ?? 0) + 1);
  const ingredientsOfCatalog = catalogIngredients(ingredients, uses);

  // The order the published version keeps them in; the index names recipes by their place in it.
  const ordered = storedOrder(unique);
  const catalog: Catalog = {
    formatVersion: CATALOG_FORMAT_VERSION,
    recipes: ordered,
    ingredients: ingredientsOfCatalog,
    categories: RECIPE_TYPES.map((type) => ({ type, count: unique.filter((recipe) => recipe.type === type).length })),
  };
  let searchIndex: string | undefined;
  return {
    catalog,
    get searchIndex() {
      searchIndex ??= buildSearchIndex(ordered, ingredientKinds(ingredientsOfCatalog));
      return searchIndex;
    },
    duplicateSlugs,
  };
}
