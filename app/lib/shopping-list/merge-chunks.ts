/**
 * The device's entries, cut into posts that each fit the site's limit for a
 * form (8 KB, workers/request-limits.ts) with room for the other fields, so a
 * long list moves into the account in a few posts instead of being refused.
 */
import { type ShoppingEntry, storedValue } from "./stored-list.ts";

/** The most characters the entries' field may take in one post, URL-encoded: the rest of 8 KB is for the other fields. */
export const MAX_ENTRIES_FIELD_LENGTH = 6_000;

/** How long `entries` are as the posted field: JSON, URL-encoded (an upper bound of the form encoding). */
export function encodedLength(entries: readonly ShoppingEntry[]): number {
  return encodeURIComponent(JSON.stringify(storedValue(entries).entries)).length;
}

/** `entries` in order, in as few chunks as fit `limit` each (an entry longer than it alone is a chunk of its own). */
export function mergeChunks(entries: readonly ShoppingEntry[], limit = MAX_ENTRIES_FIELD_LENGTH): ShoppingEntry[][] {
  // Encoded, a JSON array is "%5B", its items joined by "%2C", then "%5D": each item is measured once.
  const brackets = encodedLength([]);
  const comma = encodeURIComponent(",").length;
  const chunks: ShoppingEntry[][] = [];
  let current: ShoppingEntry[] = [];
  let length = brackets;
  for (const entry of entries) {
    const own = encodedLength([entry]) - brackets;
    const added = current.length === 0 ? own : comma + own;
    if (current.length > 0 && length + added > limit) {
      chunks.push(current);
      current = [];
      length = brackets;
      length += own;
    } else {
      length += added;
    }
    current.push(entry);
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
