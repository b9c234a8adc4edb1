/**
 * The sync's reasons for leaving a recipe out, in German for editors
 * (catalog/sync/german-reasons.ts): every problem the validation can produce
 * has a German rendering, and the log keeps the English one.
 */
import { describe, expect, it } from "vitest";
import type { RawRecipe } from "../../catalog/sync/directus-source.ts";
import { germanProblem, germanReasons, MAX_REASON_LENGTH, UNKNOWN_PROBLEM } from "../../catalog/sync/german-reasons.ts";
import { publicationWindow } from "../../catalog/sync/publication-window.ts";
import { readCatalog } from "../../catalog/sync/read-catalog.ts";
import { checkRecipe } from "../../catalog/sync/validate.ts";
import { memorySource, RAW_INGREDIENT, rawRecipe } from "../stand-ins/raw-content.ts";

const line = (fields: Record<string, unknown>) => ({
  ingredient_id: { name: "Tomate" },
  amount: 1,
  unit: null,
  note: null,
  sort: 1,
  ...fields,
});

/** A broken variant for every branch of validate.ts's checks. */
const BROKEN: Record<string, unknown>[] = [
  { id: "7" },
  { slug: null },
  { slug: 12 },
  { slug: "Große Suppe" },
  { name: "x".repeat(201) },
  { instructionList: "kochen", instructions: null },
  { instructionList: [{ instruction: " " }] },
  { instructionList: [], instructions: null },
  { prepTime: 31 },
  { cookTime: "zehn" },
  { totalTime: 0 },
  { recipeUrl: "ftp://example.org/suppe" },
  { image: 5 },
  { date_created: "gestern" },
  { date_created: null },
  { vegetarian: "ja" },
  { type: { name: "DESSERT" } },
  { type: null },
  { servings: 13 },
  { ingredients: [] },
  { ingredients: "Tomate" },
  { ingredients: [{ ingredient_id: null, amount: null }] },
  { optionalIngredients: [{ ingredient_id: { name: "" } }] },
  { ingredients: [line({ amount: -2 })] },
  { ingredients: [line({ unit: "Hauch" })] },
  { ingredients: [line({ amount: null, unit: "g" })] },
  { ingredients: [line({ note: 5 })] },
  { ingredients: [line({ note: "n".repeat(41) })] },
  { optionalIngredients: [line({ ingredient_id: { name: "Basilikum" }, amount: "viel" })] },
  { cuisine: 3 },
  { description: "d".repeat(20_001) },
];

describe("German reasons", () => {
  it("render every problem the validation produces, none in the sync's English", () => {
    const seen = new Set<string>();
    for (const broken of BROKEN) {
      const checked = checkRecipe({ ...rawRecipe(1, 1), ...broken } as RawRecipe);
      expect(checked.ok, JSON.stringify(broken)).toBe(false);
      for (const problem of checked.ok ? [] : checked.problems) {
        seen.add(problem);
        expect(germanProblem(problem), problem).not.toContain(UNKNOWN_PROBLEM);
      }
    }
    for (const times of [
      { publish_at: "morgen" },
      { publish_at: "2027-01-02T00:00:00Z", unpublish_at: "2027-01-01T00:00:00Z" },
    ]) {
      const window = publicationWindow(times, 0);
      for (const problem of window.ok ? [] : window.problems) {
        seen.add(problem);
        expect(germanProblem(problem), problem).not.toContain(UNKNOWN_PROBLEM);
      }
    }
    expect(seen.size).toBeGreaterThan(25);
  });

  it("render the skip the build adds (a duplicate slug) and those of amount ranges", () => {
    for (const problem of [
      "slug already used by an earlier recipe",
      'ingredients "Zucker": amount_max must be a positive number, got "x"',
      'ingredients "Zucker": amount_max 3 needs an amount',
      'ingredients "Zucker": amount_max 2 must be above amount 3',
    ]) {
      expect(germanProblem(problem), problem).not.toContain(UNKNOWN_PROBLEM);
    }
  });

  it("say which line, field and value is wrong, in the Data Studio's words", () => {
    expect(germanProblem('ingredients "Tomate": amount must be a positive number, got -2')).toBe(
      "Zutat „Tomate“: Die Menge muss eine positive Zahl sein (ist „-2“)",
    );
    expect(germanProblem('optionalIngredients "Basilikum": unit "Prise" is not one of g, ml')).toBe(
      "Optionale Zutat „Basilikum“: Die Einheit „Prise“ gibt es nicht",
    );
    expect(germanProblem("totalTime must be whole minutes from 1 to 30, got 45")).toBe(
      "„Gesamtzeit“ muss eine ganze Zahl von 1 bis 30 Minuten sein (ist „45“)",
    );
    expect(germanProblem("servings must be a whole number from 1 to 12, got null")).toBe(
      "„Portionen“ muss eine ganze Zahl von 1 bis 12 sein (ist leer)",
    );
    expect(germanProblem("ingredients has an entry without a name")).toMatch(/noch nicht veröffentlicht/);
    expect(germanReasons(["name is missing", "ingredients is empty"])).toBe(
      "„Name“ fehlt. Das Rezept hat keine Zutaten.",
    );
  });

  it("keep an unknown problem readable, in English after a German lead-in", () => {
    expect(germanProblem("the moon is full")).toBe(`${UNKNOWN_PROBLEM}: the moon is full`);
  });

  it("stay within what Directus' field is given, saying how many were left out", () => {
    const many = Array.from(
      { length: 200 },
      (_, n) => `ingredients "Zutat ${n}": amount must be a positive number, got -1`,
    );
    const text = germanReasons(many);
    expect(text.length).toBeLessThanOrEqual(MAX_REASON_LENGTH);
    expect(text).toMatch(/\(und \d+ weitere\)$/);
    expect(
      germanReasons([`recipeUrl "https://example.org/${"x".repeat(3_000)}" is not a web address`]).length,
    ).toBeLessThanOrEqual(MAX_REASON_LENGTH);
  });

  it("leave the log's problems as they were: English", async () => {
    const read = await readCatalog(
      memorySource(() => ({ recipes: [{ ...rawRecipe(1, 1), servings: 0 }], ingredients: [RAW_INGREDIENT] })),
      () => {},
      0,
    );
    expect(read.skipped[0]?.problems).toEqual(["servings must be a whole number from 1 to 12, got 0"]);
  });
});
