/**
 * German name order as a key that compares byte for byte: two names are in
 * the order of their keys, as text in JavaScript (`<`) and in SQLite
 * (BINARY), so the coordinator can order recipes in its SQLite instead of
 * in memory (docs/decisions/0052). It is the one definition of name order
 * in a version: the stored order and each recipe's place in name order
 * (stored-catalog.ts) both sort by it, so writer and readers agree.
 *
 * It orders as `new Intl.Collator("de")` does (the Unicode collation of the
 * root locale, which German uses unchanged) for names of German letters,
 * umlauts, ß, accented Latin letters, digits, spaces and the punctuation
 * names use: three levels, compared one after the other over the whole
 * name, as the Unicode Collation Algorithm does:
 *
 * 1. base characters: space and punctuation before digits before letters
 *    (not ignored: "Apfel Tarte" before "Apfelkuchen");
 * 2. accents: "Apfel" before "Äpfel", "ss" before "ß";
 * 3. case: "apfel" before "Apfel".
 *
 * Accented letters are read decomposed (NFD): the letter, then its accent.
 * A character outside these sorts after every letter by its code point: an
 * order of its own, but one that never changes.
 */

/** Characters of the same base, in order; within a group they differ in accent, or in case. */
const BASE_ORDER: readonly string[] = [
  " ",
  "_",
  "-",
  "–",
  "—",
  ",",
  ";",
  ":",
  "!",
  "?",
  ".",
  "·",
  "'‘’‚",
  '"“”„',
  "«",
  "»",
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  "§",
  "@",
  "*",
  "/",
  "\\",
  "&",
  "#",
  "%",
  "`",
  "^",
  "°",
  "+",
  "<",
  "=",
  ">",
  "|",
  "~",
  "$",
  "€",
  ..."0123456789",
  ..."abcdefghijklmnopqrstuvwxyz",
];

/** Accents (combining marks, after NFD) in the order of their second-level weight. */
const ACCENT_ORDER = [0x301, 0x300, 0x306, 0x302, 0x30c, 0x30a, 0x308, 0x30b, 0x303, 0x307, 0x327, 0x328, 0x304];

/**
 * Weights, each written as one character: the levels are separated by
 * LEVEL_END, which is below every weight, so a key whose level ends first
 * sorts first ("Tee" before "Teekuchen").
 */
const LEVEL_END = "\u0001";
/** Second level: a character's own, the variants of quotation marks, accents, and the ß's. */
const SECONDARY_COMMON = 0x20;
const SECONDARY_ACCENTS = 0x30;
const SECONDARY_SHARP_S = 0x60;
/** Third level: lower case, the ß and the ellipsis (written differently), upper case. */
const TERTIARY_LOWER = 0x20;
const TERTIARY_VARIANT = 0x21;
const TERTIARY_UPPER = 0x22;
/** First level: the known bases from here; unknown characters at UNKNOWN and above (two characters each). */
const PRIMARY_FIRST = 0x100;
const UNKNOWN = 0x7000;

interface Weights {
  primary: number;
  secondary: number;
  tertiary: number;
}

const KNOWN = new Map<string, Weights>();
BASE_ORDER.forEach((group, index) => {
  [...group].forEach((character, variant) => {
    const weights = { primary: PRIMARY_FIRST + index, secondary: SECONDARY_COMMON + variant, tertiary: TERTIARY_LOWER };
    KNOWN.set(character, weights);
    const upper = character.toUpperCase();
    if (upper !== character) KNOWN.set(upper, { ...weights, tertiary: TERTIARY_UPPER });
  });
});
const ACCENTS = new Map(ACCENT_ORDER.map((mark, index) => [mark, SECONDARY_ACCENTS + index]));
/** Combining marks (after NFD): the second level only. */
const isMark = (codePoint: number) => codePoint >= 0x300 && codePoint <= 0x36f;

/** A name's key: names compare like their keys, as text (see above). */
export function germanSortKey(name: string): string {
  const primary: number[] = [];
  const secondary: number[] = [];
  const tertiary: number[] = [];
  const element = (weights: Weights | null, p: number[] = []) => {
    primary.push(...p);
    if (weights) {
      secondary.push(weights.secondary);
      tertiary.push(weights.tertiary);
    }
  };
  for (const character of name.normalize("NFD")) {
    const codePoint = character.codePointAt(0) as number;
    const known = KNOWN.get(character);
    if (known) element(known, [known.primary]);
    else if (isMark(codePoint)) {
      // An accent adds a second-level weight of its own, with the first level empty.
      element({
        primary: 0,
        secondary: ACCENTS.get(codePoint) ?? SECONDARY_ACCENTS + codePoint - 0x2d0,
        tertiary: 0x20,
      });
    } else if (character === "ß") {
      // As "ss" on the first level, told apart on the second, as the Unicode collation table has it.
      const s = (KNOWN.get("s") as Weights).primary;
      element({ primary: s, secondary: SECONDARY_COMMON, tertiary: TERTIARY_VARIANT }, [s]);
      element({ primary: 0, secondary: SECONDARY_SHARP_S, tertiary: TERTIARY_VARIANT });
      element({ primary: s, secondary: SECONDARY_COMMON, tertiary: TERTIARY_VARIANT }, [s]);
    } else if (character === "…") {
      // Three full stops, written differently.
      const stop = (KNOWN.get(".") as Weights).primary;
      for (let dot = 0; dot < 3; dot++) {
        element({ primary: stop, secondary: SECONDARY_COMMON, tertiary: TERTIARY_VARIANT }, [stop]);
      }
    } else {
      element({ primary: 0, secondary: SECONDARY_COMMON, tertiary: TERTIARY_LOWER }, [
        UNKNOWN + (codePoint >> 12),
        UNKNOWN + (codePoint & 0xfff),
      ]);
    }
  }
  const text = (weights: number[]) => String.fromCharCode(...weights);
  return `${text(primary)}${LEVEL_END}${text(secondary)}${LEVEL_END}${text(tertiary)}`;
}
