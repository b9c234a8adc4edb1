/**
 * Recipe images kept in the data centre's cache (the Cache API), the way
 * pages are (page-cache.ts): the first visitor's request for an image in a
 * transform fetches it from Directus, every later one near the same data
 * centre gets the stored copy. The image is the largest thing a page loads
 * and usually its largest paint, Directus transforms it on every request it
 * gets, and a copy at the edge keeps the pictures up when Directus is down.
 *
 * The key is the image's canonical address (directus-proxy.ts: the UUID in
 * lower case and one of our transforms, its parameters in a fixed order),
 * never the visitor's spelling of it, and a copy is stored only when
 * Directus answered 200 with a raster image. An image changes only when an
 * editor replaces the file; the edge then keeps the old one as long as the
 * answer's Cache-Control says, as browsers do (directus-proxy.ts ASSET_CACHE).
 */

import { cacheStatus, etagMatches } from "./edge-cache.ts";

export interface ImageRequest {
  /** The visitor's request: its method and If-None-Match are read, nothing else. */
  request: Request;
  /** The canonical address of the image in its transform, on the site's origin. */
  key: string;
  /**
   * The image from Directus, checked and with the headers a browser gets;
   * `storable` says whether it is an image to keep (a 200 with a raster type).
   */
  fetchImage(): Promise<{ response: Response; storable: boolean }>;
  /** The cache to keep images in; `caches.open("images")` in the Worker. */
  cache(): Promise<Cache>;
  waitUntil(promise: Promise<unknown>): void;
}

/** `response`'s headers with what the cache did, and without the Cache API's own marker. */
function withStatus(response: Response, detail: string, body: ReadableStream | null = response.body): Response {
  const headers = new Headers(response.headers);
  headers.delete("cf-cache-status");
  headers.set("cache-status", cacheStatus(detail));
  return new Response(body, { status: response.status, headers });
}

/** The answer when the browser already holds this image: its headers, no body. */
function notModified(response: Response, detail: string): Response {
  const answer = withStatus(response, detail, null);
  return new Response(null, { status: 304, headers: answer.headers });
}

/**
 * Answers an image request from the edge cache, or from Directus on a miss
 * (storing the copy when it is an image). A GET only: HEAD asks Directus as
 * before, which is rare enough not to be worth a copy of its own.
 */
export async function serveImage(image: ImageRequest): Promise<Response> {
  const { request } = image;
  const ifNoneMatch = request.headers.get("if-none-match");
  if (request.method !== "GET") {
    const { response } = await image.fetchImage();
    return withStatus(response, "fwd=bypass; detail=method");
  }

  const cache = await image.cache();
  const stored = await cache.match(image.key);
  if (stored) {
    if (etagMatches(ifNoneMatch, stored.headers.get("etag"))) {
      await stored.body?.cancel();
      return notModified(stored, "hit; detail=etag");
    }
    return withStatus(stored, "hit");
  }

  const { response, storable } = await image.fetchImage();
  if (!storable || !response.body) return withStatus(response, "fwd=miss; detail=not-storable");
  const [served, kept] = response.body.tee();
  const copy = new Response(kept, { status: 200, headers: response.headers });
  image.waitUntil(cache.put(image.key, copy));
  if (etagMatches(ifNoneMatch, response.headers.get("etag"))) {
    await served.cancel();
    return notModified(response, "fwd=miss; stored; detail=etag");
  }
  return withStatus(response, "fwd=miss; stored", served);
}
