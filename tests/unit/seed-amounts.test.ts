import { describe, expect, it } from "vitest";
import {
  checkSeedAmounts,
  checkSeedUnits,
  loadSeedAmountsInput,
  type SeedAmountLine,
  type SeedAmountsInput,
  summarizeSeedAmounts,
} from "../../scripts/content/seed-amounts-check.ts";

// The seed's servings and amounts (cms/seed/amounts.json, for issue 15) as
// committed, checked against the recipes and the unit list; on failure:
// node scripts/content/seed-amounts-check.ts lists every problem.
describe("seed amounts", () => {
  const input = loadSeedAmountsInput();

  it("match the recipes, the ingredients and the unit list", () => {
    expect(checkSeedAmounts(input)).toEqual([]);
  });

  it("cover every recipe and every ingredient line once", () => {
    const summary = summarizeSeedAmounts(input.amounts);
    expect(summary.recipes).toBe(input.recipes.length);
    const ingredientLines = input.recipes.reduce(
      (sum, recipe) => sum + recipe.ingredients.length + recipe.optionalIngredients.length,
      0,
    );
    expect(summary.lines).toBe(ingredientLines);
    expect(summary.servings.reduce((sum, [, recipes]) => sum + recipes, 0)).toBe(input.recipes.length);
  });
});

/** A fresh copy of the committed seed, for one test to break. */
function copy(): SeedAmountsInput {
  return structuredClone(loadSeedAmountsInput());
}

function lineOf(input: SeedAmountsInput, slug: string, ingredient: string): SeedAmountLine {
  const line = input.amounts[slug]?.lines.find((candidate) => candidate.ingredient === ingredient);
  if (!line) throw new Error(`no line ${ingredient} in ${slug}`);
  return line;
}

// The check must find what a careless edit would do; each case breaks one thing.
describe("checkSeedAmounts", () => {
  const cases: [string, (input: SeedAmountsInput) => void, RegExp][] = [
    ["a missing recipe", (input) => delete input.amounts.shakshuka, /shakshuka: missing/],
    ["servings above 12", (input) => Object.assign(input.amounts.shakshuka ?? {}, { servings: 13 }), /servings 13/],
    [
      "an ingredient listed twice",
      (input) => input.amounts.shakshuka?.lines.splice(1, 0, { ...lineOf(input, "shakshuka", "Ei") }),
      /"Ei": listed twice/,
    ],
    ["a missing line", (input) => input.amounts.shakshuka?.lines.splice(0, 1), /shakshuka: "Ei" has no line/],
    [
      "an optional line without its flag",
      (input) => delete lineOf(input, "shakshuka", "Feta").optional,
      /"Feta": optional must be true/,
    ],
    [
      "a unit outside the list",
      (input) => Object.assign(lineOf(input, "shakshuka", "Passierte Tomaten"), { unit: "Glas", amount: 1 }),
      /unit Glas is not in units.json/,
    ],
    [
      "an amount no cook can measure",
      (input) => Object.assign(lineOf(input, "rote-linsen-suppe-mit-kokos", "Rote Linsen"), { amount: 333 }),
      /333 g is off the unit's grid/,
    ],
    [
      "half an egg",
      (input) => Object.assign(lineOf(input, "shakshuka", "Ei"), { amount: 4.5 }),
      /counted in whole pieces/,
    ],
    [
      "a plural that only repeats the name",
      (input) => Object.assign(input.ingredients.find(({ name }) => name === "Salz") ?? {}, { plural: "Salz" }),
      /ingredient Salz: plural equals the name/,
    ],
    [
      "an empty plural",
      (input) => Object.assign(input.ingredients.find(({ name }) => name === "Zwiebel") ?? {}, { plural: " " }),
      /ingredient Zwiebel: plural must be text/,
    ],
    [
      "a long note",
      (input) => Object.assign(lineOf(input, "shakshuka", "Ei"), { note: "x".repeat(41) }),
      /note longer than 40/,
    ],
    [
      "broth that disagrees with the steps",
      (input) => Object.assign(lineOf(input, "rote-linsen-suppe-mit-kokos", "Gemüsebrühe"), { amount: 700 }),
      /the steps say "800 ml Brühe"/,
    ],
    [
      "a pinch that is not one",
      (input) => Object.assign(lineOf(input, "tomatensuppe-mit-basilikum", "Zucker"), { amount: 1, unit: "TL" }),
      /the steps say "einer Prise Zucker"/,
    ],
  ];
  for (const [name, breakIt, problem] of cases) {
    it(`finds ${name}`, () => {
      const input = copy();
      breakIt(input);
      const problems = checkSeedAmounts(input);
      expect(
        problems.some((text) => problem.test(text)),
        problems.join("\n"),
      ).toBe(true);
    });
  }

  it("finds a unit that does not say whether it takes the plural", () => {
    const { units, ingredients } = copy();
    const can = units.find((unit) => unit.unit === "Dose");
    if (can) delete (can as Partial<typeof can>).takesPlural;
    expect(checkSeedUnits(units, ingredients)).toContain("unit Dose: takesPlural must be true or false");
  });

  it("finds a unit list whose steps make fractions the unit may not show", () => {
    const { units, ingredients } = copy();
    const garlic = units.find((unit) => unit.unit === "Zehe");
    if (garlic) garlic.steps = [{ from: 0, step: 0.5 }];
    expect(checkSeedUnits(units, ingredients)).toContain("unit Zehe: a whole unit has whole steps");
  });
});
