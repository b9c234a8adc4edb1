/**
 * First lock against cross-site requests: a request that changes something
 * (anything but GET, HEAD, OPTIONS) must come from a page of this site. The
 * second lock, the form token, is in app/lib/request/csrf.server.ts.
 */
import type { MiddlewareHandler } from "hono";
import { errorResponse } from "./error-page.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a state-changing request may pass: its Origin must be this site's;
 * without an Origin (older browsers, non-browser clients) a browser's
 * Sec-Fetch-Site must not say it came from elsewhere.
 */
function isSameOriginRequest(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const origin = request.headers.get("origin");
  if (origin !== null) return origin === new URL(request.url).origin;
  const site = request.headers.get("sec-fetch-site");
  return site === null || site === "same-origin" || site === "none";
}

/** Refuses cross-site state changes with 403 and a German message. */
export const originCheck: MiddlewareHandler = async (c, next) => {
  if (!isSameOriginRequest(c.req.raw)) {
    return errorResponse(c.req.raw, 403);
  }
  await next();
};
