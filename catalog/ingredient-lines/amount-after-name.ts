import type { Unit } from "../recipes/units.ts";
import { readAmount } from "./read-amount.ts";
import { scaled } from "./read-quantity.ts";
import { unitOfWord } from "./unit-spellings.ts";

/**
 * An amount, and perhaps a unit, that is all a text holds: lines that put them after the name
 * ("Mehl 200 g", "Zucker: 100 g", "Eier, 3"). Null when the text holds anything else ("Type 405",
 * "3,5 % Fett"), so a note with a number in it stays a note.
 */
export function readAmountAfterName(
  text: string,
): { amount: number; amountMax: number | null; unit: Unit | null } | null {
  const trimmed = text.trim();
  const read = readAmount(trimmed);
  if (read === null) return null;
  const rest = trimmed.slice(read.length).trim();
  if (rest === "") return { amount: read.amount, amountMax: read.amountMax, unit: null };
  const unit = unitOfWord(rest);
  if (unit === undefined) return null;
  return {
    amount: scaled(read.amount, unit.factor),
    amountMax: read.amountMax === null ? null : scaled(read.amountMax, unit.factor),
    unit: unit.unit,
  };
}
