import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BLOCKING_FROM_MS, everyTaskBlockingMs } from "../../scripts/bench/every-task-blocking.ts";

describe("the bench's TBT of every task", () => {
  it("counts what each task after the first paint lasts beyond 50 ms once multiplied, short tasks included", () => {
    const tasks = [
      { startTime: 10, endTime: 30 }, // before the paint: nothing
      { startTime: 95, endTime: 105 }, // straddles the paint at 100: 5 ms after it, × 14 = 70 → 20
      { startTime: 200, endTime: 209 }, // 9 ms, under Lighthouse's 10 ms cut: × 14 = 126 → 76
      { startTime: 300, endTime: 303 }, // 3 ms × 14 = 42: under 50, nothing
    ];
    expect(everyTaskBlockingMs(tasks, 100, 14)).toBeCloseTo(20 + 76, 6);
    expect(everyTaskBlockingMs(tasks, 100, 1)).toBe(0);
  });

  it("is Lighthouse's sum of blocking time at a multiplier of 1, and never falls as the multiplier grows", () => {
    const task = fc
      .tuple(fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 0, max: 400 }))
      .map(([startTime, length]) => ({ startTime, endTime: startTime + length }));
    fc.assert(
      fc.property(
        fc.array(task, { maxLength: 40 }),
        fc.integer({ min: 0, max: 3_000 }),
        fc.double({ min: 1, max: 20, noNaN: true }),
        (tasks, paint, multiplier) => {
          // Lighthouse's rule (TBTUtils.calculateTbtImpactForEvent) for top-level tasks, from the paint on.
          const lighthouse = tasks.reduce((sum, { startTime, endTime }) => {
            if (endTime - startTime < BLOCKING_FROM_MS || endTime < paint) return sum;
            const clipped = endTime - Math.max(startTime, paint);
            return clipped < BLOCKING_FROM_MS ? sum : sum + clipped - BLOCKING_FROM_MS;
          }, 0);
          expect(everyTaskBlockingMs(tasks, paint, 1)).toBeCloseTo(lighthouse, 6);
          expect(everyTaskBlockingMs(tasks, paint, multiplier * 1.5)).toBeGreaterThanOrEqual(
            everyTaskBlockingMs(tasks, paint, multiplier),
          );
        },
      ),
    );
  });
});
