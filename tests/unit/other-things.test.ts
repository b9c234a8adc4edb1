import { describe, expect, it } from "vitest";
import { foldTerm } from "../../catalog/search/engine/fold.ts";
import { stemOf } from "../../catalog/search/engine/german-stem.ts";
import { OTHER_THINGS, wordFindsTerm } from "../../catalog/search/engine/word-match.ts";

// The table of compounds that name another thing than a part of them (word-match.ts): Knoblauch is no Lauch.
describe("compounds that name another thing", () => {
  it("holds folded compounds, each with its part's stem in it", () => {
    // An entry that is not folded, or whose part's stem it does not hold, would match nothing, silently.
    for (const [compound, part] of OTHER_THINGS) {
      expect(foldTerm(compound), compound).toBe(compound);
      expect(compound.includes(stemOf(foldTerm(part))), `${compound} holds ${part}`).toBe(true);
    }
  });

  it("is found by its part in no form, alone or at the start of a longer word, unless being typed", () => {
    for (const [compound, part] of OTHER_THINGS) {
      for (const term of [compound, `${compound}n`, `${compound}s`, `${compound}zehen`]) {
        expect(wordFindsTerm(part, term, false), `${part} → ${term}`).toBe(false);
        // The word being typed finds what it starts: "zitrone" may become "Zitronengras".
        expect(wordFindsTerm(part, term, true), `${part}… → ${term}`).toBe(term.startsWith(part));
      }
    }
  });

  it("leaves the part's other compounds and its own forms alone", () => {
    expect(wordFindsTerm("lauch", "lauchzwiebeln", false)).toBe(true);
    expect(wordFindsTerm("lauch", "fruhlingslauch", false)).toBe(true);
    expect(wordFindsTerm("erbsen", "zuckererbsen", false)).toBe(true);
    expect(wordFindsTerm("zitrone", "zitronenkuchen", false)).toBe(true);
    expect(wordFindsTerm("apfel", "bratapfel", false)).toBe(true);
    for (const [, part] of OTHER_THINGS) expect(wordFindsTerm(part, part, false), part).toBe(true);
  });
});
