/**
 * The edge cache for anonymous pages (decision 0013): rendered pages are
 * kept in the Cache API of the data centre, so a page that many visitors
 * ask for is rendered once per catalog version, build and consent state.
 *
 * What a cached page may depend on is an allow-list, and exactly that is the
 * key: the canonical address (the page's known parameters, in their fixed
 * order), the catalog version, the build (client assets and Worker version), and the visitor's consent choice as
 * parsed. The page is rendered from a request that carries nothing else of
 * the visitor's cookies, so it cannot depend on anything outside the key.
 * Everything that would make a page depend on more bypasses the cache:
 * other methods than GET and HEAD, a Directus session (the page is
 * personal), a notice waiting in a cookie, a query the page does not read or
 * in another order. Answers that set cookies or carry their own
 * Cache-Control (the random pick) are never stored; a personal answer that
 * sets a cookie says so in its Cache-Status (`detail=personal-set-cookie`).
 * The shopping list, never stored here, says for whom it was made
 * (`bypassDetail`), which is all the browser's service worker may go by.
 *
 * A publish changes the catalog version and a deploy the build, so their
 * pages are simply new keys; old entries expire. Every answer gets its own
 * CSP nonce: a stored page's nonces are rewritten on the way out, so no two
 * visitors ever share one. Answers say what happened in `Cache-Status`
 * (RFC 9211).
 */
import { CONSENT_CATEGORIES, type Consent, serializeConsent } from "../app/lib/consent/consent.ts";
import { consentFrom } from "../app/lib/consent/consent-cookie.server.ts";
import { hasNotice } from "../app/lib/notices/notice-cookie.server.ts";
import {
  DIET_PARAM,
  EXCLUDED_INGREDIENT_PARAM,
  INGREDIENT_FILTER_PARAM,
  KCAL_PARAM,
  LAST_SHOWN_PARAM,
  MISSING_BASIC_PARAM,
  PAGE_PARAM,
  RANDOM_TYPE_PARAM,
  SEARCH_TERM_PARAM,
  SELECTED_INGREDIENT_PARAM,
  SERVINGS_PARAM,
  SORT_PARAM,
  TIME_PARAM,
} from "../app/lib/url/form-fields.ts";
import { sha256 } from "../catalog/format/sha256.ts";
import { cacheStatus, etagMatches } from "./edge-cache.ts";

/** Browsers revalidate every time (cheap with the ETag); no other cache may keep a page, since each carries its own nonce. */
const PAGE_CACHE_CONTROL = "private, max-age=0";
/** What a signed-in visitor's page gets: only their browser's memory keeps it. */
const PERSONAL_CACHE_CONTROL = "private, no-store";
/**
 * How long the edge keeps a page. Its content cannot change under its key
 * (a new catalog, client build or Worker version is a new key), so this only bounds memory.
 */
const STORED_MAX_AGE_SECONDS = 24 * 60 * 60;

/** The query parameters each page reads, in their canonical order; every other page reads none. */
const PAGE_PARAMS: [RegExp, string[]][] = [
  // The shuffle form sends the recipe shown first, then the pressed button's category.
  [/^\/(?:zufallsgenerator)?$/, [LAST_SHOWN_PARAM, RANDOM_TYPE_PARAM]],
  // The lists' filter (recipe-filter-param.ts) comes after their own parameters, then the order
  // (recipe-order-param.ts), the page last.
  [/^\/suche$/, [SEARCH_TERM_PARAM, DIET_PARAM, TIME_PARAM, KCAL_PARAM, SORT_PARAM, PAGE_PARAM]],
  [
    /^\/zutatensuche$/,
    [
      INGREDIENT_FILTER_PARAM,
      SELECTED_INGREDIENT_PARAM,
      EXCLUDED_INGREDIENT_PARAM,
      MISSING_BASIC_PARAM,
      DIET_PARAM,
      TIME_PARAM,
      KCAL_PARAM,
      PAGE_PARAM,
    ],
  ],
  [/^\/kategorie\/[^/]+$/, [DIET_PARAM, TIME_PARAM, KCAL_PARAM, SORT_PARAM, PAGE_PARAM]],
  [/^\/rezepte\/[^/]+$/, [SERVINGS_PARAM]],
];
/**
 * Pages that are the visitor's own whoever asks, signed in or not: answered
 * without the cache and kept by no other (`private, no-store`), their data
 * requests too. The shopping list shows the account's list to a signed-in
 * visitor and is filled from the device for everyone else (decision 0041);
 * the week plan and "Plan meine Woche" likewise (decision 0070).
 */
const PRIVATE_PAGES = /^\/(?:einkaufsliste|wochenplan(?:\/vorschlag)?)(?:\.data)?$/;
/** React Router's data requests (`/suche.data`, `/_.data` for the home page) name the routes to load. */
const DATA_SUFFIX = /(?:\/_)?\.data$/;
const DATA_PARAMS = ["_routes"];

