/**
 * Scaling an ingredient line to other servings (issue 15), by the rules of cms/seed/README.md,
 * "Scaling a line to other servings": multiply, round to the unit's grid, never below its smallest
 * amount, and write 1000 g and more in kg.
 *
 * Every step amount (¼, ½, 1, 5, 25, 50) is an integer or a binary fraction, so a rounded amount is
 * `integer × step` and exact in floating point: no "0,30000000000000004" reaches the page. A seed
 * amount is on its grid already, so the recipe's own servings give back exactly what was written.
 */
import type { IngredientLine } from "../../../../catalog/recipes/types.ts";
import { MAX_SERVINGS, MIN_SERVINGS, type Unit } from "../../../../catalog/recipes/units.ts";
import { type GridUnitRule, UNIT_RULES, type UnitStep, unitRule } from "./unit-rules.ts";

export interface ScaledAmount {
  /** Null exactly when the line has no amount ("Salz"). */
  amount: number | null;
  unit: Unit | null;
}

/** What scaling reads from a line; the rest (name, note) never changes. */
export type ScalableLine = Pick<IngredientLine, "amount" | "unit" | "wholePieces">;

/**
 * Room for the error of one multiplication and one division, so that a value meant to sit exactly
 * on a band's start or on a half step is treated as being there. Far below any step (¼ at least).
 */
const EPSILON = 1e-9;

/**
 * The line's amount for `toServings` instead of `fromServings`, on its unit's grid. Also applied
 * when the servings are equal, so an amount the CMS holds off the grid (333 g, 0,5 kg) prints the
 * same way as a scaled one ("325 g", "500 g"); seed amounts are on the grid and stay as written.
 *
 * Throws a RangeError for servings outside 1–12 or an amount that is not positive: the sync lets
 * neither into the catalog, and parseServingsParam (servings-param.ts) gives the page nothing else.
 */
export function scaleAmount(line: ScalableLine, fromServings: number, toServings: number): ScaledAmount {
  checkServings(fromServings);
  checkServings(toServings);
  if (line.amount === null) return { amount: null, unit: line.unit };
  if (!Number.isFinite(line.amount) || line.amount <= 0) {
    throw new RangeError(`An ingredient amount must be a positive number, got ${line.amount}`);
  }
  const rule = unitRule(line.unit);
  // kg and l are scaled as g and ml, so that 0,75 kg for 4 gives 375 g for 2, not "0,38 kg".
  const grid: GridUnitRule = "base" in rule ? UNIT_RULES[rule.base.unit] : rule;
  const inBase = "base" in rule ? line.amount * rule.base.factor : line.amount;
  // Multiply first: a binary-fraction amount times a small integer is exact, so only the division rounds.
  const value = (inBase * toServings) / fromServings;

  let amount: number;
  if (grid.unit === null && line.wholePieces) {
    // Ei, Burgerbrötchen: straight to whole pieces, not via the half grid (1,3 eggs are 1, not 1,5 → 2).
    amount = Math.max(1, roundHalfUp(value, 1));
  } else {
    // Whole units need nothing more: their steps are whole and their min is 1 (the seed check says so).
    amount = Math.max(grid.min, roundHalfUp(value, bandOf(grid.steps, value).step));
  }

  if (grid.larger && amount >= grid.larger.from) {
    // A multiple of 50 g has at most two decimals in kg; the division gives the double nearest to them.
    return { amount: amount / UNIT_RULES[grid.larger.unit].base.factor, unit: grid.larger.unit };
  }
  return { amount, unit: grid.unit };
}

/** The band a value falls in: the last whose `from` is at most the value. */
function bandOf(steps: readonly UnitStep[], value: number): UnitStep {
  let band = steps[0];
  for (const candidate of steps) if (candidate.from <= value + EPSILON) band = candidate;
  if (!band) throw new Error("A unit rule has no steps");
  return band;
}

/** The nearest multiple of `step`, halves up. */
function roundHalfUp(value: number, step: number): number {
  return Math.floor(value / step + 0.5 + EPSILON) * step;
}

function checkServings(servings: number): void {
  if (!Number.isInteger(servings) || servings < MIN_SERVINGS || servings > MAX_SERVINGS) {
    throw new RangeError(`Servings must be a whole number from ${MIN_SERVINGS} to ${MAX_SERVINGS}, got ${servings}`);
  }
}
