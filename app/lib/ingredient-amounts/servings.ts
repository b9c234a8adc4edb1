/**
 * The servings a visitor asks for on a recipe page (`?portionen=3`, issue 15).
 *
 * Only the canonical form of each value counts: "1" to "12", plain digits without sign, leading
 * zero, space or decimals. So each number of servings has exactly one address, as pages do with
 * `?seite=` (pagination.ts): "04", "+4", " 4", "4.0" and "13" are not read as something close,
 * the page shows the recipe's own servings instead (and may send the visitor to the clean address).
 */
import { MAX_SERVINGS, MIN_SERVINGS } from "../catalog/units.ts";

/** A whole number as written canonically: digits, the first not 0; two are enough for 1–12. */
const CANONICAL_NUMBER = /^[1-9]\d?$/;

/**
 * The wanted servings: `fallback` (the recipe's own) when the parameter is absent (`raw` null),
 * the number when `raw` is "1" … "12", otherwise null: invalid, including the empty value of
 * `?portionen=`. Never throws; a `fallback` outside 1–12 gives null too.
 */
export function parseServings(raw: string | null, fallback: number): number | null {
  if (raw === null) return isServings(fallback) ? fallback : null;
  if (!CANONICAL_NUMBER.test(raw)) return null;
  const servings = Number(raw);
  return isServings(servings) ? servings : null;
}

function isServings(value: number): boolean {
  return Number.isInteger(value) && value >= MIN_SERVINGS && value <= MAX_SERVINGS;
}
