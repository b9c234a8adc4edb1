/**
 * `/sync`: where Directus' publish-on-save flow, an operator's
 * `npm run sync` and monitoring ask the catalog coordinator
 * (catalog/sync/coordinator.ts) for work and how it went. The endpoint only
 * asks: the coordinator does the work in its own steps, so an answer never
 * waits for a sync.
 *
 *   POST /sync                      Authorization: Bearer <SYNC_TOKEN>
 *   Content-Type: application/x-www-form-urlencoded
 *   (empty) or action=publish | rollback | release | dry-run, and allow_shrink=1 and full=1
 *     → 202 { request, joined, status: "/sync?request=<id>" }, Location: the same
 *   GET /sync                       → 200 the coordinator's status
 *   GET /sync?request=<id>          → 200 that request: queued, running (with progress), done (with
 *                                     its summary) or failed (with the reason); 404 if unknown
 *
 * Without a SYNC_TOKEN the endpoint does not exist (404). Every call counts
 * against its caller's address first (SYNC_CALLER_LIMITER, 20 per 10 s): over
 * it, the answer is 429 whatever the token, so guessing gets nowhere and costs
 * us no digest. A wrong token is a 401, compared in constant time. A flood of
 * requests that leaves more than MAX_QUEUED waiting is a 429 with Retry-After
 * (the flow waits and asks again).
 */
import type { Context } from "hono";
import { visitorAddress } from "../app/lib/request/visitor-address.ts";
import type { SyncAction } from "../catalog/sync/ledger.ts";
import { jsonResponse } from "./json-response.ts";
import { catalogCoordinator } from "./sync/coordinator-client.ts";

const ACTIONS: readonly SyncAction[] = ["publish", "rollback", "release", "dry-run"];
/** RFC 6750's b64token. */
const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i;
/** A request id as the coordinator hands them out: a positive integer, short. */
const REQUEST_ID = /^[1-9][0-9]{0,11}$/;
/** How long a flood is told to wait; also the limiter's period. */
const BUSY_RETRY_SECONDS = 10;

/** workerd's Web Crypto, with its constant-time compare, which the DOM types this project also compiles with lack. */
const workerdSubtle = crypto.subtle as SubtleCrypto & { timingSafeEqual(a: ArrayBuffer, b: ArrayBuffer): boolean };

/**
 * Whether the Authorization header carries `token`, compared with the
 * runtime's constant-time compare on the SHA-256 digests, which have one
 * length whatever the token's.
 */
export async function bearerMatches(header: string | null, token: string): Promise<boolean> {
  const given = BEARER.exec(header ?? "")?.[1];
  if (!given) return false;
  const digest = (text: string) => crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  const [a, b] = await Promise.all([digest(given), digest(token)]);
  return workerdSubtle.timingSafeEqual(a, b);
}

/**
 * The 429 for a caller over SYNC_CALLER_LIMITER, or null. Counts the call
 * first: every request that shows SYNC_TOKEN (here and on /healthz) comes
 * through here before the token is looked at, so guesses share one budget
 * per address, whichever endpoint they try.
 */
export async function throttledCaller(request: Request, env: Env): Promise<Response | null> {
  // Keyed by the address Cloudflare saw (parsed, so no header text becomes a key); without Cloudflare in front, one key.
  const caller = visitorAddress(request) ?? "local";
  if ((await env.SYNC_CALLER_LIMITER.limit({ key: `sync:${caller}` })).success) return null;
  return jsonResponse(
    429,
    { error: "too many calls from this address" },
    { "retry-after": String(BUSY_RETRY_SECONDS) },
  );
}

/** What a request asks for: an action, and whether a shrinking catalog may go live (an operator's decision). */
interface SyncRequest {
  action: SyncAction;
  allowShrink: boolean;
  /** Read everything from Directus, not only what changed since the last read. */
  full: boolean;
}

/** The request a body names (`action=…`, `allow_shrink=1`, `full=1`), or undefined when it holds anything else. */
function syncRequest(body: string): SyncRequest | undefined {
  const params = new URLSearchParams(body);
  const keys = [...params.keys()];
  if (keys.some((key) => key !== "action" && key !== "allow_shrink" && key !== "full")) return undefined;
  if (keys.length !== new Set(keys).size) return undefined;
  const action = ACTIONS.find((known) => known === (params.get("action") ?? "publish"));
  const shrink = params.get("allow_shrink");
  const full = params.get("full");
  if (!action || (shrink !== null && shrink !== "1") || (full !== null && full !== "1")) return undefined;
  return { action, allowShrink: shrink === "1", full: full === "1" };
}

/**
 * What a GET asks for: the coordinator's status (null), a request's (its
 * id), or undefined when the query holds anything else.
 */
function statusQuery(url: string): number | null | undefined {
  const params = new URL(url).searchParams;
  const keys = [...params.keys()];
  if (keys.length === 0) return null;
  if (keys.length !== 1 || keys[0] !== "request") return undefined;
  const id = params.get("request") ?? "";
  return REQUEST_ID.test(id) ? Number(id) : undefined;
}

/** The handler for every method on /sync. `token` is SYNC_TOKEN; null: the endpoint is off. */
export function syncEndpoint(token: string | null) {
  return async (c: Context<{ Bindings: Env }>): Promise<Response> => {
    if (token === null) return jsonResponse(404, { error: "not found" });
    const method = c.req.method;
    if (method !== "POST" && method !== "GET")
      return jsonResponse(405, { error: "use POST or GET" }, { allow: "GET, POST" });
    const throttled = await throttledCaller(c.req.raw, c.env);
    if (throttled) return throttled;
    if (!(await bearerMatches(c.req.header("authorization") ?? null, token))) {
      return jsonResponse(
        401,
        { error: "a valid bearer token is required" },
        { "www-authenticate": 'Bearer realm="sync"' },
      );
    }
    const coordinator = catalogCoordinator(c.env);
    if (method === "GET") {
      const id = statusQuery(c.req.url);
      if (id === undefined) return jsonResponse(400, { error: "the query may only hold request=<id>" });
      if (id === null) return jsonResponse(200, await coordinator.status());
      const view = await coordinator.requestStatus(id);
      return view ? jsonResponse(200, view) : jsonResponse(404, { error: `no request ${id} is known` });
    }
    // The body is a small form already (workers/request-limits.ts).
    const asked = syncRequest(await c.req.raw.text());
    if (!asked) {
      return jsonResponse(400, {
        error: `the body may only hold action=${ACTIONS.join("|")}, allow_shrink=1 and full=1`,
      });
    }
    const answer = await coordinator.request(asked.action, asked.allowShrink, "api", asked.full);
    if (!answer.ok) {
      return jsonResponse(429, { error: answer.busy }, { "retry-after": String(BUSY_RETRY_SECONDS) });
    }
    const status = `/sync?request=${answer.id}`;
    return jsonResponse(202, { request: answer.id, joined: answer.joined, status }, { location: status });
  };
}
