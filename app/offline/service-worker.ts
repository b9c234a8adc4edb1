/**
 * The service worker (decision 0043): keeps the offline page, the saved
 * recipes, the shopping list and the recipes opened last readable without a
 * connection. Bundled at build time (vite-plugins/browser-scripts.ts) and
 * served by the Worker at /sw.js with the build's version written in front
 * (workers/service-worker-script.ts), so every deploy is a new worker.
 *
 * - Pages: the network first, always, so a page is never older than the
 *   edge would give; only when the network fails the kept copy, else the
 *   offline page.
 * - A page is kept only on the Worker's word (page-audience.ts): pages made
 *   for nobody in particular in one cache, the signed-in visitor's in
 *   another, which is deleted whenever an account may change: a sign-in or
 *   sign-out passing, the page's message at sign-out, or a page answered
 *   for nobody (the session is gone).
 * - Build files: from the cache first (their names carry their content's
 *   hash); kept while the shell or a kept page names them.
 *
 * The rules are pure modules beside this file, tested on their own; this
 * file only wires them to the browser's events.
 */

import {
  imagesToDrop,
  type KeptImage,
  keptAtStamp,
  type RecentCopy,
  recentPagesToDrop,
  referencedAssets,
} from "./kept-copies.ts";
import { type KeptPage, keptPage } from "./kept-pages.ts";
import {
  ASSETS_CACHE,
  cachesToDelete,
  KEPT_AT_HEADER,
  KEPT_FOR_HEADER,
  OFFLINE_PAGE_PATH,
  PAGE_CACHES,
  PERSONAL_CACHE,
  SHARED_CACHE,
  SIGNED_OUT_MESSAGE,
  shellCache,
} from "./offline-caches.ts";
import { answeredFor, type PageAudience, pageAudience } from "./page-audience.ts";
import { requestHandling } from "./request-handling.ts";

declare const self: ServiceWorkerGlobalScope;
/** This build's version: the Worker writes it in front of the script it serves. */
declare const BUILD_VERSION: string;

const ORIGIN = self.location.origin;
const SHELL_CACHE = shellCache(BUILD_VERSION);
const OFFLINE_PAGE = new URL(OFFLINE_PAGE_PATH, ORIGIN).href;
/** How this worker marks what it answered from its caches (Cache-Status, RFC 9211: the cache nearest the visitor last). */
const OFFLINE_STATUS = "wkij-offline; hit";

/**
 * Every change to the page caches runs after the one before: keeping a page
 * reads what is kept, trims and writes, and two navigations at once must
 * not trim from the same old list.
 */
let queue: Promise<unknown> = Promise.resolve();
function serially<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/** Counts how often the account's copies were forgotten: a page asked for before the last time is not kept as personal. */
let accountEpoch = 0;
/** Where each open page's images go: the cache its own answer went to, by the page's client id. */
const audienceOfClient = new Map<string, PageAudience>();
/** The last stamp written, so the recent order holds when the clock goes back. */
let lastStamp = 0;

function stamp(): number {
  lastStamp = keptAtStamp(Date.now(), lastStamp);
  return lastStamp;
}

/** The caches of `names` that exist, opened; reading never makes one (an empty personal cache would outlive a sign-out). */
async function existing(names: readonly string[]): Promise<Cache[]> {
  const found: Cache[] = [];
  for (const name of names) if (await caches.has(name)) found.push(await caches.open(name));
  return found;
}

function cacheOf(audience: PageAudience): string {
  return audience === "personal" ? PERSONAL_CACHE : SHARED_CACHE;
}

