/**
 * The second lock on state-changing forms (the first is the Origin check in
 * workers/origin-check.ts), bound to the signed-in account:
 *
 * - A real sign-in (workers/auth-routes.ts) gives the browser a random value,
 *   the sign-in's nonce, in an HttpOnly cookie (`__Host-` on https, so no
 *   other host of the domain can set it). The value itself never appears in
 *   a page.
 * - Every form repeats the form token: an HMAC, under the Worker's secret
 *   key, of the account id in the Directus session and that nonce.
 * - A post is accepted only when its field is the HMAC of the cookies it
 *   came with. Another site can neither read the nonce nor compute the HMAC;
 *   a token made for one account is worth nothing with another account's
 *   session; and since the token follows from cookies that only a sign-in
 *   sets, rendering a page, or arriving from a link on another site, never
 *   changes it: a form in an open tab stays valid until sign-out.
 *
 * The nonce cookie is SameSite=Lax like Directus' session cookie, so it
 * travels with every request that carries the session: a session without a
 * nonce is really one whose nonce is gone (the browser was closed), never a
 * cross-site request that left it behind.
 */

import { sessionClaims, sessionTokenFrom } from "../directus/user-api.server.ts";
import { CSRF_FIELD } from "../url/form-fields.ts";
import { fromBase64url, toBase64url } from "./base64url.ts";
import { hostCookie } from "./cookies.ts";

const NONCE_COOKIE = hostCookie("wkij_csrf");
/** 256 random bits in base64url, as newSignInNonce makes them. */
const NONCE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** An HMAC-SHA-256 in base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Directus' user ids are UUIDs; anything else in a session is not worth a token. */
const ACCOUNT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The sign-in's nonce this request carries, if well-formed. */
export function signInNonceFrom(request: Request): string | undefined {
  const nonce = NONCE_COOKIE.read(request);
  return nonce && NONCE_PATTERN.test(nonce) ? nonce : undefined;
}

/**
 * A new nonce and the Set-Cookie header that stores it: a session cookie,
 * gone when the browser closes, deleted at sign-out.
 */
export function newSignInNonce(request: Request): { nonce: string; setCookie: string } {
  const nonce = toBase64url(crypto.getRandomValues(new Uint8Array(32)));
  return { nonce, setCookie: NONCE_COOKIE.set(request, nonce) };
}

/** The Set-Cookie header that deletes the nonce, and with it every form token made from it. */
export function clearSignInNonce(request: Request): string {
  return NONCE_COOKIE.clear(request);
}

/**
 * The account id (`id` claim) of the request's Directus session. Read
 * without verifying the signature: Directus checks the session on every call
 * made with it, and a forged session gains nothing here, as its token still
 * needs the Worker's key.
 */
export function sessionAccountId(request: Request): string | undefined {
  const token = sessionTokenFrom(request.headers.get("cookie"));
  if (!token) return undefined;
  const { id } = sessionClaims(token);
  return typeof id === "string" && ACCOUNT_ID_PATTERN.test(id) ? id.toLowerCase() : undefined;
}

/**
 * The key the form tokens are made with, from the FORM_TOKEN_SECRET secret;
 * without one (development only, the configuration refuses it in
 * production), a random key for this isolate: tokens then last as long as it.
 */
export async function formTokenKey(secret: string | null): Promise<CryptoKey> {
  const material = secret ? new TextEncoder().encode(secret) : crypto.getRandomValues(new Uint8Array(32));
  return crypto.subtle.importKey("raw", material, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

/** What the HMAC covers: a purpose, so the key signs nothing else by accident, the account and the nonce. */
function signed(accountId: string, nonce: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`form-token\n${accountId}\n${nonce}`);
}

/** The form token for `accountId` and the sign-in's `nonce`. */
export async function formToken(key: CryptoKey, accountId: string, nonce: string): Promise<string> {
  return toBase64url(new Uint8Array(await crypto.subtle.sign("HMAC", key, signed(accountId, nonce))));
}

/**
 * Whether the form's token is the one for this request's session and nonce.
 * HMAC verification compares in constant time.
 */
export async function formTokenValid(request: Request, form: FormData, key: CryptoKey): Promise<boolean> {
  const given = form.get(CSRF_FIELD);
  const accountId = sessionAccountId(request);
  const nonce = signInNonceFrom(request);
  if (typeof given !== "string" || !TOKEN_PATTERN.test(given) || !accountId || !nonce) return false;
  return crypto.subtle.verify("HMAC", key, fromBase64url(given), signed(accountId, nonce));
}
