import { foldTerm } from "../search/engine/fold.ts";
import type { Token } from "./tokens.ts";

/** Numbers written as words, folded: the article "ein" in every case, and two to twelve. */
const NUMBER_WORDS = new Map<string, number>([
  ["ein", 1],
  ["eine", 1],
  ["einen", 1],
  ["einem", 1],
  ["einer", 1],
  ["eines", 1],
  ["eins", 1],
  ["zwei", 2],
  ["zweier", 2],
  ["drei", 3],
  ["dreier", 3],
  ["vier", 4],
  ["funf", 5],
  ["sechs", 6],
  ["sieben", 7],
  ["acht", 8],
  ["neun", 9],
  ["zehn", 10],
  ["elf", 11],
  ["zwolf", 12],
  ["halb", 0.5],
  ["halbe", 0.5],
  ["halber", 0.5],
  ["halbes", 0.5],
  ["halben", 0.5],
  ["anderthalb", 1.5],
  ["eineinhalb", 1.5],
  ["zweieinhalb", 2.5],
  ["dreieinhalb", 3.5],
  ["dreiviertel", 0.75],
]);

/** What "ein"/"eine" turns into when a part follows: "eine halbe Zitrone", "ein Viertel Liter". */
const PARTS_OF_ONE = new Map<string, number>([
  ["halb", 0.5],
  ["halbe", 0.5],
  ["halber", 0.5],
  ["halbes", 0.5],
  ["halben", 0.5],
  ["viertel", 0.25],
  ["dreiviertel", 0.75],
  ["achtel", 0.125],
]);

/** The value of a number word ("zwei" → 2, "halbe" → 0.5), or undefined. */
export function numberWordValue(word: string): number | undefined {
  return NUMBER_WORDS.get(foldTerm(word));
}

/**
 * The amount the tokens from `index` on spell in words ("zwei", "eine halbe", "ein Viertel"), and how
 * many tokens that took; null when they do not start with a number word.
 */
export function readNumberWords(tokens: readonly Token[], index: number): { value: number; count: number } | null {
  const first = tokens[index];
  if (first === undefined) return null;
  const value = numberWordValue(first.text);
  if (value === undefined) return null;
  const next = tokens[index + 1];
  const part = next === undefined ? undefined : PARTS_OF_ONE.get(foldTerm(next.text));
  if (value === 1 && part !== undefined) return { value: part, count: 2 };
  return { value, count: 1 };
}
