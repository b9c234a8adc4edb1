import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_NOTE_LENGTH, UNITS } from "../../catalog/recipes/units.ts";
import type { RawRecipe } from "../../catalog/sync/directus-source.ts";
import { checkRecipe } from "../../catalog/sync/validate.ts";
import { ingredientLine, SHAKSHUKA_LINES } from "../fixtures/ingredient-line.ts";

/** A published recipe as Directus returns it for RECIPE_FIELDS (decimals come as strings). */
function raw(overrides: Record<string, unknown> = {}): RawRecipe {
  return {
    id: 7,
    status: "published",
    slug: "shakshuka",
    name: "Shakshuka",
    cuisine: "Israelisch",
    description: "Eier in Tomatensoße.",
    instructions: null,
    instructionList: [{ instruction: "Soße kochen." }, { instruction: "Eier hineingleiten lassen." }],
    image: null,
    recipeUrl: null,
    prepTime: 5,
    cookTime: 20,
    totalTime: 25,
    vegetarian: true,
    vegan: false,
    manyGuests: false,
    date_created: "2026-11-20T10:00:00.000Z",
    type: { name: "BREAKFAST" },
    servings: 2,
    ingredients: [
      { ingredient_id: { name: "Salz" }, amount: null, unit: null, note: null, sort: 4 },
      {
        ingredient_id: { name: "Ei", plural: "Eier", whole_pieces: true },
        amount: "4.000",
        unit: null,
        note: null,
        sort: 1,
      },
      { ingredient_id: { name: "Passierte Tomaten" }, amount: "400.000", unit: "g", note: null, sort: 2 },
      { ingredient_id: { name: "Paprika" }, amount: 1, unit: null, note: "in Streifen", sort: 3 },
    ],
    optionalIngredients: [{ ingredient_id: { name: "Feta" }, amount: "50", unit: "g", note: "zerbröselt", sort: 1 }],
    ...overrides,
  };
}

/** The recipe with its first required line ("Salz") replaced by `line`'s fields. */
function withLine(line: Record<string, unknown>): RawRecipe {
  const base = raw();
  const [first, ...rest] = base.ingredients as Record<string, unknown>[];
  return { ...base, ingredients: [{ ...first, ...line }, ...rest] };
}

function problems(recipe: RawRecipe): string[] {
  const result = checkRecipe(recipe);
  return result.ok ? [] : result.problems;
}

