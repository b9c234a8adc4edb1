/** Entries and generators for the shopping list's unit tests. */
import fc from "fast-check";
import type { ShoppingEntry } from "../../app/lib/shopping-list/stored-list.ts";
import { UNITS, type Unit } from "../../catalog/recipes/units.ts";

/** An entry with sensible defaults: 1 Zwiebel for Gazpacho. */
export function entry(overrides: Partial<ShoppingEntry>): ShoppingEntry {
  return {
    recipe: "gazpacho",
    recipeName: "Gazpacho",
    name: "Zwiebel",
    plural: "Zwiebeln",
    amount: 1,
    unit: null,
    done: false,
    ...overrides,
  };
}

const RECIPES = [
  ["gazpacho", "Gazpacho"],
  ["griechischer-salat", "Griechischer Salat"],
  ["caprese-salat", "Caprese-Salat"],
  ["shakshuka", "Shakshuka"],
  ["pasta-mit-feta", "Pasta mit Feta"],
] as const;
const INGREDIENTS = [
  ["Feta", null],
  ["Ei", "Eier"],
  ["Olivenöl", null],
  ["Salz", null],
  ["Äpfel", null],
  ["Zwiebel", "Zwiebeln"],
] as const;

/** An amount as scaling makes them: quarters for spoons and counts, whole grams and millilitres, kg and l in hundredths. */
const amountIn = (unit: Unit | null) =>
  unit === "kg" || unit === "l"
    ? fc.integer({ min: 1, max: 500 }).map((hundredths) => hundredths / 100)
    : unit === "g" || unit === "ml"
      ? fc.integer({ min: 1, max: 5000 })
      : fc.integer({ min: 1, max: 80 }).map((quarters) => quarters / 4);

/** Any entry the site could have written: a recipe, an ingredient, an amount with a unit or none, ticked or not. */
export const entryArbitrary: fc.Arbitrary<ShoppingEntry> = fc
  .record({
    recipe: fc.constantFrom(...RECIPES),
    ingredient: fc.constantFrom(...INGREDIENTS),
    unit: fc.constantFrom<Unit | null | "none">(null, "none", ...UNITS),
    done: fc.boolean(),
  })
  .chain(({ recipe, ingredient, unit, done }) =>
    (unit === "none" ? fc.constant(null) : amountIn(unit)).map((amount) =>
      entry({
        recipe: recipe[0],
        recipeName: recipe[1],
        name: ingredient[0],
        plural: ingredient[1],
        amount,
        unit: unit === "none" ? null : unit,
        done,
      }),
    ),
  );

/** A list as the site keeps it: at most one entry per recipe and ingredient. */
export const entriesArbitrary = fc.uniqueArray(entryArbitrary, {
  selector: (candidate) => `${candidate.recipe}\n${candidate.name}`,
  maxLength: 30,
});
