/**
 * Directus' content as the sync reads it (catalog/sync/directus-source.ts),
 * made up: soups whose description names their edition, one ingredient.
 * Shared by the Directus stand-in of the Worker tests and the in-memory
 * source of the coordinator's tests and model.
 */
import { type ContentSource, type PageQuery, SourceError } from "../../catalog/sync/directus-source.ts";

/** What water brings to nutrition per portion (catalog/sync/ingredient-facts.ts): nothing, at 1 g per ml. */
const WATER_FACTS = {
  kcal: 0,
  fat: 0,
  saturates: 0,
  carbohydrate: 0,
  sugars: 0,
  protein: 0,
  salt: 0,
  density: 1,
  piece_grams: null,
  unit_grams: null,
};

/** One published recipe as Directus returns it; `updatedAt`: its `date_updated` (none: never updated). */
export function rawRecipe(id: number, edition: number, updatedAt: string | null = null): Record<string, unknown> {
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
    date_updated: updatedAt,
    type: { name: "SOUP" },
    servings: 2,
    // A decimal string, as Directus returns decimal columns; the sync reads it as well as a number (decision 0017).
    ingredients: [
      { ingredient_id: { name: "Wasser", ...WATER_FACTS }, amount: "500.000", unit: "ml", note: null, sort: 1 },
    ],
    optionalIngredients: [],
  };
}

/** The one ingredient every soup uses. */
export const RAW_INGREDIENT: Record<string, unknown> = {
  id: 1,
  date_created: "2026-11-01T12:00:00.000Z",
  date_updated: null,
  name: "Wasser",
  ...WATER_FACTS,
  description: null,
  vegetarian: true,
  vegan: true,
  type: null,
  tags: [],
};

/** What an in-memory Directus holds when it is read: records, or "down" for a Directus that fails. */
export type HeldContent = { recipes: Record<string, unknown>[]; ingredients: Record<string, unknown>[] } | "down";

/** When Directus last created or updated a record (its `date_updated`, else its `date_created`); NaN for never. */
function changedAt(record: Record<string, unknown>): number {
  const time = (value: unknown) => (typeof value === "string" ? Date.parse(value) : Number.NaN);
  const updated = time(record.date_updated);
  return Number.isNaN(updated) ? time(record.date_created) : updated;
}

/**
 * A content source over records in memory (each kind in id order), read in pages of `pageSize` as Directus
 * pages them, and filtered by id and change time as Directus filters them.
 */
export function memorySource(hold: () => HeldContent, pageSize = 50): ContentSource {
  const read = () => {
    const held = hold();
    if (held === "down") throw new SourceError("directus: reading from the stand-in failed: HTTP 503");
    return held;
  };
  const page = (records: Record<string, unknown>[], { afterId, changedSince }: PageQuery) => {
    const since = changedSince === null ? null : Date.parse(changedSince);
    return records
      .filter((record) => Number(record.id) > afterId && (since === null || changedAt(record) >= since))
      .slice(0, pageSize);
  };
  const ids = (records: Record<string, unknown>[], afterId: number) =>
    records
      .map((record) => Number(record.id))
      .filter((id) => id > afterId)
      .slice(0, pageSize * 10);
  return {
    countRecipes: async () => read().recipes.length,
    countIngredients: async () => read().ingredients.length,
    recipePage: async (query) => page(read().recipes, query),
    ingredientPage: async (query) => page(read().ingredients, query),
    recipeIds: async (afterId) => ids(read().recipes, afterId),
    ingredientIds: async (afterId) => ids(read().ingredients, afterId),
  };
}