/**
 * The canonical form of a page address: its known parameters in their fixed
 * order (values of a repeated parameter keep theirs), or undefined when the
 * query holds a parameter the page does not read.
 */
function canonicalPageUrl(url: URL): string | undefined {
  const isData = DATA_SUFFIX.test(url.pathname);
  const pagePath = isData ? url.pathname.replace(DATA_SUFFIX, "") || "/" : url.pathname;
  const known = [
    ...(PAGE_PARAMS.find(([pattern]) => pattern.test(pagePath))?.[1] ?? []),
    ...(isData ? DATA_PARAMS : []),
  ];
  const params = [...url.searchParams];
  if (params.some(([key]) => !known.includes(key))) return undefined;
  const ordered = new URLSearchParams(params.sort(([a], [b]) => known.indexOf(a) - known.indexOf(b)));
  const search = ordered.toString();
  return `${url.origin}${url.pathname}${search ? `?${search}` : ""}`;
}

/** Why a request is answered without the cache; undefined: it may use it. */
type BypassReason = "method" | "personal" | "private" | "notice" | "query";

/** What varies a page, as parsed from the request. */
interface PageVariant {
  /** The canonical address (origin, path, known parameters in order). */
  url: string;
  /** The visitor's consent: one digit per category, or "unset" while the banner is due. */
  consent: string;
  catalog: string;
  build: string;
}

/** The cache key of a page variant: a URL on the site's own origin that no page has. */
function pageCacheKey(variant: PageVariant): string {
  const url = new URL(variant.url);
  return `${url.origin}/__seiten-cache/${variant.build}/${variant.catalog}/${variant.consent}${url.pathname}${url.search}`;
}

/** The ETag of a page variant: weak, since the markup is equivalent rather than byte-identical across renders. */
async function pageEtag(variant: PageVariant): Promise<string> {
  return `W/"${(await sha256(pageCacheKey(variant))).slice(0, 32)}"`;
}

/** A copy of `response` with other headers. */
function withHeaders(
  response: Response,
  change: (headers: Headers) => void,
  body: BodyInit | null = response.body,
): Response {
  const headers = new Headers(response.headers);
  change(headers);
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** Sets every `nonce` attribute of an HTML page to `nonce`; other answers pass unchanged. */
function withNonce(response: Response, nonce: string): Response {
  if (!(response.headers.get("content-type") ?? "").startsWith("text/html")) return response;
  return new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        element.setAttribute("nonce", nonce);
      },
    })
    .transform(response);
}

interface PageRequest {
  request: Request;
  /** This answer's CSP nonce (workers/content-security-policy.ts). */
  nonce: string;
  consentCookieName: string;
  /** Whether the request carries a Directus session (visitor.server.ts). */
  personal: boolean;
  build: string;
  /** The live catalog version, without loading the catalog. */
  liveCatalog(): Promise<string | null>;
  /**
   * Renders `request`; `catalog` is the version the page read, or undefined
   * when it read none.
   */
  render(request: Request): Promise<{ response: Response; catalog: string | undefined }>;
  waitUntil(promise: Promise<unknown>): void;
  /** The cache to keep pages in; `caches.open("pages")` in the Worker. */
  cache(): Promise<Cache>;
}

/**
 * The request's canonical address when the cache may answer it, or why it
 * must not be answered from (or stored in) the cache.
 */
function cacheable(request: Request, personal: boolean): { url: string } | { bypass: BypassReason } {
  const url = new URL(request.url);
  if (PRIVATE_PAGES.test(url.pathname)) return { bypass: "private" };
  if (request.method !== "GET" && request.method !== "HEAD") return { bypass: "method" };
  if (personal) return { bypass: "personal" };
  if (hasNotice(request)) return { bypass: "notice" };
  const canonical = canonicalPageUrl(url);
  if (canonical === undefined || canonical !== url.href.replace(/\?$/, "")) return { bypass: "query" };
  return { url: canonical };
}

/**
 * The request headers a cached page may be rendered with: what React Router
 * reads (`accept` for data requests). Nothing else of the visitor's reaches
 * a stored page; every visitor, crawler or not, gets the page whole
 * (entry.server.tsx).
 */
const RENDER_HEADERS = ["accept"];

