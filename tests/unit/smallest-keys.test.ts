import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { smallestKeys } from "../../catalog/search/smallest-keys.ts";

describe("smallest keys", () => {
  it("are the first of all the keys sorted, however many are asked for", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.nat({ max: 50 }), fc.nat({ max: 2 ** 20 }), fc.constant(2 ** 32 - 1)), {
          maxLength: 3000,
        }),
        fc.integer({ min: -2, max: 3100 }),
        (list, count) => {
          const keys = Uint32Array.from(list);
          const before = keys.slice();
          const sorted = [...keys].sort((a, b) => a - b);
          expect([...smallestKeys(keys, count)]).toEqual(sorted.slice(0, Math.max(0, count)));
          expect(keys).toEqual(before);
        },
      ),
    );
  });
});
