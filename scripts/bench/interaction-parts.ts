/**
 * What an interaction's time was spent on, from the browser's Event Timing
 * entries, split as the web-vitals library's attribution splits INP:
 *
 * - input delay: from the input until the first of its events' handlers
 *   began (the main thread was busy with a task begun before it);
 * - processing: from then until the last of its events' handlers ended.
 *   During hydration this holds what React does for the tap: each discrete
 *   event on a part not hydrated yet hydrates the parts above the control at
 *   once (decision 0059, "Then: what a tap during hydration waits for");
 * - presentation: from then until the next paint.
 *
 * The three add up to the time from the interaction's first input to the
 * next paint: its duration (its longest entry's, as INP counts it), or a
 * little more where the browser rounded that down (see below).
 */

/** One Event Timing entry, as `PerformanceEventTiming` gives it, in ms on the page's clock. */
export interface TimedEvent {
  interactionId: number;
  name: string;
  startTime: number;
  processingStart: number;
  processingEnd: number;
  duration: number;
}

export interface InteractionParts {
  /** The interaction's duration: its longest entry's. */
  totalMs: number;
  inputDelayMs: number;
  processingMs: number;
  presentationMs: number;
}

/**
 * The parts of the longest interaction among `entries` (an interaction's
 * entries share its `interactionId`); null when there is none. The browser
 * rounds `duration` to 8 ms, so the next paint is taken as no earlier than
 * the last handler's end: presentation is never negative, and the parts
 * then add up to a little more than the rounded duration, as web-vitals'
 * attribution does.
 */
export function interactionParts(entries: readonly TimedEvent[]): InteractionParts | null {
  const timed = entries.filter((entry) => entry.interactionId > 0);
  if (timed.length === 0) return null;
  let longest = timed[0] as TimedEvent;
  for (const entry of timed) if (entry.duration > longest.duration) longest = entry;
  const own = timed.filter((entry) => entry.interactionId === longest.interactionId);
  const start = Math.min(...own.map((entry) => entry.startTime));
  const firstHandler = Math.min(...own.map((entry) => entry.processingStart));
  const lastHandler = Math.max(...own.map((entry) => entry.processingEnd));
  const paint = Math.max(longest.startTime + longest.duration, lastHandler);
  const inputDelayMs = Math.max(0, firstHandler - start);
  const processingMs = Math.max(0, lastHandler - Math.max(firstHandler, start));
  return {
    totalMs: longest.duration,
    inputDelayMs,
    processingMs,
    presentationMs: Math.max(0, paint - start - inputDelayMs - processingMs),
  };
}
