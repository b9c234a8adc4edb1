/**
 * The site's /directus path: an allow-list, not a window onto Directus.
 *
 * Browsers need Directus for two things only, and get nothing else:
 *
 * - recipe images, `GET /directus/assets/<uuid>` with exactly one of the
 *   transforms the pages use (app/lib/recipes/recipe-images.ts), fetched without any
 *   cookie, so the answer is the same for everyone and may be cached by all,
 *   the edge first (image-cache.ts). Directus is asked only for a file that
 *   a recipe of the published catalog shows: any other id is a 404 from the
 *   Worker, so random ids cost Directus nothing;
 * - Google sign-in, `GET /directus/auth/login/google` (the way there) and
 *   `…/google/callback` (the way back), with the few parameters that flow
 *   uses and only the cookies Directus set for it.
 *
 * Refreshing the session, reading the visitor and their saved recipes, and
 * signing out are done by the Worker itself (app/lib/directus/user-api.server.ts),
 * never by the browser. Everything else answers 404 here, without a request
 * to Directus.
 *
 * The request is parsed first and the upstream request is built only from
 * the parsed, checked parts: the path to Directus is one of our constants
 * (plus a UUID), the query is rebuilt from known parameters, and the target
 * origin is proven to be DIRECTUS_URL's.
 */
import type { Context } from "hono";
import type { DirectusOrigin } from "../app/lib/directus/directus-origin.ts";
import { imageTransformQuery, knownImageTransform } from "../app/lib/recipes/recipe-images.ts";
import { readCookie } from "../app/lib/request/cookies.ts";
import { visitorAddress } from "../app/lib/request/visitor-address.ts";
import { logEvent } from "../logging/log.ts";
import { errorResponse } from "./error-page.ts";
import { serveImage } from "./image-cache.ts";

/** Directus' SSO provider for Google (AUTH_PROVIDERS). */
export const SSO_PROVIDER = "google";
/** Where Directus sends the visitor after signing in (the Worker's route in auth-routes.ts). */
export const SIGN_IN_LANDING = "/login/zurueck";
/** The cookie in which Directus' OpenID driver keeps the login's verifier between the two steps. */
const SSO_STATE_COOKIE = `openid.${SSO_PROVIDER}`;

/** Transformed images change only when an editor replaces the file: cache long, refresh in the background. */
const ASSET_CACHE = "public, max-age=86400, stale-while-revalidate=604800";
/** What an image answer may be: raster formats only, never markup or script. */
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"]);
/** Directus answers slowly or not at all: a visitor waits no longer than this. */
const TIMEOUT_MS = 10_000;

// Matched on the parsed, dot-segment-free path, ignoring case as Directus' router does.
const ASSET_PATH = /^\/directus\/assets\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const SSO_LOGIN_PATH = new RegExp(`^/directus/auth/login/${SSO_PROVIDER}/?$`, "i");
const SSO_CALLBACK_PATH = new RegExp(`^/directus/auth/login/${SSO_PROVIDER}/callback/?$`, "i");

/** What Google (or the OpenID provider standing in for it) adds to the callback; anything else is dropped. */
const CALLBACK_PARAMS = [
  "code",
  "state",
  "iss",
  "scope",
  "authuser",
  "hd",
  "prompt",
  "session_state",
  "error",
  "error_description",
];
const MAX_PARAM_LENGTH = 2_048;

/** A request the proxy forwards: the upstream path and query, and the cookies it may carry. */
interface DirectusRequest {
  kind: "asset" | "sso-login" | "sso-callback";
  /** The image's file id, lower case (assets only). */
  fileId: string;
  /** Path and query at Directus, made from constants and checked values only. */
  upstreamPath: string;
  /** The visitor's cookies that go along (name → value). */
  cookies: Record<string, string>;
}

/** The query `params` with only `allowed` keys, each once and of sane length; undefined if one repeats. */
function pickParams(params: URLSearchParams, allowed: string[]): URLSearchParams | undefined {
  const picked = new URLSearchParams();
  for (const key of allowed) {
    const values = params.getAll(key);
    if (values.length > 1) return undefined;
    const [value] = values;
    if (value === undefined) continue;
    if (value.length > MAX_PARAM_LENGTH) return undefined;
    picked.set(key, value);
  }
  return picked;
}

