import { env, exports } from "cloudflare:workers";
import type { SeenRequest } from "../../stand-ins/directus-stand-in-contract.ts";

export const ORIGIN = "http://localhost:8787";

/** The Directus stand-in's record of what reached it (vitest.worker.config.ts). */
const upstreamLog = (env as unknown as { UPSTREAM_LOG: Fetcher }).UPSTREAM_LOG;

/** Forgets what the stand-in has seen so far. */
export async function clearUpstream(): Promise<void> {
  await (await upstreamLog.fetch("http://log/", { method: "DELETE" })).arrayBuffer();
}

/** Every request that reached the stand-in since the last clearUpstream(). */
export async function upstreamSeen(): Promise<SeenRequest[]> {
  return (await upstreamLog.fetch("http://log/")).json();
}

/**
 * The sign-out form's post (`POST /logout`) with a session cookie, the
 * sign-in's nonce cookie and the form's token, as the site's own page sends it.
 */
export function signOutRequest(session: string, nonce: string, formToken: string): RequestInit {
  return {
    method: "POST",
    headers: {
      origin: ORIGIN,
      cookie: `directus_session_token=${session}; wkij_csrf=${nonce}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: `redirect=%2F&csrf=${formToken}`,
  };
}

/** The form token a page rendered for the visitor with these cookies carries in its forms, if any. */
export async function formTokenOfPage(cookie: string, path = "/impressum"): Promise<string | undefined> {
  const html = await (await send(path, { headers: { cookie } })).text();
  return /<input type="hidden" name="csrf" value="([^"]*)"/.exec(html)?.[1];
}

/** A request to the built Worker, redirects not followed. */
export function send(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init }));
}
