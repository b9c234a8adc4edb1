/**
 * Cache headers for pages and their client-side data (`.data`) requests.
 *
 * A page that says nothing about caching depends only on its URL, the
 * catalog version, the build and the visitor's cookies (consent, session):
 * it is marked cacheable, with an ETag made of exactly those, so a browser
 * revalidates cheaply and a shared cache keeps one copy per cookie set.
 * Pages that must not be shared (the random pick, anything personal) set
 * their own Cache-Control and are left alone.
 *
 * Shared caches keep one copy per address, so only canonical addresses are
 * offered to them: a page whose query holds a parameter it does not read
 * (`/impressum?x=1`, `?x=2`, …) is rendered as usual but marked private,
 * and cannot fill a cache with copies. Known parameters may come in any
 * order (the site's own forms without JavaScript send them in page order);
 * the canonical URL puts them in one fixed order.
 */
import { PAGE_PARAM } from "../app/lib/pagination.ts";

/** Browsers revalidate every time (cheap with the ETag); shared caches keep a page 5 minutes and may serve it stale while refreshing. */
export const PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=86400";
/** A page under a non-canonical address: the visitor's browser may keep it, nobody else. */
export const PRIVATE_PAGE_CACHE_CONTROL = "private, max-age=0";

/** The query parameters each page reads, in their canonical order; every other page reads none. */
const PAGE_PARAMS: [RegExp, string[]][] = [
  [/^\/(?:zufallsgenerator)?$/, ["typ", "zuletzt"]],
  [/^\/suche$/, ["q", PAGE_PARAM]],
  [/^\/zutatensuche$/, ["zutat", "z", "ohne", PAGE_PARAM]],
  [/^\/kategorie\/[^/]+$/, [PAGE_PARAM]],
];
/** React Router's data requests (`/suche.data`, `/_.data` for the home page) name the routes to load. */
const DATA_SUFFIX = /(?:\/_)?\.data$/;
const DATA_PARAMS = ["_routes"];

/**
 * The canonical form of a page address: its known parameters in their fixed
 * order (values of a repeated parameter keep theirs), or undefined when the
 * query holds a parameter the page does not read.
 */
export function canonicalPageUrl(url: URL): string | undefined {
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

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The ETag of a page: weak, since the markup is equivalent rather than
 * byte-identical across renders.
 */
export async function pageEtag(parts: {
  url: string;
  catalog: string;
  build: string;
  cookies: string;
}): Promise<string> {
  const hash = await sha256Hex(`${parts.url}\n${parts.catalog}\n${parts.build}\n${parts.cookies}`);
  return `W/"${hash.slice(0, 32)}"`;
}

function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || weak(tag) === weak(etag));
}

/**
 * Adds Cache-Control, Vary and ETag to a cacheable page response, and turns
 * it into a 304 when the browser already holds this version.
 */
export async function applyPageCaching(
  request: Request,
  response: Response,
  version: { catalog: string; build: string; personal: boolean },
): Promise<Response> {
  // A signed-in visitor's page (their e-mail, their saved recipes) is never stored by anyone but their browser's memory.
  if (version.personal) {
    const headers = new Headers(response.headers);
    headers.set("cache-control", "private, no-store");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  const cacheable =
    (request.method === "GET" || request.method === "HEAD") &&
    response.status === 200 &&
    !response.headers.has("cache-control") &&
    !response.headers.has("set-cookie");
  if (!cacheable) return response;

  const canonical = canonicalPageUrl(new URL(request.url));
  const etag = await pageEtag({
    url: canonical ?? request.url,
    catalog: version.catalog,
    build: version.build,
    cookies: request.headers.get("cookie") ?? "",
  });
  const headers = new Headers(response.headers);
  headers.set("cache-control", canonical ? PAGE_CACHE_CONTROL : PRIVATE_PAGE_CACHE_CONTROL);
  headers.append("vary", "Cookie");
  headers.set("etag", etag);
  if (etagMatches(request.headers.get("if-none-match"), etag)) {
    await response.body?.cancel();
    headers.delete("content-type");
    headers.delete("content-length");
    return new Response(null, { status: 304, headers });
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
