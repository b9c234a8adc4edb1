import { foldTerm } from "../search/engine/fold.ts";

/**
 * The key two spellings of one ingredient share: without anything but letters and digits, so
 * "Balsamico-Essig", "Balsamico Essig" and "Balsamicoessig" are one name, then folded as the search
 * folds (lower case, "ä" and "ae" to "a", "ß" to "ss", accents dropped: "Crème fraîche" = "Creme
 * Fraiche"). Separators go first: folded first, "Balsamico-Essig" would keep its "o-e" that
 * "Balsamicoessig" loses to the fold of "oe".
 */
export function matchKey(words: string): string {
  return foldTerm(words.replace(/[^\p{L}\p{N}]/gu, ""));
}
