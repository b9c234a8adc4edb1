/**
 * Reads what an ingredient says about its weight and nutrients, as Directus
 * returns it through a recipe's lines (`ingredients.ingredient_id.*`): the
 * values per 100 g, the density and the grams of a piece or of a unit. A
 * value that is missing or out of range is left out here, never repaired;
 * the computation (nutrition-per-portion.ts) then says what is missing.
 */
import type { Nutrients } from "../recipes/types.ts";
import { UNITS, type Unit } from "../recipes/units.ts";

/** What a line's ingredient brings to the computation. */
export interface IngredientFacts {
  /** Per 100 g; null when any of the seven is missing or out of range. */
  per100g: Nutrients | null;
  /** Grams per millilitre, for ml, l, EL and TL. */
  density: number | null;
  /** Grams of one piece, for a line that counts the thing itself ("2 Eier"). */
  pieceGrams: number | null;
  /** Grams of one unit that is not a weight or a volume ("Zehe", "Dose"); EL and TL here win over the density. */
  unitGrams: Partial<Record<Unit, number>>;
}

/** The ingredient fields, in Directus' names, that the computation reads (directus-source.ts reads them per line). */
export const INGREDIENT_FACT_FIELDS = [
  "kcal",
  "fat",
  "saturates",
  "carbohydrate",
  "sugars",
  "protein",
  "salt",
  "density",
  "piece_grams",
  "unit_grams",
] as const;

/** Upper bounds per 100 g: pure fat has about 900 kcal, and no nutrient weighs more than the food. */
const PER_100_G_MAX: Nutrients = {
  kcal: 900,
  fat: 100,
  saturates: 100,
  carbohydrate: 100,
  sugars: 100,
  protein: 100,
  salt: 100,
};

const NUTRIENT_KEYS = Object.keys(PER_100_G_MAX) as (keyof Nutrients)[];

/** Units whose grams are fixed by the unit itself, so an ingredient never names them. */
const WEIGHTS_AND_VOLUMES: readonly Unit[] = ["g", "kg", "ml", "l"];

/** A finite number within the bounds, or null. Directus returns floats as numbers; strings are not guessed at. */
function bounded(value: unknown, min: number, max: number, { exclusiveMin = false } = {}): number | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  if (value > max || value < min || (exclusiveMin && value === min)) return null;
  return value;
}

/** The seven values per 100 g, or null unless all seven are there and sensible (parts no larger than their whole). */
function per100g(ingredient: Record<string, unknown>): Nutrients | null {
  const values = {} as Nutrients;
  for (const key of NUTRIENT_KEYS) {
    const value = bounded(ingredient[key], 0, PER_100_G_MAX[key]);
    if (value === null) return null;
    values[key] = value;
  }
  if (values.saturates > values.fat || values.sugars > values.carbohydrate) return null;
  return values;
}

/** `unit_grams` as the Data Studio's list stores it: `[{ unit, grams }]`; unknown units and bad weights are left out. */
function unitGrams(value: unknown): Partial<Record<Unit, number>> {
  const weights: Partial<Record<Unit, number>> = {};
  if (!Array.isArray(value)) return weights;
  for (const entry of value) {
    const { unit, grams } = (entry ?? {}) as { unit?: unknown; grams?: unknown };
    if (!UNITS.includes(unit as Unit) || WEIGHTS_AND_VOLUMES.includes(unit as Unit)) continue;
    const weight = bounded(grams, 0, 100_000, { exclusiveMin: true });
    // The first entry of a unit wins, as the first line of an ingredient does in a recipe.
    if (weight !== null && weights[unit as Unit] === undefined) weights[unit as Unit] = weight;
  }
  return weights;
}

/** The facts of one ingredient as a recipe's line embeds it (null or not an object: nothing known). */
export function ingredientFacts(ingredient: unknown): IngredientFacts {
  const record = (ingredient && typeof ingredient === "object" ? ingredient : {}) as Record<string, unknown>;
  return {
    per100g: per100g(record),
    density: bounded(record.density, 0, 3, { exclusiveMin: true }),
    pieceGrams: bounded(record.piece_grams, 0, 100_000, { exclusiveMin: true }),
    unitGrams: unitGrams(record.unit_grams),
  };
}

/**
 * The facts of every ingredient a list of junction rows names (`[{ ingredient_id: { name, … } }]`), by
 * trimmed name; the first row of a name wins, as it does for the lines (validate.ts).
 */
export function factsByName(rows: unknown): Map<string, IngredientFacts> {
  const facts = new Map<string, IngredientFacts>();
  if (!Array.isArray(rows)) return facts;
  for (const row of rows) {
    const ingredient = (row as { ingredient_id?: unknown } | null)?.ingredient_id as { name?: unknown } | null;
    const name = typeof ingredient?.name === "string" ? ingredient.name.trim() : "";
    if (name !== "" && !facts.has(name)) facts.set(name, ingredientFacts(ingredient));
  }
  return facts;
}
