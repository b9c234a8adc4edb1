import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { interactionParts, type TimedEvent } from "../../scripts/bench/interaction-parts.ts";

/** An entry of interaction `id` from the tap at `start`: handlers from `from` to `to`, the paint at `start + duration`. */
const entry = (id: number, name: string, start: number, from: number, to: number, duration: number): TimedEvent => ({
  interactionId: id,
  name,
  startTime: start,
  processingStart: from,
  processingEnd: to,
  duration,
});

describe("what the bench's INP was spent on", () => {
  it("splits a tap during hydration into the wait, the handlers of all its events and the paint", () => {
    // A trace of the ingredient search on the mid tier: pointerdown hydrated the shell, touchstart (no entry of
    // its own) the page's part, then pointerup and click ran their handlers.
    const tap = [
      entry(7, "pointerdown", 752.7, 793.7, 835.8, 152),
      entry(7, "pointerup", 752.9, 897.1, 897.4, 152),
      entry(7, "click", 752.9, 916.8, 917.6, 176),
    ];
    const parts = interactionParts(tap);
    expect(parts?.totalMs).toBe(176);
    expect(parts?.inputDelayMs).toBeCloseTo(41, 5);
    expect(parts?.processingMs).toBeCloseTo(917.6 - 793.7, 5);
    expect(parts?.presentationMs).toBeCloseTo(752.9 + 176 - 917.6, 5);
  });

  it("takes the longest interaction, and leaves out entries of no interaction", () => {
    const entries = [
      entry(0, "pointermove", 0, 1, 2, 400),
      entry(3, "pointerdown", 100, 110, 120, 40),
      entry(5, "keydown", 500, 540, 600, 120),
      entry(5, "keyup", 560, 610, 612, 64),
    ];
    expect(interactionParts(entries)).toEqual({ totalMs: 120, inputDelayMs: 40, processingMs: 72, presentationMs: 8 });
    expect(interactionParts([entry(0, "pointermove", 0, 1, 2, 400)])).toBeNull();
    expect(interactionParts([])).toBeNull();
  });

  it("never gives a negative part where the browser rounded the duration below the handlers' end", () => {
    // Durations are rounded to 8 ms: handlers that end 3 ms after the rounded paint.
    expect(interactionParts([entry(1, "click", 0, 10, 51, 48)])).toEqual({
      totalMs: 48,
      inputDelayMs: 10,
      processingMs: 41,
      presentationMs: 0,
    });
  });

  it("gives parts that add up to the time from the first input to the paint, each at least 0", () => {
    const timed = fc
      .record({
        id: fc.integer({ min: 1, max: 3 }),
        start: fc.integer({ min: 0, max: 1_000 }),
        delay: fc.integer({ min: 0, max: 300 }),
        handlers: fc.integer({ min: 0, max: 300 }),
        paintAfter: fc.integer({ min: 0, max: 100 }),
      })
      .map(({ id, start, delay, handlers, paintAfter }) => {
        const duration = 8 * Math.round((delay + handlers + paintAfter) / 8);
        return entry(id, "pointerdown", start, start + delay, start + delay + handlers, duration);
      });
    fc.assert(
      fc.property(fc.array(timed, { minLength: 1, maxLength: 8 }), (entries) => {
        const parts = interactionParts(entries);
        expect(parts).not.toBeNull();
        if (!parts) return;
        expect(Math.min(parts.inputDelayMs, parts.processingMs, parts.presentationMs)).toBeGreaterThanOrEqual(0);
        // The interaction is the first entry's of the longest duration.
        const longest = entries.reduce((best, candidate) => (candidate.duration > best.duration ? candidate : best));
        expect(parts.totalMs).toBe(longest.duration);
        const own = entries.filter((candidate) => candidate.interactionId === longest.interactionId);
        const first = Math.min(...own.map((candidate) => candidate.startTime));
        const lastEnd = Math.max(...own.map((candidate) => candidate.processingEnd));
        const paint = Math.max(longest.startTime + longest.duration, lastEnd);
        expect(parts.inputDelayMs + parts.processingMs + parts.presentationMs).toBeCloseTo(paint - first, 6);
      }),
    );
  });
});
