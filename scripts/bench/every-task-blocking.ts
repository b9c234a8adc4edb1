/**
 * A second total blocking time beside Lighthouse's (issue 44, decision 0059):
 * every main-thread task of the page load as observed, multiplied by the
 * target's CPU multiplier, with nothing dropped.
 *
 * Lighthouse's simulation drops every task shorter than 10 ms as observed
 * before it multiplies the rest, so on a fast host a task the low-tier phone
 * would run for over 100 ms counts nothing, and on a slower host the same
 * task counts. The sum here keeps every task: it is what a browser throttled
 * by the multiplier would block for, read from the same page load, and it
 * depends on the host only through the multiplier. It is an estimate: the
 * tasks keep their observed order and are not rescheduled around the network
 * as the simulation does, and it counts to the end of the trace rather than
 * to a time to interactive (the page has no long task after hydration).
 */

/** A top-level main-thread task, in ms since the navigation's time origin, as observed. */
export interface ObservedTask {
  startTime: number;
  endTime: number;
}

/** A task blocks input for what it lasts beyond this (the definition of TBT). */
export const BLOCKING_FROM_MS = 50;

/**
 * The blocking time of `tasks` after `firstPaintMs` once each is `multiplier`
 * times as long: a task that began before the paint counts with its part after
 * it, as TBT counts one that straddles the first contentful paint.
 */
export function everyTaskBlockingMs(tasks: readonly ObservedTask[], firstPaintMs: number, multiplier: number): number {
  let blocking = 0;
  for (const { startTime, endTime } of tasks) {
    if (endTime <= firstPaintMs) continue;
    const afterPaint = (endTime - Math.max(startTime, firstPaintMs)) * multiplier;
    if (afterPaint > BLOCKING_FROM_MS) blocking += afterPaint - BLOCKING_FROM_MS;
  }
  return blocking;
}
