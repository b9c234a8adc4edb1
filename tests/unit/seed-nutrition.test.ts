import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ingredientFacts } from "../../catalog/sync/ingredient-facts.ts";
import { nutritionFields, type SeedNutrition } from "../../scripts/cms/seed.ts";

// cms/seed/nutrition.json as committed: every seed ingredient has values the sync accepts.

const SEED = join(import.meta.dirname, "../../cms/seed");
const read = <T>(file: string): T => JSON.parse(readFileSync(join(SEED, file), "utf8")) as T;

const ingredients = read<{ name: string }[]>("ingredients.json");
const nutrition = read<Record<string, SeedNutrition>>("nutrition.json");

/** The facts as the sync reads them: the seed's fields as Directus stores them, through the sync's reader. */
const facts = new Map(
  Object.entries(nutrition).map(([name, entry]) => [name, ingredientFacts({ name, ...nutritionFields(entry) })]),
);

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
});
