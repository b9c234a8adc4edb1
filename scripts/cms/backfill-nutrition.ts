/**
 * Fills the issue-45 fields into a database seeded before they existed: the
 * values per 100 g, density and weights of the seed's ingredients, by name,
 * from cms/seed/nutrition.json. Without it every recipe of such a database is
 * live without nutrition (decision 0063).
 *
 * It only writes an ingredient none of whose ten fields is set, so an
 * editor's values are never overwritten, nor completed with the seed's. A
 * second run changes nothing.
 */
import { INGREDIENT_FACT_FIELDS } from "../../catalog/sync/ingredient-facts.ts";
import type { DirectusAdmin } from "./directus-admin.ts";
import { nutritionFields, readSeedFile, type SeedNutrition } from "./seed.ts";

type IngredientRow = { id: number; name: string } & Record<string, unknown>;

/** Whether an editor (or the seed) set anything of it: an empty `unit_grams` list counts as nothing. */
function anySet(row: IngredientRow): boolean {
  return INGREDIENT_FACT_FIELDS.some((field) => {
    const value = row[field];
    return value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0);
  });
}

/** Writes the seed's nutrition into the seed's ingredients that have none; answers how many. */
export async function backfillNutrition(admin: DirectusAdmin): Promise<number> {
  const seed = await readSeedFile<Record<string, SeedNutrition>>("nutrition.json");
  const rows = await admin.request<IngredientRow[]>(
    "GET",
    `/items/ingredient?fields=id,name,${INGREDIENT_FACT_FIELDS.join(",")}&limit=-1`,
  );
  const patches = rows.flatMap((row) => {
    const entry = seed[row.name];
    return entry && !anySet(row) ? [{ id: row.id, ...nutritionFields(entry) }] : [];
  });
  if (patches.length > 0) await admin.request("PATCH", "/items/ingredient", patches);
  return patches.length;
}
