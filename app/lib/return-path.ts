/**
 * Where a visitor may be sent back to after signing in or out, or after a
 * form post: only a path on this site. Everything that a browser could read
 * as another host is refused, so /login can never be an open redirect.
 */

const MAX_LENGTH = 2_000;
// C0 controls and DEL: browsers drop tabs and newlines inside URLs, which turns "/\t/evil.org" into "//evil.org".
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The path, query and fragment of `value` if it is a same-origin path
 * ("/rezepte/x?y=1"), else `undefined`. Refused: absolute URLs, "//host",
 * backslashes, control characters, and any of these hidden behind
 * percent-encoding.
 */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || value.length > MAX_LENGTH) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return undefined;
  }
  for (const candidate of [value, decoded]) {
    if (!candidate.startsWith("/") || candidate.startsWith("//")) return undefined;
    if (candidate.includes("\\") || CONTROL.test(candidate)) return undefined;
  }
  // The last word goes to the URL parser: what it resolves against a dummy origin must stay there.
  const base = "https://site.invalid";
  const url = new URL(value, base);
  if (url.origin !== base) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
