import type { Unit } from "../recipes/units.ts";
import { foldTerm } from "../search/engine/fold.ts";

/** A word read as one of the site's units. */
export interface UnitWord {
  unit: Unit;
  /** What the amount is multiplied by: 10 for cl, 100 for dl (both become ml); else 1. */
  factor: number;
  /** A singular spelling of a counted unit: without an amount it means one ("Prise Salz" = 1 Prise). */
  countsOne: boolean;
}

/** Spellings, folded (lower case, umlauts and ß folded) and without their final dot. */
interface Spellings {
  unit: Unit;
  factor?: number;
  /** Spellings that may stand for one ("EL", "Esslöffel", "Zehe"). */
  singular?: string[];
  /** Spellings that are plural only ("Zehen", "Esslöffeln"), or of a measured unit ("g", "Liter"). */
  other?: string[];
}

const SPELLINGS: readonly Spellings[] = [
  { unit: "g", other: ["g", "gr", "gramm", "grm"] },
  { unit: "kg", other: ["kg", "kilo", "kilos", "kilogramm"] },
  { unit: "ml", other: ["ml", "milliliter", "millilitern"] },
  { unit: "ml", factor: 10, other: ["cl", "zentiliter", "centiliter"] },
  { unit: "ml", factor: 100, other: ["dl", "deziliter"] },
  { unit: "l", other: ["l", "liter", "litern", "ltr", "lt"] },
  { unit: "EL", singular: ["el", "essl", "essloffel"], other: ["essloffeln"] },
  { unit: "TL", singular: ["tl", "teel", "teeloffel"], other: ["teeloffeln"] },
  { unit: "Prise", singular: ["prise", "pr"], other: ["prisen"] },
  { unit: "Msp.", singular: ["msp", "mspr", "messerspitze"], other: ["messerspitzen"] },
  { unit: "Stück", singular: ["stuck", "stk", "stck", "st"], other: ["stucke"] },
  { unit: "Zehe", singular: ["zehe"], other: ["zehen"] },
  { unit: "Bund", singular: ["bund", "bd"], other: ["bunde", "bde"] },
  { unit: "Dose", singular: ["dose", "ds"], other: ["dosen"] },
  { unit: "Becher", singular: ["becher"], other: ["bechern"] },
  {
    unit: "Packung",
    singular: ["packung", "pck", "pckg", "pkg", "packg", "pack", "pkt", "packchen"],
    other: ["packungen"],
  },
  { unit: "Scheibe", singular: ["scheibe", "scheibchen"], other: ["scheiben"] },
  { unit: "Handvoll", singular: ["handvoll"], other: [] },
  { unit: "Zweig", singular: ["zweig", "zweiglein", "zweigchen"], other: ["zweige", "zweigen"] },
  { unit: "Stange", singular: ["stange"], other: ["stangen"] },
];

const UNIT_WORDS = new Map<string, UnitWord>();
for (const { unit, factor = 1, singular = [], other = [] } of SPELLINGS) {
  for (const spelling of singular) UNIT_WORDS.set(spelling, { unit, factor, countsOne: true });
  for (const spelling of other) UNIT_WORDS.set(spelling, { unit, factor, countsOne: false });
}

/** A word's form for the tables of unit and measure words: folded, without its final dots. */
export function unitKey(word: string): string {
  return foldTerm(word).replace(/\.+$/, "");
}

/**
 * The site unit a word spells in any case, with or without its dot ("EL", "El", "Eßl.", "Esslöffel",
 * "Pck.", "Päckchen", "cl"), or undefined. "Hand voll" is two words: see `unitOfTwoWords`.
 */
export function unitOfWord(word: string): UnitWord | undefined {
  return UNIT_WORDS.get(unitKey(word));
}

/** The unit two words spell together ("Hand voll", "Hände voll"), or undefined. */
export function unitOfTwoWords(first: string, second: string): UnitWord | undefined {
  const hand = unitKey(first);
  if ((hand === "hand" || hand === "hande") && unitKey(second) === "voll") {
    return { unit: "Handvoll", factor: 1, countsOne: hand === "hand" };
  }
  return undefined;
}
