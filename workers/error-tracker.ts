/**
 * Error tracking: with SENTRY_DSN set, every reported log line
 * (logging/log.ts: each error line, and warnings logged to be reported) is
 * also sent to Sentry by workers/sentry-reporter.ts. The fetch handler, the
 * cron and the catalog coordinator log what they do not handle themselves,
 * so their uncaught errors are reported the same way.
 *
 * Without a DSN nothing is set up: the SDK's chunk is never loaded, and a
 * log line costs what it cost before. With one, the SDK is loaded on the
 * first report of an isolate, and a report leaves after the answer
 * (waitUntil); a tracker that cannot be reached is never the visitor's
 * problem.
 *
 * The same failure (event and message) is sent at most once a minute per
 * isolate: Directus down must not become one report per image request.
 */
import { waitUntil } from "cloudflare:workers";
import { errorMessage } from "../logging/error-message.ts";
import { logEvent, type ReportedEntry, setLogReporter } from "../logging/log.ts";

/** How long an isolate keeps quiet about a failure it has reported. */
const REPORT_AGAIN_AFTER_MS = 60_000;
/** Failures remembered at once; beyond that the memory starts over. */
const REMEMBERED = 200;

/** Starts reporting to the Sentry project `dsn` (null: error tracking is off, and nothing happens). */
export function startErrorTracking(dsn: string | null, environment: string, clock: () => number = Date.now): void {
  if (dsn === null) return;
  const lastSent = new Map<string, number>();
  let reporter: Promise<typeof import("./sentry-reporter.ts")> | undefined;

  setLogReporter((entry: ReportedEntry) => {
    const key = `${entry.event}\n${entry.error === undefined ? "" : errorMessage(entry.error)}`;
    const now = clock();
    const last = lastSent.get(key);
    if (last !== undefined && now - last < REPORT_AGAIN_AFTER_MS) return;
    if (lastSent.size >= REMEMBERED) lastSent.clear();
    lastSent.set(key, now);
    reporter ??= import("./sentry-reporter.ts");
    const sent = reporter
      .then(({ sendToSentry }) => sendToSentry({ dsn, environment }, entry))
      // A warning, not reported: a report of a failed report would only fail again.
      .catch((error: unknown) => logEvent("warn", "error-tracker.send-failed", { reported: entry.event }, { error }));
    waitUntil(sent);
  });
}
