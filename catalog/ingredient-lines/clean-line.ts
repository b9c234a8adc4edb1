/**
 * Spaces of every kind (tab, no-break, thin) as one plain space. Other engineers' tools paste lines from web
 * pages, where a no-break space between "200" and "g" is common.
 */
const ODD_SPACES = /[\s\u00A0\u2000-\u200B\u202F\u205F\u3000\uFEFF]+/g;

/** A list's bullet or number: "- ", "• ", "* ", "1. ", "2) ", "[ ] "; always followed by a space. */
const BULLET = /^(?:[-–—•*·▪►‣◦○●✓✔☐□]|\d{1,2}[.)]|\[[ xX]?\])\s+/;

/**
 * Chefkoch's way of writing singular and plural at once: "Zwiebel(n)", "Ei(er)", "Zehe/n". The ending is
 * dropped, so the word reads as its singular; only these endings, so "Salz/Pfeffer" stays as it is.
 */
const PLURAL_IN_PARENTHESES = /(\p{L})\((?:n|en|e|er|s|es|nen|ern)\)/gu;
const PLURAL_AFTER_SLASH = /(\p{L})\/(?:n|en|e|er|s|es)(?=[\s,;:.)]|$)/gu;

/** Chefkoch's abbreviation of "mittelgroß" ("2 m.-große Zwiebeln"), spelled out so it reads as a size. */
const MEDIUM_SIZED = /(^|\s)m\.\s?-?\s?gro(?=ß|ss)/gi;

/**
 * A line as the parser reads it: spaces made plain and single, a list bullet dropped, Chefkoch's plural
 * endings and "m.-groß" spelled out, the fraction slash ("1⁄2") made a plain one.
 */
export function cleanLine(line: string): string {
  return line
    .replace(ODD_SPACES, " ")
    .trim()
    .replace(BULLET, "")
    .replace(/\u2044/g, "/")
    .replace(PLURAL_IN_PARENTHESES, "$1")
    .replace(PLURAL_AFTER_SLASH, "$1")
    .replace(MEDIUM_SIZED, "$1mittelgro")
    .trim();
}
