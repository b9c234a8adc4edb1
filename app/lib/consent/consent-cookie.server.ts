/**
 * The consent cookie on the server: read from a request, written after a
 * choice, and the analytics cookies that go when consent is withdrawn.
 */

import { isHttps, readCookie, serializeCookie } from "../request/cookies.ts";
import { CONSENT_MAX_AGE_SECONDS, type Consent, parseConsent, serializeConsent } from "./consent.ts";

/** The visitor's valid consent, or undefined: the banner is due. */
export function consentFrom(request: Request, cookieName: string): Consent | undefined {
  return parseConsent(readCookie(request.headers.get("cookie"), cookieName));
}

/** Set-Cookie for a choice: a year, SameSite=Strict, path /, Secure on https (spec section 9). */
export function consentCookie(request: Request, cookieName: string, consent: Consent): string {
  return serializeCookie(cookieName, serializeConsent(consent), {
    maxAgeSeconds: CONSENT_MAX_AGE_SECONDS,
    sameSite: "Strict",
    secure: isHttps(request),
  });
}

/** Cookies Google Analytics and the tag manager set in the browser. */
const ANALYTICS_COOKIE = /^(?:_ga|_ga_[A-Za-z0-9]+|_gid|_gat(?:_[A-Za-z0-9]+)?|_gcl_[a-z]+|_dc_gtm_[A-Za-z0-9-]+)$/;

/**
 * Set-Cookie headers that delete every analytics cookie the request
 * carries: host-only and on each parent domain, since Analytics sets them
 * on the widest domain it can.
 */
export function analyticsCookieRemovals(request: Request): string[] {
  const names = (request.headers.get("cookie") ?? "")
    .split(";")
    .map((part) => part.split("=")[0]?.trim() ?? "")
    .filter((name) => ANALYTICS_COOKIE.test(name));
  const host = new URL(request.url).hostname;
  const labels = host.split(".");
  const isIp = /^[\d.]+$/.test(host) || host.includes(":");
  const domains = isIp ? [] : labels.slice(0, -1).map((_, i) => labels.slice(i).join("."));
  return names.flatMap((name) => [
    `${name}=; Path=/; Max-Age=0`,
    ...domains.map((domain) => `${name}=; Path=/; Domain=${domain}; Max-Age=0`),
  ]);
}
