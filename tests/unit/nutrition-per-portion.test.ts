import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { IngredientLine, Nutrients } from "../../catalog/recipes/types.ts";
import { UNITS, type Unit } from "../../catalog/recipes/units.ts";
import { type IngredientFacts, ingredientFacts } from "../../catalog/sync/ingredient-facts.ts";
import { nutritionGapText } from "../../catalog/sync/nutrition-gap-text.ts";
import {
  gramsOf,
  type NutritionGapKind,
  noteGrams,
  nutritionPerPortion,
  roundedNutrients,
} from "../../catalog/sync/nutrition-per-portion.ts";
import { ingredientLine } from "../fixtures/ingredient-line.ts";

function line(name: string, amount: number | null, unit: Unit | null, fields: Partial<IngredientLine> = {}) {
  return ingredientLine({ name, amount, unit, ...fields });
}

function per100g(
  kcal: number,
  fat: number,
  saturates: number,
  carbohydrate: number,
  sugars: number,
  protein: number,
  salt: number,
): Nutrients {
  return { kcal, fat, saturates, carbohydrate, sugars, protein, salt };
}

const NONE: IngredientFacts = { per100g: null, density: null, pieceGrams: null, unitGrams: {} };

// A recipe for 2, worked out by hand (decision 0063 has the rules):
//   200 g Nudeln                     200 g
//   2 EL Olivenöl (density 0.9)      2 × 15 ml × 0.9 = 27 g
//   2 Eier (a piece 50 g)            100 g
//   2 Zehen Knoblauch (a Zehe 5 g)   10 g
//   100–200 ml Sahne (density 1)     the middle, 150 ml = 150 g
//   1 Dose Mais, à 150 g             150 g (the note; the ingredient names no Dose)
//   Salz                             no amount: nothing
//   30 g Parmesan (optional)         nothing
// kcal: 700 + 243 + 140 + 15 + 450 + 120 = 1668, per portion 834
// fat: 4 + 27 + 10 + 0.05 + 45 + 1.5 = 87.55 → 43.775 → 43.8
// saturates: 1 + 3.78 + 3 + 0.01 + 30 + 0.3 = 38.09 → 19.045 → 19.0
// carbohydrate: 140 + 0 + 1 + 3 + 4.5 + 22.5 = 171 → 85.5
// sugars: 6 + 0 + 1 + 0.2 + 4.5 + 7.5 = 19.2 → 9.6
// protein: 24 + 0 + 13 + 0.7 + 3 + 4.5 = 45.2 → 22.6
// salt: 0 + 0 + 0.4 + 0 + 0.15 + 0.75 = 1.3 → 0.65
const FACTS = new Map<string, IngredientFacts>([
  ["Nudeln", { ...NONE, per100g: per100g(350, 2, 0.5, 70, 3, 12, 0) }],
  ["Olivenöl", { ...NONE, per100g: per100g(900, 100, 14, 0, 0, 0, 0), density: 0.9 }],
  ["Ei", { ...NONE, per100g: per100g(140, 10, 3, 1, 1, 13, 0.4), pieceGrams: 50 }],
  ["Knoblauch", { ...NONE, per100g: per100g(150, 0.5, 0.1, 30, 2, 7, 0), unitGrams: { Zehe: 5 } }],
  ["Sahne", { ...NONE, per100g: per100g(300, 30, 20, 3, 3, 2, 0.1), density: 1 }],
  ["Mais", { ...NONE, per100g: per100g(80, 1, 0.2, 15, 5, 3, 0.5) }],
  ["Salz", { ...NONE, per100g: per100g(0, 0, 0, 0, 0, 0, 97) }],
  ["Parmesan", { ...NONE, per100g: per100g(390, 26, 16, 3, 1, 36, 4) }],
]);
const LINES = [
  line("Nudeln", 200, "g"),
  line("Olivenöl", 2, "EL"),
  line("Ei", 2, null),
  line("Knoblauch", 2, "Zehe"),
  line("Sahne", 100, "ml", { amountMax: 200 }),
  line("Mais", 1, "Dose", { note: "à 150 g" }),
  line("Salz", null, null),
  line("Parmesan", 30, "g", { optional: true }),
];