/** Whether `redirect` is this site's sign-in landing page (what /login sends to Directus). */
function isSignInLanding(redirect: string | null, siteOrigin: string): boolean {
  if (!redirect || redirect.length > MAX_PARAM_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(redirect);
  } catch {
    return false;
  }
  return url.origin === siteOrigin && url.pathname === SIGN_IN_LANDING && url.username === "" && url.password === "";
}

/**
 * The upstream request for a browser's request to /directus/*, or undefined
 * when the site does not serve it. `url` is the parsed request URL.
 */
function allowedDirectusRequest(method: string, url: URL, cookieHeader: string | null): DirectusRequest | undefined {
  if (method !== "GET" && method !== "HEAD") return undefined;
  const path = url.pathname;

  const asset = ASSET_PATH.exec(path);
  if (asset?.[1]) {
    const transform = knownImageTransform(url.searchParams);
    if (!transform) return undefined;
    const fileId = asset[1].toLowerCase();
    return {
      kind: "asset",
      fileId,
      upstreamPath: `/assets/${fileId}?${imageTransformQuery(transform)}`,
      cookies: {},
    };
  }

  if (method !== "GET") return undefined;

  if (SSO_LOGIN_PATH.test(path)) {
    const redirect = url.searchParams.get("redirect");
    if (url.searchParams.getAll("redirect").length !== 1 || !isSignInLanding(redirect, url.origin)) return undefined;
    const query = new URLSearchParams({ redirect: redirect as string });
    // Directus comes back here with prompt=true when Google asks the visitor to choose an account again.
    if (url.searchParams.get("prompt") === "true") query.set("prompt", "true");
    return { kind: "sso-login", fileId: "", upstreamPath: `/auth/login/${SSO_PROVIDER}?${query}`, cookies: {} };
  }

  if (SSO_CALLBACK_PATH.test(path)) {
    const query = pickParams(url.searchParams, CALLBACK_PARAMS);
    if (!query) return undefined;
    const state = readCookie(cookieHeader, SSO_STATE_COOKIE);
    return {
      kind: "sso-callback",
      fileId: "",
      upstreamPath: `/auth/login/${SSO_PROVIDER}/callback?${query}`,
      cookies: state ? { [SSO_STATE_COOKIE]: state } : {},
    };
  }
  return undefined;
}

/** The request to Directus: only the headers it needs, never the client's X-Forwarded-*, X-Real-IP or other cookies. */
function upstreamHeaders(request: Request, allowed: DirectusRequest, directus: DirectusOrigin): Headers {
  // The Access service token first: nothing below is a header the browser could use to replace it.
  const headers = new Headers(directus.headers);
  headers.set("accept", allowed.kind === "asset" ? "image/*" : "text/html");
  const userAgent = request.headers.get("user-agent");
  if (userAgent) headers.set("user-agent", userAgent.slice(0, 512));
  // The one address Directus' rate limiter and activity log should see: Cloudflare turns X-Real-IP into the
  // CF-Connecting-IP Directus reads (cms/.env.production.example, IP_CUSTOM_HEADER).
  const visitor = visitorAddress(request);
  if (visitor) headers.set("x-real-ip", visitor);
  const cookies = Object.entries(allowed.cookies).map(([name, value]) => `${name}=${value}`);
  if (cookies.length > 0) headers.set("cookie", cookies.join("; "));
  // No If-None-Match for an image: the whole image is wanted for the edge cache, which answers the browser's 304 itself.
  return headers;
}

/** The answer's headers that may reach the browser; Set-Cookie only from the sign-in steps. */
function responseHeaders(
  upstream: Response,
  allowed: DirectusRequest,
  siteOrigin: string,
  directusUrl: string,
): Headers {
  const headers = new Headers();
  for (const name of ["content-type", "content-length", "etag", "last-modified"]) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (allowed.kind === "asset") {
    headers.set("cache-control", ASSET_CACHE);
    headers.set("cross-origin-resource-policy", "same-origin");
    return headers;
  }
  headers.set("cache-control", "private, no-store");
  for (const cookie of upstream.headers.getSetCookie()) headers.append("set-cookie", cookie);
  const location = upstream.headers.get("location");
  if (location) headers.set("location", signInLocation(location, siteOrigin, directusUrl));
  return headers;
}

