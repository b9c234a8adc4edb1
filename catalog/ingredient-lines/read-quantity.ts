import type { Unit } from "../recipes/units.ts";
import type { NotePart } from "./note-parts.ts";
import { approximationNote, isOptionalMarker, vagueQuantity } from "./note-words.ts";
import { numberWordValue, readNumberWords } from "./number-words.ts";
import { isOtherMeasure } from "./other-measures.ts";
import { readPartOf } from "./part-of-phrase.ts";
import { readAmount, readRangeEnd, startsWithNumber } from "./read-amount.ts";
import { readMeasure } from "./read-measure.ts";
import { type Token, tokensOf, wordsOf } from "./tokens.ts";
import { unitOfWord } from "./unit-spellings.ts";

/** What stands before the ingredient's name: how much, in which unit, and the notes on it. */
export interface Quantity {
  amount: number | null;
  amountMax: number | null;
  unit: Unit | null;
  /** Whether a measure was read (a site unit or another): then a compound is not split again. */
  measured: boolean;
  notes: NotePart[];
  optional: boolean;
  /** The words left for the name. */
  rest: Token[];
}

/** Whether a word is a unit or another measure ("Dose", "Glas"). */
function isMeasureWord(word: string): boolean {
  return unitOfWord(word) !== undefined || isOtherMeasure(word);
}

/** An amount times a unit's factor (cl → ml), without the float noise of 0.3 × 10. */
export function scaled(amount: number, factor: number): number {
  return factor === 1 ? amount : Math.round(amount * factor * 1e6) / 1e6;
}

/** The amount in words from `index` ("zwei", "eine halbe", "zwei bis drei") and where the rest starts. */
function readSpelledAmount(
  tokens: readonly Token[],
  index: number,
): { amount: number; amountMax: number | null; next: number } | null {
  const spelled = readNumberWords(tokens, index);
  // A number word with nothing after it ("Eine") is no amount of anything.
  if (spelled === null || index + spelled.count >= tokens.length) return null;
  const next = index + spelled.count;
  const upper = tokens[next + 1]?.text ?? "";
  const upperValue = numberWordValue(upper) ?? readAmount(upper)?.amount;
  if (/^(?:bis|-|–)$/.test(tokens[next]?.text ?? "") && upperValue !== undefined) {
    return { amount: spelled.value, amountMax: upperValue, next: next + 2 };
  }
  return { amount: spelled.value, amountMax: null, next };
}

/**
 * Reads the words before the name in the main part of a line: "evtl."/"optional", "Saft von",
 * "ca."/"knapp", the amount (digits, words, or "etwas"/"ein paar" without one), sizing words and the
 * unit or other measure, a range's end after the unit ("200 g - 250 g") and the size of each
 * ("à 400 g").
 */
export function readQuantity(main: string): Quantity {
  const notes: NotePart[] = [];
  let optional = false;
  let tokens = tokensOf(main);
  let index = 0;
  while (index < tokens.length && isOptionalMarker(tokens[index]?.text ?? "")) {
    optional = true;
    index++;
  }
  const partOf = readPartOf(tokens, index);
  if (partOf !== null) {
    notes.push({ at: tokens[index]?.at ?? 0, text: partOf.note });
    index = partOf.next;
  }
  const about = approximationNote(tokens[index]?.text ?? "");
  const afterAbout = tokens[index + 1]?.text ?? "";
  if (about !== undefined && (startsWithNumber(afterAbout) || numberWordValue(afterAbout) !== undefined)) {
    notes.push({ at: tokens[index]?.at ?? 0, text: about });
    index++;
  }

  let amount: number | null = null;
  let amountMax: number | null = null;
  const measureWords: string[] = [];
  const measureAt = tokens[index]?.at ?? main.length;
  const digits = readAmount(main.slice(measureAt));
  const vague = digits === null ? vagueQuantity(tokens[index]?.text ?? "", tokens[index + 1]?.text) : undefined;
  const spelled = digits === null && vague === undefined ? readSpelledAmount(tokens, index) : null;
  if (digits !== null) {
    ({ amount, amountMax } = digits);
    tokens = tokensOf(main, measureAt + digits.length);
    index = 0;
  } else if (vague !== undefined) {
    measureWords.push(vague.note);
    index += vague.count;
  } else if (spelled !== null) {
    ({ amount, amountMax } = spelled);
    index = spelled.next;
  }

  let unit: Unit | null = null;
  const measure = readMeasure(tokens, index);
  index = measure.next;
  measureWords.push(...measure.sizes);
  if (measure.unit !== null && measure.unitToken !== null) {
    const { factor } = measure.unit;
    // A singular unit word alone means one of it: "Prise Salz".
    if (amount === null && measure.unit.countsOne) amount = 1;
    if (amount === null) {
      measureWords.push(measure.unitToken.text);
    } else {
      unit = measure.unit.unit;
      amount = scaled(amount, factor);
      amountMax = amountMax === null ? null : scaled(amountMax, factor);
      // "200 g - 250 g": the range's end after the unit, with the unit again.
      const unitEnd = measure.unitToken.at + measure.unitToken.text.length;
      const rangeEnd = amountMax === null ? readRangeEnd(main.slice(unitEnd)) : null;
      const again = rangeEnd === null ? [] : tokensOf(main, unitEnd + rangeEnd.length);
      if (rangeEnd !== null && again[0] !== undefined && unitOfWord(again[0].text)?.unit === unit) {
        amountMax = scaled(rangeEnd.value, factor);
        tokens = again;
        index = 1;
      }
    }
  }
  if (measure.other !== null) measureWords.push(measure.other);
  // "400 g Dose Tomaten": a second measure after the unit says what the amount comes in.
  const container = tokens[index];
  if (unit !== null && container !== undefined && index + 1 < tokens.length && isMeasureWord(container.text)) {
    measureWords.push(container.text);
    index++;
  }
  if (measureWords.length > 0) notes.push({ at: measureAt, text: measureWords.join(" ") });

  // "2 Dosen à 400 g Tomaten", "2 x 200 g Lachsfilet": the size of each goes into the note, as "à …".
  const each = tokens[index];
  if (each !== undefined && /^(?:à|a|je|x|×)$/i.test(each.text) && startsWithNumber(tokens[index + 1]?.text ?? "")) {
    let end = index + 2;
    const after = tokens[end];
    if (after !== undefined && isMeasureWord(after.text)) end++;
    const size = wordsOf(tokens.slice(index + 1, end));
    notes.push({ at: each.at, text: /^(?:x|×)$/i.test(each.text) ? `à ${size}` : `${each.text} ${size}` });
    index = end;
  }
  const measured = measure.unit !== null || measure.other !== null;
  return { amount, amountMax, unit, measured, notes, optional, rest: tokens.slice(index) };
}
