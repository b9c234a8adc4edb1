/**
 * What the service worker (service-worker.ts), the pages, the offline page's
 * script (offline-page-script.ts) and the Worker that serves it share: its
 * address, the names of the caches it keeps, the headers it writes on a
 * kept copy, and the message a page sends it at sign-out. Decision 0043 says
 * what goes where and why.
 */

/** Where the Worker serves the service worker; at the root, so it may answer for every page. */
export const SERVICE_WORKER_PATH = "/sw.js";

/** The offline page (app/routes/offline.tsx): what a page that is not kept is answered with offline. */
export const OFFLINE_PAGE_PATH = "/offline";

/** Every cache of ours starts with this; other caches on the origin are not ours to delete. */
const CACHE_PREFIX = "wkij-";

/** The offline page and the files it names: one cache per build, made when that build's worker installs. */
export function shellCache(build: string): string {
  return `${CACHE_PREFIX}shell-${build}`;
}

/** Hashed build files (`/assets/…`), kept while the shell or a kept page names them. */
export const ASSETS_CACHE = `${CACHE_PREFIX}assets`;

/** Pages answered for nobody in particular (the edge cache's own kind), and the images they showed. */
export const SHARED_CACHE = `${CACHE_PREFIX}pages`;

/** Pages answered for the signed-in visitor, and their images: deleted whenever an account may change. */
export const PERSONAL_CACHE = `${CACHE_PREFIX}personal`;

/** The caches pages are kept in, the personal one first: it is the newer view of the same page. */
export const PAGE_CACHES = [PERSONAL_CACHE, SHARED_CACHE] as const;

/** On a kept copy: when it was kept or last read offline (milliseconds), which orders the recent recipes. */
export const KEPT_AT_HEADER = "wkij-kept-at";

/** On a kept image: the page (origin and path) that showed it; the image goes with that page. */
export const KEPT_FOR_HEADER = "wkij-kept-for";

/** What a page posts to the worker when the visitor signs out (a second way besides the POST it sees). */
export const SIGNED_OUT_MESSAGE = "wkij:abgemeldet";

/**
 * The caches of ours that `build`'s worker no longer needs: other builds'
 * shells and any name of ours it does not use (an older scheme's). Caches
 * that are not ours stay.
 */
export function cachesToDelete(names: readonly string[], build: string): string[] {
  const used = new Set([shellCache(build), ASSETS_CACHE, SHARED_CACHE, PERSONAL_CACHE]);
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && !used.has(name));
}
