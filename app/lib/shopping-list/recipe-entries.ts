import type { CatalogRecipe } from "../../../catalog/recipes/types.ts";
import { scaleAmount } from "../recipes/ingredient-amounts/scale.ts";
import type { ShoppingEntry } from "./stored-list.ts";

/** What the list needs of a recipe. */
export type RecipeForList = Pick<CatalogRecipe, "slug" | "name" | "servings" | "ingredientLines">;

/**
 * A recipe's lines as shopping list entries, with amounts for `servings`
 * (scaled as the recipe page scales them; a range by its upper end). Only the
 * required lines: the product counts optional ingredients as not needed, as
 * the ingredient search does. `only`: the ingredients to take (the ones an ingredient search result
 * misses); the rest of the recipe is left out.
 */
export function entriesForRecipe(
  recipe: RecipeForList,
  servings: number,
  only?: ReadonlySet<string> | null,
): ShoppingEntry[] {
  return recipe.ingredientLines
    .filter((line) => !line.optional && (only ? only.has(line.name) : true))
    .map((line) => {
      // A range ("2–3 EL Olivenöl") adds its upper end: what to buy so that the recipe can take the most
      // it asks for. The list is what goes into the basket, where "2–3" cannot be added to another line.
      const scaled = scaleAmount({ ...line, amount: line.amountMax ?? line.amount }, recipe.servings, servings);
      return {
        recipe: recipe.slug,
        recipeName: recipe.name,
        name: line.name,
        plural: line.plural,
        amount: scaled.amount,
        // A line without amount has no unit (stored-list.ts refuses one).
        unit: scaled.amount === null ? null : scaled.unit,
        done: false,
      };
    });
}
