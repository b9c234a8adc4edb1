/**
 * The form token as the Worker tests check it, computed here on its own
 * rather than with app/lib/request/csrf.server.ts, so that a change to the format
 * there shows as a failing test: HMAC-SHA-256 under FORM_TOKEN_SECRET of
 * "form-token", the account id and the sign-in's nonce, one per line, in
 * base64url without padding.
 */

/** FORM_TOKEN_SECRET of the Worker under test (vitest.worker.config.ts). */
export const TEST_FORM_TOKEN_SECRET = "test-form-token-secret-0123456789abcdef0123";

/** A nonce as the Worker makes them: 43 characters of base64url. */
export const TEST_NONCE = "N".repeat(43);

export async function expectedFormToken(
  accountId: string,
  nonce: string,
  secret = TEST_FORM_TOKEN_SECRET,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`form-token\n${accountId}\n${nonce}`));
  return btoa(String.fromCharCode(...new Uint8Array(mac)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** A Directus-shaped session token (header.payload.signature) with these claims; the signature is not checked here. */
export function sessionToken(claims: Record<string, unknown>): string {
  const payload = btoa(JSON.stringify(claims)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.c2lnbmF0dXJl`;
}
