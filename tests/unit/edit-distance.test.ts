import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BoundedEditDistance } from "../../catalog/search/engine/edit-distance.ts";
import { levenshtein } from "../levenshtein.ts";

/** Few letters, so candidates near the word and sharing starts with each other are common. */
const word = fc.string({ unit: fc.constantFrom("a", "b", "c", "ä", "\u{1F955}"), maxLength: 12 });

describe("bounded edit distance", () => {
  it.each([
    ["kartoffel", "kartofel", 2, 1],
    ["kartoffel", "kratoffel", 2, 2],
    ["kartoffel", "kratofle", 2, 3],
    ["spaghetti", "spagetti", 1, 1],
    ["tomate", "tomaten", 1, 1],
    ["tomate", "tomatensosse", 6, 6],
    ["tomate", "tomatensosse", 5, 6],
    ["", "abc", 3, 3],
    ["abc", "", 2, 3],
    ["ofen", "ofen", 0, 0],
    ["ofen", "offen", 0, 1],
  ])("from %j to %j within %i is %i (max + 1 for farther)", (from, to, max, expected) => {
    expect(new BoundedEditDistance(from, max).distanceTo(to, 0, to.length)).toBe(expected);
  });

  it("agrees with the full table up to max, and says max + 1 beyond", () => {
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 6 }), (from, to, max) => {
        const expected = Math.min(levenshtein(from, to), max + 1);
        expect(new BoundedEditDistance(from, max).distanceTo(to, 0, to.length)).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });

  it("reads candidates out of a longer text, one after another in sorted order, each as if alone", () => {
    fc.assert(
      fc.property(word, fc.uniqueArray(word, { maxLength: 30 }), fc.integer({ min: 0, max: 4 }), (from, list, max) => {
        const candidates = [...list].sort();
        const text = candidates.map((candidate) => `${candidate}\n`).join("");
        const distance = new BoundedEditDistance(from, max);
        let start = 0;
        for (const candidate of candidates) {
          const found = distance.distanceTo(text, start, start + candidate.length);
          expect(found, candidate).toBe(Math.min(levenshtein(from, candidate), max + 1));
          // A start it gave up on is hopeless for every candidate that begins with it.
          const hopeless = candidate.slice(0, distance.hopelessStart);
          if (distance.hopelessStart > 0) {
            for (const other of candidates.filter((entry) => entry.startsWith(hopeless))) {
              expect(levenshtein(from, other), other).toBeGreaterThan(max);
            }
          }
          start += candidate.length + 1;
        }
      }),
      { numRuns: 500 },
    );
  });
});