describe("nutritionPerPortion: a recipe worked out by hand", () => {
  it("gives per portion what the hand computation gives", () => {
    const result = nutritionPerPortion(LINES, FACTS, 2);
    expect(result.ok && roundedNutrients(result.perPortion)).toEqual({
      kcal: 834,
      fat: 43.8,
      saturates: 19,
      carbohydrate: 85.5,
      sugars: 9.6,
      protein: 22.6,
      salt: 0.65,
    });
  });

  it("names every line that cannot be weighed, in order, and gives no nutrition", () => {
    const facts = new Map(FACTS);
    facts.set("Ei", { ...NONE, per100g: per100g(140, 10, 3, 1, 1, 13, 0.4) });
    facts.set("Sahne", { ...NONE, per100g: per100g(300, 30, 20, 3, 3, 2, 0.1) });
    facts.delete("Nudeln");
    const result = nutritionPerPortion(LINES, facts, 2);
    expect(result).toEqual({
      ok: false,
      gaps: [
        { name: "Nudeln", amount: 200, amountMax: null, unit: "g", kind: "no-values" },
        { name: "Ei", amount: 2, amountMax: null, unit: null, kind: "no-piece-weight" },
        { name: "Sahne", amount: 100, amountMax: 200, unit: "ml", kind: "no-density" },
      ],
    });
    expect(result.ok ? "" : nutritionGapText(result.gaps)).toBe(
      "Ohne Nährwerte auf der Website: „Nudeln“ (200 g): der Zutat fehlen Nährwerte je 100 g. " +
        "„Ei“ (2): der Zutat fehlt das „Gewicht eines Stücks“. " +
        "„Sahne“ (100–200 ml): der Zutat fehlt die „Dichte (g je ml)“.",
    );
  });

  it("lets an optional line or one without amount lack everything", () => {
    const facts = new Map(FACTS);
    facts.delete("Salz");
    facts.delete("Parmesan");
    expect(nutritionPerPortion(LINES, facts, 2).ok).toBe(true);
  });
});

describe("gramsOf: a line's grams by its unit", () => {
  const facts: IngredientFacts = {
    per100g: null,
    density: 0.5,
    pieceGrams: 60,
    unitGrams: { TL: 3, Zehe: 4, Dose: 240 },
  };
  const cases: [number, Unit | null, string | null, IngredientFacts, number | NutritionGapKind][] = [
    [250, "g", null, NONE, 250],
    [1.5, "kg", null, NONE, 1500],
    [200, "ml", null, facts, 100],
    [0.5, "l", null, facts, 250],
    [200, "ml", null, NONE, "no-density"],
    [2, "EL", null, facts, 15], // 2 × 15 ml × 0.5
    [2, "TL", null, facts, 6], // the ingredient's TL wins over its density
    [1, "EL", null, NONE, "no-spoon-weight"],
    [3, null, null, facts, 180],
    [3, null, null, NONE, "no-piece-weight"],
    [2, "Zehe", null, facts, 8],
    [1, "Dose", "à 400 g", facts, 240], // the ingredient's weight of its Dose wins over the note
    [1, "Dose", "à 400 g", NONE, 400],
    [2, "Stück", "à ca. 125 g", NONE, 250],
    [1, "Becher", "à 0,5 kg", NONE, 500],
    [1, "Packung", "à 400 ml", facts, 200],
    [1, "Packung", "à 400 ml", NONE, "no-unit-weight"],
    [1, "Bund", "zum Bestreuen", facts, "no-unit-weight"],
    [1, "Prise", null, NONE, "no-unit-weight"],
  ];
  it.each(cases)("%s %s (note %s) weighs %s", (amount, unit, note, known, expected) => {
    expect(gramsOf(amount, unit, note, known)).toBe(expected);
  });

  it("reads only a measure at the start of a note", () => {
    expect(noteGrams("à 150 g", null)).toBe(150);
    expect(noteGrams("à ca. 125 g", null)).toBe(125);
    expect(noteGrams("à 1,5 l", 1)).toBe(1500);
    expect(noteGrams("in Ringen, à 150 g", null)).toBeNull();
    expect(noteGrams("à 150 gehäufte", null)).toBeNull();
    expect(noteGrams(null, null)).toBeNull();
  });
});

describe("ingredientFacts: what Directus gives", () => {
  const values = { kcal: 884, fat: 100, saturates: 14, carbohydrate: 0, sugars: 0, protein: 0, salt: 0 };
  it("reads the values, density, piece and units of the Data Studio's list", () => {
    expect(
      ingredientFacts({
        ...values,
        density: 0.91,
        piece_grams: null,
        unit_grams: [
          { unit: "EL", grams: 14 },
          { unit: "g", grams: 2 },
          { unit: "Tasse", grams: 200 },
          { unit: "Zehe", grams: 0 },
          { unit: "EL", grams: 20 },
        ],
      }),
    ).toEqual({ per100g: values, density: 0.91, pieceGrams: null, unitGrams: { EL: 14 } });
  });
  it.each([
    ["a missing value", { ...values, salt: null }],
    ["energy above pure fat's", { ...values, kcal: 950 }],
    ["saturates above fat", { ...values, fat: 10, saturates: 12 }],
    ["sugars above carbohydrate", { ...values, carbohydrate: 5, sugars: 6 }],
    ["a value as text", { ...values, protein: "3" }],
  ])("knows no values with %s", (_label, record) => {
    expect(ingredientFacts(record).per100g).toBeNull();
  });
});

