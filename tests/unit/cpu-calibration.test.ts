import { describe, expect, it } from "vitest";
import {
  calibrateThrottlingRate,
  DEVICE_TARGETS,
  indexSpread,
  simulatedCpuMultiplier,
  spreadAround,
} from "../../scripts/bench/cpu-calibration.ts";

describe("simulatedCpuMultiplier", () => {
  it.each([
    // host index, target index, multiplier
    [4_000, 1_000, 4],
    [3_900, 1_000, 3.9],
    [1_800, 1_000, 1.8],
    [1_800, 264, 6.82],
    [1_000, 1_000, 1],
    [264, 264, 1],
    [1_000, 264, 3.79],
  ])("a host of %d standing for a device of %d is slowed %d×", (host, target, multiplier) => {
    expect(simulatedCpuMultiplier(host, target)).toBe(multiplier);
  });

  it.each([
    [999, 1_000],
    [200, 264],
  ])("a host of %d cannot stand for a faster device of %d", (host, target) => {
    expect(simulatedCpuMultiplier(host, target)).toBeNull();
  });

  it.each([
    [0, 1_000],
    [1_000, 0],
    [Number.NaN, 264],
  ])("refuses an index that is no speed (%d, %d)", (host, target) => {
    expect(() => simulatedCpuMultiplier(host, target)).toThrow();
  });
});

describe("calibrateThrottlingRate", () => {
  // Chrome's throttling slows the benchmark less than in proportion to the rate: a power below 1 models that.
  const browser = (host: number, power: number) => async (rate: number) => host / rate ** power;

  it.each([
    // host index, target, how the benchmark answers the rate
    [1_800, 1_000, 1],
    [1_800, 264, 1],
    [4_000, 1_000, 0.8],
    [4_000, 264, 0.9],
    [1_500, 1_000, 0.6],
    [2_500, 264, 0.9],
  ])("finds the rate at which a host of %d scores %d (power %d)", async (host, target, power) => {
    const found = await calibrateThrottlingRate(target, host, browser(host, power));
    expect(found.rate).not.toBeNull();
    const rate = found.rate as number;
    expect(Math.abs(found.score - target)).toBeLessThan(target * 0.02 + 10);
    expect(found.score).toBeCloseTo(host / rate ** power, 6);
    // Rates stay within Chrome's first interval, [1, 1.5 × host / target], kept to hundredths.
    for (const { rate: tried } of found.tried) {
      expect(tried).toBeGreaterThanOrEqual(1);
      expect(tried).toBeLessThanOrEqual((host / target) * 1.5 + 0.01);
      expect(Math.round(tried * 100) / 100).toBe(tried);
    }
    // Chrome's bound: the two ends and at most eight midpoints, besides the host's own score.
    expect(found.tried.length).toBeLessThanOrEqual(11);
  });

  it("stops as soon as a score is within 10 of the target", async () => {
    const found = await calibrateThrottlingRate(1_000, 2_000, browser(2_000, 1));
    // 1.5 × 2 = 3 is the upper end; the first midpoint, 2, scores exactly 1,000.
    expect(found.tried.map((entry) => entry.rate)).toEqual([1, 3, 2]);
    expect(found).toMatchObject({ rate: 2, score: 1_000 });
  });

  it("keeps the closest score when a noisy browser never comes within 10", async () => {
    let call = 0;
    const noisy = async (rate: number) => 1_800 / rate + (call++ % 2 === 0 ? 40 : -40);
    const found = await calibrateThrottlingRate(1_000, 1_800, noisy);
    const closest = Math.min(...found.tried.map((entry) => Math.abs(entry.score - 1_000)));
    expect(Math.abs(found.score - 1_000)).toBe(closest);
  });

  it("gives no rate for a host slower than the target twice in a row", async () => {
    const rates: number[] = [];
    const found = await calibrateThrottlingRate(1_000, 800, async (rate) => {
      rates.push(rate);
      return 850;
    });
    expect(found).toEqual({
      rate: null,
      score: 850,
      tried: [
        { rate: 1, score: 800 },
        { rate: 1, score: 850 },
      ],
    });
    expect(rates).toEqual([1]);
  });

  it("calibrates a host that was busy for its first benchmark only", async () => {
    const quiet = browser(2_000, 1);
    const found = await calibrateThrottlingRate(1_000, 600, quiet);
    expect(found).toMatchObject({ rate: 2, score: 1_000 });
    expect(found.tried.slice(0, 2)).toEqual([
      { rate: 1, score: 600 },
      { rate: 1, score: 2_000 },
    ]);
  });
});

describe("indexSpread", () => {
  it.each([
    // indexes, median, largest deviation, steady at 15 %
    [[], null, 0, true],
    [[1_000], 1_000, 0, true],
    [[1_000, 1_000, 1_000], 1_000, 0, true],
    [[900, 1_000, 1_100], 1_000, 0.1, true],
    [[850, 1_000, 1_000], 1_000, 0.15, true],
    [[800, 1_000, 1_000], 1_000, 0.2, false],
    [[1_000, 1_000, 1_300], 1_000, 0.3, false],
    [[1_145, 2_751, 1_812, 1_856], 1_834, 0.5, false],
    [[1_600, 1_700], 1_650, 50 / 1_650, true],
  ])("%j: median %d, %d off at most, steady %s", (indexes, median, deviation, steady) => {
    const spread = indexSpread(indexes);
    expect(spread.median).toBe(median);
    expect(spread.largestDeviation).toBeCloseTo(deviation, 2);
    expect(spread.steady).toBe(steady);
  });

  it("takes the tolerance it is given", () => {
    expect(indexSpread([900, 1_000, 1_100], 0.05).steady).toBe(false);
    expect(indexSpread([800, 1_000, 1_000], 0.25).steady).toBe(true);
  });
});

describe("spreadAround", () => {
  it.each([
    // indexes of a throttled browser, the target it should stand for, deviation, steady
    [[1_000, 990, 1_010], 1_000, 0.01, true],
    [[967, 864, 1_483, 1_713], 1_000, 0.713, false],
    [[259, 264, 270], 264, 0.023, true],
    [[300, 310], 264, 0.174, false],
  ])("%j around %d: %d off, steady %s", (indexes, center, deviation, steady) => {
    const spread = spreadAround(indexes, center);
    expect(spread.largestDeviation).toBeCloseTo(deviation, 3);
    expect(spread.steady).toBe(steady);
  });
});

describe("DEVICE_TARGETS", () => {
  it("are Chrome's two calibration targets with issue 44's INP goals", () => {
    expect(DEVICE_TARGETS.map(({ id, benchmarkIndex, inpGoalMs }) => [id, benchmarkIndex, inpGoalMs])).toEqual([
      ["mid", 1_000, 100],
      ["low", 264, 200],
    ]);
  });
});
