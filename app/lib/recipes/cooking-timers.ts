/**
 * The timers of cooking mode as data: which step's duration each one
 * counts, and either the moment it ends or, paused, the time it has left.
 * Moments are absolute (`Date.now()`), so a timer written to the device and
 * read back after a reload (or after the phone slept) is exactly as far along
 * as the kitchen's clock. Pure functions of the list and the time: the hook
 * (`lib/hooks/use-cooking-timers.ts`) holds the list, the bar shows it
 * (what a timer shows at a moment: `timer-display.ts`).
 */
import { MAX_DURATION_SECONDS } from "./step-durations.ts";

interface TimerBase {
  /** The step (from 0) and which of its durations (from 0): the button that started it. */
  step: number;
  ordinal: number;
  /** Its whole length. */
  seconds: number;
}

/** A timer that counts down to `endsAt` (ms since the epoch), or is paused with `remainingMs` left. */
export type CookingTimer = TimerBase &
  ({ state: "running"; endsAt: number } | { state: "paused"; remainingMs: number });

/** Which duration of which step a timer is for: one timer per button at a time. */
export interface TimerSource {
  step: number;
  ordinal: number;
}

/**
 * More than any recipe has durations; a bound for what the device keeps.
 * (The seed's longest recipe has ten steps with at most two durations each.)
 */
export const MAX_TIMERS = 24;

/** Version of what `serializeTimers` writes; a stored list of another version is not read. */
export const STORED_TIMERS_VERSION = 1;

/** Where the device keeps a recipe's timers: one entry per recipe, so each page reads only its own. */
export function timersStorageKey(slug: string): string {
  return `wkij-kochtimer:${slug}`;
}

/** Whether `timer` was started from `source`. */
export function isFrom(timer: TimerSource, source: TimerSource): boolean {
  return timer.step === source.step && timer.ordinal === source.ordinal;
}

/** `timers` with a new one for `source` running from `now`; unchanged when that button's timer is already there. */
export function startTimer(
  timers: readonly CookingTimer[],
  source: TimerSource & { seconds: number },
  now: number,
): readonly CookingTimer[] {
  if (timers.length >= MAX_TIMERS || timers.some((timer) => isFrom(timer, source))) return timers;
  const { step, ordinal, seconds } = source;
  return [...timers, { step, ordinal, seconds, state: "running", endsAt: now + seconds * 1000 }];
}

/**
 * `timers` with the one from `source` paused at `now`, keeping the time it
 * had left: never more than its length, even when the device's clock was
 * set back since the press.
 */
export function pauseTimer(timers: readonly CookingTimer[], source: TimerSource, now: number): readonly CookingTimer[] {
  return timers.map((timer) =>
    isFrom(timer, source) && timer.state === "running" && timer.endsAt > now
      ? {
          step: timer.step,
          ordinal: timer.ordinal,
          seconds: timer.seconds,
          state: "paused",
          remainingMs: Math.min(timer.endsAt - now, timer.seconds * 1000),
        }
      : timer,
  );
}

/** `timers` with the one from `source` running again from `now` for the time it had left. */
export function resumeTimer(
  timers: readonly CookingTimer[],
  source: TimerSource,
  now: number,
): readonly CookingTimer[] {
  return timers.map((timer) =>
    isFrom(timer, source) && timer.state === "paused"
      ? {
          step: timer.step,
          ordinal: timer.ordinal,
          seconds: timer.seconds,
          state: "running",
          endsAt: now + timer.remainingMs,
        }
      : timer,
  );
}

/** `timers` without the one from `source`. */
export function removeTimer(timers: readonly CookingTimer[], source: TimerSource): readonly CookingTimer[] {
  return timers.filter((timer) => !isFrom(timer, source));
}

/**
 * The timers read back from the device joined to those started meanwhile
 * (a press before the stored ones were read): the pressed one wins.
 */
export function mergeTimers(
  started: readonly CookingTimer[],
  stored: readonly CookingTimer[],
): readonly CookingTimer[] {
  const kept = stored.filter((timer) => !started.some((other) => isFrom(other, timer)));
  return [...kept, ...started].slice(0, MAX_TIMERS);
}

/** What the device keeps for a recipe: the format's version and the list. */
export interface StoredTimers {
  version: number;
  timers: readonly CookingTimer[];
}

/** What `parseStoredTimers` reads back. */
export function serializeTimers(timers: readonly CookingTimer[]): string {
  return JSON.stringify({ version: STORED_TIMERS_VERSION, timers } satisfies StoredTimers);
}

/** A timer that ran out longer ago than this is from another meal: dropped, not shown as run out. */
export const FINISHED_TIMER_KEPT_MS = 12 * 60 * 60 * 1000;

/**
 * How far a running timer's end may lie beyond its length from now. Only a
 * clock set back a little explains more than none; more is a text this code
 * did not write.
 */
const CLOCK_SLACK_MS = 60 * 1000;

/** Whether a timer read back is one this code could have written, as seen at `now`. */
function plausible(timer: CookingTimer, now: number): boolean {
  if (timer.seconds < 1 || timer.seconds > MAX_DURATION_SECONDS) return false;
  if (timer.state === "paused") return timer.remainingMs <= timer.seconds * 1000;
  return timer.endsAt <= now + timer.seconds * 1000 + CLOCK_SLACK_MS && timer.endsAt > now - FINISHED_TIMER_KEPT_MS;
}

/**
 * The timers to show again from what was read back (undefined: nothing
 * usable): none from another version of the format; single timers dropped
 * when their times cannot be (an end further ahead than their length, more
 * left than their length) or they ran out long ago; of a button's timer
 * standing twice, the first; at most MAX_TIMERS.
 */
export function restoredTimers(stored: StoredTimers | undefined, now: number): CookingTimer[] {
  if (stored?.version !== STORED_TIMERS_VERSION) return [];
  const timers: CookingTimer[] = [];
  for (const timer of stored.timers) {
    if (timers.length === MAX_TIMERS) break;
    if (plausible(timer, now) && !timers.some((other) => isFrom(other, timer))) timers.push(timer);
  }
  return timers;
}