/** The render request of a cacheable page: the canonical address, the headers above and, of the cookies, only the parsed consent. */
function renderRequest(
  request: Request,
  url: string,
  consentCookieName: string,
  consent: Consent | undefined,
): Request {
  const headers = new Headers();
  for (const name of RENDER_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  // Rebuilt from the parsed value: the page sees exactly what the key says.
  if (consent) headers.set("cookie", `${consentCookieName}=${serializeConsent(consent)}`);
  return new Request(url, { method: request.method, headers });
}

/** The consent part of the key: one digit per category in the banner's order, or "unset". */
function consentKey(consent: Consent | undefined): string {
  return consent ? CONSENT_CATEGORIES.map((category) => (consent[category] ? "1" : "0")).join("") : "unset";
}

/**
 * What Cache-Status says of an answer that bypassed the cache: why, and for
 * whom it was made, the one thing the service worker may keep a page on
 * (app/offline/page-audience.ts), since the browser hides Set-Cookie from
 * scripts.
 *
 * - `personal`: made for a session, whatever the page (the shopping list's
 *   account list included); `personal-set-cookie` when it sets a cookie.
 * - `private-anonymous`: the shopping list (decision 0041) read without a
 *   session: its list is filled from the device in the browser, the page
 *   holds none of it. Only for a read that sets no cookie and found no
 *   notice waiting (a notice is shown once).
 * - Anything else names the reason alone (`private` among them) and is kept
 *   by no one.
 */
function bypassDetail(reason: BypassReason, request: Request, personal: boolean, setsCookie: boolean): string {
  const read = request.method === "GET" || request.method === "HEAD";
  if (reason === "personal" || (reason === "private" && personal && read)) {
    return setsCookie ? "personal-set-cookie" : "personal";
  }
  if (reason === "private" && read && !personal && !setsCookie && !hasNotice(request)) return "private-anonymous";
  return reason;
}

/** Whether a rendered answer may be kept for everyone with the same key. */
function storable(method: string, response: Response): boolean {
  return (
    method === "GET" &&
    response.status === 200 &&
    !response.headers.has("cache-control") &&
    !response.headers.has("set-cookie")
  );
}

/**
 * Answers a page request: from the edge cache when it may and can, else
 * rendered (and stored when the answer is the same for everyone with the
 * key). Sets Cache-Control, Vary, ETag and Cache-Status; a matching
 * If-None-Match gets a 304 without rendering.
 */
export async function servePage(page: PageRequest): Promise<Response> {
  const { request } = page;
  const allowed = cacheable(request, page.personal);
  if ("bypass" in allowed) {
    const { response } = await page.render(request);
    return withHeaders(response, (headers) => {
      const detail = bypassDetail(allowed.bypass, request, page.personal, headers.has("set-cookie"));
      headers.set("cache-status", cacheStatus(`fwd=bypass; detail=${detail}`));
      if (page.personal || allowed.bypass === "private") headers.set("cache-control", PERSONAL_CACHE_CONTROL);
      else if (!headers.has("cache-control")) headers.set("cache-control", PAGE_CACHE_CONTROL);
    });
  }

  const consent = consentFrom(request, page.consentCookieName);
  const variant: PageVariant = {
    url: allowed.url,
    consent: consentKey(consent),
    catalog: (await page.liveCatalog()) ?? "none",
    build: page.build,
  };
  const etag = await pageEtag(variant);
  const cacheHeaders = (headers: Headers, status: string) => {
    // The Cache API's own marker on a stored copy; Cache-Status says it for us.
    headers.delete("cf-cache-status");
    headers.set("cache-control", PAGE_CACHE_CONTROL);
    headers.append("vary", "Cookie");
    headers.set("etag", etag);
    headers.set("cache-status", cacheStatus(status));
  };
  // The browser holds this very variant: nothing to render or look up.
  if (etagMatches(request.headers.get("if-none-match"), etag)) {
    const headers = new Headers();
    cacheHeaders(headers, "hit; detail=etag");
    return new Response(null, { status: 304, headers });
  }

  const key = pageCacheKey(variant);
  const cache = await page.cache();
  const stored = await cache.match(key);
  if (stored) {
    if (request.method === "HEAD") {
      await stored.body?.cancel();
      return withHeaders(stored, (headers) => cacheHeaders(headers, "hit"), null);
    }
    return withHeaders(withNonce(stored, page.nonce), (headers) => cacheHeaders(headers, "hit"));
  }

  const { response, catalog } = await page.render(renderRequest(request, variant.url, page.consentCookieName, consent));
  // A page rendered from an older catalog than the key names (a new version failed to load) is not kept.
  const keep = storable(request.method, response) && (catalog === undefined || catalog === variant.catalog);
  if (!keep) {
    return withHeaders(response, (headers) => {
      headers.set("cache-status", cacheStatus("fwd=miss; detail=not-storable"));
      if (!headers.has("cache-control")) headers.set("cache-control", PAGE_CACHE_CONTROL);
    });
  }
  // The page is whole once rendered (entry.server.tsx waits for it), so it is read into one buffer that both the
  // answer and the stored copy are made from. A tee of the render's stream passed each of React's chunks of a
  // few KB through two streams, one of them drained into the cache.
  const body = await response.arrayBuffer();
  const copy = withHeaders(
    response,
    (headers) => headers.set("cache-control", `public, max-age=${STORED_MAX_AGE_SECONDS}`),
    body,
  );
  page.waitUntil(cache.put(key, copy));
  return withHeaders(response, (headers) => cacheHeaders(headers, "fwd=miss; stored"), body);
}
