import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { IngredientLine } from "../../catalog/recipes/types.ts";
import type { Unit } from "../../catalog/recipes/units.ts";
import { ingredientFacts } from "../../catalog/sync/ingredient-facts.ts";
import { nutritionPerPortion } from "../../catalog/sync/nutrition-per-portion.ts";
import { nutritionFields, type SeedNutrition } from "../../scripts/cms/seed.ts";

// cms/seed/nutrition.json as committed: every seed ingredient has sensible values, and every seed recipe gets
// nutrition per portion from them by the sync's own rules (issue 45's goal: all of them).

const SEED = join(import.meta.dirname, "../../cms/seed");
const read = <T>(file: string): T => JSON.parse(readFileSync(join(SEED, file), "utf8")) as T;

interface SeedLine {
  ingredient: string;
  amount: number | null;
  unit: Unit | null;
  note: string | null;
  optional?: boolean;
}

const ingredients = read<{ name: string }[]>("ingredients.json");
const nutrition = read<Record<string, SeedNutrition>>("nutrition.json");
const amounts = read<Record<string, { servings: number; lines: SeedLine[] }>>("amounts.json");

/** The facts as the sync reads them: the seed's fields as Directus stores them, through the sync's reader. */
const facts = new Map(
  Object.entries(nutrition).map(([name, entry]) => [name, ingredientFacts({ name, ...nutritionFields(entry) })]),
);

function lineOf(line: SeedLine): IngredientLine {
  return {
    name: line.ingredient,
    plural: null,
    wholePieces: false,
    amount: line.amount,
    amountMax: null,
    unit: line.unit,
    note: line.note,
    optional: line.optional === true,
  };
}

describe("the seed's nutrition", () => {
  it("has an entry for every seed ingredient and for nothing else, each naming its reference food", () => {
    expect(Object.keys(nutrition).sort()).toEqual(ingredients.map((ingredient) => ingredient.name).sort());
    for (const entry of Object.values(nutrition)) expect(entry.reference.trim()).not.toBe("");
  });

  it("gives values per 100 g the sync accepts (in range, parts no larger than their whole)", () => {
    const refused = [...facts].filter(([, known]) => known.per100g === null).map(([name]) => name);
    expect(refused).toEqual([]);
  });

  it("names only units a line can use, with weights the sync accepts", () => {
    for (const [name, entry] of Object.entries(nutrition)) {
      const known = facts.get(name);
      expect(Object.keys(known?.unitGrams ?? {}), name).toEqual(Object.keys(entry.unitGrams ?? {}));
      if (entry.density !== undefined) expect(known?.density, name).toBe(entry.density);
      if (entry.pieceGrams !== undefined) expect(known?.pieceGrams, name).toBe(entry.pieceGrams);
    }
  });

  it("gives every seed recipe nutrition per portion, of a plausible size", () => {
    const without: string[] = [];
    for (const [slug, recipe] of Object.entries(amounts)) {
      const result = nutritionPerPortion(recipe.lines.map(lineOf), facts, recipe.servings);
      if (!result.ok) {
        without.push(`${slug}: ${result.gaps.map((gap) => `${gap.name} ${gap.kind}`).join(", ")}`);
        continue;
      }
      // A quick dish per portion: more than a side salad's worth, less than a day's energy.
      expect(result.perPortion.kcal, slug).toBeGreaterThan(80);
      expect(result.perPortion.kcal, slug).toBeLessThan(1500);
      expect(result.perPortion.salt, slug).toBeLessThan(8);
    }
    expect(without).toEqual([]);
  });
});
