/**
 * What the ingredient search derives from a version's ingredients: the
 * whole list as the picker shows it, each ingredient by name, and how many
 * ingredients each kind has. The view (catalog-view.ts) makes it once per
 * version, on the first ingredient search; made per request, it cost every
 * ingredient-search page a pass over every ingredient.
 */
import type { IngredientType } from "../recipes/ingredient-types.ts";
import type { CatalogIngredient } from "../recipes/types.ts";
import { kindMask, kindsOfIngredient } from "../search/search-words.ts";

/** An ingredient as the picker lists it. */
export interface IngredientOption {
  slug: string;
  name: string;
  /** Recipes that need it. */
  recipeCount: number;
  /** Its kinds, as `kindMask` gives them. */
  kinds: number;
}

/** How many ingredients each kind has; kinds without any are left out. */
export type KindMembers = Partial<Record<IngredientType, number>>;

export interface IngredientOverview {
  /** Every ingredient, most used first. */
  options: readonly IngredientOption[];
  /** Names are unique in Directus; were two alike, the more used one is found. */
  byName: ReadonlyMap<string, CatalogIngredient>;
  kindMembers: KindMembers;
}

/** The overview of `ingredients` (sorted most used first, as a version holds them). */
export function buildIngredientOverview(ingredients: readonly CatalogIngredient[]): IngredientOverview {
  const kindMembers: KindMembers = {};
  const options = ingredients.map((ingredient) => {
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
  const byName = new Map([...ingredients].reverse().map((ingredient) => [ingredient.name, ingredient]));
  return { options, byName, kindMembers };
}
