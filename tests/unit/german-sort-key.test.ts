/**
 * The German sort key (catalog/format/german-sort-key.ts) orders names as
 * Intl.Collator("de") does, for the characters recipe names are written in:
 * validate.ts allows any text in a name, so the alphabet here is what names
 * use, and pairs that differ only in accents or case are made on purpose
 * (random names rarely share their letters).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { germanSortKey } from "../../catalog/format/german-sort-key.ts";

const collator = new Intl.Collator("de");
const sign = (n: number) => (n < 0 ? -1 : n > 0 ? 1 : 0);
const keyOrder = (a: string, b: string) => {
  const [x, y] = [germanSortKey(a), germanSortKey(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};

const LETTERS = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"];
const GERMAN = [..."äöüÄÖÜß"];
const ACCENTED = [..."éèêëàâáçñîïíôóòûúùÉÈÀÇÑÔ"];
const DIGITS = [..."0123456789"];
const PUNCTUATION = [..." _-–—,;:!?.·'‘’‚\"“”„«»()[]{}§@*/\\&#%`^°+<=>|~$€…"];
const alphabet = [...LETTERS, ...GERMAN, ...ACCENTED, ...DIGITS, ...PUNCTUATION];

const name = fc.array(fc.constantFrom(...alphabet), { maxLength: 12 }).map((characters) => characters.join(""));

/** Spellings a letter may take that share its base: its case, its umlaut or accents, "ss" and "ß". */
const VARIANTS: Record<string, string[]> = {
  a: ["a", "A", "ä", "Ä", "á", "à", "â"],
  o: ["o", "O", "ö", "Ö", "ó", "ô"],
  u: ["u", "U", "ü", "Ü", "ú", "û"],
  e: ["e", "E", "é", "è", "ê", "ë", "É"],
  s: ["s", "S", "ss", "ß", "SS", "sS", "ś", "š", "sś"],
  c: ["c", "C", "ç", "Ç"],
  n: ["n", "N", "ñ"],
  "'": ["'", "‘", "’", "‚"],
  '"': ['"', "“", "”", "„"],
  ".": [".", "…", "..."],
};
const variantOf = (base: string) =>
  fc
    .tuple(...[...base].map((character) => fc.constantFrom(...(VARIANTS[character] ?? [character]))))
    .map((parts) => parts.join(""));
const related = fc
  .array(fc.constantFrom(..."aousecn'\". kb-"), { minLength: 1, maxLength: 8 })
  .map((characters) => characters.join(""))
  .chain((base) => fc.tuple(variantOf(base), variantOf(base)));

describe("the German sort key", () => {
  it("orders names of German letters, umlauts, ß, accents, digits, spaces and punctuation as Intl.Collator('de')", () => {
    fc.assert(
      fc.property(name, name, (a, b) => {
        expect(keyOrder(a, b)).toBe(sign(collator.compare(a, b)));
      }),
      { numRuns: 3_000 },
    );
  });

  it("orders names that differ only in accents, case or ß as Intl.Collator('de')", () => {
    fc.assert(
      fc.property(related, ([a, b]) => {
        expect(keyOrder(a, b)).toBe(sign(collator.compare(a, b)));
      }),
      { numRuns: 3_000 },
    );
  });

  it("orders as German readers expect", () => {
    const names = ["Äpfel", "apfel", "Apfel", "Apfel Tarte", "Apfelkuchen", "Zwiebel", "Straße", "Strasse", "10 Eier"];
    expect([...names].sort((a, b) => keyOrder(a, b))).toEqual([...names].sort(collator.compare));
    expect([...names].sort((a, b) => keyOrder(a, b))).toEqual([
      "10 Eier",
      "apfel",
      "Apfel",
      "Äpfel",
      "Apfel Tarte",
      "Apfelkuchen",
      "Strasse",
      "Straße",
      "Zwiebel",
    ]);
  });

  it("compares alike in SQLite: no character of a key is a surrogate, so UTF-8 and UTF-16 order agree", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 20 }), (text) => {
        expect([...germanSortKey(text)].every((character) => (character.codePointAt(0) as number) < 0xd800)).toBe(true);
      }),
    );
  });
});
