/**
 * The Content Security Policy, per response. Inline scripts run only with
 * this response's nonce; the tag manager's and Analytics' hosts are allowed
 * only when the request's consent cookie allows analytics (and advertising
 * hosts only with marketing consent), so nothing can load them before the
 * visitor has agreed, even if a page tried.
 *
 * Scripts run by nonce alone, never because of where they come from: no
 * 'self', so nothing served on this origin (an upload under /directus, say)
 * can be made to run as a script. 'strict-dynamic' lets the nonced entry
 * script load the app's own modules and, after consent, the tag manager's.
 */
import type { MiddlewareHandler } from "hono";
import type { Consent } from "../app/lib/consent/consent.ts";
import { consentFrom } from "../app/lib/consent/consent-cookie.server.ts";
import { SERVICE_WORKER_PATH } from "../app/offline/offline-caches.ts";

const TAG_MANAGER = "https://www.googletagmanager.com";
const ANALYTICS = ["https://*.google-analytics.com", "https://*.analytics.google.com"];
const ADVERTISING = ["https://*.doubleclick.net", "https://www.googleadservices.com", "https://www.google.com"];

/** A fresh nonce: 128 random bits, base64. */
function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/** The policy for a page of `origin` rendered with `nonce` for a visitor with `consent` (undefined: not asked yet). */
function pagePolicy(nonce: string, consent: Consent | undefined, origin: string, https: boolean): string {
  const analytics = consent?.analytics === true;
  const marketing = analytics && consent?.marketing === true;
  const tracking = analytics ? [TAG_MANAGER, ...ANALYTICS, ...(marketing ? ADVERTISING : [])] : [];
  const directives = [
    "default-src 'self'",
    // The tag manager's host is for browsers without 'strict-dynamic', which ignore it otherwise.
    `script-src 'nonce-${nonce}' 'strict-dynamic'${analytics ? ` ${TAG_MANAGER}` : ""}`,
    "style-src 'self'",
    `img-src 'self' data:${tracking.length ? ` ${tracking.join(" ")}` : ""}`,
    `connect-src 'self'${tracking.length ? ` ${tracking.join(" ")}` : ""}`,
    `frame-src ${analytics ? TAG_MANAGER : "'none'"}`,
    // The one script that may run as a worker: ours, by its full address. Without this, workers fall under
    // script-src, whose 'strict-dynamic' would let a trusted script start one from any address.
    `worker-src ${origin}${SERVICE_WORKER_PATH}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/**
 * For what the /directus proxy returns (JSON, images an editor uploaded):
 * nothing in it may run, even an SVG with a script inside.
 */
const PROXIED_POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'none'; base-uri 'none'; sandbox; frame-ancestors 'none'";

/**
 * Creates the nonce before the request is handled (the handler reads it
 * with `c.get("nonce")`) and sets the policy on the response. A 304 keeps
 * no policy of its own: the browser then keeps the one stored with the page,
 * whose nonce matches the page it keeps.
 */
export function contentSecurityPolicy(consentCookieName: string): MiddlewareHandler<{ Variables: { nonce: string } }> {
  return async (c, next) => {
    const nonce = newNonce();
    c.set("nonce", nonce);
    await next();
    if (c.res.status === 304) {
      c.res.headers.delete("content-security-policy");
      return;
    }
    const url = new URL(c.req.url);
    const policy = url.pathname.startsWith("/directus/")
      ? PROXIED_POLICY
      : pagePolicy(nonce, consentFrom(c.req.raw, consentCookieName), url.origin, url.protocol === "https:");
    c.res.headers.set("content-security-policy", policy);
  };
}
