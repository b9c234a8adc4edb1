import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orderByScore } from "../../app/lib/catalog/score-order.ts";

/** Scores as a search makes them: positive, many of them equal. */
const scores = fc.array(
  fc.oneof(
    fc.constantFrom(0.5, 1, 2.25, 7),
    fc.double({ min: 1e-6, max: 1e6, noNaN: true }),
    fc.integer({ min: 1, max: 40 }).map((n) => n / 7),
  ),
  { maxLength: 3000 },
);

describe("order by score", () => {
  it("puts every index once, best first, equal scores in their given order", () => {
    fc.assert(
      fc.property(scores, (list) => {
        const { order, scores: rounded } = orderByScore(Float64Array.from(list));
        expect([...order].sort((a, b) => a - b)).toEqual(list.map((_, index) => index));
        for (let rank = 1; rank < order.length; rank++) {
          const [before, after] = [rounded[rank - 1] ?? 0, rounded[rank] ?? 0];
          expect(before).toBeGreaterThanOrEqual(after);
          if (before === after) expect(order[rank - 1]).toBeLessThan(order[rank] ?? 0);
        }
      }),
    );
  });

  it("rounds each score down by at most one step (a 2³²nd of the best), so the order is the scores' order", () => {
    fc.assert(
      fc.property(scores, (list) => {
        const { order, scores: rounded } = orderByScore(Float64Array.from(list));
        // One step, and the floating-point rounding of numbers the size of the best.
        const best = Math.max(0, ...list);
        const step = best / 0xffff_ffff + 4 * best * Number.EPSILON;
        order.forEach((index, rank) => {
          expect(Math.abs((rounded[rank] ?? 0) - (list[index] ?? 0))).toBeLessThanOrEqual(step);
        });
        for (let rank = 1; rank < order.length; rank++) {
          expect(list[order[rank - 1] ?? 0] ?? 0).toBeGreaterThanOrEqual((list[order[rank] ?? 0] ?? 0) - step);
        }
      }),
    );
  });

  it("keeps the given order of scores that are all equal, or all zero", () => {
    for (const score of [0, 1, 1e300]) {
      expect([...orderByScore(new Float64Array(5).fill(score)).order]).toEqual([0, 1, 2, 3, 4]);
    }
    expect([...orderByScore(new Float64Array(0)).order]).toEqual([]);
  });
});
