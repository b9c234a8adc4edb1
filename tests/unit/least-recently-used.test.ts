import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LeastRecentlyUsed } from "../../catalog/search/engine/least-recently-used.ts";

type Step =
  | { kind: "use"; key: number }
  | { kind: "peek"; key: number }
  | { kind: "keep"; key: number; value: string; cost: number };

// Few keys and a small budget, so entries are used, kept again and let go within a short run.
const key = fc.integer({ min: 0, max: 3 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("use" as const), key }),
  fc.record({ kind: fc.constant("peek" as const), key }),
  fc.record({ kind: fc.constant("keep" as const), key, value: fc.string({ maxLength: 3 }), cost: fc.nat(4) }),
);

describe("what a search keeps within a budget, least recently used let go first", () => {
  it("answers as a list in order of use does, and stays within its budget but for the entry just kept", () => {
    fc.assert(
      fc.property(fc.nat(8), fc.array(step, { maxLength: 40 }), (budget, steps) => {
        const kept = new LeastRecentlyUsed<number, string>(budget);
        // The model: least recently used first.
        let model: { key: number; value: string; cost: number }[] = [];
        for (const each of steps) {
          const at = model.findIndex((entry) => entry.key === each.key);
          if (each.kind === "peek") {
            expect(kept.peek(each.key)).toBe(model[at]?.value);
          } else if (each.kind === "use") {
            expect(kept.use(each.key)).toBe(model[at]?.value);
            if (at !== -1) model = [...model.filter((_, index) => index !== at), model[at] as (typeof model)[number]];
          } else {
            kept.keep(each.key, each.value, each.cost);
            model = [...model.filter((entry) => entry.key !== each.key), each];
            const total = () => model.reduce((sum, entry) => sum + entry.cost, 0);
            while (total() > budget && model.length > 1) model.shift();
          }
          expect(kept.cost).toBe(model.reduce((sum, entry) => sum + entry.cost, 0));
          expect(kept.cost <= budget || model.length === 1).toBe(true);
        }
        for (const entry of model) expect(kept.peek(entry.key)).toBe(entry.value);
      }),
      { numRuns: 2000 },
    );
  });

  it("lets the least recently used go, not the first kept", () => {
    const kept = new LeastRecentlyUsed<string, number>(2);
    kept.keep("a", 1, 1);
    kept.keep("b", 2, 1);
    expect(kept.use("a")).toBe(1);
    kept.keep("c", 3, 1);
    expect([kept.peek("a"), kept.peek("b"), kept.peek("c")]).toEqual([1, undefined, 3]);
  });

  it("keeps an entry over the budget until the next is kept", () => {
    const kept = new LeastRecentlyUsed<string, number>(2);
    kept.keep("a", 1, 1);
    kept.keep("large", 2, 5);
    expect([kept.peek("a"), kept.peek("large"), kept.cost]).toEqual([undefined, 2, 5]);
    kept.keep("b", 3, 1);
    expect([kept.peek("large"), kept.peek("b"), kept.cost]).toEqual([undefined, 3, 1]);
  });
});
