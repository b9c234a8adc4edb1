/**
 * `POST /sync`: publish on save. Directus' flow (cms/flows.ts) calls it after
 * an editor changes a recipe or an ingredient, so the site shows the change
 * within seconds; operators can roll back or release a hold through it too.
 * The cron stays as the safety net.
 *
 *   POST /sync                      Authorization: Bearer <SYNC_TOKEN>
 *   Content-Type: application/x-www-form-urlencoded
 *   (empty) or action=publish | rollback | release, and allow_shrink=1
 *
 * Without a SYNC_TOKEN the endpoint does not exist (404). A wrong token is a
 * 401, compared in constant time; more than one run per rate-limit period
 * is a 429 with Retry-After (the flow waits and tries again). The answer is
 * the run's summary as JSON; a refusal (shrink, nothing to roll back) is a
 * 409 and an unreachable Directus a 502, each with the reason.
 */
import type { Context } from "hono";
import { constantTimeEqual } from "../app/lib/constant-time.ts";
import type { DirectusOrigin } from "../app/lib/directus/directus-origin.ts";
import { errorMessage } from "../app/lib/error-message.ts";
import { sha256 } from "../app/lib/sha256.ts";
import { jsonResponse } from "./json-response.ts";
import { SourceError } from "./sync/directus-source.ts";
import { loggedSync, type SyncAction } from "./sync/logged-sync.ts";
import { SyncAborted } from "./sync/run-sync.ts";

/** The period of the SYNC_LIMITER binding in wrangler.toml: one run per period. */
const SYNC_PERIOD_SECONDS = 10;
const ACTIONS: readonly SyncAction[] = ["publish", "rollback", "release"];
/** RFC 6750's b64token. */
const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * Whether the Authorization header carries `token`, compared in constant
 * time on the SHA-256 digests, which have one length whatever the token's.
 */
async function bearerMatches(header: string | null, token: string): Promise<boolean> {
  const given = BEARER.exec(header ?? "")?.[1];
  if (!given) return false;
  const [a, b] = await Promise.all([sha256(given), sha256(token)]);
  return constantTimeEqual(a, b);
}

/** What a request asks for: an action, and whether a shrinking catalog may go live (an operator's decision). */
interface SyncRequest {
  action: SyncAction;
  allowShrink: boolean;
}

/** The request a body names (`action=…`, `allow_shrink=1`), or undefined when it holds anything else. */
function syncRequest(body: string): SyncRequest | undefined {
  const params = new URLSearchParams(body);
  const keys = [...params.keys()];
  if (keys.some((key) => key !== "action" && key !== "allow_shrink")) return undefined;
  if (keys.length !== new Set(keys).size) return undefined;
  const action = ACTIONS.find((known) => known === (params.get("action") ?? "publish"));
  const shrink = params.get("allow_shrink");
  if (!action || (shrink !== null && shrink !== "1")) return undefined;
  return { action, allowShrink: shrink === "1" };
}

interface SyncEndpointOptions {
  /** SYNC_TOKEN; null: publish on save is off. */
  token: string | null;
  directus: DirectusOrigin;
}

/** The handler for every method on /sync. */
export function syncEndpoint({ token, directus }: SyncEndpointOptions) {
  return async (c: Context<{ Bindings: Env }>): Promise<Response> => {
    if (token === null) return jsonResponse(404, { error: "not found" });
    if (c.req.method !== "POST") return jsonResponse(405, { error: "use POST" }, { allow: "POST" });
    if (!(await bearerMatches(c.req.header("authorization") ?? null, token))) {
      return jsonResponse(
        401,
        { error: "a valid bearer token is required" },
        { "www-authenticate": 'Bearer realm="sync"' },
      );
    }
    // The body is a small form already (workers/request-limits.ts).
    const asked = syncRequest(await c.req.raw.text());
    if (!asked) {
      return jsonResponse(400, { error: `the body may only hold action=${ACTIONS.join("|")} and allow_shrink=1` });
    }
    const { success } = await c.env.SYNC_LIMITER.limit({ key: "sync" });
    if (!success) {
      return jsonResponse(
        429,
        { error: `at most one sync every ${SYNC_PERIOD_SECONDS} seconds` },
        { "retry-after": String(SYNC_PERIOD_SECONDS) },
      );
    }
    try {
      const summary = await loggedSync({ trigger: "api", ...asked, store: c.env.CATALOG, directus });
      return jsonResponse(200, summary);
    } catch (error) {
      const message = errorMessage(error);
      if (error instanceof SyncAborted) return jsonResponse(409, { error: message });
      if (error instanceof SourceError) return jsonResponse(502, { error: message });
      return jsonResponse(500, { error: "the sync failed; see the Worker's logs" });
    }
  };
}
