import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BLOCKING_FROM_MS, blockingTimeMs } from "../../scripts/bench/blocking-time.ts";

describe("the bench's total blocking time", () => {
  it("counts what a task lasts beyond 50 ms after the first paint, and within the window only", () => {
    const tasks = [
      { startTime: 10, duration: 80 }, // ends at 90, before the paint at 100: nothing
      { startTime: 60, duration: 110 }, // 70 ms after the paint: 20
      { startTime: 200, duration: 49 }, // under 50: nothing
      { startTime: 300, duration: 130 }, // 80
      { startTime: 900, duration: 200 }, // cut at 1,000: 100 ms counted, 50
    ];
    expect(blockingTimeMs(tasks, 100, 1_000)).toBe(20 + 80 + 50);
    expect(blockingTimeMs(tasks, 100)).toBe(20 + 80 + 150);
  });

  it("agrees with Lighthouse's rule for top-level tasks (TBTUtils.calculateTbtImpactForEvent)", () => {
    const task = fc
      .tuple(fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 0, max: 400 }))
      .map(([startTime, duration]) => ({ startTime, duration }));
    fc.assert(
      fc.property(
        fc.array(task, { maxLength: 40 }),
        fc.integer({ min: 0, max: 3_000 }),
        fc.integer({ min: 0, max: 6_000 }),
        (tasks, paint, until) => {
          const lighthouse = tasks.reduce((sum, { startTime, duration }) => {
            const end = startTime + duration;
            if (until <= paint || duration < BLOCKING_FROM_MS || end < paint || startTime > until) return sum;
            const clipped = Math.min(end, until) - Math.max(startTime, paint);
            return clipped < BLOCKING_FROM_MS ? sum : sum + clipped - BLOCKING_FROM_MS;
          }, 0);
          expect(blockingTimeMs(tasks, paint, until)).toBe(lighthouse);
        },
      ),
    );
  });
});
