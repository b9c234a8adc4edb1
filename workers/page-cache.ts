/**
 * Cache headers for pages and their client-side data (`.data`) requests.
 *
 * A page that says nothing about caching depends only on its URL, the
 * catalog version, the build and the visitor's cookies (consent, session):
 * it is marked cacheable, with an ETag made of exactly those, so a browser
 * revalidates cheaply and a shared cache keeps one copy per cookie set.
 * Pages that must not be shared (the random pick, anything personal) set
 * their own Cache-Control and are left alone.
 */

/** Browsers revalidate every time (cheap with the ETag); shared caches keep a page 5 minutes and may serve it stale while refreshing. */
export const PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=86400";

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

  const etag = await pageEtag({
    url: request.url,
    catalog: version.catalog,
    build: version.build,
    cookies: request.headers.get("cookie") ?? "",
  });
  const headers = new Headers(response.headers);
  headers.set("cache-control", PAGE_CACHE_CONTROL);
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
