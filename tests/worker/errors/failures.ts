/**
 * Real failures of the built Worker, for the error-tracking tests
 * (vitest.worker.config.ts, projects worker-errors and worker-errors-off),
 * and what a visitor's request carries that must never reach the tracker.
 */
import { createExecutionContext, createScheduledController, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { POINTER_KEY } from "../../../catalog/format/storage.ts";
import type { SeenEnvelope } from "../../stand-ins/sentry-ingest-stand-in.ts";
import { ORIGIN } from "../sync-site.ts";

/** A session token shaped like Directus' (a JWT), as a signed-in visitor's cookie carries it. */
const SESSION_JWT =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpZCI6ImVyaWthLWJlc3VjaGVyaW4iLCJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJlLW9mLXRoZS12aXNpdG9y";

/**
 * What a visitor's request holds that is theirs: where it is, and the text
 * that must not appear anywhere in what is sent to the tracker.
 */
export const VISITOR_DATA = [
  ["the session cookie", SESSION_JWT],
  ["the form token cookie", "formtoken-7d1e0c5b9a3f4e21b8c6"],
  ["the consent cookie's value", "v1.a1m0-besucherwahl"],
  ["an e-mail address in the query", "erika.besucherin@example.com"],
  ["an e-mail address in the path", "max.mustermann@example.net"],
  ["a search term in the query", "geheimrezept-zutat"],
  ["the address Cloudflare saw (CF-Connecting-IP)", "203.0.113.77"],
  ["an IPv6 address (True-Client-IP)", "2001:db8:85a3::8a2e:370:7334"],
  ["a proxy's chain (X-Forwarded-For)", "198.51.100.23"],
  ["X-Real-IP", "192.0.2.55"],
  ["the user agent", "Besucherbrowser/7.3 (Kennung 5f2c9a)"],
  ["the referrer's query", "herkunft-kampagne-91"],
  ["an Authorization header", "visitor-bearer-secret-4411"],
] as const;

/** The value of row `label` of VISITOR_DATA. */
function visitor(label: (typeof VISITOR_DATA)[number][0]): string {
  return VISITOR_DATA.find(([name]) => name === label)?.[1] ?? "";
}

/**
 * A visitor's request for `path`, with the visitor's data of VISITOR_DATA in
 * its headers; `signedIn`: with the session cookie (a personal page, which
 * React Router renders), else without (an anonymous page, which goes through
 * the edge cache first).
 */
export function visitorRequest(path: string, { signedIn = true }: { signedIn?: boolean } = {}): Request {
  const session = signedIn ? `directus_session_token=${visitor("the session cookie")}; ` : "";
  return new Request(`${ORIGIN}${path}`, {
    headers: {
      accept: "text/html",
      cookie: `${session}wkij_csrf=${visitor("the form token cookie")}; wkij_einwilligung=${visitor("the consent cookie's value")}`,
      "cf-connecting-ip": visitor("the address Cloudflare saw (CF-Connecting-IP)"),
      "true-client-ip": visitor("an IPv6 address (True-Client-IP)"),
      "x-forwarded-for": `${visitor("a proxy's chain (X-Forwarded-For)")}, 10.0.0.1`,
      "x-real-ip": visitor("X-Real-IP"),
      "user-agent": visitor("the user agent"),
      referer: `https://www.example.org/?kampagne=${visitor("the referrer's query")}`,
      authorization: `Bearer ${visitor("an Authorization header")}`,
    },
  });
}

/** A recipe page whose path and query hold the visitor's e-mail addresses and search term. */
export function visitorPagePath(): string {
  const inPath = encodeURIComponent(visitor("an e-mail address in the path"));
  const query = `q=${encodeURIComponent(visitor("an e-mail address in the query"))}&suche=${visitor("a search term in the query")}`;
  return `/rezepte/${inPath}?${query}`;
}

/** The name search for the visitor's e-mail address: an anonymous page the edge cache may keep. */
export function visitorSearchPath(): string {
  return `/suche?q=${encodeURIComponent(visitor("an e-mail address in the query"))}`;
}

/** KV answers the catalog's pointer with something that is not one: every page's catalog read fails. */
export async function corruptPointer(): Promise<void> {
  await env.CATALOG.put(POINTER_KEY, "{ not a pointer");
}

/** The coordinator's SQLite loses its table of requests: every call that reads it throws. */
export async function breakCoordinatorStorage(): Promise<void> {
  await runInDurableObject(env.CATALOG_COORDINATOR.getByName("catalog"), async (_, state) => {
    state.storage.sql.exec("DROP TABLE sync_request");
  });
}

/** Runs the built Worker's cron handler, as Cloudflare does every 15 minutes; answers what it threw, if anything. */
export async function runCron(): Promise<unknown> {
  // @ts-expect-error: the build output is plain JavaScript without type declarations
  const worker = (await import("../../../build/server/index.js")).default as Required<ExportedHandler<Env>>;
  try {
    await worker.scheduled(createScheduledController({ cron: "*/15 * * * *" }), env, createExecutionContext());
    return undefined;
  } catch (error) {
    return error;
  }
}

/** Sends `request` to the built Worker. */
export function send(request: Request): Promise<Response> {
  return exports.default.fetch(request);
}

const sentryLog = (env as unknown as { SENTRY_LOG: Fetcher }).SENTRY_LOG;

/** Forgets what the Sentry stand-in has received. */
export async function clearEnvelopes(): Promise<void> {
  await (await sentryLog.fetch("http://log/", { method: "DELETE" })).arrayBuffer();
}

/** Everything that reached the Sentry stand-in since the last clearEnvelopes(). */
export async function envelopes(): Promise<SeenEnvelope[]> {
  return (await sentryLog.fetch("http://log/")).json();
}

/** An envelope's items: its header line, then each item's header and payload, as JSON. */
export function envelopeItems(envelope: SeenEnvelope): Record<string, unknown>[] {
  return envelope.body
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The event an envelope carries (its item of type "event"), or undefined. */
export function eventOf(envelope: SeenEnvelope): Record<string, unknown> | undefined {
  const items = envelopeItems(envelope);
  const index = items.findIndex((item) => item.type === "event");
  return index < 0 ? undefined : items[index + 1];
}

/** The events the stand-in has received whose tag `log_event` is `event`, waiting up to `timeoutMs` for `count` of them. */
export async function reported(
  event: string,
  { count = 1, timeoutMs = 8_000 }: { count?: number; timeoutMs?: number } = {},
): Promise<{ envelope: SeenEnvelope; event: Record<string, unknown> }[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await envelopes()).flatMap((envelope) => {
      const payload = eventOf(envelope);
      const tags = payload?.tags as Record<string, unknown> | undefined;
      return payload && tags?.log_event === event ? [{ envelope, event: payload }] : [];
    });
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
