/**
 * The timers of cooking mode as data (app/lib/recipes/cooking-timers.ts),
 * read back from the device (stored-cooking-timers.ts: whatever the device
 * holds), and as the bar and the buttons write them (timer-display.ts,
 * duration-label.ts).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CookingTimer,
  FINISHED_TIMER_KEPT_MS,
  MAX_TIMERS,
  mergeTimers,
  pauseTimer,
  removeTimer,
  restoredTimers,
  resumeTimer,
  serializeTimers,
  startTimer,
  timersStorageKey,
} from "../../app/lib/recipes/cooking-timers.ts";
import { shortDuration } from "../../app/lib/recipes/duration-label.ts";
import { MAX_DURATION_SECONDS } from "../../app/lib/recipes/step-durations.ts";
import { parseStoredTimers } from "../../app/lib/recipes/stored-cooking-timers.ts";
import {
  clockText,
  durationInWords,
  endMessage,
  isFinished,
  remainingMs,
} from "../../app/lib/recipes/timer-display.ts";

const NOW = Date.UTC(2026, 10, 28, 18, 0, 0);
const readBack = (text: string, now = NOW) => restoredTimers(parseStoredTimers(text), now);

describe("a timer's life", () => {
  it("runs from the press for its length, once per button", () => {
    const started = startTimer([], { step: 2, ordinal: 0, seconds: 720 }, NOW);
    expect(started).toEqual([{ step: 2, ordinal: 0, seconds: 720, state: "running", endsAt: NOW + 720_000 }]);
    expect(startTimer(started, { step: 2, ordinal: 0, seconds: 60 }, NOW + 5)).toBe(started);
    expect(startTimer(started, { step: 2, ordinal: 1, seconds: 60 }, NOW)).toHaveLength(2);
  });

  it("keeps what was left while paused, and ends that much later", () => {
    let timers = startTimer([], { step: 0, ordinal: 0, seconds: 600 }, NOW);
    timers = pauseTimer(timers, { step: 0, ordinal: 0 }, NOW + 100_000);
    expect(timers[0]).toMatchObject({ state: "paused", remainingMs: 500_000 });
    expect(remainingMs(timers[0] as CookingTimer, NOW + 400_000)).toBe(500_000);
    timers = resumeTimer(timers, { step: 0, ordinal: 0 }, NOW + 400_000);
    expect(timers[0]).toMatchObject({ state: "running", endsAt: NOW + 900_000 });
  });

  it("ends its length plus every pause after the press, however often paused", () => {
    const source = { step: 0, ordinal: 0 };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_DURATION_SECONDS }),
        fc.array(fc.integer({ min: 0, max: 3_600_000 }), { maxLength: 12 }),
        (seconds, gaps) => {
          let timers = startTimer([], { ...source, seconds }, NOW);
          let now = NOW;
          let pausedFor = 0;
          let pausedAt: number | undefined;
          // Pause and go on in turns, each press a gap after the one before, until the timer has run out.
          for (const gap of gaps) {
            now += gap;
            const timer = timers[0] as CookingTimer;
            if (timer.state === "running" && timer.endsAt <= now) break;
            if (timer.state === "running") {
              timers = pauseTimer(timers, source, now);
              pausedAt = now;
            } else {
              timers = resumeTimer(timers, source, now);
              pausedFor += now - (pausedAt ?? now);
              pausedAt = undefined;
            }
          }
          if (pausedAt !== undefined) {
            timers = resumeTimer(timers, source, now);
            pausedFor += now - pausedAt;
          }
          expect(timers).toEqual([{ ...source, seconds, state: "running", endsAt: NOW + seconds * 1000 + pausedFor }]);
        },
      ),
    );
  });

  it("cannot be paused once run out, and is gone when removed", () => {
    const timers = startTimer([], { step: 1, ordinal: 0, seconds: 60 }, NOW);
    expect(pauseTimer(timers, { step: 1, ordinal: 0 }, NOW + 60_000)).toEqual(timers);
    expect(isFinished(timers[0] as CookingTimer, NOW + 59_999)).toBe(false);
    expect(isFinished(timers[0] as CookingTimer, NOW + 60_000)).toBe(true);
    expect(removeTimer(timers, { step: 1, ordinal: 0 })).toEqual([]);
  });

  it("stops at MAX_TIMERS", () => {
    let timers: readonly CookingTimer[] = [];
    for (let step = 0; step < MAX_TIMERS + 5; step++)
      timers = startTimer(timers, { step, ordinal: 0, seconds: 60 }, NOW);
    expect(timers).toHaveLength(MAX_TIMERS);
  });

  it("keeps a timer pressed before the stored ones were read over the stored one of the same button", () => {
    const stored = startTimer(
      startTimer([], { step: 0, ordinal: 0, seconds: 60 }, NOW - 10_000),
      { step: 1, ordinal: 0, seconds: 60 },
      NOW - 10_000,
    );
    const pressed = startTimer([], { step: 1, ordinal: 0, seconds: 60 }, NOW);
    expect(mergeTimers(pressed, stored)).toEqual([stored[0], pressed[0]]);
  });

  it("is kept under one key per recipe", () => {
    expect(timersStorageKey("shakshuka")).toBe("wkij-kochtimer:shakshuka");
  });
});

/** A list of timers as presses at random moments make them. */
const pressedTimers = fc
  .array(
    fc.record({
      step: fc.integer({ min: 0, max: 30 }),
      ordinal: fc.integer({ min: 0, max: 4 }),
      seconds: fc.integer({ min: 1, max: MAX_DURATION_SECONDS }),
      ago: fc.integer({ min: 0, max: 2 * 3_600_000 }),
      pausedAfter: fc.option(fc.integer({ min: 0, max: 3_600_000 })),
    }),
    { maxLength: 30 },
  )
  .map((presses) => {
    let timers: readonly CookingTimer[] = [];
    for (const { step, ordinal, seconds, ago, pausedAfter } of presses) {
      timers = startTimer(timers, { step, ordinal, seconds }, NOW - ago);
      if (pausedAfter !== null && pausedAfter < ago)
        timers = pauseTimer(timers, { step, ordinal }, NOW - ago + pausedAfter);
    }
    return timers;
  });