describe("checkRecipe: servings and ingredient lines", () => {
  it("carries the ingredient's plural and whole pieces into its lines", () => {
    const result = checkRecipe(raw());
    expect(result.ok && result.value.ingredientLines.find((line) => line.name === "Ei")).toMatchObject({
      plural: "Eier",
      wholePieces: true,
    });
    expect(result.ok && result.value.ingredientLines.find((line) => line.name === "Salz")).toMatchObject({
      plural: null,
      wholePieces: false,
    });
  });

  // A plural only changes how a line reads: a bad one is dropped, the recipe stays.
  const badPlurals: [string, unknown][] = [
    ["empty", "  "],
    ["the name itself", "Salz"],
    ["too long", "E".repeat(61)],
    ["not text", 42],
  ];
  for (const [what, plural] of badPlurals) {
    it(`drops a plural that is ${what}`, () => {
      const result = checkRecipe(withLine({ ingredient_id: { name: "Salz", plural } }));
      expect(result.ok && result.value.ingredientLines.find((line) => line.name === "Salz")?.plural).toBeNull();
    });
  }

  it("reads servings and the lines in display order: required by sort, then optional", () => {
    const result = checkRecipe(raw());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.servings).toBe(2);
    expect(result.value.ingredients).toEqual(["Salz", "Ei", "Passierte Tomaten", "Paprika"]);
    expect(result.value.optionalIngredients).toEqual(["Feta"]);
    expect(result.value.ingredientLines).toEqual([
      ...SHAKSHUKA_LINES,
      ingredientLine({ name: "Salz" }),
      ingredientLine({ name: "Feta", amount: 50, unit: "g", note: "zerbröselt", optional: true }),
    ]);
  });

  it("puts lines without sort after the sorted ones, in the order read", () => {
    const result = checkRecipe(
      raw({
        ingredients: [
          { ingredient_id: { name: "B" }, amount: null, unit: null, note: null, sort: null },
          { ingredient_id: { name: "A" }, amount: null, unit: null, note: null },
          { ingredient_id: { name: "C" }, amount: null, unit: null, note: null, sort: 9 },
        ],
        optionalIngredients: [],
      }),
    );
    expect(result.ok && result.value.ingredientLines.map((line) => line.name)).toEqual(["C", "B", "A"]);
  });

  it("drops an optional line for an ingredient that is also required, as the name lists do", () => {
    const result = checkRecipe(
      raw({ optionalIngredients: [{ ingredient_id: { name: "Ei" }, amount: "1", unit: null, note: null, sort: 1 }] }),
    );
    expect(result.ok && result.value.ingredientLines.filter((line) => line.name === "Ei")).toEqual([
      {
        name: "Ei",
        plural: "Eier",
        wholePieces: true,
        amount: 4,
        amountMax: null,
        unit: null,
        note: null,
        optional: false,
      },
    ]);
  });

  it.each([
    ["missing", undefined],
    ["null", null],
    ["zero", 0],
    ["13", 13],
    ["a fraction", 2.5],
    ["negative", -2],
    ["text", "4"],
    ["NaN", Number.NaN],
  ])("skips a recipe whose servings are %s", (_label, servings) => {
    expect(problems(raw({ servings }))).toEqual([
      `servings must be a whole number from 1 to 12, got ${JSON.stringify(servings)}`,
    ]);
  });

  it.each([
    ["zero", 0, "amount must be a positive number"],
    ["zero as text", "0.000", "amount must be a positive number"],
    ["negative", -1, "amount must be a positive number"],
    ["negative text", "-1", "amount must be a positive number"],
    ["infinite", Number.POSITIVE_INFINITY, "amount must be a positive number"],
    ["NaN", Number.NaN, "amount must be a positive number"],
    ["words", "zwei", "amount must be a positive number"],
    ["a decimal comma", "1,5", "amount must be a positive number"],
    ["an object", { value: 1 }, "amount must be a positive number"],
  ])("skips a recipe with an amount that is %s", (_label, amount, message) => {
    const found = problems(withLine({ amount, unit: "g" }));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(`ingredients "Salz": ${message}`);
  });

  it.each([
    ["not in the list", { amount: 1, unit: "Tasse" }, 'unit "Tasse" is not one of'],
    ["in the wrong case", { amount: 1, unit: "el" }, 'unit "el" is not one of'],
    ["not text", { amount: 1, unit: 3 }, "unit 3 is not one of"],
    ["without an amount", { amount: null, unit: "EL" }, 'unit "EL" needs an amount'],
    ["a note that is too long", { note: "x".repeat(MAX_NOTE_LENGTH + 1) }, "note is longer than 40 characters"],
    ["a note that is not text", { note: 5 }, "note is not text"],
  ])("skips a recipe with a line %s", (_label, line, message) => {
    const found = problems(withLine(line));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(`ingredients "Salz": ${message}`);
  });

  it.each([
    ["a whole range", { amount: 2, amount_max: 3, unit: "EL" }, 2, 3],
    ["a range of quarters", { amount: 0.5, amount_max: 0.75, unit: "TL" }, 0.5, 0.75],
    ["a range as Directus' decimal strings", { amount: "20.000", amount_max: "30.000", unit: "g" }, 20, 30],
    ["a counted range", { amount: 1, amount_max: 2, unit: null }, 1, 2],
    ["no upper end", { amount: 2, amount_max: null, unit: "EL" }, 2, null],
    ["an empty upper end", { amount: 2, amount_max: "", unit: "EL" }, 2, null],
    ["an upper end left out", { amount: 2, unit: "EL" }, 2, null],
    ["no amount at all", { amount: null, amount_max: null, unit: null }, null, null],
  ])("reads %s", (_label, line, amount, amountMax) => {
    const result = checkRecipe(withLine(line));
    expect(result.ok && result.value.ingredientLines.find((entry) => entry.name === "Salz")).toMatchObject({
      amount,
      amountMax,
    });
  });

  it.each([
    ["equal to the amount", { amount: 2, amount_max: 2, unit: "EL" }, "amount_max 2 must be above amount 2"],
    ["below the amount", { amount: 3, amount_max: 2, unit: "EL" }, "amount_max 2 must be above amount 3"],
    ["without an amount", { amount: null, amount_max: 3, unit: null }, "amount_max 3 needs an amount"],
    ["zero", { amount: 2, amount_max: 0, unit: "EL" }, "amount_max must be a positive number, got 0"],
    ["negative", { amount: 2, amount_max: -3, unit: "EL" }, "amount_max must be a positive number, got -3"],
    ["words", { amount: 2, amount_max: "drei", unit: "EL" }, 'amount_max must be a positive number, got "drei"'],
    [
      "a decimal comma",
      { amount: 2, amount_max: "2,5", unit: "EL" },
      'amount_max must be a positive number, got "2,5"',
    ],
    ["infinite", { amount: 2, amount_max: Number.POSITIVE_INFINITY, unit: "EL" }, "amount_max must be a positive"],
  ])("skips a recipe with an upper amount %s", (_label, line, message) => {
    const found = problems(withLine(line));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(`ingredients "Salz": ${message}`);
  });

  it("names optional lines by their field", () => {
    expect(
      problems(raw({ optionalIngredients: [{ ingredient_id: { name: "Feta" }, amount: -5, unit: "g", sort: 1 }] })),
    ).toEqual(['optionalIngredients "Feta": amount must be a positive number, got -5']);
  });

  it("accepts a note of exactly 40 characters, trimmed, and treats empty strings as none", () => {
    const result = checkRecipe(withLine({ amount: "", unit: "", note: ` ${"x".repeat(MAX_NOTE_LENGTH)} ` }));
    expect(result.ok && result.value.ingredientLines.at(-2)).toEqual({
      name: "Salz",
      plural: null,
      wholePieces: false,
      amount: null,
      amountMax: null,
      unit: null,
      note: "x".repeat(MAX_NOTE_LENGTH),
      optional: false,
    });
  });

  it("accepts every positive amount with every unit, as a number or as Directus' decimal string", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.001, max: 100_000, noNaN: true }),
        fc.constantFrom(...UNITS, null),
        fc.boolean(),
        (amount, unit, asText) => {
          const written = asText ? amount.toFixed(3) : amount;
          const result = checkRecipe(withLine({ amount: written, unit }));
          if (asText && Number(written) <= 0) return !result.ok;
          return result.ok && result.value.ingredientLines.at(-2)?.amount === Number(written);
        },
      ),
    );
  });

  it("accepts exactly the whole servings from 1 to 12", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -50, max: 50 }), fc.double()), (servings) => {
        const valid = Number.isInteger(servings) && servings >= 1 && servings <= 12;
        return checkRecipe(raw({ servings })).ok === valid;
      }),
    );
  });

  it("knows the units of cms/seed/units.json, no more and no fewer", () => {
    const seedUnits = (JSON.parse(readFileSync("cms/seed/units.json", "utf8")) as { unit: string | null }[])
      .map((entry) => entry.unit)
      .filter((unit) => unit !== null);
    expect([...UNITS]).toEqual(seedUnits);
  });
});

