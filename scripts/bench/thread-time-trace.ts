/**
 * A page load's trace as if the page's main thread had had a core to
 * itself (decision 0055, "Then: waiting counted as work"). Lighthouse's
 * simulation multiplies each top-level task's wall time by the CPU
 * multiplier; on a host of two cores shared by the site's server, the
 * browser's other processes and Lighthouse, a task's wall time holds time
 * in which the main thread did not run (a load event's task: 13.7 ms of
 * wall time, 2.3 ms of the thread's CPU time), and the multiplier made
 * that task, waiting and all, 176 ms of simulated work. Chromium records each task's
 * thread time beside its wall time (`tdur`); here every top-level task of
 * the main thread lasts its thread time, the events in it shrunk with it,
 * so the simulation multiplies what the thread did.
 */

/** The fields of a trace event this reads and writes (Chromium's trace event format). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { documentLoaderURL?: string } };
}

export interface Trace {
  traceEvents: TraceEvent[];
}

/** The thread the page was loaded on: the one whose navigation to an http(s) document started first. */
function pageMainThread(events: readonly TraceEvent[]): { pid: number; tid: number } {
  const start = events.find(
    (event) => event.name === "navigationStart" && /^https?:/.test(event.args?.data?.documentLoaderURL ?? ""),
  );
  if (!start) throw new Error("trace: no navigation to a document");
  return { pid: start.pid, tid: start.tid };
}

/** The main thread's top-level tasks with both times: Chromium's RunTask events. */
function topLevelTasks(events: readonly TraceEvent[], pid: number, tid: number): TraceEvent[] {
  return events.filter(
    (event) =>
      event.pid === pid &&
      event.tid === tid &&
      event.ph === "X" &&
      event.name === "RunTask" &&
      typeof event.dur === "number" &&
      event.dur > 0 &&
      typeof event.tdur === "number",
  );
}

/**
 * A copy of `trace` in which each top-level task of the page's main thread
 * lasts its thread time (never longer than its wall time), and each event
 * of that thread inside it keeps its place in proportion. Other threads and
 * the gaps between tasks are as they were.
 */
export function withThreadTimes(trace: Trace): Trace {
  const events = trace.traceEvents;
  const { pid, tid } = pageMainThread(events);
  const copies = events.map((event) => ({ ...event }));
  const onThread = copies
    .map((event, index) => ({ event, index }))
    .filter(({ event }) => event.pid === pid && event.tid === tid)
    .sort((a, b) => a.event.ts - b.event.ts);
  // Top-level tasks do not overlap: one walk through the thread's events in time order serves them all.
  const tasks = topLevelTasks(events, pid, tid).sort((a, b) => a.ts - b.ts);
  let next = 0;
  for (const task of tasks) {
    const wall = task.dur ?? 0;
    const factor = Math.min(1, (task.tdur ?? wall) / wall);
    const start = task.ts;
    const end = start + wall;
    while (next < onThread.length && (onThread[next]?.event.ts ?? 0) < start) next++;
    for (; next < onThread.length; next++) {
      const { event, index } = onThread[next] as { event: TraceEvent; index: number };
      if (event.ts >= end) break;
      const original = events[index] as TraceEvent;
      event.ts = start + (original.ts - start) * factor;
      if (typeof original.dur === "number") event.dur = original.dur * factor;
    }
  }
  return { ...trace, traceEvents: copies };
}

/**
 * Of the wall time of the main thread's top-level tasks at least `minMs`
 * long (Lighthouse's simulation keeps a task from 10 ms on), the share the
 * thread ran: 1 on a host where the page's thread never waits.
 */
export function threadShare(trace: Trace, minMs = 10): number {
  const { pid, tid } = pageMainThread(trace.traceEvents);
  let wall = 0;
  let thread = 0;
  for (const task of topLevelTasks(trace.traceEvents, pid, tid)) {
    if ((task.dur ?? 0) < minMs * 1000) continue;
    wall += task.dur ?? 0;
    thread += Math.min(task.tdur ?? 0, task.dur ?? 0);
  }
  return wall === 0 ? 1 : thread / wall;
}
