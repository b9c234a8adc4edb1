/**
 * Total blocking time as Lighthouse defines it (TBT): what each main-thread
 * task that runs after the first contentful paint lasts beyond 50 ms, a task
 * that straddles the paint counting with its part after it. The bench's INP
 * part applies it to the long tasks a CPU-throttled browser reports while the
 * page loads and hydrates (interaction.ts, decision 0059).
 */

/** A main-thread task, in ms on the page's clock. */
export interface MainThreadTask {
  startTime: number;
  duration: number;
}

/** A task blocks input for what it lasts beyond this. */
export const BLOCKING_FROM_MS = 50;

/** The blocking time of `tasks` between `firstPaintMs` and `untilMs`. */
export function blockingTimeMs(tasks: readonly MainThreadTask[], firstPaintMs: number, untilMs = Infinity): number {
  let blocking = 0;
  for (const { startTime, duration } of tasks) {
    const end = Math.min(startTime + duration, untilMs);
    const counted = end - Math.max(startTime, firstPaintMs);
    if (counted > BLOCKING_FROM_MS) blocking += counted - BLOCKING_FROM_MS;
  }
  return blocking;
}
