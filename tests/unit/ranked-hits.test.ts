import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RankedHits } from "../../catalog/search/engine/ranked-hits.ts";

interface Hit {
  position: number;
  words: number;
  score: number;
}

// Few distinct scores and word counts, so ties are common: equal keys must keep position order.
const hitsArbitrary = fc
  .tuple(
    fc.integer({ min: 1, max: 4 }),
    fc.uniqueArray(fc.nat(3000), { maxLength: 400 }),
    fc.array(fc.constantFrom(0.5, 1, 1.25, 3.5, 7), { minLength: 400, maxLength: 400 }),
    fc.array(fc.nat(), { minLength: 400, maxLength: 400 }),
  )
  .map(([words, positions, scores, wordPicks]) => ({
    words,
    hits: [...positions]
      .sort((a, b) => a - b)
      .map((position, at) => ({ position, score: scores[at] ?? 1, words: 1 + ((wordPicks[at] ?? 0) % words) })),
  }));

function ranked(words: number, hits: Hit[]): RankedHits {
  return new RankedHits(
    Int32Array.from(hits, (hit) => hit.position),
    Uint8Array.from(hits, (hit) => hit.words),
    Float64Array.from(hits, (hit) => hit.score),
    words,
    Math.max(0, ...hits.map((hit) => hit.score)),
  );
}

/** More words first, then higher score, then lower position. */
function bruteForce(hits: Hit[]): number[] {
  return [...hits]
    .sort((a, b) => b.words - a.words || b.score - a.score || a.position - b.position)
    .map((hit) => hit.position);
}

describe("ranked hits", () => {
  it("slices as a full sort would, whatever was sliced before", () => {
    fc.assert(
      fc.property(
        hitsArbitrary,
        fc.array(fc.tuple(fc.integer({ min: -50, max: 450 }), fc.integer({ min: -50, max: 450 })), { maxLength: 4 }),
        ({ words, hits }, slices) => {
          const expected = bruteForce(hits);
          const subject = ranked(words, hits);
          expect(subject.length).toBe(hits.length);
          for (const [start, end] of slices) {
            expect(subject.slice(start, end).map((hit) => hit.position)).toEqual(expected.slice(start, end));
          }
          const all = subject.slice();
          expect(all.map((hit) => hit.position)).toEqual(expected);
          const byPosition = new Map(hits.map((hit) => [hit.position, hit]));
          for (const hit of all) {
            expect(hit.words).toBe(byPosition.get(hit.position)?.words);
            expect(hit.score).toBeCloseTo(byPosition.get(hit.position)?.score ?? Number.NaN, 6);
          }
        },
      ),
    );
  });

  it("knows its hits", () => {
    fc.assert(
      fc.property(hitsArbitrary, fc.nat(3000), ({ words, hits }, position) => {
        expect(ranked(words, hits).has(position)).toBe(hits.some((hit) => hit.position === position));
      }),
    );
  });
});
