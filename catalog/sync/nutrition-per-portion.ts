/**
 * A recipe's energy and nutrients per portion, computed from its lines and
 * its ingredients' values per 100 g, or the lines that stop it. Never an
 * estimate: a line whose grams cannot be worked out from what the ingredient
 * and the line say costs the whole recipe its nutrition, because a block
 * that left out the cream would mislead more than no block. The rules
 * (decision 0063):
 *
 * 1. Optional lines count as nothing: the recipe is cooked without them.
 * 2. Lines without an amount ("Salz", "Pfeffer, nach Geschmack") count as
 *    nothing: "to taste" has no weight, and what it adds is a pinch.
 * 3. A range ("2–3 EL", decision 0049) counts with the middle of its two
 *    ends: whichever end the cook takes, the figure is off by at most half
 *    the range.
 * 4. Grams of a line: g and kg as they are; ml and l by the ingredient's
 *    density; EL and TL by the ingredient's weight of the unit, else as
 *    15 ml and 5 ml by its density; a count line ("2 Eier") by its weight of
 *    a piece; any other unit (Zehe, Bund, Dose …) by its weight of that unit,
 *    else by the line's note when it gives one unit's weight or volume
 *    ("à 150 g", "à ca. 125 g", "à 400 ml").
 * 5. Per portion = the sum over lines of grams × value per 100 g ÷ 100,
 *    divided by the recipe's servings.
 */
import type { IngredientLine, Nutrients } from "../recipes/types.ts";
import type { Unit } from "../recipes/units.ts";
import type { IngredientFacts } from "./ingredient-facts.ts";

/** Kitchen spoons as volumes (the German and EU convention), used when an ingredient names no weight of its own. */
export const SPOON_MILLILITRES: Partial<Record<Unit, number>> = { EL: 15, TL: 5 };

/** Why a line has no grams, or no values to multiply them with. */
export type NutritionGapKind =
  /** The ingredient lacks one of the seven values per 100 g. */
  | "no-values"
  /** A count line ("2 Eier") of an ingredient without a weight of a piece. */
  | "no-piece-weight"
  /** ml or l of an ingredient without a density. */
  | "no-density"
  /** EL or TL of an ingredient with neither a weight of the spoon nor a density. */
  | "no-spoon-weight"
  /** Another unit the ingredient names no weight for, and the note gives none either. */
  | "no-unit-weight";

/** A line that stops the computation. */
export interface NutritionGap {
  /** The ingredient's name, as the line shows it. */
  name: string;
  amount: number;
  amountMax: number | null;
  unit: Unit | null;
  kind: NutritionGapKind;
}

export type NutritionResult = { ok: true; perPortion: Nutrients } | { ok: false; gaps: NutritionGap[] };

const NUTRIENT_KEYS = ["kcal", "fat", "saturates", "carbohydrate", "sugars", "protein", "salt"] as const;

const NO_FACTS: IngredientFacts = { per100g: null, density: null, pieceGrams: null, unitGrams: {} };

/** One unit's weight or volume in a line's note: "à 400 g", "à ca. 125 g", "à 0,5 l", "à 400 ml". */
const NOTE_MEASURE = /^à\s+(?:ca\.\s*)?(\d+(?:,\d+)?)\s*(g|kg|ml|l)\b/;

/** The grams of one unit a note gives, or null (no measure, or a volume without density). */
export function noteGrams(note: string | null, density: number | null): number | null {
  const match = note === null ? null : NOTE_MEASURE.exec(note.trim());
  if (!match) return null;
  const value = Number((match[1] as string).replace(",", "."));
  switch (match[2]) {
    case "g":
      return value;
    case "kg":
      return value * 1000;
    case "ml":
      return density === null ? null : value * density;
    default:
      return density === null ? null : value * 1000 * density;
  }
}

/** The amount a line counts with: its amount, or the middle of its range (rule 3). */
export function countedAmount(line: Pick<IngredientLine, "amount" | "amountMax">): number | null {
  if (line.amount === null) return null;
  return line.amountMax === null ? line.amount : (line.amount + line.amountMax) / 2;
}

/** The grams of `amount` of a line's unit (rule 4), or why there are none. */
export function gramsOf(
  amount: number,
  unit: Unit | null,
  note: string | null,
  facts: IngredientFacts,
): number | NutritionGapKind {
  switch (unit) {
    case "g":
      return amount;
    case "kg":
      return amount * 1000;
    case "ml":
    case "l":
      if (facts.density === null) return "no-density";
      return amount * (unit === "l" ? 1000 : 1) * facts.density;
    case "EL":
    case "TL": {
      const spoon = facts.unitGrams[unit];
      if (spoon !== undefined) return amount * spoon;
      if (facts.density === null) return "no-spoon-weight";
      return amount * (SPOON_MILLILITRES[unit] as number) * facts.density;
    }
    case null:
      return facts.pieceGrams === null ? "no-piece-weight" : amount * facts.pieceGrams;
    default: {
      const weight = facts.unitGrams[unit] ?? noteGrams(note, facts.density);
      return weight === null ? "no-unit-weight" : amount * weight;
    }
  }
}

/**
 * Energy and nutrients per portion of a recipe written for `servings`, unrounded, or every line that stops
 * it (in the lines' order). `facts` holds each ingredient's facts by name; an ingredient missing from it
 * knows nothing.
 */
export function nutritionPerPortion(
  lines: readonly IngredientLine[],
  facts: ReadonlyMap<string, IngredientFacts>,
  servings: number,
): NutritionResult {
  const total: Nutrients = { kcal: 0, fat: 0, saturates: 0, carbohydrate: 0, sugars: 0, protein: 0, salt: 0 };
  const gaps: NutritionGap[] = [];
  for (const line of lines) {
    const amount = countedAmount(line);
    if (line.optional || amount === null) continue; // rules 1 and 2
    const known = facts.get(line.name) ?? NO_FACTS;
    const grams = gramsOf(amount, line.unit, line.note, known);
    const kind = typeof grams === "string" ? grams : known.per100g === null ? "no-values" : null;
    if (kind !== null) {
      gaps.push({ name: line.name, amount: line.amount as number, amountMax: line.amountMax, unit: line.unit, kind });
      continue;
    }
    for (const key of NUTRIENT_KEYS) total[key] += ((grams as number) * (known.per100g as Nutrients)[key]) / 100;
  }
  if (gaps.length > 0) return { ok: false, gaps };
  const perPortion = { ...total };
  for (const key of NUTRIENT_KEYS) perPortion[key] = total[key] / servings;
  return { ok: true, perPortion };
}

/** Half away from zero to `decimals` places, without binary noise ("0.15" → 0.2, not 0.1). */
function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON) * factor) / factor;
}

/** What the catalog stores and pages print: kcal whole, salt to 0.01 g, the others to 0.1 g. */
export function roundedNutrients(values: Nutrients): Nutrients {
  return {
    kcal: round(values.kcal, 0),
    fat: round(values.fat, 1),
    saturates: round(values.saturates, 1),
    carbohydrate: round(values.carbohydrate, 1),
    sugars: round(values.sugars, 1),
    protein: round(values.protein, 1),
    salt: round(values.salt, 2),
  };
}
