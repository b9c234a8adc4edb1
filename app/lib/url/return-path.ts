/**
 * Where a visitor may be sent back to after signing in or out, or after a
 * form post: only a path on this site. Everything that a browser could read
 * as another host is refused, so /login can never be an open redirect.
 *
 * The checks run twice: on the text as given (cheap refusals), and on what
 * the URL parser makes of it, which is exactly what goes into `Location`.
 * Only the second one is the proof: "/.//evil.org" and "/a/..//evil.org"
 * look like paths but parse to "//evil.org", which a browser reads as a host.
 */
import { RETURN_PATH_PARAM } from "./form-fields.ts";

const MAX_LENGTH = 2_000;
// C0 controls and DEL: browsers drop tabs and newlines inside URLs, which turns "/\t/evil.org" into "//evil.org".
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
/** An origin that nothing else has: whatever resolves against it and keeps it is a path of ours. */
const BASE = "https://site.invalid";

/** Whether `text` is plainly a path of this site: one leading slash, no backslash, no control character. */
function looksLikeOwnPath(text: string): boolean {
  return text.startsWith("/") && !text.startsWith("//") && !text.includes("\\") && !CONTROL.test(text);
}

/**
 * The path, query and fragment of `value` if it is a same-origin path
 * ("/rezepte/x?y=1"), else `undefined`. Refused: absolute URLs, "//host",
 * backslashes, control characters, any of these hidden behind
 * percent-encoding, and anything whose parsed form is not a plain path.
 */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || value.length > MAX_LENGTH) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return undefined;
  }
  if (!looksLikeOwnPath(value) || !looksLikeOwnPath(decoded)) return undefined;

  const parsed = new URL(value, BASE);
  if (parsed.origin !== BASE) return undefined;
  const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  // The answer itself must be a plain path that parses back to itself: a
  // browser resolving it against any page of ours stays on our origin.
  if (!looksLikeOwnPath(path)) return undefined;
  const again = new URL(path, BASE);
  if (again.origin !== BASE || `${again.pathname}${again.search}${again.hash}` !== path) return undefined;
  return path;
}

/** Where a posted form asks to go back to (its RETURN_PATH_PARAM), if that is a path of ours; else `fallback`. */
export function formReturnPath(form: FormData, fallback: string): string {
  return safeReturnPath(String(form.get(RETURN_PATH_PARAM) ?? "")) ?? fallback;
}

/** The sign-in link (answered by the Worker, workers/auth-routes.ts) that comes back to `returnPath`. */
export function signInHref(returnPath: string): string {
  return `/login?${RETURN_PATH_PARAM}=${encodeURIComponent(returnPath)}`;
}
