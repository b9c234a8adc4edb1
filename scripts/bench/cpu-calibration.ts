/**
 * How the bench makes a browser on any host stand for a stated phone
 * (decision 0055): the target devices by Lighthouse's benchmark index, the
 * CPU multiplier for Lighthouse's simulation, the throttling rate for a real
 * browser found the way Chrome DevTools calibrates it, and the check that the
 * host's speed held still while it was measured. Pure: the benchmark itself
 * runs in the browser, and is passed in where a search needs it.
 */
import { median } from "./statistics.ts";

/** A phone the bench emulates, by the score Lighthouse's benchmark gives it. */
export interface DeviceTarget {
  id: "mid" | "low";
  label: string;
  /** Lighthouse's benchmark index of such a phone: Chrome's calibration uses these two. */
  benchmarkIndex: number;
  /** The most a tap may take to its next paint on this target (issue 44). */
  inpGoalMs: number;
}

/** Chrome DevTools' two calibration targets: a Pixel 5 class phone and a Moto G Power class one. */
export const DEVICE_TARGETS: readonly DeviceTarget[] = [
  { id: "mid", label: "mid-tier (Pixel 5 class)", benchmarkIndex: 1_000, inpGoalMs: 100 },
  { id: "low", label: "low-tier (Moto G Power class)", benchmarkIndex: 264, inpGoalMs: 200 },
];

/**
 * How far any index of one part may lie from the part's median, as a share of
 * it, before the figures are called unsteady. Five benchmarks in a row on an
 * idle 2-core host stay within about ±7 %; a host whose speed moves more than
 * this was busy with something else for part of the run.
 */
export const INDEX_TOLERANCE = 0.15;

/** CDP and Lighthouse keep a rate to hundredths; so does every rate the bench reports. */
function hundredths(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * The CPU slowdown Lighthouse's simulation needs so that a host of
 * `hostIndex` stands for a device of `targetIndex`. The simulation multiplies
 * every main-thread task it observed by this factor, so the ratio of the two
 * speeds is the whole answer. Null when the host is slower than the target:
 * a slowdown below 1 would be a speed-up the simulation cannot honestly make.
 */
export function simulatedCpuMultiplier(hostIndex: number, targetIndex: number): number | null {
  if (!(hostIndex > 0) || !(targetIndex > 0)) throw new Error("cpu-calibration: benchmark indexes must be positive");
  if (hostIndex < targetIndex) return null;
  return hundredths(hostIndex / targetIndex);
}

/** The benchmark index a browser reaches at a CPU throttling rate (1 = unthrottled). */
export type ScoreAtRate = (rate: number) => Promise<number>;

/** What a search for a throttling rate found. */
export interface CalibratedRate {
  /** The rate at which the benchmark came closest to the target; null when the host cannot reach the target at all. */
  rate: number | null;
  /** The benchmark index at that rate (at rate 1 when the host is too slow). */
  score: number;
  /** Every rate tried and the index it gave, in order. */
  tried: { rate: number; score: number }[];
}

/** The index within which a score counts as the target's: Chrome's calibration stops there. */
const CLOSE_ENOUGH = 10;
/** Chrome's calibration halves the interval at most this often. */
const MAX_HALVINGS = 8;

/**
 * The CDP throttling rate at which the benchmark scores `target`, searched
 * the way Chrome DevTools' CPU calibration does: Chrome's throttling does not
 * slow the benchmark in proportion to the rate, so the rate is found by
 * halving an interval, [1, 1.5 × host / target] at first, until the score is
 * within 10 of the target or the interval was halved 8 times.
 * `hostScore` is the index at rate 1, measured just before; below the
 * target it is measured once more before the host is called too slow.
 */
export async function calibrateThrottlingRate(
  target: number,
  hostScore: number,
  scoreAt: ScoreAtRate,
): Promise<CalibratedRate> {
  const tried: { rate: number; score: number }[] = [{ rate: 1, score: hostScore }];
  let host = hostScore;
  if (host < target) {
    // One more chance, as Chrome's calibration gives: a shared host may have been busy for that one second.
    host = await scoreAt(1);
    tried.push({ rate: 1, score: host });
    if (host < target) return { rate: null, score: host, tried };
  }
  const measure = async (rate: number) => {
    const known = tried.findLast((entry) => entry.rate === rate);
    if (known) return known.score;
    const score = await scoreAt(rate);
    tried.push({ rate, score });
    return score;
  };
  let lower = 1;
  let upper = Math.max(1, hundredths((host / target) * 1.5));
  await measure(upper);
  let best = { rate: 1, score: host };
  for (let halving = 0; halving < MAX_HALVINGS; halving++) {
    const rate = hundredths((lower + upper) / 2);
    const score = await measure(rate);
    if (Math.abs(score - target) < Math.abs(best.score - target)) best = { rate, score };
    if (Math.abs(score - target) < CLOSE_ENOUGH) break;
    if (score < target) upper = rate;
    else lower = rate;
  }
  // The end of the interval may have been closer than any midpoint.
  for (const entry of tried) {
    if (Math.abs(entry.score - target) < Math.abs(best.score - target)) best = entry;
  }
  return { rate: best.rate, score: best.score, tried };
}

/** How much the host's benchmark index moved over one part. */
export interface IndexSpread {
  median: number | null;
  lowest: number | null;
  highest: number | null;
  /** The largest distance of any index from the median, as a share of the median; 0 for fewer than two. */
  largestDeviation: number;
  /** Whether every index lies within the tolerance of the median. */
  steady: boolean;
}

/** The spread of `indexes` around their median, against `tolerance` (a share of the median). */
export function indexSpread(indexes: readonly number[], tolerance: number = INDEX_TOLERANCE): IndexSpread {
  const middle = median(indexes);
  return middle === null ? spreadAround([], 0, tolerance) : spreadAround(indexes, middle, tolerance);
}

/**
 * The spread of `indexes` around `center`, against `tolerance` (a share of
 * `center`): around their median for a host, around the target's index for
 * a throttled browser that should stand for it.
 */
export function spreadAround(
  indexes: readonly number[],
  center: number,
  tolerance: number = INDEX_TOLERANCE,
): IndexSpread {
  if (indexes.length === 0) return { median: null, lowest: null, highest: null, largestDeviation: 0, steady: true };
  const lowest = Math.min(...indexes);
  const highest = Math.max(...indexes);
  const largestDeviation = Math.max(Math.abs(center - lowest), Math.abs(highest - center)) / center;
  return { median: median(indexes), lowest, highest, largestDeviation, steady: largestDeviation <= tolerance };
}
