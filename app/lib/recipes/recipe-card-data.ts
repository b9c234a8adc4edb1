import { pickFields } from "../../../catalog/format/pick-fields.ts";
import type { CatalogRecipe, RecipeSummary } from "../../../catalog/recipes/types.ts";

/**
 * What a card in a list prints, and so all a list page sends to the browser
 * for one: up to 24 of these, once in the HTML and once in the hydration
 * data. Steps and ingredients are loaded when a card's disclosure is opened
 * (recipe-details-disclosure.tsx).
 */
const LIST_CARD_FIELDS = [
  "id",
  "slug",
  "name",
  "image",
  "recipeUrl",
  "totalTime",
  "vegetarian",
  "vegan",
  "description",
  "kcal",
  // Set by the catalog's view from the ratings column (decision 0066), from 3 ratings on.
  "rating",
] as const satisfies readonly (keyof RecipeSummary)[];

/** What a whole card prints (spec section 2): the list card's fields, the steps and the ingredient lines. */
export const CARD_FIELDS = [
  ...LIST_CARD_FIELDS,
  "instructions",
  "steps",
  "servings",
  "ingredientLines",
] as const satisfies readonly (keyof CatalogRecipe)[];

export type RecipeListCardData = Pick<RecipeSummary, (typeof LIST_CARD_FIELDS)[number]>;

export type RecipeCardData = Pick<CatalogRecipe, (typeof CARD_FIELDS)[number]>;

export function recipeListCardData(recipe: RecipeSummary): RecipeListCardData {
  return pickFields(recipe, LIST_CARD_FIELDS);
}

export function recipeCardData(recipe: CatalogRecipe): RecipeCardData {
  return pickFields(recipe, CARD_FIELDS);
}
