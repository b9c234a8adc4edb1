/**
 * Every Worker test file runs with this module first (setupFiles in
 * vitest.worker.config.ts): it takes every line the Worker (its fetch
 * handler, cron and Durable Object, all in the test's isolate) writes to the
 * console, and after each test fails the test if one of them was not a
 * JSON object with an `event` (logging/log.ts). The lines are kept, not
 * printed; `loggedEvents` gives a test what was written so far.
 */
import { afterEach, expect } from "vitest";

const LEVELS = ["debug", "info", "log", "warn", "error"] as const;

/** One console call. */
export interface WrittenLine {
  level: (typeof LEVELS)[number];
  text: string;
}

const written: WrittenLine[] = [];

for (const level of LEVELS) {
  console[level] = (...parts: unknown[]) => {
    written.push({ level, text: parts.map((part) => (typeof part === "string" ? part : String(part))).join(" ") });
  };
}

/** The line as a log entry, or undefined when it is not one JSON object with a string `event`. */
function entryOf(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return undefined;
    const entry = parsed as Record<string, unknown>;
    return typeof entry.event === "string" && entry.event !== "" ? entry : undefined;
  } catch {
    return undefined;
  }
}

/** A log entry as a test reads it: the line's fields and the console method it was written with. */
export type LoggedEntry = Record<string, unknown> & { level: WrittenLine["level"] };

function entriesOf(lines: readonly WrittenLine[], event: string | undefined): LoggedEntry[] {
  return lines.flatMap(({ level, text }) => {
    const entry = entryOf(text);
    return entry && (event === undefined || entry.event === event) ? [{ ...entry, level }] : [];
  });
}

/** The log entries written since this test began (all of them, or those of `event`). */
export function loggedEvents(event?: string): LoggedEntry[] {
  return entriesOf(written, event);
}

/** Runs `run`, and answers what it returned and the entries (of `event`) written while it ran. */
export async function loggedDuring<T>(
  run: () => Promise<T>,
  event?: string,
): Promise<{ result: T; entries: LoggedEntry[] }> {
  const from = written.length;
  const result = await run();
  return { result, entries: entriesOf(written.slice(from), event) };
}

afterEach(() => {
  const unstructured = written.filter(({ text }) => entryOf(text) === undefined);
  written.length = 0;
  expect(unstructured, "every log line of the Worker is a JSON object with an event").toEqual([]);
});
