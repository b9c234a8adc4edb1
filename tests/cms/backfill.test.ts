import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { INGREDIENT_FACT_FIELDS } from "../../catalog/sync/ingredient-facts.ts";
import { backfillAmounts } from "../../scripts/cms/backfill-amounts.ts";
import { backfillNutrition } from "../../scripts/cms/backfill-nutrition.ts";
import type { DirectusAdmin } from "../../scripts/cms/directus-admin.ts";
import { nutritionFields, type SeedAmounts, type SeedNutrition } from "../../scripts/cms/seed.ts";
import { admin } from "./directus-clients.ts";

const AMOUNTS = JSON.parse(readFileSync("cms/seed/amounts.json", "utf8")) as Record<string, SeedAmounts>;
const JUNCTIONS = ["recipe_ingredient", "recipe_optional_ingredient"];
const LINE_FIELDS = "ingredient_id.name,amount,unit,note,sort";

interface Line {
  ingredient_id: { name: string };
  amount: number | null;
  unit: string | null;
  note: string | null;
  sort: number | null;
}

async function recipe(client: DirectusAdmin, slug: string) {
  const [found] = await client.request<
    { id: number; servings: number | null; ingredients: Line[]; optionalIngredients: Line[] }[]
  >(
    "GET",
    `/items/recipe?filter[slug][_eq]=${slug}&fields=id,servings,ingredients.${LINE_FIELDS.replaceAll(",", ",ingredients.")},optionalIngredients.${LINE_FIELDS.replaceAll(",", ",optionalIngredients.")}`,
  );
  if (!found) throw new Error(`no recipe ${slug}`);
  return found;
}

/** The recipe's lines as amounts.json writes them. */
async function linesOf(client: DirectusAdmin, slug: string) {
  const { servings, ingredients, optionalIngredients } = await recipe(client, slug);
  const written = (lines: Line[], optional: boolean) =>
    [...lines]
      .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
      .map((line) => ({
        ingredient: line.ingredient_id.name,
        amount: line.amount,
        unit: line.unit,
        note: line.note,
        ...(optional ? { optional: true } : {}),
      }));
  return { servings, lines: [...written(ingredients, false), ...written(optionalIngredients, true)] };
}

/** What a database seeded before issue 15 holds: no servings, no amounts, no plurals. */
async function forgetAmounts(client: DirectusAdmin, slug: string) {
  const { id } = await recipe(client, slug);
  for (const junction of JUNCTIONS) {
    const rows = await client.request<{ id: number }[]>(
      "GET",
      `/items/${junction}?filter[recipe_id][_eq]=${id}&fields=id&limit=-1`,
    );
    if (rows.length > 0) {
      await client.request("PATCH", `/items/${junction}`, {
        keys: rows.map((row) => row.id),
        data: { amount: null, unit: null, note: null, sort: null },
      });
    }
  }
  await client.request("PATCH", `/items/recipe/${id}`, { servings: null });
  return id;
}

async function ingredientId(client: DirectusAdmin, name: string): Promise<number> {
  const [row] = await client.request<{ id: number }[]>("GET", `/items/ingredient?filter[name][_eq]=${name}&fields=id`);
  if (!row) throw new Error(`no ingredient ${name}`);
  return row.id;
}

