/**
 * What the two edge caches share (page-cache.ts for pages, image-cache.ts
 * for recipe images): how an answer says what the cache did, and how a
 * browser's If-None-Match is read.
 */

/** The cache's name in `Cache-Status` (RFC 9211). */
const CACHE_NAME = "wkij";

/** The `Cache-Status` value for what the cache did (`hit`, `fwd=miss; stored`, …). */
export function cacheStatus(detail: string): string {
  return `${CACHE_NAME}; ${detail}`;
}

/**
 * Whether the browser holds the version tagged `etag`, weak or strong
 * alike. Only our own tags count: `*` ("any version") is not honoured,
 * since an answer that was never stored (a redirect, the random pick) has
 * no version a browser could hold.
 */
export function etagMatches(ifNoneMatch: string | null, etag: string | null): boolean {
  if (!ifNoneMatch || !etag) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => weak(tag) === weak(etag));
}
