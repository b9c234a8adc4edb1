/**
 * What the import's tests give the reader in place of the German ingredient-line parser
 * (catalog/ingredient-lines/), so the reading and mapping are tested on their own: a line's
 * readings are stated by the test, or taken apart plainly (amount, unit, the rest).
 */
import type { IngredientLineReading } from "../../catalog/ingredient-lines/read-line.ts";
import type { Unit } from "../../catalog/recipes/units.ts";
import type { KnownIngredientFacts } from "../../scripts/import/imported-recipe.ts";
import type { ReadLine } from "../../scripts/import/map-recipe.ts";

/** Ingredients the tests' Directus "has". */
export const KNOWN: KnownIngredientFacts[] = [
  { id: 1, name: "Zwiebel", plural: "Zwiebeln", vegetarian: true, vegan: true, confirmed: true },
  { id: 2, name: "Olivenöl", plural: null, vegetarian: true, vegan: true, confirmed: true },
  { id: 3, name: "Salz", plural: null, vegetarian: true, vegan: true, confirmed: true },
  { id: 4, name: "Tomate", plural: "Tomaten", vegetarian: true, vegan: true, confirmed: true },
  { id: 5, name: "Spaghetti", plural: null, vegetarian: true, vegan: true, confirmed: true },
  { id: 6, name: "Parmesan", plural: null, vegetarian: true, vegan: false, confirmed: true },
  { id: 7, name: "Speck", plural: null, vegetarian: false, vegan: false, confirmed: true },
  { id: 8, name: "Yuzu", plural: null, vegetarian: true, vegan: true, confirmed: false },
  { id: 9, name: "Ei", plural: "Eier", vegetarian: true, vegan: false, confirmed: true },
];

const UNITS: Record<string, Unit> = { g: "g", kg: "kg", ml: "ml", l: "l", EL: "EL", TL: "TL", Zehen: "Zehe" };

/**
 * A line reader for tests: `stated` answers given lines as written; others are "<amount> <unit>
 * <ingredient> (<note>)", known when the ingredient is one of `known` (name or plural). A line with
 * "???" cannot be read.
 */
export function standInReader(
  known: readonly KnownIngredientFacts[] = KNOWN,
  stated: Record<string, IngredientLineReading> = {},
): ReadLine & { lines: string[] } {
  const lines: string[] = [];
  const read = (line: string): IngredientLineReading => {
    lines.push(line);
    const given = Object.hasOwn(stated, line) ? stated[line] : undefined;
    if (given !== undefined) return given;
    if (line.includes("???")) return { ok: false, line, reason: "Menge nicht erkannt" };
    const match = /^(\d+(?:,\d+)?)?\s*(?:(g|kg|ml|l|EL|TL|Zehen)\s+)?([^()]+?)\s*(?:\((.*)\))?$/.exec(line);
    const rest = match?.[3] ?? line;
    const facts = known.find((entry) => entry.name === rest || entry.plural === rest);
    const note = match?.[4] ?? null;
    return {
      ok: true,
      line,
      amount: match?.[1] === undefined ? null : Number(match[1].replace(",", ".")),
      amountMax: null,
      unit: match?.[2] === undefined ? null : (UNITS[match[2]] ?? null),
      ingredient: facts?.name ?? rest,
      known: facts !== undefined,
      note: note === "optional" ? null : note,
      optional: note === "optional",
    };
  };
  return Object.assign(read, { lines });
}
