/**
 * Nutrition per portion as the recipe page prints it, in the EU label's order and words (regulation
 * 1169/2011, annex XV), German number format: "834 kcal", "43,8 g", "0,65 g". Values come rounded from the
 * catalog (decision 0063); this only writes them.
 */
import type { Nutrients } from "../../../catalog/recipes/types.ts";
import { germanNumber } from "./german-number.ts";

export interface NutritionRow {
  /** The label's word: "Fett", "davon gesättigte Fettsäuren". */
  label: string;
  /** The value with its unit, as printed. */
  value: string;
  /** A part of the row before ("davon …"): indented under it. */
  part: boolean;
}

/** The rows of the "Nährwerte pro Portion" block, energy first. */
export function nutritionRows(nutrition: Nutrients): NutritionRow[] {
  // Energy whole, grams to one decimal, salt to two; written without Intl (german-number.ts says why).
  const grams = (value: number, decimals = 1) => `${germanNumber(value, decimals)}\u00a0g`;
  return [
    { label: "Energie", value: `${germanNumber(nutrition.kcal)}\u00a0kcal`, part: false },
    { label: "Fett", value: grams(nutrition.fat), part: false },
    { label: "davon gesättigte Fettsäuren", value: grams(nutrition.saturates), part: true },
    { label: "Kohlenhydrate", value: grams(nutrition.carbohydrate), part: false },
    { label: "davon Zucker", value: grams(nutrition.sugars), part: true },
    { label: "Eiweiß", value: grams(nutrition.protein), part: false },
    { label: "Salz", value: grams(nutrition.salt, 2), part: false },
  ];
}