// Properties over random recipes whose every line can be weighed.
const NAMES = ["A", "B", "C", "D", "E", "F", "G", "H"];
const anyUnit = fc.constantFrom<Unit | null>(null, ...UNITS);
const nutrients = fc
  .record({
    kcal: fc.double({ min: 0, max: 900, noNaN: true }),
    fat: fc.double({ min: 0, max: 100, noNaN: true }),
    carbohydrate: fc.double({ min: 0, max: 100, noNaN: true }),
    protein: fc.double({ min: 0, max: 100, noNaN: true }),
    salt: fc.double({ min: 0, max: 100, noNaN: true }),
    share: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ share, ...rest }) => ({ ...rest, saturates: rest.fat * share, sugars: rest.carbohydrate * share }));
const fullFacts = fc.record({
  per100g: nutrients,
  density: fc.double({ min: 0.1, max: 3, noNaN: true }),
  pieceGrams: fc.double({ min: 0.1, max: 2000, noNaN: true }),
  unitGrams: fc.constant(
    Object.fromEntries(UNITS.filter((unit) => !["g", "kg", "ml", "l"].includes(unit)).map((unit) => [unit, 7])),
  ),
});
const recipes = fc.record({
  facts: fc.tuple(...NAMES.map(() => fullFacts)),
  lines: fc.uniqueArray(
    fc.record({
      name: fc.constantFrom(...NAMES),
      amount: fc.option(fc.double({ min: 0.25, max: 2000, noNaN: true }), { nil: null }),
      unit: anyUnit,
      optional: fc.boolean(),
    }),
    { minLength: 1, maxLength: NAMES.length, selector: (entry) => entry.name },
  ),
  servings: fc.integer({ min: 1, max: 12 }),
});

function build(recipe: {
  facts: IngredientFacts[];
  lines: { name: string; amount: number | null; unit: Unit | null; optional: boolean }[];
}) {
  const facts = new Map(NAMES.map((name, index) => [name, recipe.facts[index] as IngredientFacts]));
  const lines = recipe.lines.map(({ name, amount, unit, optional }) =>
    line(name, amount, amount === null ? null : unit, { optional }),
  );
  return { facts, lines };
}

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

describe("nutritionPerPortion: properties", () => {
  it("never changes per portion when the servings and every amount are scaled alike", () => {
    fc.assert(
      fc.property(recipes, fc.integer({ min: 2, max: 12 }), (recipe, factor) => {
        const { facts, lines } = build(recipe);
        const scaled = lines.map((each) => ({ ...each, amount: each.amount === null ? null : each.amount * factor }));
        const once = nutritionPerPortion(lines, facts, recipe.servings);
        const more = nutritionPerPortion(scaled, facts, recipe.servings * factor);
        expect(once.ok && more.ok).toBe(true);
        if (!once.ok || !more.ok) return;
        for (const key of Object.keys(once.perPortion) as (keyof Nutrients)[]) {
          expect(close(once.perPortion[key], more.perPortion[key]), key).toBe(true);
        }
      }),
    );
  });

  it("gives no nutrition whenever a required line with an amount misses its conversion", () => {
    fc.assert(
      fc.property(recipes, fc.nat(), (recipe, pick) => {
        const { facts, lines } = build(recipe);
        const counted = lines.filter((each) => !each.optional && each.amount !== null);
        fc.pre(counted.length > 0);
        const target = counted[pick % counted.length] as IngredientLine;
        const known = facts.get(target.name) as IngredientFacts;
        // Take away exactly what the line's unit needs (the values, for g and kg, which need nothing else).
        const without: IngredientFacts =
          target.unit === "g" || target.unit === "kg"
            ? { ...known, per100g: null }
            : target.unit === null
              ? { ...known, pieceGrams: null }
              : target.unit === "ml" || target.unit === "l"
                ? { ...known, density: null }
                : target.unit === "EL" || target.unit === "TL"
                  ? { ...known, density: null, unitGrams: {} }
                  : { ...known, unitGrams: {} };
        const result = nutritionPerPortion(lines, new Map(facts).set(target.name, without), recipe.servings);
        expect(result.ok).toBe(false);
        expect(!result.ok && result.gaps.map((gap) => gap.name)).toContain(target.name);
      }),
    );
  });

  it("is not moved by optional lines or lines without amount, whatever their ingredients lack", () => {
    fc.assert(
      fc.property(recipes, (recipe) => {
        const { facts, lines } = build(recipe);
        const extra = [line("Fehlt", 3, "Bund", { optional: true }), line("Auch", null, null)];
        const base = nutritionPerPortion(lines, facts, recipe.servings);
        expect(nutritionPerPortion([...lines, ...extra], facts, recipe.servings)).toEqual(base);
      }),
    );
  });
});
