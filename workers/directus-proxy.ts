import type { Context } from "hono";

/** Paths of Directus that the public site never serves: the Data Studio and its extensions. */
const BLOCKED = /^\/(?:admin|extensions)(?:\/|$)/;

/** Transformed images change only when an editor replaces the file: cache long, refresh in the background. */
const ASSET_CACHE = "public, max-age=86400, stale-while-revalidate=604800";

/**
 * Forwards /directus/* to Directus with the prefix stripped, so its API,
 * images and (later) sign-in share the site's origin. Bodies stream both
 * ways; the Data Studio stays closed; a Directus that cannot be reached
 * answers 502 with a German message.
 */
export async function proxyToDirectus(c: Context, directusUrl: string): Promise<Response> {
  const incoming = new URL(c.req.url);
  const path = incoming.pathname.slice("/directus".length) || "/";
  if (BLOCKED.test(path)) return c.text("Nicht gefunden.", 404);

  const target = new URL(path + incoming.search, directusUrl);
  const headers = new Headers(c.req.raw.headers);
  headers.delete("host");
  headers.set("x-forwarded-host", incoming.host);
  headers.set("x-forwarded-proto", incoming.protocol.replace(":", ""));

  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: c.req.method,
      headers,
      body: c.req.method === "GET" || c.req.method === "HEAD" ? undefined : c.req.raw.body,
      redirect: "manual",
    });
  } catch (error) {
    console.error(`directus-proxy: ${target.pathname} failed: ${error instanceof Error ? error.message : error}`);
    return c.text("Der Rezeptdienst ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.", 502);
  }

  const response = new Response(upstream.body, upstream);
  const isAsset = path.startsWith("/assets/") && upstream.ok && c.req.method === "GET";
  response.headers.set("cache-control", isAsset ? ASSET_CACHE : "private, no-store");
  return response;
}
