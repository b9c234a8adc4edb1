/**
 * Fills the issue-15 fields into a database that was seeded before they
 * existed: servings, and amount, unit, note and order on each ingredient line
 * of the seed's recipes (from cms/seed/amounts.json, by slug), and the plural
 * and whole pieces of the seed's ingredients (cms/seed/ingredients.json, by
 * name). Without it the sync would skip every recipe of such a database
 * (decision 0017).
 *
 * It only writes where nothing is set yet, so an editor's work is never
 * overwritten: a recipe is filled while its servings are empty, an ingredient
 * while it has no plural and is not marked whole. A recipe whose ingredients an
 * editor has changed since the seed is left alone and reported, for an editor
 * to fill in the Data Studio. A second run changes nothing.
 */
import type { DirectusAdmin } from "./directus-admin.ts";
import { readSeedFile, type SeedAmounts, type SeedIngredient, type SeedLine } from "./seed.ts";

export interface BackfillSummary {
  recipes: number;
  lines: number;
  ingredients: number;
  /** Slugs with empty servings whose ingredients no longer match the seed. */
  skipped: string[];
}

interface RecipeRow {
  id: number;
  slug: string;
}

interface JunctionRow {
  id: number;
  recipe_id: number;
  ingredient_id: { name: string } | null;
}

interface IngredientRow {
  id: number;
  name: string;
  plural: string | null;
  whole_pieces: boolean | null;
}

const JUNCTIONS = ["recipe_ingredient", "recipe_optional_ingredient"] as const;

export async function backfillAmounts(admin: DirectusAdmin): Promise<BackfillSummary> {
  const summary: BackfillSummary = { recipes: 0, lines: 0, ingredients: 0, skipped: [] };
  summary.ingredients = await backfillIngredients(admin, await readSeedFile<SeedIngredient[]>("ingredients.json"));

  const amounts = await readSeedFile<Record<string, SeedAmounts>>("amounts.json");
  const empty = await admin.request<RecipeRow[]>(
    "GET",
    `/items/recipe?fields=id,slug&filter=${encodeURIComponent(JSON.stringify({ servings: { _null: true } }))}&limit=-1`,
  );
  const candidates = empty.filter((recipe) => amounts[recipe.slug]);
  if (candidates.length === 0) return summary;

  const ids = candidates.map((recipe) => recipe.id);
  const rows = new Map<string, JunctionRow[]>();
  for (const junction of JUNCTIONS) {
    const filter = encodeURIComponent(JSON.stringify({ recipe_id: { _in: ids } }));
    rows.set(
      junction,
      await admin.request<JunctionRow[]>(
        "GET",
        `/items/${junction}?fields=id,recipe_id,ingredient_id.name&filter=${filter}&limit=-1`,
      ),
    );
  }

  for (const recipe of candidates) {
    const seed = amounts[recipe.slug];
    if (!seed) continue;
    const updates = JUNCTIONS.map((junction) => {
      const own = (rows.get(junction) ?? []).filter((row) => row.recipe_id === recipe.id);
      const lines = seed.lines.filter(
        (line) => (line.optional === true) === (junction === "recipe_optional_ingredient"),
      );
      return { junction, patch: linePatches(own, lines) };
    });
    if (updates.some(({ patch }) => patch === undefined)) {
      summary.skipped.push(recipe.slug);
      continue;
    }
    for (const { junction, patch } of updates) {
      if (patch && patch.length > 0) await admin.request("PATCH", `/items/${junction}`, patch);
      summary.lines += patch?.length ?? 0;
    }
    // Servings last: a run cut short in between is simply done again.
    await admin.request("PATCH", `/items/recipe/${recipe.id}`, { servings: seed.servings });
    summary.recipes += 1;
  }
  return summary;
}

/**
 * One patch per junction row, in the seed's order (`sort` from 1), or
 * undefined when the rows name other ingredients than the seed's lines.
 */
function linePatches(rows: JunctionRow[], lines: SeedLine[]): Record<string, unknown>[] | undefined {
  const names = rows.map((row) => row.ingredient_id?.name ?? "");
  const wanted = lines.map((line) => line.ingredient);
  if (names.length !== wanted.length || [...names].sort().join("\n") !== [...wanted].sort().join("\n")) {
    return undefined;
  }
  return lines.map((line, index) => ({
    id: rows.find((row) => row.ingredient_id?.name === line.ingredient)?.id,
    amount: line.amount,
    unit: line.unit,
    note: line.note,
    sort: index + 1,
  }));
}

async function backfillIngredients(admin: DirectusAdmin, seed: SeedIngredient[]): Promise<number> {
  const rows = await admin.request<IngredientRow[]>(
    "GET",
    "/items/ingredient?fields=id,name,plural,whole_pieces&limit=-1",
  );
  const byName = new Map(rows.map((row) => [row.name, row]));
  const patches = seed.flatMap((ingredient) => {
    const row = byName.get(ingredient.name);
    if (!row || row.plural || row.whole_pieces) return [];
    if (!ingredient.plural && !ingredient.wholePieces) return [];
    return [{ id: row.id, plural: ingredient.plural ?? null, whole_pieces: ingredient.wholePieces ?? false }];
  });
  if (patches.length > 0) await admin.request("PATCH", "/items/ingredient", patches);
  return patches.length;
}
