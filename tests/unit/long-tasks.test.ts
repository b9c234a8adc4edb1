import type { Result } from "lighthouse";
import { describe, expect, it } from "vitest";
import { longestTaskAfterPaint } from "../../scripts/bench/long-tasks.ts";

/** The two audits the function reads, shaped as Lighthouse writes them (simulated times, ms). */
function result(firstPaintMs: number, tasks: { startTime: number; duration: number }[]): Result {
  return {
    audits: {
      "first-contentful-paint": { numericValue: firstPaintMs },
      "long-tasks": { details: { type: "table", debugData: { type: "debugdata", tasks } } },
    },
  } as unknown as Result;
}

describe("longestTaskAfterPaint", () => {
  it.each([
    // first paint, tasks (start, duration), the longest still running after the first paint
    [1_000, [], 0],
    [1_000, [[200, 400]], 0],
    [1_000, [[200, 800]], 0],
    [1_000, [[1_000, 280]], 280],
    // Begun before the simulated paint, still running after it (the simulation can do that).
    [858, [[701.6, 203]], 203],
    [
      1_000,
      [
        [200, 700],
        [1_200, 280],
        [1_600, 120],
      ],
      280,
    ],
    [
      1_000,
      [
        [1_100, 49.9],
        [1_300, 30],
      ],
      0,
    ],
    [
      900,
      [
        [950, 50],
        [2_000, 51],
      ],
      51,
    ],
  ])("first paint at %d ms, tasks %j: %d ms", (firstPaint, tasks, longest) => {
    const shaped = tasks.map(
      ([startTime, duration]) => ({ startTime, duration }) as { startTime: number; duration: number },
    );
    expect(longestTaskAfterPaint(result(firstPaint, shaped))).toBe(longest);
  });

  it("needs the first paint", () => {
    expect(() => longestTaskAfterPaint({ audits: {} } as unknown as Result)).toThrow();
  });
});
