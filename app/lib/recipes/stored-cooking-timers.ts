/**
 * Parses what a recipe page kept on the device for its timers. What
 * localStorage holds is input like any other: another script of the origin,
 * an extension, an older version of this code or a full disk may have left
 * anything there. This module checks the shape with a schema; whether the
 * parsed values make sense (the version, the limits, the times against the
 * clock) is checked on the result by `restoredTimers` in cooking-timers.ts.
 *
 * Loaded on its own, and only when a recipe has something stored: it
 * imports nothing of ours but types, so neither valibot nor this module ends
 * up in a script every page loads (a module that the recipe page and this
 * part both imported would be split into a chunk of its own by the bundler).
 */
import * as v from "valibot";
import type { StoredTimers } from "./cooking-timers.ts";

/**
 * Far more than this code ever writes (a few dozen characters per timer, a
 * few dozen timers): a longer text is not parsed at all, so a huge value
 * costs nothing.
 */
const MAX_STORED_LENGTH = 8 * 1024;

// Bounds of the shape only, so no value is absurd (an index in the millions); the limits that matter are checked later.
const count = (max: number) => v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(max));
const DAY_MS = 24 * 60 * 60 * 1000;

const timerBase = {
  step: count(999),
  ordinal: count(999),
  seconds: count(DAY_MS / 1000),
};

const schema = v.strictObject({
  version: count(999),
  timers: v.pipe(
    v.array(
      v.variant("state", [
        v.strictObject({ ...timerBase, state: v.literal("running"), endsAt: v.pipe(v.number(), v.safeInteger()) }),
        v.strictObject({ ...timerBase, state: v.literal("paused"), remainingMs: count(DAY_MS) }),
      ]),
    ),
    v.maxLength(100),
  ),
});

/** The version and timers in `raw` (what localStorage held), or undefined when it is not shaped like what we write. */
export function parseStoredTimers(raw: string): StoredTimers | undefined {
  if (raw.length > MAX_STORED_LENGTH) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const parsed = v.safeParse(schema, json);
  return parsed.success ? parsed.output : undefined;
}
