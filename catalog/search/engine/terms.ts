import { foldTerm } from "./fold.ts";

/**
 * Where text splits into words: runs of line breaks, spaces and punctuation,
 * as MiniSearch's default tokenizer split before this index replaced it
 * (decision 0018). Symbols stay inside a word ("1+1"), as do tabs.
 */
const WORD_SEPARATORS = /[\n\r\p{Z}\p{P}]+/u;

/**
 * Words that join a recipe name but say nothing about it ("Salat mit Feta",
 * "Spaghetti alla Norma"), after folding. Left out of the index and of
 * queries: they match a third of all recipes and made multi-word queries
 * slow without ranking anything better. "ohne" stays: it means something.
 */
const STOP_WORDS = new Set(
  "a al alla am an auf aus bei das dem den der des die ein eine einem einen einer fur im in la mit nach oder und vom von zum zur".split(
    " ",
  ),
);

/** A text's words as written; a separator at either end leaves an empty one there. */
export function splitWords(text: string): string[] {
  return text.split(WORD_SEPARATORS);
}

/** The term the index stores for a word: folded ("Spätzle" → "spatzle"); null for a stop word or nothing. */
function termOf(word: string): string | null {
  const term = foldTerm(word);
  return term === "" || STOP_WORDS.has(term) ? null : term;
}

/**
 * The terms of a text as the search index stores and looks them up, in the
 * order they appear (repeats kept). Used for recipe fields and queries alike.
 */
export function searchTerms(text: string): string[] {
  return termsOf(splitWords(text));
}

/** The terms of words `splitWords` gave: for the index, which also counts the words themselves. */
export function termsOf(words: readonly string[]): string[] {
  const terms: string[] = [];
  for (const word of words) {
    const term = termOf(word);
    if (term !== null) terms.push(term);
  }
  return terms;
}
