/**
 * A site's `/sync` from Node (workers/sync-endpoint.ts): ask the catalog
 * coordinator for an action, then follow the request until it has finished.
 * What `npm run sync`, `npm start`, the browser tests and the bench use, on
 * a local site or a deployed one alike.
 */
import type { CoordinatorStatus, RequestView } from "../../catalog/sync/coordinator.ts";
import type { SyncAction } from "../../catalog/sync/ledger.ts";

export interface SiteSync {
  /** The site's origin. */
  url: string;
  /** Its SYNC_TOKEN. */
  token: string;
}

/**
 * How often a request's state is asked while it runs: once a second keeps a
 * follower well under the 20 calls per 10 s that /sync allows an address
 * (SYNC_CALLER_LIMITER in wrangler.toml).
 */
const POLL_MS = 1_000;
/** A 429 (the caller limit, or the coordinator's full queue) is waited out this many times before giving up. */
const BUSY_RETRIES = 6;

async function call<T>({ url, token }: SiteSync, path: string, init: RequestInit = {}): Promise<T> {
  const target = new URL(path, url);
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(target, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...init.headers },
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await response.json().catch(() => ({}))) as T & { error?: string };
    if (response.ok) return body;
    const wait = Number(response.headers.get("retry-after"));
    if (response.status === 429 && Number.isInteger(wait) && wait > 0 && wait <= 60 && attempt < BUSY_RETRIES) {
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      continue;
    }
    throw new Error(
      `sync: ${target.origin} answered ${response.status}: ${body.error ?? "no reason given"}${wait ? ` (try again in ${wait} s)` : ""}`,
    );
  }
}

/** Asks the site for `action`; answers the request's id. */
export async function requestSync(
  site: SiteSync,
  action: SyncAction,
  allowShrink = false,
  full = false,
): Promise<number> {
  const answer = await call<{ request: number }>(site, "/sync", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `action=${action}${allowShrink ? "&allow_shrink=1" : ""}${full ? "&full=1" : ""}`,
  });
  return answer.request;
}

/** Follows request `id` until it has finished; `onUpdate` sees every state on the way. */
export async function followRequest(
  site: SiteSync,
  id: number,
  onUpdate: (view: RequestView) => void = () => {},
  timeoutMs = 30 * 60 * 1000,
): Promise<RequestView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const view = await call<RequestView>(site, `/sync?request=${id}`);
    onUpdate(view);
    if (view.state === "done" || view.state === "failed") return view;
    if (Date.now() > deadline) throw new Error(`sync: request ${id} has not finished after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Asks for `action` and follows it to its end. */
export async function syncSite(
  site: SiteSync,
  action: SyncAction = "publish",
  options: { allowShrink?: boolean; full?: boolean; onUpdate?: (view: RequestView) => void } = {},
): Promise<RequestView> {
  return followRequest(site, await requestSync(site, action, options.allowShrink, options.full), options.onUpdate);
}

/** The coordinator's status: live and kept versions, a hold, what runs. */
export function siteStatus(site: SiteSync): Promise<CoordinatorStatus> {
  return call<CoordinatorStatus>(site, "/sync");
}