/** `response` with `change` made to a copy of its headers; the body is read whole first. */
async function restamped(response: Response, change: (headers: Headers) => void): Promise<Response> {
  const headers = new Headers(response.headers);
  change(headers);
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

/** Marks an answer as this worker's own, from its caches. */
function fromCache(response: Response): Promise<Response> {
  return restamped(response, (headers) => {
    const before = headers.get("cache-status");
    headers.set("cache-status", before ? `${before}, ${OFFLINE_STATUS}` : OFFLINE_STATUS);
  });
}

/** Deletes everything kept for the signed-in visitor. */
function forgetAccount(): Promise<void> {
  accountEpoch += 1;
  for (const [client, audience] of audienceOfClient) if (audience === "personal") audienceOfClient.delete(client);
  return serially(async () => {
    await caches.delete(PERSONAL_CACHE);
  });
}

function rememberAudience(client: string, audience: PageAudience): void {
  if (!client) return;
  audienceOfClient.delete(client);
  audienceOfClient.set(client, audience);
  // Closed tabs never say so: the oldest entries go.
  for (const oldest of audienceOfClient.keys()) {
    if (audienceOfClient.size <= 50) break;
    audienceOfClient.delete(oldest);
  }
}

// Install: keep this build's offline page and the build files it names, fetched without cookies:
// the page is the same for everyone, and no account's data belongs in it.
async function keepShell(): Promise<void> {
  const response = await fetch(OFFLINE_PAGE, { credentials: "omit", cache: "no-store" });
  if (response.status !== 200) throw new Error(`service worker: the offline page answered ${response.status}`);
  const html = await response.clone().text();
  const assets = await caches.open(ASSETS_CACHE);
  await Promise.all(
    [...referencedAssets(html)].map(async (path) => {
      const address = new URL(path, ORIGIN).href;
      if (await assets.match(address)) return;
      const file = await fetch(address);
      if (!isBuildFile(file)) throw new Error(`service worker: ${path} answered ${file.status}`);
      await assets.put(address, file);
    }),
  );
  await (await caches.open(SHELL_CACHE)).put(OFFLINE_PAGE, response);
}

// Activate: other builds' shells go, and every build file that neither the shell nor a kept page names.
async function dropUnnamedAssets(): Promise<void> {
  const named = new Set<string>();
  for (const cache of await existing([SHELL_CACHE, ...PAGE_CACHES])) {
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      if (!response?.headers.get("content-type")?.startsWith("text/html")) continue;
      for (const path of referencedAssets(await response.text())) named.add(path);
    }
  }
  const assets = await caches.open(ASSETS_CACHE);
  for (const request of await assets.keys()) {
    if (!named.has(new URL(request.url).pathname)) await assets.delete(request);
  }
}

/** Drops the recent recipes beyond the limit (`touched` stays) and, in every page cache, images no kept page shows. */
async function trim(touched: string | undefined): Promise<void> {
  const recent: (RecentCopy & { cache: Cache; request: Request })[] = [];
  for (const cache of await existing(PAGE_CACHES)) {
    for (const request of await cache.keys()) {
      const kept = keptPage(request.url, ORIGIN);
      if (!kept?.recent) continue;
      const keptAt = Number((await cache.match(request))?.headers.get(KEPT_AT_HEADER) ?? 0);
      recent.push({ page: kept.page, keptAt, cache, request });
    }
  }
  const drop = new Set(recentPagesToDrop(recent, touched));
  for (const copy of recent) if (drop.has(copy.page)) await copy.cache.delete(copy.request);

  for (const cache of await existing(PAGE_CACHES)) {
    const pages = new Set<string>();
    const images: KeptImage[] = [];
    for (const request of await cache.keys()) {
      const kept = keptPage(request.url, ORIGIN);
      if (kept) {
        pages.add(kept.page);
        continue;
      }
      const headers = (await cache.match(request))?.headers;
      images.push({
        key: request.url,
        shownBy: headers?.get(KEPT_FOR_HEADER) ?? "",
        keptAt: Number(headers?.get(KEPT_AT_HEADER) ?? 0),
      });
    }
    for (const key of imagesToDrop(images, pages)) await cache.delete(key);
  }
}

/** Keeps `response` as `kept`'s copy in `audience`'s cache, one copy per page, then trims. */
async function keepPage(kept: KeptPage, response: Response, audience: PageAudience, epoch: number): Promise<void> {
  const body = await response.blob();
  await serially(async () => {
    // The account changed while the page was on its way: it belongs to nobody now.
    if (audience === "personal" && epoch !== accountEpoch) return;
    const cache = await caches.open(cacheOf(audience));
    for (const request of await cache.keys()) {
      if (request.url !== kept.key && keptPage(request.url, ORIGIN)?.page === kept.page) await cache.delete(request);
    }
    const headers = new Headers(response.headers);
    headers.set(KEPT_AT_HEADER, String(stamp()));
    await cache.put(
      kept.key,
      new Response(body, { status: response.status, statusText: response.statusText, headers }),
    );
    await trim(kept.recent ? kept.page : undefined);
  });
}

/** What a page's answer says about the visitor, and keeping it when it is a kept page. */
function noteAnswer(
  event: FetchEvent | undefined,
  client: string,
  kept: KeptPage | undefined,
  response: Response,
  epoch: number,
): Promise<void> {
  const work: Promise<void>[] = [];
  // A page made for nobody: no session reached the Worker, so no account's copies may stay.
  if (answeredFor(response.headers.get("cache-status")) === "anonymous") work.push(forgetAccountIfAny());
  const audience = kept
    ? pageAudience({
        status: response.status,
        type: response.type,
        redirected: response.redirected,
        contentType: response.headers.get("content-type"),
        cacheStatus: response.headers.get("cache-status"),
      })
    : undefined;
  if (kept && audience) {
    rememberAudience(client, audience);
    work.push(keepPage(kept, response.clone(), audience, epoch));
  }
  const done = Promise.all(work).then(() => undefined);
  event?.waitUntil(done);
  return done;
}

async function forgetAccountIfAny(): Promise<void> {
  if (await caches.has(PERSONAL_CACHE)) await forgetAccount();
}

