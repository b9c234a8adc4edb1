/**
 * The second lock on state-changing forms (the first is the Origin check in
 * workers/origin-check.ts): a random token in a SameSite=Strict cookie that
 * every form must repeat in a hidden field. Another site can neither read
 * the cookie nor set it, so it cannot fill in the field.
 */
import { constantTimeEqual } from "./constant-time.ts";
import { clearedCookie, readCookie, serializeCookie } from "./cookies.ts";
import { CSRF_FIELD } from "./form-fields.ts";

const CSRF_COOKIE = "wkij_csrf";
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The token of this request's cookie, if it carries a well-formed one. */
export function csrfTokenFrom(request: Request): string | undefined {
  const token = readCookie(request.headers.get("cookie"), CSRF_COOKIE);
  return token && TOKEN_PATTERN.test(token) ? token : undefined;
}

/**
 * A new random token (256 bits, base64url) and the Set-Cookie header that
 * stores it. A session cookie: it is made at sign-in and deleted at sign-out
 * (workers/auth-routes.ts), and never outlives the browser session.
 */
export function newCsrfToken(secure: boolean): { token: string; setCookie: string } {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const token = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  return {
    token,
    setCookie: serializeCookie(CSRF_COOKIE, token, { maxAgeSeconds: undefined, sameSite: "Strict", secure }),
  };
}

/** The Set-Cookie header that deletes the form token. */
export function clearCsrfToken(secure: boolean): string {
  return clearedCookie(CSRF_COOKIE, { sameSite: "Strict", secure });
}

/** Whether the form's token matches the cookie's, compared in constant time. */
export function csrfTokenValid(request: Request, form: FormData): boolean {
  const expected = csrfTokenFrom(request);
  const given = form.get(CSRF_FIELD);
  if (!expected || typeof given !== "string") return false;
  return constantTimeEqual(expected, given);
}
