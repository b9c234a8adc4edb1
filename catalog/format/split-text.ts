/**
 * Cutting a long text into pieces a store takes: the search index into KV
 * values (plan-version.ts), a staged blob into SQLite rows (ledger.ts).
 */

/** Splits text into pieces of at most `size` characters, never inside a surrogate pair. */
export function splitText(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + size, text.length);
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) end -= 1;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces.length > 0 ? pieces : [""];
}
