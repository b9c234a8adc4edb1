/**
 * What the service worker does with a request, decided from the request
 * alone. The worker takes only what it has a reason to take; everything
 * else goes to the network as if there were no worker. Form posts are never
 * taken: re-sent by the worker they would leave from this origin and pass
 * the Worker's cross-site check (workers/origin-check.ts) that the
 * browser's own request would fail.
 */
import { type KeptPage, keptPage, pageOfDataRequest, parseAddress } from "./kept-pages.ts";

/** What the worker needs to know of a request (a Request has all of it). */
export interface RequestFacts {
  url: string;
  method: string;
  /** `navigate` for a page the browser opens. */
  mode: string;
  /** `image` for an image (or its preload). */
  destination: string;
  /** The page that asked, for a subresource: the address of the document. */
  referrer: string;
}

export type RequestHandling =
  /**
   * A page the browser opens: the network first, always; offline the kept
   * copy, else the offline page. `signsIn`: the way to a sign-in, so what
   * was kept for an account is forgotten before it leaves.
   */
  | { kind: "page"; kept: KeptPage | undefined; signsIn: boolean }
  /** A hashed build file: from the cache when there, else fetched and kept. */
  | { kind: "asset" }
  /** A recipe image shown by a kept page: from the network, kept with that page; offline the kept copy. */
  | { kind: "image"; shownBy: KeptPage }
  /** React Router's data for a kept page, asked for by a navigation in the page: keep the page itself too. */
  | { kind: "page-data"; kept: KeptPage }
  /** A sign-out on its way: forget what was kept for the account; the post itself is left to the browser. */
  | { kind: "sign-out" }
  /** Not the worker's business. */
  | { kind: "none" };

/** Where a sign-in starts and where it comes back (workers/auth-routes.ts). */
const SIGN_IN_PATH = /^\/login(?:\/zurueck)?$/;
/** Where a sign-out is posted. */
const SIGN_OUT_PATH = /^\/logout$/;
/** A recipe image through the Worker's proxy (app/lib/recipes/recipe-images.ts). */
const IMAGE_PATH = /^\/directus\/assets\/[^/]+$/;
/** Vite's output: file names carry a content hash, so a file never changes under its name. */
const ASSET_PATH = /^\/assets\/[^/]+$/;

/** What the worker serving `origin` does with `request`. Never throws, whatever the request holds. */
export function requestHandling(request: RequestFacts, origin: string): RequestHandling {
  const url = parseAddress(request.url);
  if (!url || url.origin !== origin) return { kind: "none" };
  if (request.method === "POST" && SIGN_OUT_PATH.test(url.pathname)) return { kind: "sign-out" };
  if (request.method !== "GET") return { kind: "none" };
  // Every page the browser opens, Directus' sign-in steps included: the worker answers with the
  // navigation's own preloaded request, so none of them is ever sent twice.
  if (request.mode === "navigate") {
    return { kind: "page", kept: keptPage(url.href, origin), signsIn: SIGN_IN_PATH.test(url.pathname) };
  }
  if (ASSET_PATH.test(url.pathname)) return { kind: "asset" };
  if (IMAGE_PATH.test(url.pathname)) {
    const shownBy = request.destination === "image" ? keptPage(request.referrer, origin) : undefined;
    return shownBy ? { kind: "image", shownBy } : { kind: "none" };
  }
  const page = pageOfDataRequest(url.href);
  const kept = page === undefined ? undefined : keptPage(page, origin);
  return kept ? { kind: "page-data", kept } : { kind: "none" };
}
