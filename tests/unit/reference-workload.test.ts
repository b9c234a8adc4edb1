import { describe, expect, it } from "vitest";
import {
  normalisedCpuMs,
  REFERENCE_WORKLOAD_MS,
  runReferenceWorkload,
  timeReferenceWorkloadApart,
} from "../../scripts/bench/reference-workload.ts";

describe("normalisedCpuMs", () => {
  it.each([
    // page CPU ms, workload ms on this host, reference ms, page CPU ms at the reference speed
    [5, 60, 60, 5],
    [5, 30, 60, 10],
    [5, 120, 60, 2.5],
    [9.4, 58, 58, 9.4],
    [9.4, 75, 50, 9.4 * (50 / 75)],
    [0, 40, 60, 0],
  ])("%d ms where the workload took %d ms (reference %d ms) is %d ms", (cpuMs, workloadMs, referenceMs, expected) => {
    expect(normalisedCpuMs(cpuMs, workloadMs, referenceMs)).toBeCloseTo(expected, 9);
  });

  it("uses the stated reference by default", () => {
    expect(normalisedCpuMs(4, REFERENCE_WORKLOAD_MS * 2)).toBeCloseTo(2, 9);
  });

  it.each([
    [0, 60],
    [60, 0],
    [-1, 60],
    [Number.NaN, 60],
  ])("refuses a workload time of %d or a reference of %d", (workloadMs, referenceMs) => {
    expect(() => normalisedCpuMs(5, workloadMs, referenceMs)).toThrow();
  });
});

describe("the reference workload", () => {
  it("does the same work every time", () => {
    expect(runReferenceWorkload()).toBe(runReferenceWorkload());
  });

  it("is timed in CPU milliseconds, in a process of its own", () => {
    const ms = timeReferenceWorkloadApart();
    expect(ms).toBeGreaterThan(0);
    expect(ms).toBeLessThan(10_000);
  });
});
