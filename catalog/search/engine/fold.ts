/**
 * German spelling folding, shared by the search index (server) and the
 * ingredient filter (browser). A module of its own so the browser bundle
 * does not pull in the search index.
 */

const FOLDS: [RegExp, string][] = [
  [/ä|ae/g, "a"],
  [/ö|oe/g, "o"],
  [/ü|ue/g, "u"],
  [/ß/g, "ss"],
];

/**
 * Lower-cases and folds German spellings so that "Spätzle", "Spaetzle" and
 * "spatzle" are one term; other diacritics are stripped ("crème" → "creme").
 */
export function foldTerm(term: string): string {
  let folded = term.toLowerCase();
  for (const [pattern, replacement] of FOLDS) folded = folded.replace(pattern, replacement);
  return folded.normalize("NFKD").replace(/\p{M}/gu, "");
}
