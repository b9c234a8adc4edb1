/**
 * A recipe whose lines give ranges ("2–3 EL Olivenöl", issue 41), from the
 * junction rows as Directus returns them (`amount_max`) through the sync's
 * check into the catalog, to its page in the built Worker: the ingredient
 * list, scaled by ?portionen=, and the JSON-LD's recipeIngredient.
 */
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { checkRecipe } from "../../catalog/sync/validate.ts";
import { publishRecipes } from "./catalog-fixture.ts";
import { ingredientLines, plainSpaces } from "./recipe-page-text.ts";

/** An imported recipe for 4, as Directus returns it for the sync's fields. */
const RAW_PASTA = {
  id: 41,
  status: "published",
  slug: "pasta-aglio-e-olio",
  name: "Pasta aglio e olio",
  cuisine: "Italienisch",
  description: "Spaghetti mit Knoblauch, Öl und Chili.",
  instructions: null,
  instructionList: [{ instruction: "Koche die Spaghetti." }, { instruction: "Schwenke sie im Knoblauchöl." }],
  image: null,
  recipeUrl: "https://kochbuch.example.org/aglio-e-olio",
  prepTime: 5,
  cookTime: 10,
  totalTime: 15,
  vegetarian: true,
  vegan: true,
  manyGuests: false,
  date_created: "2026-11-28T10:00:00.000Z",
  type: { name: "PASTA" },
  servings: 4,
  ingredients: [
    { ingredient_id: { name: "Spaghetti" }, amount: 400, amount_max: null, unit: "g", note: null, sort: 1 },
    { ingredient_id: { name: "Olivenöl" }, amount: 2, amount_max: 3, unit: "EL", note: null, sort: 2 },
    { ingredient_id: { name: "Ingwer" }, amount: 20, amount_max: 30, unit: "g", note: "gerieben", sort: 3 },
    {
      ingredient_id: { name: "Zwiebel", plural: "Zwiebeln" },
      amount: 1,
      amount_max: 2,
      unit: null,
      note: null,
      sort: 4,
    },
    { ingredient_id: { name: "Salz" }, amount: null, amount_max: null, unit: null, note: null, sort: 5 },
  ],
  optionalIngredients: [
    { ingredient_id: { name: "Chili" }, amount: 1, amount_max: 2, unit: "Prise", note: null, sort: 1 },
  ],
};

beforeAll(async () => {
  const checked = checkRecipe(RAW_PASTA);
  if (!checked.ok) throw new Error(`the sync would leave the recipe out: ${checked.problems.join("; ")}`);
  await publishRecipes([checked.value]);
});

async function page(path: string): Promise<string> {
  const response = await exports.default.fetch(new Request(`http://localhost:8787${path}`, { redirect: "manual" }));
  expect(response.status).toBe(200);
  return response.text();
}

function recipeIngredient(html: string): string[] {
  const match = html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/);
  expect(match).not.toBeNull();
  return (JSON.parse(match?.[1] ?? "{}").recipeIngredient as string[]).map(plainSpaces);
}

describe("a recipe with ranges", () => {
  it("lists them as written, with an en dash, the plural going by the upper amount", async () => {
    const html = await page("/rezepte/pasta-aglio-e-olio");
    expect(html).toContain(`<span class="ingredient-quantity">2–3\u00a0EL</span>`);
    expect(ingredientLines(html)).toEqual([
      "400 g Spaghetti",
      "2–3 EL Olivenöl",
      "20–30 g Ingwer, gerieben",
      "1–2 Zwiebeln",
      "Salz",
      "1–2 Prisen Chili",
    ]);
  });

  it("gives them to search engines in recipeIngredient", async () => {
    expect(recipeIngredient(await page("/rezepte/pasta-aglio-e-olio"))).toEqual([
      "400 g Spaghetti",
      "2–3 EL Olivenöl",
      "20–30 g Ingwer, gerieben",
      "1–2 Zwiebeln",
      "Salz",
      "1–2 Prisen Chili (optional)",
    ]);
  });

  it("scales both ends with ?portionen=, one amount where they meet; the JSON-LD stays as written", async () => {
    expect(ingredientLines(await page("/rezepte/pasta-aglio-e-olio?portionen=2"))).toEqual([
      "200 g Spaghetti",
      "1–1 ½ EL Olivenöl",
      "10–15 g Ingwer, gerieben",
      "½–1 Zwiebel",
      "Salz",
      "1 Prise Chili",
    ]);
    const eight = await page("/rezepte/pasta-aglio-e-olio?portionen=8");
    expect(ingredientLines(eight)).toEqual([
      "800 g Spaghetti",
      "4–6 EL Olivenöl",
      "40–60 g Ingwer, gerieben",
      "2–4 Zwiebeln",
      "Salz",
      "2–4 Prisen Chili",
    ]);
    expect(recipeIngredient(eight)).toContain("2–3 EL Olivenöl");
  });
});