/** The kept copy of `kept` (the personal one first), read now: it moves to the front of the recent ones. */
function readKept(kept: KeptPage): Promise<Response | undefined> {
  return serially(async () => {
    for (const cache of await existing(PAGE_CACHES)) {
      const copy = await cache.match(kept.key, { ignoreVary: true });
      if (!copy) continue;
      const read = await restamped(copy, (headers) => headers.set(KEPT_AT_HEADER, String(stamp())));
      if (kept.recent) await cache.put(kept.key, read.clone());
      return read;
    }
    return undefined;
  });
}

/** Another kept address of the same page (a recipe kept with other servings), if any. */
async function keptVariant(kept: KeptPage): Promise<string | undefined> {
  for (const cache of await existing(PAGE_CACHES)) {
    for (const request of await cache.keys()) {
      if (keptPage(request.url, ORIGIN)?.page === kept.page) return request.url;
    }
  }
  return undefined;
}

/** The answer to a page while the network fails: its kept copy, the same recipe with other servings, or the offline page. */
async function offlineAnswer(kept: KeptPage | undefined): Promise<Response> {
  if (kept) {
    const copy = await readKept(kept);
    if (copy) return fromCache(copy);
    const variant = await keptVariant(kept);
    if (variant) return Response.redirect(variant, 302);
  }
  const offlinePage = await caches.match(OFFLINE_PAGE, { cacheName: SHELL_CACHE, ignoreVary: true });
  return offlinePage ? fromCache(offlinePage) : Response.error();
}

async function openPage(event: FetchEvent, kept: KeptPage | undefined, signsIn: boolean): Promise<Response> {
  if (signsIn) await forgetAccount();
  const epoch = accountEpoch;
  let response: Response;
  try {
    // The browser's own request for the page, sent while this worker started.
    response = (await event.preloadResponse) ?? (await fetch(event.request));
  } catch {
    return offlineAnswer(kept);
  }
  noteAnswer(event, event.resultingClientId, kept, response, epoch);
  return response;
}

/** Keeps a page a navigation inside the page opened (React Router asked for its data only). */
async function keepInBackground(kept: KeptPage, client: string): Promise<void> {
  const epoch = accountEpoch;
  const response = await fetch(kept.key).catch(() => undefined);
  if (response) await noteAnswer(undefined, client, kept, response, epoch);
}

/**
 * Whether an answer is the build file asked for. While two versions serve
 * (a gradual deploy), a file of the other version is a redirect to the home
 * page, which must not be kept under the file's name.
 */
function isBuildFile(response: Response): boolean {
  return response.status === 200 && response.type === "basic" && !response.redirected;
}

async function buildFile(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(ASSETS_CACHE);
  const kept = await cache.match(event.request.url, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(event.request);
  if (isBuildFile(response)) {
    event.waitUntil(cache.put(event.request.url, response.clone()));
  }
  return response;
}

async function keepImage(shownBy: KeptPage, url: string, response: Response, audience: PageAudience, epoch: number) {
  const image = await restamped(response, (headers) => {
    headers.set(KEPT_FOR_HEADER, shownBy.page);
    headers.set(KEPT_AT_HEADER, String(stamp()));
  });
  await serially(async () => {
    if (audience === "personal" && epoch !== accountEpoch) return;
    await (await caches.open(cacheOf(audience))).put(url, image);
  });
}

async function image(event: FetchEvent, shownBy: KeptPage): Promise<Response> {
  const epoch = accountEpoch;
  try {
    const response = await fetch(event.request);
    const audience = audienceOfClient.get(event.clientId);
    const isImage = response.headers.get("content-type")?.startsWith("image/") ?? false;
    if (audience && response.status === 200 && response.type === "basic" && isImage) {
      event.waitUntil(keepImage(shownBy, event.request.url, response.clone(), audience, epoch));
    }
    return response;
  } catch (error) {
    for (const cache of await existing(PAGE_CACHES)) {
      const kept = await cache.match(event.request.url, { ignoreVary: true });
      if (kept) return kept;
    }
    throw error;
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(keepShell().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      await self.registration.navigationPreload?.enable();
      await Promise.all(cachesToDelete(await caches.keys(), BUILD_VERSION).map((name) => caches.delete(name)));
      await serially(dropUnnamedAssets);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === SIGNED_OUT_MESSAGE) event.waitUntil(forgetAccount());
});

self.addEventListener("fetch", (event) => {
  const handling = requestHandling(event.request, ORIGIN);
  switch (handling.kind) {
    case "page":
      event.respondWith(openPage(event, handling.kept, handling.signsIn));
      break;
    case "asset":
      event.respondWith(buildFile(event));
      break;
    case "image":
      event.respondWith(image(event, handling.shownBy));
      break;
    case "page-data":
      event.waitUntil(keepInBackground(handling.kept, event.clientId));
      break;
    case "sign-out":
      event.waitUntil(forgetAccount());
      break;
    case "none":
      break;
  }
});
