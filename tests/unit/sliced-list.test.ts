import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sliceBounds } from "../../catalog/search/engine/sliced-list.ts";

describe("sliceBounds", () => {
  it("gives the indices Array.prototype.slice takes, for any start and end", () => {
    const index = fc.option(fc.integer({ min: -60, max: 60 }), { nil: undefined });
    fc.assert(
      fc.property(fc.nat({ max: 40 }), index, index, (length, start, end) => {
        const list = Array.from({ length }, (_, at) => at);
        const { from, to } = sliceBounds(length, start, end);
        expect(list.slice(from, Math.max(from, to))).toEqual(list.slice(start, end));
        expect(from >= 0 && from <= length && to >= 0 && to <= length).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
