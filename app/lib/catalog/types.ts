import type { RecipeType } from "../categories.ts";
import type { IngredientType } from "../ingredient-types.ts";

/** Bumped whenever the shape below changes; readers ignore catalogs of another version. */
export const CATALOG_FORMAT_VERSION = 1;

/** A published recipe as the site shows it, built by the sync from Directus. */
export interface CatalogRecipe {
  id: number;
  slug: string;
  name: string;
  cuisine: string | null;
  description: string | null;
  /** Free-text instructions, shown when there are no steps. */
  instructions: string | null;
  /** Preparation steps from instructionList; empty when the recipe has only free text. */
  steps: string[];
  /** Directus file id of the image. */
  image: string | null;
  recipeUrl: string | null;
  prepTime: number;
  cookTime: number;
  totalTime: number;
  vegetarian: boolean;
  vegan: boolean;
  manyGuests: boolean;
  type: RecipeType;
  /** ISO date the recipe was created in the CMS. */
  published: string;
  /** Ingredient names (the spec compares ingredients by name). */
  ingredients: string[];
  optionalIngredients: string[];
}

/** An ingredient with its URL slug and how many recipes use it. */
export interface CatalogIngredient {
  slug: string;
  name: string;
  description: string | null;
  vegetarian: boolean;
  vegan: boolean;
  type: IngredientType | null;
  tags: IngredientType[];
  /** Recipes that need it (optional uses not counted). */
  recipeCount: number;
}

/** Everything anonymous pages need, as published to KV. */
export interface Catalog {
  formatVersion: typeof CATALOG_FORMAT_VERSION;
  /** Recipes sorted by id. */
  recipes: CatalogRecipe[];
  /** Ingredients sorted by recipe count, descending, then name. */
  ingredients: CatalogIngredient[];
  /** Recipe count per category, in the spec's order. */
  categories: { type: RecipeType; count: number }[];
}
