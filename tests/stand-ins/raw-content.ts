/**
 * Directus' content as the sync reads it (catalog/sync/directus-source.ts),
 * made up: soups whose description names their edition, one ingredient.
 * Shared by the Directus stand-in of the Worker tests and the in-memory
 * source of the coordinator's tests and model.
 */
import { type ContentSource, SourceError } from "../../catalog/sync/directus-source.ts";

/** One published recipe as Directus returns it. */
export function rawRecipe(id: number, edition: number): Record<string, unknown> {
  return {
    id,
    status: "published",
    slug: `suppe-${id}`,
    name: `Suppe ${id}`,
    cuisine: "Deutsch",
    description: `Ausgabe ${edition}`,
    instructions: null,
    instructionList: [{ instruction: "Alles kochen." }],
    image: null,
    recipeUrl: null,
    prepTime: 5,
    cookTime: 10,
    totalTime: 15,
    vegetarian: true,
    vegan: true,
    manyGuests: false,
    date_created: "2026-11-01T12:00:00.000Z",
    type: { name: "SOUP" },
    servings: 2,
    // A decimal string, as Directus returns decimal columns; the sync reads it as well as a number (decision 0017).
    ingredients: [{ ingredient_id: { name: "Wasser" }, amount: "500.000", unit: "ml", note: null, sort: 1 }],
    optionalIngredients: [],
  };
}

/** The one ingredient every soup uses. */
export const RAW_INGREDIENT: Record<string, unknown> = {
  id: 1,
  name: "Wasser",
  description: null,
  vegetarian: true,
  vegan: true,
  type: null,
  tags: [],
};

/** What an in-memory Directus holds when it is read: records, or "down" for a Directus that fails. */
export type HeldContent = { recipes: Record<string, unknown>[]; ingredients: Record<string, unknown>[] } | "down";

/** A content source over records in memory, read in pages of `pageSize` as Directus pages them. */
export function memorySource(hold: () => HeldContent, pageSize = 50): ContentSource {
  const read = () => {
    const held = hold();
    if (held === "down") throw new SourceError("directus: reading from the stand-in failed: HTTP 503");
    return held;
  };
  async function* pages(records: Record<string, unknown>[]) {
    for (let start = 0; start < records.length; start += pageSize) yield records.slice(start, start + pageSize);
  }
  return {
    countRecipes: async () => read().recipes.length,
    recipePages: () => pages(read().recipes),
    ingredientPages: () => pages(read().ingredients),
  };
}
