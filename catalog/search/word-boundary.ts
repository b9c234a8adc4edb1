/**
 * Where a word of a lower-case recipe name starts and ends, as the name
 * search ranks its matches (whole word, word start, inside): a word is a run
 * of letters and digits, in any script.
 */

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Per UTF-16 code unit past ASCII: 0 not known yet, 1 a boundary, 2 part of a word. Filled as codes come. */
const KNOWN = new Uint8Array(0x10000);

/** Whether the UTF-16 code unit `code` ends or starts a word; NaN (outside a text) counts as one. */
export function isBoundaryCode(code: number): boolean {
  if (Number.isNaN(code)) return true;
  // Lower-case ASCII letters and digits are the common case, decided without the Unicode regex.
  if (code < 128) return !((code >= 48 && code <= 57) || (code >= 97 && code <= 122));
  let known = KNOWN[code] ?? 0;
  if (known === 0) {
    known = LETTER_OR_DIGIT.test(String.fromCharCode(code)) ? 2 : 1;
    KNOWN[code] = known;
  }
  return known === 1;
}

/** Whether the character at `index` of lower-case `text` ends or starts a word; outside the text counts as one. */
export function isWordBoundary(text: string, index: number): boolean {
  return isBoundaryCode(text.charCodeAt(index));
}
