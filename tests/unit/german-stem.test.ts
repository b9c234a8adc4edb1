import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldTerm } from "../../catalog/search/engine/fold.ts";
import { formsOf, stemOf } from "../../catalog/search/engine/german-stem.ts";

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
  ])("%s and %s share a stem", (singular, plural) => {
    expect(stem(plural)).toBe(stem(singular));
  });

  it.each([
    ["Reis", "Rei"],
    ["Mais", "Mai"],
    ["Eis", "Ei"],
    ["Käse", "Kas"],
    ["Lachs", "Lach"],
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
});