describe("cms:backfill on a database seeded before servings and amounts", () => {
  let extraRow: number | undefined;

  afterAll(async () => {
    // Leave the shared Directus as the seed made it, whatever happened above.
    const client = await admin();
    if (extraRow !== undefined) await client.request("DELETE", `/items/recipe_ingredient/${extraRow}`);
    await backfillAmounts(client);
  });

  it("fills servings, lines and plurals from the seed, leaves a recipe an editor changed, and then nothing", async () => {
    const client = await admin();
    await forgetAmounts(client, "shakshuka");
    const changedId = await forgetAmounts(client, "tomatensuppe-mit-basilikum");
    // An editor added an ingredient the seed does not list for this recipe.
    extraRow = (
      await client.request<{ id: number }>("POST", "/items/recipe_ingredient", {
        recipe_id: changedId,
        ingredient_id: await ingredientId(client, "Dill"),
      })
    ).id;
    const zwiebel = await ingredientId(client, "Zwiebel");
    const ei = await ingredientId(client, "Ei");
    await client.request("PATCH", "/items/ingredient", {
      keys: [zwiebel, ei],
      data: { plural: null, whole_pieces: false },
    });

    const done = await backfillAmounts(client);
    expect(done).toMatchObject({ recipes: 1, ingredients: 2, skipped: ["tomatensuppe-mit-basilikum"] });
    expect(done.lines).toBe(AMOUNTS.shakshuka?.lines.length);
    expect(await linesOf(client, "shakshuka")).toEqual(AMOUNTS.shakshuka);
    expect((await recipe(client, "tomatensuppe-mit-basilikum")).servings).toBeNull();
    const plurals = await client.request<{ name: string; plural: string | null; whole_pieces: boolean }[]>(
      "GET",
      `/items/ingredient?filter[id][_in]=${zwiebel},${ei}&fields=name,plural,whole_pieces&sort=name`,
    );
    expect(plurals).toEqual([
      { name: "Ei", plural: "Eier", whole_pieces: true },
      { name: "Zwiebel", plural: "Zwiebeln", whole_pieces: false },
    ]);

    // Once the editor's extra line is gone, the recipe matches the seed again and is filled.
    await client.request("DELETE", `/items/recipe_ingredient/${extraRow}`);
    extraRow = undefined;
    expect(await backfillAmounts(client)).toMatchObject({ recipes: 1, ingredients: 0, skipped: [] });
    expect(await linesOf(client, "tomatensuppe-mit-basilikum")).toEqual(AMOUNTS["tomatensuppe-mit-basilikum"]);

    expect(await backfillAmounts(client)).toEqual({ recipes: 0, lines: 0, ingredients: 0, skipped: [] });
  });

  it("never overwrites what an editor set", async () => {
    const client = await admin();
    const { id } = await recipe(client, "shakshuka");
    await client.request("PATCH", `/items/recipe/${id}`, { servings: 3 });
    try {
      expect(await backfillAmounts(client)).toMatchObject({ recipes: 0, ingredients: 0 });
      expect((await recipe(client, "shakshuka")).servings).toBe(3);
    } finally {
      await client.request("PATCH", `/items/recipe/${id}`, { servings: AMOUNTS.shakshuka?.servings });
    }
  });
});

describe("cms:backfill on a database seeded before nutrition", () => {
  const NUTRITION = JSON.parse(readFileSync("cms/seed/nutrition.json", "utf8")) as Record<string, SeedNutrition>;
  const none = Object.fromEntries(INGREDIENT_FACT_FIELDS.map((field) => [field, null]));
  const factsOf = async (client: DirectusAdmin, id: number) =>
    client.request<Record<string, unknown>>(
      "GET",
      `/items/ingredient/${id}?fields=${INGREDIENT_FACT_FIELDS.join(",")}`,
    );

  it("fills the seed's values into seed ingredients that have none, never into one an editor began, and then nothing", async () => {
    const client = await admin();
    const [zwiebel, knoblauch] = [await ingredientId(client, "Zwiebel"), await ingredientId(client, "Knoblauch")];
    await client.request("PATCH", "/items/ingredient", { keys: [zwiebel, knoblauch], data: none });
    // An editor gave Knoblauch its energy only: the rest is theirs to fill.
    await client.request("PATCH", `/items/ingredient/${knoblauch}`, { kcal: 150 });
    try {
      expect(await backfillNutrition(client)).toBe(1);
      expect(await factsOf(client, zwiebel)).toEqual(nutritionFields(NUTRITION.Zwiebel));
      expect(await factsOf(client, knoblauch)).toEqual({ ...none, kcal: 150 });
      expect(await backfillNutrition(client)).toBe(0);
    } finally {
      await client.request("PATCH", `/items/ingredient/${knoblauch}`, nutritionFields(NUTRITION.Knoblauch));
    }
  });
});
