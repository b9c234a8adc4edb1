/**
 * Sends one reported log line (logging/log.ts) to Sentry with the
 * maintained SDK's client, `@sentry/cloudflare`. Only
 * workers/error-tracker.ts imports this module, and only on the first
 * report of an isolate, so the SDK is a chunk of its own that a Worker
 * without SENTRY_DSN never loads (decision 0036).
 *
 * What leaves the Worker is an allow-list, built anew in `beforeSend`: the
 * event's name (the tag EVENT_TAG), level, the error's type, message and stack, and for a
 * request the method and path. Never the request's headers, cookies, query
 * or body, nor the visitor's address or user: the client runs no
 * integration that collects them (it is set up by hand, not by `withSentry`,
 * so there is no `sendDefaultPii` to forget), and the remaining free text
 * (an error's message, a path) passes `scrubbed`.
 */
import {
  CloudflareClient,
  createTransport,
  type ErrorEvent,
  type Exception,
  linkedErrorsIntegration,
  Scope,
  type StackFrame,
} from "@sentry/cloudflare";
import type { ReportedEntry } from "../logging/log.ts";

type ClientOptions = ConstructorParameters<typeof CloudflareClient>[0];
type TransportOptions = Parameters<ClientOptions["transport"]>[0];

/** The tag that names the log line's event (not `event`, a word of Sentry's own search). */
export const EVENT_TAG = "log_event";
/** How long a report may take to reach Sentry: it runs after the answer, in waitUntil. */
const SEND_TIMEOUT_MS = 5_000;
/** Frames kept of a stack; workerd's stacks are short, a runaway recursion is not. */
const MAX_FRAMES = 50;

/** Where the Worker reports: the project's DSN and the environment's name. */
export interface SentryTarget {
  dsn: string;
  environment: string;
}

const EMAIL = /[^\s@/?#&=:;,<>"'()[\]]+@[^\s@/?#&=:;,<>"'()[\]]+\.[A-Za-z]{2,}/g;
const IPV4 = /\b\d{1,3}(?:\.\d{1,3}){3}\b/g;
/** Three colons or a "::": an IPv6 address, never a time of day (two colons). */
const IPV6 = /\b(?:[0-9a-f]{0,4}:){3,7}[0-9a-f]{0,4}\b|\b[0-9a-f]{0,4}(?::[0-9a-f]{1,4})*::(?:[0-9a-f]{1,4}:?)*\b/gi;
/** A JSON Web Token, as Directus' session cookie holds one. */
const TOKEN = /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g;
/** From a "?" to the next white space: a query (and what follows it) may hold anything a visitor typed. */
const QUERY = /\?\S+/g;

/**
 * Free text as it may leave: e-mail and IP addresses, tokens and query
 * strings replaced by what they were. A second net behind the allow-list,
 * for text the Worker did not write itself (a library's error message).
 */
export function scrubbed(text: string): string {
  return text
    .replace(TOKEN, "[token]")
    .replace(EMAIL, "[e-mail]")
    .replace(IPV4, "[ip]")
    .replace(IPV6, "[ip]")
    .replace(QUERY, "?[query]");
}

/** A path as it may leave: decoded first (an e-mail address arrives as `%40`), then scrubbed. */
function scrubbedPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Not decodable: scrubbed as it is.
  }
  return scrubbed(decoded.split(/[?#]/)[0] ?? "");
}

/** V8's stack lines (`at fn (file:line:col)` or `at [async ]file:line:col`), as frames, the outermost call first. */
const FRAME = /^\s*at (?:(.+?) \((.+?):(\d+):(\d+)\)|(?:async )?(.+?):(\d+):(\d+))$/;
function parseStack(stack: string): StackFrame[] {
  const frames: StackFrame[] = [];
  for (const line of stack.split("\n")) {
    const match = FRAME.exec(line);
    if (!match) continue;
    frames.push({
      function: match[1] ?? "?",
      filename: match[2] ?? match[5],
      lineno: Number(match[3] ?? match[6]),
      colno: Number(match[4] ?? match[7]),
      in_app: true,
    });
    if (frames.length === MAX_FRAMES) break;
  }
  return frames.reverse();
}

function allowedException(exception: Exception): Exception {
  return {
    type: exception.type,
    value: exception.value === undefined ? undefined : scrubbed(exception.value),
    mechanism: exception.mechanism
      ? { type: exception.mechanism.type, handled: exception.mechanism.handled }
      : undefined,
    stacktrace: exception.stacktrace
      ? {
          frames: exception.stacktrace.frames?.map((frame) => ({
            function: frame.function,
            filename: frame.filename,
            lineno: frame.lineno,
            colno: frame.colno,
            in_app: frame.in_app,
          })),
        }
      : undefined,
  };
}

/** The event as it may leave: only the allow-listed fields, free text scrubbed. */
function allowedEvent(event: ErrorEvent): ErrorEvent {
  return {
    type: undefined,
    event_id: event.event_id,
    timestamp: event.timestamp,
    platform: event.platform,
    level: event.level,
    environment: event.environment,
    message: event.message === undefined ? undefined : scrubbed(event.message),
    exception: event.exception ? { values: event.exception.values?.map(allowedException) } : undefined,
    tags: { [EVENT_TAG]: String(event.tags?.[EVENT_TAG] ?? "") },
    request: event.request
      ? {
          method: event.request.method,
          url: event.request.url === undefined ? undefined : scrubbedPath(event.request.url),
        }
      : undefined,
    sdk: event.sdk ? { name: event.sdk.name, version: event.sdk.version } : undefined,
  };
}

/** Sends each envelope with a plain fetch from the invocation that reports. */
function fetchTransport(options: TransportOptions) {
  return createTransport(options, async (request) => {
    const response = await fetch(options.url, {
      method: "POST",
      body: typeof request.body === "string" ? request.body : new Uint8Array(request.body),
      headers: options.headers,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return {
      statusCode: response.status,
      headers: {
        "x-sentry-rate-limits": response.headers.get("x-sentry-rate-limits"),
        "retry-after": response.headers.get("retry-after"),
      },
    };
  });
}

/**
 * Sends `entry` and waits until it is sent (or given up). A client per
 * report: reports are rare, and a client of its own never holds I/O of
 * another invocation, which workerd does not allow.
 */
export async function sendToSentry(target: SentryTarget, entry: ReportedEntry): Promise<void> {
  const options: ClientOptions = {
    dsn: target.dsn,
    environment: target.environment,
    integrations: [linkedErrorsIntegration()],
    transport: fetchTransport,
    stackParser: parseStack,
    maxBreadcrumbs: 0,
    beforeBreadcrumb: () => null,
    beforeSend: allowedEvent,
  };
  const client = new CloudflareClient(options);
  client.init();
  const scope = new Scope();
  scope.setClient(client);
  scope.setTag(EVENT_TAG, entry.event);
  const { method, path } = entry.fields;
  if (typeof method === "string" && typeof path === "string") {
    scope.addEventProcessor((event) => ({ ...event, request: { method, url: path } }));
  }
  const level = entry.level === "warn" ? "warning" : "error";
  if (entry.error instanceof Error) {
    scope.setLevel(level);
    client.captureException(entry.error, { mechanism: { type: "generic", handled: true } }, scope);
  } else {
    const detail = entry.error === undefined ? "" : `: ${String(entry.error)}`;
    client.captureMessage(`${entry.event}${detail}`, level, undefined, scope);
  }
  try {
    await client.flush(SEND_TIMEOUT_MS);
  } finally {
    client.dispose();
  }
}
