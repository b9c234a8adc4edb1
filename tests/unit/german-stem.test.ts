import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldTerm } from "../../catalog/search/engine/fold.ts";
import { formsOf, isEndingCode, mayStemLongerTerms, stemOf } from "../../catalog/search/engine/german-stem.ts";

const stem = (word: string) => stemOf(foldTerm(word));

describe("German stems", () => {
  it.each([
    ["Tomate", "Tomaten"],
    ["Ei", "Eier"],
    ["Ei", "Eiern"],
    ["Apfel", "Äpfel"],
    ["Nudel", "Nudeln"],
    ["Zwiebel", "Zwiebeln"],
    ["Nuss", "Nüsse"],
    ["Kartoffel", "Kartoffeln"],
    ["Bohne", "Bohnen"],
    ["Linse", "Linsen"],
    ["Suppe", "Suppen"],
    ["Salat", "Salate"],
    ["Champignon", "Champignons"],
    ["Avocado", "Avocados"],
    ["Pizza", "Pizzen"],
    ["Kraut", "Kräuter"],
    ["Olive", "Oliven"],
    ["Porree", "Porrees"],
    ["Püree", "Pürees"],
  ])("%s and %s share a stem", (singular, plural) => {
    expect(stem(plural)).toBe(stem(singular));
  });

  it.each([
    ["Reis", "Rei"],
    ["Mais", "Mai"],
    ["Eis", "Ei"],
    ["Käse", "Kas"],
    ["Lachs", "Lach"],
    ["Porree", "Porr"],
    ["Kaffee", "Kaff"],
  ])("keeps %s whole: not %s", (word, shorter) => {
    expect(stem(word)).toBe(foldTerm(word));
    expect(stem(word)).not.toBe(foldTerm(shorter));
  });

  it("is a start of the word, or one of an irregular stem's forms, and stable", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("a", "e", "i", "n", "r", "s", "l", "t", "ü"), maxLength: 10 }),
        (word) => {
          const term = foldTerm(word);
          const stemmed = stemOf(term);
          expect(term.startsWith(stemmed) || formsOf(stemmed).includes(term)).toBe(true);
          expect(stemOf(stemmed)).toBe(stemmed);
          expect(stemmed.length >= Math.min(term.length, 4) || formsOf(stemmed).length > 0).toBe(true);
        },
      ),
    );
  });

  // What the search's inflection rule skips by (text-index.ts `matchesOf`): a term longer than its stem, not one
  // of an irregular stem's forms, has a stem long enough and goes on from it with ending letters only.
  it("leaves a regular longer term a stem of MIN_STEM or more, followed by ending letters alone", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("a", "e", "i", "n", "r", "s", "l", "t", "z", "ü"), maxLength: 12 }),
        (word) => {
          const term = foldTerm(word);
          const stemmed = stemOf(term);
          if (stemmed === term || formsOf(stemmed).includes(term)) return;
          expect(mayStemLongerTerms(stemmed)).toBe(true);
          expect(term.startsWith(stemmed)).toBe(true);
          expect([...term.slice(stemmed.length)].every((unit) => isEndingCode(unit.charCodeAt(0)))).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it.each(["ei", "eis", "1", "ab"])("takes %s for the stem of no longer regular term", (short) => {
    expect(mayStemLongerTerms(short)).toBe(false);
  });
});
