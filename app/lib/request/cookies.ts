/**
 * The site's own cookies: reading goes through Hono's cookie parser (the
 * header is the visitor's, hostile until parsed: it drops malformed pairs
 * and values); names and attributes live with each cookie's owner. Writing
 * stays this small serializer of our own constant attributes, in the
 * attribute order the site has always sent.
 */
import { parse } from "hono/utils/cookie";

/** The value of cookie `name` in a Cookie header (percent-decoded, as Hono does), or undefined. */
export function readCookie(cookieHeader: string | null, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  return parse(cookieHeader, name)[name];
}

interface CookieOptions {
  /** Undefined: a session cookie, gone when the browser closes. */
  maxAgeSeconds: number | undefined;
  httpOnly?: boolean;
  sameSite: "Strict" | "Lax";
  /** Secure on https sites; plain http (local development) would never send it back. */
  secure: boolean;
}

/** A Set-Cookie header value for the whole site (Path=/). */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  return [
    `${name}=${value}`,
    "Path=/",
    ...(options.maxAgeSeconds === undefined ? [] : [`Max-Age=${options.maxAgeSeconds}`]),
    `SameSite=${options.sameSite}`,
    ...(options.httpOnly === false ? [] : ["HttpOnly"]),
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}

/**
 * The Set-Cookie header value that deletes cookie `name` (Max-Age=0), with
 * the attributes it was set with: one of ours, on the path `serializeCookie` gives.
 */
export function clearedCookie(name: string, options: Omit<CookieOptions, "maxAgeSeconds">): string {
  return serializeCookie(name, "", { ...options, maxAgeSeconds: 0 });
}

/**
 * One of our cookies that only this host may set, HttpOnly and SameSite=Lax:
 * named with the `__Host-` prefix on https, where browsers then refuse it
 * from a subdomain or with a Domain (plain http, local development, cannot
 * carry the prefix; a plain-named cookie sent over https is not read).
 */
export function hostCookie(name: string) {
  const nameFor = (request: Request) => (isHttps(request) ? `__Host-${name}` : name);
  return {
    read: (request: Request): string | undefined => readCookie(request.headers.get("cookie"), nameFor(request)),
    /** The Set-Cookie header; without `maxAgeSeconds` a session cookie, gone when the browser closes. */
    set: (request: Request, value: string, maxAgeSeconds?: number): string =>
      serializeCookie(nameFor(request), value, { maxAgeSeconds, sameSite: "Lax", secure: isHttps(request) }),
    clear: (request: Request): string => clearedCookie(nameFor(request), { sameSite: "Lax", secure: isHttps(request) }),
  };
}

/** Whether cookies for this request's site should be Secure. */
export function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}
