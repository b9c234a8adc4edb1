import { measureSizeNote } from "./note-words.ts";
import { isOtherMeasure } from "./other-measures.ts";
import type { Token } from "./tokens.ts";
import { type UnitWord, unitOfTwoWords, unitOfWord } from "./unit-spellings.ts";

/** A unit or other measure read after the amount, and where the words after it start. */
export interface Measure {
  /** Notes of the words sizing it ("gehäuft", "große"). */
  sizes: string[];
  unit: UnitWord | null;
  /** The token the unit was written as: for the note when there is no amount, and for a range after it. */
  unitToken: Token | null;
  /** A measure that is not a site unit, as written ("Tassen"). */
  other: string | null;
  next: number;
}

/** The site unit at `index`, one word or two ("Hand voll"), and how many tokens it took. */
function unitAt(tokens: readonly Token[], index: number): { unit: UnitWord; count: number } | null {
  const word = tokens[index];
  if (word === undefined) return null;
  const one = unitOfWord(word.text);
  if (one !== undefined) return { unit: one, count: 1 };
  const next = tokens[index + 1];
  const two = next === undefined ? undefined : unitOfTwoWords(word.text, next.text);
  return two === undefined ? null : { unit: two, count: 2 };
}

/**
 * The measure from `index` on: sizing words ("gehäufter", "gr.", "große"), then a site unit or another
 * measure ("Tasse"). Sizing words not followed by a measure describe the ingredient ("2 große Tomaten")
 * and are left to the name; "gr." alone after an amount is then Gramm.
 */
export function readMeasure(tokens: readonly Token[], index: number): Measure {
  let next = index;
  const sizes: string[] = [];
  for (let size = measureSizeNote(tokens[next]?.text ?? ""); size !== undefined; ) {
    sizes.push(size);
    next++;
    size = measureSizeNote(tokens[next]?.text ?? "");
  }
  const tries: [number, string[]][] = [
    [next, sizes],
    [index, []],
  ];
  for (const [from, sized] of tries) {
    const unit = unitAt(tokens, from);
    if (unit !== null) {
      return { sizes: sized, unit: unit.unit, unitToken: tokens[from] ?? null, other: null, next: from + unit.count };
    }
    const other = tokens[from];
    if (other !== undefined && isOtherMeasure(other.text)) {
      return { sizes: sized, unit: null, unitToken: null, other: other.text, next: from + 1 };
    }
  }
  return { sizes: [], unit: null, unitToken: null, other: null, next: index };
}
