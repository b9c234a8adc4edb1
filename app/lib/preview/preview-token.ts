/**
 * The preview token: how the site knows that whoever opens a draft's preview
 * is an editor (decision 0051). Directus' endpoint extension
 * (cms/extensions/preview-link) makes one for an editor it has seen in the
 * Data Studio, and the Worker checks it before it reads the draft. Both sides
 * import this module, so the two can never disagree on the format.
 *
 * A token is `<editor id>.<expiry>.<mac>`: the editor's Directus user id, the
 * expiry in Unix seconds and an HMAC-SHA-256, in base64url, of a purpose, the
 * recipe's id, the editor's id and the expiry, under the secret both sides
 * hold (PREVIEW_SECRET). The recipe's id is not in the token: it is the one
 * in the address, so a token opens one recipe only. Web Crypto alone: the
 * same code runs in workerd and in Node.
 */
import { fromBase64url, toBase64url } from "../request/base64url.ts";

/** How long a token lasts: the Data Studio asks for a new one on every save, so a few minutes are plenty. */
export const PREVIEW_TOKEN_SECONDS = 10 * 60;
/** Clocks of Directus' host and Cloudflare's may differ a little; a token further ahead than this was not ours. */
const CLOCK_SKEW_SECONDS = 60;
/** Kept apart from any other use of an HMAC key, should the secret ever be reused by mistake. */
const PURPOSE = "wkij-vorschau-v1";

/** Directus' user ids are UUIDs, written in lower case. */
const EDITOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The whole token: editor id, ten-digit Unix seconds, a 32-byte MAC in base64url. */
const TOKEN = /^([0-9a-f-]{36})\.([1-9][0-9]{9})\.([A-Za-z0-9_-]{43})$/;
/** A recipe's id as the address gives it: Directus' integer keys. */
const RECIPE_ID = /^[1-9][0-9]{0,9}$/;

/** Why a token opens nothing; every refusal is one of these, never an exception. */
export type PreviewRefusal = "missing" | "malformed" | "signature" | "expired" | "too-far-ahead";

export type PreviewTokenCheck =
  | { ok: true; editor: string; expiresAt: number }
  | { ok: false; refusal: PreviewRefusal };

/** The key both sides sign with, from the shared secret. */
export function previewKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
}

/** A recipe id from an address segment, or null when it is none. */
export function recipeIdFrom(segment: string): number | null {
  return RECIPE_ID.test(segment) ? Number(segment) : null;
}

function signed(recipeId: number, editor: string, expiresAt: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`${PURPOSE}\n${recipeId}\n${editor}\n${expiresAt}`);
}

/** A token for `editor` to preview recipe `recipeId` until `now` + PREVIEW_TOKEN_SECONDS (both in Unix seconds). */
export async function makePreviewToken(
  key: CryptoKey,
  recipeId: number,
  editor: string,
  now: number = Math.floor(Date.now() / 1000),
): Promise<string> {
  const id = editor.toLowerCase();
  if (!EDITOR_ID.test(id)) throw new Error("preview-token: the editor id is not a Directus user id");
  if (!Number.isSafeInteger(recipeId) || recipeId < 1) throw new Error("preview-token: the recipe id is not positive");
  const expiresAt = Math.floor(now) + PREVIEW_TOKEN_SECONDS;
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, signed(recipeId, id, expiresAt)));
  return `${id}.${expiresAt}.${toBase64url(mac)}`;
}

/**
 * Whether `token` lets its holder preview recipe `recipeId` at `now` (Unix
 * seconds). The MAC is compared by Web Crypto's verify, in constant time;
 * anything that is not exactly a token of ours is refused, never thrown.
 */
export async function checkPreviewToken(
  key: CryptoKey,
  recipeId: number,
  token: string | null | undefined,
  now: number = Math.floor(Date.now() / 1000),
): Promise<PreviewTokenCheck> {
  if (token === null || token === undefined || token === "") return { ok: false, refusal: "missing" };
  const parts = TOKEN.exec(token);
  if (!parts || !EDITOR_ID.test(parts[1] as string)) return { ok: false, refusal: "malformed" };
  const editor = parts[1] as string;
  const expiresAt = Number(parts[2]);
  let mac: Uint8Array<ArrayBuffer>;
  try {
    mac = fromBase64url(parts[3] as string);
  } catch {
    return { ok: false, refusal: "malformed" };
  }
  // 43 base64url characters carry 258 bits: a token whose last two are not zero is another spelling of a MAC.
  if (mac.length !== 32 || toBase64url(mac) !== parts[3]) return { ok: false, refusal: "malformed" };
  const genuine = await crypto.subtle.verify("HMAC", key, mac, signed(recipeId, editor, expiresAt));
  if (!genuine) return { ok: false, refusal: "signature" };
  if (expiresAt <= now) return { ok: false, refusal: "expired" };
  if (expiresAt > now + PREVIEW_TOKEN_SECONDS + CLOCK_SKEW_SECONDS) return { ok: false, refusal: "too-far-ahead" };
  return { ok: true, editor, expiresAt };
}
