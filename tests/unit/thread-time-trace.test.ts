import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type TraceEvent, threadShare, withThreadTimes } from "../../scripts/bench/thread-time-trace.ts";

const PAGE = { pid: 7, tid: 1 };
const navigation: TraceEvent = {
  name: "navigationStart",
  ph: "R",
  ...PAGE,
  ts: 0,
  args: { data: { documentLoaderURL: "http://127.0.0.1/suche?q=suppe" } },
};

function task(ts: number, dur: number, tdur: number): TraceEvent {
  return { name: "RunTask", ph: "X", ...PAGE, ts, dur, tdur };
}

function inside(name: string, ts: number, dur?: number): TraceEvent {
  return { name, ph: dur === undefined ? "I" : "X", ...PAGE, ts, ...(dur === undefined ? {} : { dur }) };
}

describe("withThreadTimes", () => {
  it("makes each task of the page's thread last its thread time, its events shrunk with it", () => {
    const events = [
      navigation,
      task(1_000, 10_000, 2_500),
      inside("ParseHTML", 1_000, 2_000),
      inside("EventDispatch", 5_000, 4_000),
      inside("MarkLoad", 9_000),
      // The next task, which ran without waiting.
      task(20_000, 3_000, 3_000),
      inside("Layout", 20_500, 1_000),
      // Another thread's task, with waiting of its own: left alone.
      { name: "RunTask", ph: "X", pid: 7, tid: 2, ts: 1_500, dur: 8_000, tdur: 1_000 },
    ];
    const out = withThreadTimes({ traceEvents: events }).traceEvents;
    expect(out.map(({ name, ts, dur }) => [name, ts, dur])).toEqual([
      ["navigationStart", 0, undefined],
      ["RunTask", 1_000, 2_500],
      ["ParseHTML", 1_000, 500],
      ["EventDispatch", 2_000, 1_000],
      ["MarkLoad", 3_000, undefined],
      ["RunTask", 20_000, 3_000],
      ["Layout", 20_500, 1_000],
      ["RunTask", 1_500, 8_000],
    ]);
    // The trace given is not changed.
    expect(events[1]).toEqual(task(1_000, 10_000, 2_500));
  });

  it("never makes a task longer than its wall time", () => {
    const out = withThreadTimes({ traceEvents: [navigation, task(0, 1_000, 1_200)] }).traceEvents;
    expect(out[1]?.dur).toBe(1_000);
  });

  it("refuses a trace without a navigation to a document", () => {
    expect(() => withThreadTimes({ traceEvents: [task(0, 1_000, 500)] })).toThrow(/no navigation/);
  });

  it("keeps every event inside its task, in order, and each task at its thread time", () => {
    const taskShape = fc.record({
      gap: fc.integer({ min: 0, max: 5_000 }),
      dur: fc.integer({ min: 1, max: 50_000 }),
      share: fc.double({ min: 0, max: 1.5, noNaN: true }),
      children: fc.array(
        fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })),
        {
          maxLength: 6,
        },
      ),
    });
    fc.assert(
      fc.property(fc.array(taskShape, { minLength: 1, maxLength: 8 }), (shapes) => {
        const events: TraceEvent[] = [navigation];
        const spans: { task: number; children: number[] }[] = [];
        let at = 100;
        for (const { gap, dur, share, children } of shapes) {
          at += gap;
          const taskIndex = events.length;
          events.push(task(at, dur, Math.round(dur * share)));
          const childIndexes: number[] = [];
          for (const [start, length] of children) {
            const ts = at + Math.floor(start * (dur - 1));
            childIndexes.push(events.length);
            events.push(inside("FunctionCall", ts, Math.floor(length * (at + dur - ts))));
          }
          spans.push({ task: taskIndex, children: childIndexes });
          at += dur;
        }
        const out = withThreadTimes({ traceEvents: events }).traceEvents;
        let previousEnd = -1;
        for (const { task: taskIndex, children } of spans) {
          const before = events[taskIndex] as TraceEvent;
          const after = out[taskIndex] as TraceEvent;
          expect(after.ts).toBe(before.ts);
          expect(after.dur).toBeCloseTo(Math.min(before.tdur ?? 0, before.dur ?? 0), 6);
          expect(after.ts).toBeGreaterThanOrEqual(previousEnd);
          const end = after.ts + (after.dur ?? 0);
          for (const child of children) {
            const event = out[child] as TraceEvent;
            expect(event.ts).toBeGreaterThanOrEqual(after.ts);
            expect(event.ts + (event.dur ?? 0)).toBeLessThanOrEqual(end + 1e-6);
          }
          previousEnd = end;
        }
      }),
    );
  });
});

describe("threadShare", () => {
  it("is the thread time over the wall time of the tasks from 10 ms on", () => {
    const events = [navigation, task(0, 20_000, 5_000), task(30_000, 10_000, 10_000), task(50_000, 9_000, 1_000)];
    expect(threadShare({ traceEvents: events })).toBeCloseTo(15 / 30, 9);
  });

  it("is 1 when no task is that long", () => {
    expect(threadShare({ traceEvents: [navigation, task(0, 5_000, 1_000)] })).toBe(1);
  });
});