describe("checkRecipe: dates", () => {
  it("reports a date_created that is no date instead of throwing (the read went down with it)", () => {
    expect(problems(raw({ date_created: "gestern" }))).toEqual(["date_created is not a date"]);
  });
});

describe("checkRecipe: nutrition per portion", () => {
  const values = { fat: 0, saturates: 0, carbohydrate: 0, sugars: 0, protein: 0, salt: 0 };
  /** The shakshuka with every required ingredient weighed: 4 eggs of 50 g, 400 g tomatoes, a pepper of 150 g. */
  function weighed(): RawRecipe {
    const base = raw();
    const facts: Record<string, Record<string, unknown>> = {
      Salz: { ...values, kcal: 0, salt: 97 },
      Ei: { ...values, kcal: 140, fat: 10, piece_grams: 50 },
      "Passierte Tomaten": { ...values, kcal: 40 },
      Paprika: { ...values, kcal: 30, piece_grams: 150 },
    };
    const ingredients = (base.ingredients as { ingredient_id: { name: string } }[]).map((row) => ({
      ...row,
      ingredient_id: { ...row.ingredient_id, ...facts[row.ingredient_id.name] },
    }));
    return { ...base, ingredients };
  }

  it("computes it from the lines' ingredients, rounded, and has nothing to say", () => {
    const result = checkRecipe(weighed());
    // (4 × 50 g × 140 + 400 g × 40 + 150 g × 30) / 100 = 485 kcal for 2; fat 20 g.
    expect(result.ok && result.value.nutrition).toEqual({ ...values, kcal: 243, fat: 10 });
    expect(result.ok && result.nutritionGap).toBeNull();
  });

  it("publishes a recipe whose line cannot be weighed without nutrition, and says why in German", () => {
    const recipe = weighed();
    const rows = recipe.ingredients as Record<string, Record<string, unknown>>[];
    const paprika = rows.find((row) => row.ingredient_id?.name === "Paprika");
    if (paprika) paprika.ingredient_id = { name: "Paprika", kcal: 30, piece_grams: 150 };
    const result = checkRecipe(recipe);
    expect(result.ok && result.value.nutrition).toBeNull();
    expect(result.ok && result.nutritionGap).toBe(
      "Ohne Nährwerte auf der Website: „Paprika“ (1): der Zutat fehlen Nährwerte je 100 g.",
    );
  });
});
