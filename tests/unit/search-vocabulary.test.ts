import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Vocabulary, vocabularyText } from "../../catalog/search/engine/vocabulary.ts";
import { levenshtein } from "../levenshtein.ts";

/** Few letters, numbers among them, so terms share starts and lie within a few edits of each other. */
const term = fc.oneof(
  fc.string({ unit: fc.constantFrom("a", "b", "k", "ä", " ", "\u{1F955}"), minLength: 1, maxLength: 9 }),
  fc.nat({ max: 20_000 }).map(String),
);
const sortedTerms = fc.uniqueArray(term, { maxLength: 60 }).map((terms) => [...terms].sort());

function vocabularyOf(terms: readonly string[]): Vocabulary {
  return new Vocabulary(vocabularyText(terms), terms.length);
}

describe("search vocabulary", () => {
  it("numbers its terms in sorted order and finds each, and nothing else", () => {
    fc.assert(
      fc.property(sortedTerms, term, (terms, other) => {
        const vocabulary = vocabularyOf(terms);
        expect(vocabulary.size).toBe(terms.length);
        terms.forEach((entry, index) => {
          expect(vocabulary.term(index)).toBe(entry);
          expect(vocabulary.termLength(index)).toBe(entry.length);
          expect(vocabulary.find(entry)).toBe(index);
        });
        expect(vocabulary.find(other)).toBe(terms.indexOf(other));
      }),
    );
  });

  it("gives the terms that start with a word as one run of numbers", () => {
    fc.assert(
      fc.property(sortedTerms, fc.oneof(term, fc.constant("")), (terms, word) => {
        const [first, end] = vocabularyOf(terms).prefixRange(word);
        const starting = terms.flatMap((entry, index) => (entry.startsWith(word) ? [index] : []));
        expect(Array.from({ length: end - first }, (_, offset) => first + offset)).toEqual(starting);
      }),
    );
  });

  it("gives at most a number of the terms that start with a word: the shortest, then the first in order", () => {
    fc.assert(
      fc.property(
        sortedTerms,
        fc.oneof(term, fc.constant("")),
        fc.integer({ min: 0, max: 70 }),
        (terms, word, limit) => {
          const given = vocabularyOf(terms).termsStarting(word, limit);
          // Plainly: the starting terms ordered by length, then by number; the first `limit`, back in number order.
          const starting = terms.flatMap((entry, index) => (entry.startsWith(word) ? [index] : []));
          const best = [...starting]
            .sort((a, b) => (terms[a]?.length ?? 0) - (terms[b]?.length ?? 0) || a - b)
            .slice(0, limit)
            .sort((a, b) => a - b);
          expect(given).toEqual(best);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("tells whether every code unit of a term from an offset on passes a test", () => {
    fc.assert(
      fc.property(
        sortedTerms.filter((terms) => terms.length > 0),
        fc.nat(),
        fc.nat({ max: 10 }),
        (terms, pick, from) => {
          const index = pick % terms.length;
          const entry = terms[index] ?? "";
          const isA = (code: number) => code === 97;
          const expected = [...entry.slice(from)].every((unit) => unit === "a");
          expect(vocabularyOf(terms).restPasses(index, Math.min(from, entry.length), isA)).toBe(
            from >= entry.length ? true : expected,
          );
        },
      ),
    );
  });

  it("visits exactly the terms within the edits, each once with its distance", () => {
    fc.assert(
      fc.property(sortedTerms, term, fc.integer({ min: 0, max: 4 }), (terms, word, max) => {
        const visited: [string, number][] = [];
        const vocabulary = vocabularyOf(terms);
        vocabulary.forEachWithin(word, max, (index, distance) => visited.push([vocabulary.term(index), distance]));
        const expected = terms
          .map((entry) => [entry, levenshtein(word, entry)] as [string, number])
          .filter(([, distance]) => distance <= max);
        expect(visited.sort()).toEqual(expected.sort());
      }),
      { numRuns: 500 },
    );
  });

  it("visits exactly the terms within the edits where terms of two letters share long starts, search after search", () => {
    // Many terms of each length begin alike, so runs given up by one, two, three or more code units follow each
    // other; the searches after the first find the ends of runs that the ones before kept.
    const ofTwoLetters = fc.string({ unit: fc.constantFrom("a", "b"), minLength: 1, maxLength: 7 });
    fc.assert(
      fc.property(
        fc.uniqueArray(ofTwoLetters, { maxLength: 120 }).map((terms) => [...terms].sort()),
        fc.array(fc.tuple(ofTwoLetters, fc.integer({ min: 0, max: 3 })), { minLength: 1, maxLength: 4 }),
        (terms, searches) => {
          const vocabulary = vocabularyOf(terms);
          // Each search twice: the second gives up the runs the first found, by the ends it kept.
          for (const [word, max] of [...searches, ...searches]) {
            const visited: string[] = [];
            vocabulary.forEachWithin(word, max, (index) => visited.push(vocabulary.term(index)));
            expect(visited.sort()).toEqual(terms.filter((entry) => levenshtein(word, entry) <= max).sort());
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it("reaches terms far from the word through a long run of terms it gives up together", () => {
    // 10,000 numbers share starts with each other and none with the word; "kase" is one edit away.
    const terms = [...Array.from({ length: 10_000 }, (_, number) => String(10_000 + number)), "kase", "kasse"].sort();
    const vocabulary = vocabularyOf(terms);
    const found: string[] = [];
    vocabulary.forEachWithin("kasee", 1, (index) => found.push(vocabulary.term(index)));
    expect(found.sort()).toEqual(["kase", "kasse"]);
  });

  it("gives up a run of terms by the start that was enough, never the terms after it that start otherwise", () => {
    // "cab" is given up after "ca" (two edits from every start of "kbb"); "cbb" shares only its "c" and is one
    // edit away, as "kbb" itself is none. With no edit, "abb" is given up after "a" and "kbb" is the one found.
    const terms = ["aab", "abb", "cab", "cac", "cbb", "kbb", "kbc"];
    const vocabulary = vocabularyOf(terms);
    const within = (word: string, max: number) => {
      const found: string[] = [];
      vocabulary.forEachWithin(word, max, (index) => found.push(vocabulary.term(index)));
      return found.sort();
    };
    expect(within("kbb", 1)).toEqual(["abb", "cbb", "kbb", "kbc"]);
    expect(within("kbb", 0)).toEqual(["kbb"]);
    expect(within("cbc", 1)).toEqual(["cac", "cbb", "kbc"]);
  });

  it("refuses a text that holds another number of terms than it says, or a term with a line break", () => {
    expect(() => new Vocabulary(vocabularyText(["a", "b"]), 3)).toThrow();
    expect(() => new Vocabulary(vocabularyText(["a", "b"]), 1)).toThrow();
    expect(() => new Vocabulary("a\nb", 2)).toThrow();
    expect(() => vocabularyText(["a\nb"])).toThrow();
  });
});
