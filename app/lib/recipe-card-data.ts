import type { CatalogRecipe } from "./catalog/types.ts";
import { pickFields } from "./pick-fields.ts";

/**
 * What a recipe card prints (spec section 2), and so all a loader sends to
 * the browser for one: list pages carry up to 24 cards, once in the HTML and
 * once in the hydration data, so fields no card shows (cuisine, preparation
 * and cooking time, category, dates, the ingredient name lists the lines
 * repeat) stay on the server.
 */
const CARD_FIELDS = [
  "id",
  "slug",
  "name",
  "image",
  "recipeUrl",
  "totalTime",
  "vegetarian",
  "vegan",
  "description",
  "instructions",
  "steps",
  "servings",
  "ingredientLines",
] as const satisfies readonly (keyof CatalogRecipe)[];

export type RecipeCardData = Pick<CatalogRecipe, (typeof CARD_FIELDS)[number]>;

export function recipeCardData(recipe: CatalogRecipe): RecipeCardData {
  return pickFields(recipe, CARD_FIELDS);
}
