import { pickFields } from "../../../catalog/format/pick-fields.ts";
import type { CatalogRecipe } from "../../../catalog/recipes/types.ts";
import { CARD_FIELDS } from "./recipe-card-data.ts";

/** What a recipe's own page prints besides the whole card: its nutrition per portion (decision 0063). */
const PAGE_FIELDS = [...CARD_FIELDS, "nutrition"] as const satisfies readonly (keyof CatalogRecipe)[];

export type RecipePageData = Pick<CatalogRecipe, (typeof PAGE_FIELDS)[number]>;

/** The recipe page's data of a catalog recipe (the recipe route and the editors' preview). */
export function recipePageData(recipe: CatalogRecipe): RecipePageData {
  return pickFields(recipe, PAGE_FIELDS);
}
