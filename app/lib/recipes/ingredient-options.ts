/**
 * The ingredients as the ingredient search's picker lists them, and the
 * compact form in which the whole list travels to the browser on demand
 * (routes/ingredient-list.ts): a page carries only the boxes it shows, so
 * its size does not grow with the catalog's ingredients.
 */
import type { IngredientOption } from "../../../catalog/view/ingredient-overview.ts";

/** One ingredient in the whole list: `[slug, name, recipeCount, kinds]`. */
type OptionRow = [string, string, number, number];

export function encodeIngredientOptions(options: readonly IngredientOption[]): OptionRow[] {
  return options.map((option) => [option.slug, option.name, option.recipeCount, option.kinds]);
}

/** The list as `encodeIngredientOptions` made it, or null for anything else: the answer came over the network. */
export function decodeIngredientOptions(value: unknown): IngredientOption[] | null {
  if (!Array.isArray(value)) return null;
  const options: IngredientOption[] = [];
  for (const row of value) {
    if (!Array.isArray(row) || row.length !== 4) return null;
    const [slug, name, recipeCount, kinds] = row as unknown[];
    if (typeof slug !== "string" || typeof name !== "string") return null;
    if (!Number.isSafeInteger(recipeCount) || !Number.isSafeInteger(kinds)) return null;
    options.push({ slug, name, recipeCount: recipeCount as number, kinds: kinds as number });
  }
  return options;
}