/**
 * Where the browser goes next during sign-in. Directus sends a failed login
 * to its Data Studio's login page, which the public site does not serve: the
 * visitor goes to our landing page instead, which shows a German notice.
 */
function signInLocation(location: string, siteOrigin: string, directusUrl: string): string {
  let url: URL;
  try {
    url = new URL(location, `${siteOrigin}/directus/auth/login/${SSO_PROVIDER}/callback`);
  } catch {
    return `${SIGN_IN_LANDING}?reason=UNKNOWN`;
  }
  const studio = url.pathname.toLowerCase().startsWith("/directus/admin") || url.origin === new URL(directusUrl).origin;
  if (studio) return `${SIGN_IN_LANDING}?reason=${encodeURIComponent(url.searchParams.get("reason") ?? "UNKNOWN")}`;
  return location;
}

/** Sends the allowed request to `target` (at Directus) and checks the answer as its kind needs. */
async function forward(
  request: Request,
  allowed: DirectusRequest,
  target: URL,
  siteOrigin: string,
  directus: DirectusOrigin,
): Promise<Response> {
  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: request.method,
      headers: upstreamHeaders(request, allowed, directus),
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    logEvent("error", "directus-proxy.failed", { path: target.pathname }, { error });
    return errorResponse(request, 502);
  }

  if (allowed.kind === "asset") {
    const type = (upstream.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    if (upstream.status !== 200 || !IMAGE_TYPES.has(type)) {
      await upstream.body?.cancel();
      if (upstream.status >= 500) {
        logEvent("error", "directus-proxy.upstream-failed", { path: target.pathname, status: upstream.status });
        return errorResponse(request, 502);
      }
      return errorResponse(request, 404);
    }
  }
  const redirected = upstream.status >= 300 && upstream.status < 400 && upstream.headers.has("location");
  if (allowed.kind !== "asset" && !redirected) {
    // Sign-in always moves on with a redirect; anything else is a failure the visitor should read about in German.
    await upstream.body?.cancel();
    logEvent("error", "directus-proxy.no-redirect", { path: target.pathname, status: upstream.status });
    return new Response(null, {
      status: 303,
      headers: { location: `${SIGN_IN_LANDING}?reason=UNKNOWN`, "cache-control": "private, no-store" },
    });
  }
  return new Response(upstream.body, {
    status: upstream.status,
    headers: responseHeaders(upstream, allowed, siteOrigin, directus.url),
  });
}

/**
 * Answers a browser's request to /directus/*: forwards what the allow-list
 * admits to exactly `directus`' origin, 404 for everything else, 502 in German
 * when Directus cannot be reached. Images go through the edge cache
 * (image-cache.ts), kept in `imageCache`.
 */
export async function proxyToDirectus(
  c: Context,
  directus: DirectusOrigin,
  imageCache: () => Promise<Cache>,
  isCatalogImage: (fileId: string) => Promise<boolean>,
): Promise<Response> {
  const request = c.req.raw;
  const url = new URL(request.url);
  const allowed = allowedDirectusRequest(request.method, url, request.headers.get("cookie"));
  if (!allowed) return errorResponse(request, 404);

  const origin = new URL(directus.url).origin;
  const target = new URL(allowed.upstreamPath, origin);
  // Proof, not hope: whatever the input was, the request goes to Directus and nowhere else.
  if (target.origin !== origin) return errorResponse(request, 404);

  const send = () => forward(request, allowed, target, url.origin, directus);
  if (allowed.kind !== "asset") return send();
  return serveImage({
    request,
    // The checked upstream path is the canonical address: one entry per image and transform, however it was asked for.
    key: `${url.origin}/__bilder-cache${allowed.upstreamPath}`,
    fetchImage: async () => {
      // After the edge cache: an image cached before its recipe changed is still served until it expires.
      if (!(await isCatalogImage(allowed.fileId))) return { response: errorResponse(request, 404), storable: false };
      const response = await send();
      return { response, storable: response.status === 200 };
    },
    cache: imageCache,
    waitUntil: (promise) => c.executionCtx.waitUntil(promise),
  });
}
