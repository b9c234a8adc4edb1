/**
 * The orders a list of recipes can be read in (decision 0066): its own
 * (name order for a category, relevance for a search), or best rated first.
 */
export const RECIPE_ORDERS = ["default", "rating"] as const;

export type RecipeOrder = (typeof RECIPE_ORDERS)[number];
