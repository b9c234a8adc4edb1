import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { createCatalogCache } from "../app/lib/catalog/catalog-cache.server.ts";
import { readConfig } from "../app/lib/config.server.ts";
import {
  catalogContext,
  nonceContext,
  responseCookiesContext,
  siteConfigContext,
  visitorContext,
} from "../app/lib/site-context.server.ts";
import { requestVisitor } from "../app/lib/visitor.server.ts";
import { authRoutes } from "./auth-routes.ts";
import { contentSecurityPolicy } from "./content-security-policy.ts";
import { proxyToDirectus } from "./directus-proxy.ts";
import { errorResponse } from "./error-page.ts";
import { originCheck } from "./origin-check.ts";
import { applyPageCaching } from "./page-cache.ts";
import { requestLimits } from "./request-limits.ts";
import { scheduledSync } from "./sync/scheduled-sync.ts";

// Validated once per isolate, before the first request: a bad variable stops
// the Worker at start-up with a message naming it, instead of failing on a page.
const config = readConfig(env);

// The parsed catalog lives as long as the isolate; see catalog-cache.server.ts.
const catalogCache = createCatalogCache();

const loadBuild = () => import("virtual:react-router/server-build");
const handleRequest = createRequestHandler(loadBuild, import.meta.env.MODE);

const app = new Hono<{ Bindings: Env; Variables: { nonce: string } }>();

// Headers on every Worker response: the consent-aware Content Security
// Policy with this response's nonce, and the fixed ones.
app.use(contentSecurityPolicy(config.consentCookieName));
app.use(
  secureHeaders({
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [], usb: [] },
  }),
);

// Nothing that changes state is accepted from another site's page; what
// remains may be a GET, a HEAD or a small form post.
app.use(originCheck);
app.use(requestLimits);

app.route("/", authRoutes(config.directusUrl));
app.all("/directus/*", (c) => proxyToDirectus(c, config.directusUrl));
app.all("/directus", (c) => errorResponse(c.req.raw, 404));

// Everything else, GET and POST alike, belongs to React Router: route actions
// receive form posts through this one handler.
app.all("*", async (c) => {
  const responseCookies: string[] = [];
  const visitor = requestVisitor(c.req.raw, config.directusUrl, responseCookies);
  const context = new RouterContextProvider(
    new Map<Parameters<RouterContextProvider["get"]>[0], unknown>([
      [siteConfigContext, config],
      [catalogContext, () => catalogCache.get(c.env.CATALOG)],
      [visitorContext, visitor],
      [responseCookiesContext, responseCookies],
      [nonceContext, c.get("nonce")],
    ]),
  );
  const rendered = await handleRequest(c.req.raw, context);
  const response = new Response(rendered.body, rendered);
  for (const cookie of responseCookies) response.headers.append("set-cookie", cookie);
  const build = await loadBuild();
  return applyPageCaching(c.req.raw, response, {
    catalog: catalogCache.currentVersion() ?? "none",
    build: build.assets.version,
    personal: visitor.personal,
  });
});

export default {
  fetch: app.fetch,
  // Awaited, not handed to waitUntil: a failed sync fails the cron run, so it shows as failed.
  async scheduled(_controller, env) {
    await scheduledSync(env.CATALOG, config.directusUrl);
  },
} satisfies ExportedHandler<Env>;
