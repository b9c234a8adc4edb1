/** The longest main-thread task after the first paint, read from a Lighthouse result (issue 44). */
import type { Result } from "lighthouse";

/** Lighthouse lists main-thread tasks from this length on: a shorter longest task is reported as 0. */
export const LONG_TASK_MS = 50;

/**
 * The longest top-level main-thread task that is still running after the
 * first contentful paint, in the simulation's time, from the long-tasks
 * audit's full list (its table shows only the 20 longest). In a browser a
 * task cannot straddle a paint, but the simulation stretches tasks and paints
 * apart, so a task that began before the simulated paint may end after it:
 * it counts whole, as it would keep a tap waiting. 0 when none is long.
 */
export function longestTaskAfterPaint(lhr: Result): number {
  const firstPaint = lhr.audits["first-contentful-paint"]?.numericValue;
  if (typeof firstPaint !== "number") throw new Error("lighthouse: no first contentful paint");
  const details = lhr.audits["long-tasks"]?.details as
    | { debugData?: { tasks?: { startTime?: number; duration?: number }[] } }
    | undefined;
  const tasks = details?.debugData?.tasks ?? [];
  let longest = 0;
  for (const task of tasks) {
    if (typeof task.startTime !== "number" || typeof task.duration !== "number") continue;
    const end = task.startTime + task.duration;
    if (end > firstPaint && task.duration >= LONG_TASK_MS) longest = Math.max(longest, task.duration);
  }
  return longest;
}
