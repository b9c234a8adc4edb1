/**
 * The Worker's log: every line is one JSON object whose first key is
 * `event`, so Workers Logs can filter and count by field
 * (docs/operations.md, 2.3). Nothing else in app/ and workers/ writes to the
 * console (tests/unit/log-lines.test.ts checks that).
 *
 * Lines never carry visitor data: no cookies, no e-mail addresses, no IP
 * addresses, no query strings. A caught error is written as its message.
 *
 * Error lines, and warnings logged with `report`, are also handed to the
 * reporter the Worker sets when an error tracker is configured
 * (workers/error-tracker.ts); without one, logging is all that happens.
 */
import { errorMessage } from "./error-message.ts";

export type LogLevel = "info" | "warn" | "error";

/** A line's fields besides its event name, which they may not replace. */
export type LogFields = Record<string, unknown> & { event?: never };

/** What the reporter receives of a reported line. */
export interface ReportedEntry {
  level: "warn" | "error";
  event: string;
  fields: LogFields;
  /** What was caught, as thrown (an Error keeps its stack for the tracker). */
  error: unknown;
}

let reporter: ((entry: ReportedEntry) => void) | undefined;

/** Hands reported lines to `next` from now on (undefined: to nobody). Set once per isolate by the Worker. */
export function setLogReporter(next: ((entry: ReportedEntry) => void) | undefined): void {
  reporter = next;
}

/**
 * Writes one line `{"event": event, ...fields}`, with `error` (when given)
 * as its message in the field `error`. Error lines are reported; a warning
 * is when `report` is set (a failure the operator must hear about although
 * the Worker recovered).
 */
export function logEvent(
  level: LogLevel,
  event: string,
  fields: LogFields = {},
  { error, report = level === "error" }: { error?: unknown; report?: boolean } = {},
): void {
  const line = JSON.stringify(
    error === undefined ? { event, ...fields } : { event, ...fields, error: errorMessage(error) },
  );
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
  if (report && level !== "info" && reporter) {
    try {
      reporter({ level, event, fields, error });
    } catch {
      // Reporting is a side channel: it must never turn a logged failure into a thrown one.
    }
  }
}