describe("timers read back from the device", () => {
  it("are what was written, as long as they are not long over", () => {
    fc.assert(
      fc.property(pressedTimers, (timers) => {
        expect(readBack(serializeTimers(timers))).toEqual(timers);
      }),
    );
  });

  it("run out while the page was away are kept as run out for a while, then dropped", () => {
    const timers = startTimer([], { step: 3, ordinal: 0, seconds: 600 }, NOW - 3_600_000);
    expect(readBack(serializeTimers(timers))).toEqual(timers);
    expect(isFinished(timers[0] as CookingTimer, NOW)).toBe(true);
    expect(readBack(serializeTimers(timers), NOW + FINISHED_TIMER_KEPT_MS)).toEqual([]);
  });

  const timer = { step: 1, ordinal: 0, seconds: 600, state: "running", endsAt: NOW + 60_000 };
  const paused = { step: 1, ordinal: 0, seconds: 600, state: "paused", remainingMs: 60_000 };
  const text = (value: unknown) => JSON.stringify(value);
  const hostile: [string, string, number][] = [
    ["not JSON", "{version: 1", 0],
    ["empty", "", 0],
    ["null", "null", 0],
    ["a list", text([timer]), 0],
    ["another version", text({ version: 2, timers: [timer] }), 0],
    ["a version as text", text({ version: "1", timers: [timer] }), 0],
    ["an unknown field", text({ version: 1, timers: [timer], extra: true }), 0],
    ["an unknown field in a timer", text({ version: 1, timers: [{ ...timer, sound: "laut" }] }), 0],
    ["a state we never write", text({ version: 1, timers: [{ ...timer, state: "ringing" }] }), 0],
    ["a paused timer with an end", text({ version: 1, timers: [{ ...paused, endsAt: NOW }] }), 0],
    ["seconds as text", text({ version: 1, timers: [{ ...timer, seconds: "600" }] }), 0],
    ["a fraction of a step", text({ version: 1, timers: [{ ...timer, step: 1.5 }] }), 0],
    ["a negative step", text({ version: 1, timers: [{ ...timer, step: -1 }] }), 0],
    ["a huge step", text({ version: 1, timers: [{ ...timer, step: 1e9 }] }), 0],
    ["an end past what numbers hold exactly", text({ version: 1, timers: [{ ...timer, endsAt: 1e300 }] }), 0],
    ["an end further ahead than the length", text({ version: 1, timers: [{ ...timer, endsAt: NOW + 700_000 }] }), 0],
    ["more left than the length", text({ version: 1, timers: [{ ...paused, remainingMs: 600_001 }] }), 0],
    ["more than a day", text({ version: 1, timers: [{ ...timer, seconds: MAX_DURATION_SECONDS + 1 }] }), 0],
    ["no seconds", text({ version: 1, timers: [{ ...timer, seconds: 0 }] }), 0],
    ["a hundred and one timers", text({ version: 1, timers: Array(101).fill(timer) }), 0],
    ["a very long text", `${text({ version: 1, timers: [timer] })}${" ".repeat(10_000)}`, 0],
    ["a prototype key", `{"version":1,"timers":[${text(timer)}],"__proto__":{"polluted":true}}`, 0],
    ["one good and one bad timer", text({ version: 1, timers: [timer, { ...timer, step: 2, endsAt: NOW + 9e9 }] }), 1],
    ["a button's timer twice", text({ version: 1, timers: [timer, paused] }), 1],
    [
      "more timers than a page keeps",
      text({ version: 1, timers: Array.from({ length: 40 }, (_, step) => ({ ...timer, step })) }),
      MAX_TIMERS,
    ],
  ];

  for (const [name, stored, kept] of hostile) {
    it(`${name}: ${kept} kept`, () => {
      expect(readBack(stored)).toHaveLength(kept);
      expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    });
  }

  it("never throw on anything, and keep only timers a page could have written", () => {
    // Mostly values of the right kind, so that many lists get past the schema to the checks after it.
    const mostly = <T>(right: fc.Arbitrary<T>) =>
      fc.oneof({ arbitrary: right, weight: 5 }, { arbitrary: fc.anything(), weight: 1 });
    const anyText = fc.oneof(
      fc.string({ unit: "binary", maxLength: 200 }),
      fc.json({ maxDepth: 4 }),
      fc
        .record({
          version: mostly(fc.constant(1)),
          timers: fc.array(
            fc.record(
              {
                step: mostly(fc.integer({ min: 0, max: 40 })),
                ordinal: mostly(fc.integer({ min: -1, max: 5 })),
                seconds: mostly(fc.integer({ min: -5, max: 100_000 })),
                state: fc.constantFrom("running", "paused", "other"),
                endsAt: mostly(fc.integer({ min: NOW - 2 * FINISHED_TIMER_KEPT_MS, max: NOW + 2e8 })),
                remainingMs: mostly(fc.integer({ min: -5, max: 2e8 })),
              },
              { requiredKeys: ["step", "ordinal", "seconds", "state"] },
            ),
            { maxLength: 30 },
          ),
        })
        .map((value) => JSON.stringify(value)),
    );
    fc.assert(
      fc.property(anyText, (stored) => {
        const timers = readBack(stored);
        expect(timers.length).toBeLessThanOrEqual(MAX_TIMERS);
        for (const timer of timers) {
          expect(Number.isInteger(timer.step) && timer.step >= 0).toBe(true);
          expect(timer.seconds).toBeGreaterThanOrEqual(1);
          expect(timer.seconds).toBeLessThanOrEqual(MAX_DURATION_SECONDS);
          expect(remainingMs(timer, NOW)).toBeLessThanOrEqual(timer.seconds * 1000 + 60_000);
          if (timer.state === "running") expect(timer.endsAt).toBeGreaterThan(NOW - FINISHED_TIMER_KEPT_MS);
        }
        expect(new Set(timers.map((timer) => `${timer.step}-${timer.ordinal}`)).size).toBe(timers.length);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("how timers are written", () => {
  it.each([
    [30, "30 Sek.", "30 Sekunden"],
    [60, "1 Min.", "1 Minute"],
    [720, "12 Min.", "12 Minuten"],
    [90, "1 Min. 30 Sek.", "1 Minute 30 Sekunden"],
    [3600, "1 Std.", "1 Stunde"],
    [5400, "1 Std. 30 Min.", "1 Stunde 30 Minuten"],
    [7201, "2 Std. 1 Sek.", "2 Stunden 1 Sekunde"],
  ])("%d s: %s on the button, %s in the message", (seconds, short, words) => {
    expect(shortDuration(seconds)).toBe(short);
    expect(durationInWords(seconds)).toBe(words);
  });

  it.each([
    [720_000, "12:00"],
    [719_001, "12:00"],
    [719_000, "11:59"],
    [5_000, "0:05"],
    [1, "0:01"],
    [0, "0:00"],
    [-5, "0:00"],
    [3_849_000, "1:04:09"],
  ])("%d ms left shows %s", (milliseconds, clock) => {
    expect(clockText(milliseconds)).toBe(clock);
  });

  it("shows the seconds left, rounded up, as h:mm:ss or m:ss", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_DURATION_SECONDS * 1000 }), (milliseconds) => {
        const parts = clockText(milliseconds).split(":").map(Number);
        const seconds = parts.reduce((total, part) => total * 60 + part, 0);
        expect(seconds).toBe(Math.ceil(milliseconds / 1000));
        expect(parts.slice(1).every((part) => part < 60)).toBe(true);
      }),
    );
  });

  it("says which step's timer ran out, and for how long it ran", () => {
    const [timer] = startTimer([], { step: 2, ordinal: 0, seconds: 600 }, NOW);
    expect(endMessage(timer as CookingTimer)).toBe("Timer abgelaufen: Schritt 3 – 10 Minuten");
  });
});
