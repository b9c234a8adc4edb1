/**
 * What the ingredient search derives from a catalog's ingredients, made once
 * per catalog version (the view) and kept: the whole list as the picker
 * shows it, each ingredient by name, and how many ingredients each kind has.
 * Made per request, it cost every ingredient-search page a pass over every
 * ingredient.
 */
import type { CatalogView } from "./catalog/catalog-view.ts";
import { kindMask, kindsOfIngredient } from "./catalog/search-words.ts";
import type { CatalogIngredient } from "./catalog/types.ts";
import type { IngredientOption, KindMembers } from "./ingredient-options.ts";

interface IngredientOverview {
  /** Every ingredient, most used first. */
  options: readonly IngredientOption[];
  /** Names are unique in Directus; were two alike, the more used one is found. */
  byName: ReadonlyMap<string, CatalogIngredient>;
  kindMembers: KindMembers;
}

const overviews = new WeakMap<CatalogView, IngredientOverview>();

export function ingredientOverview(catalog: CatalogView): IngredientOverview {
  let overview = overviews.get(catalog);
  if (!overview) {
    const kindMembers: KindMembers = {};
    const options = catalog.ingredients.map((ingredient) => {
      const kinds = kindsOfIngredient(ingredient);
      for (const kind of kinds) kindMembers[kind] = (kindMembers[kind] ?? 0) + 1;
      return {
        slug: ingredient.slug,
        name: ingredient.name,
        recipeCount: ingredient.recipeCount,
        kinds: kindMask(kinds),
      };
    });
    // Reversed, so that of two alike the most used one is kept.
    const byName = new Map([...catalog.ingredients].reverse().map((ingredient) => [ingredient.name, ingredient]));
    overview = { options, byName, kindMembers };
    overviews.set(catalog, overview);
  }
  return overview;
}
