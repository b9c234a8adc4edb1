import { env, waitUntil } from "cloudflare:workers";
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { createRequestHandler, type RequestHandler, RouterContextProvider } from "react-router";
import { directusOrigin } from "../app/lib/directus/directus-origin.ts";
import { formTokenKey } from "../app/lib/request/csrf.server.ts";
import { isPersonal, requestVisitor } from "../app/lib/request/visitor.server.ts";
import { readConfig } from "../app/lib/site/config.server.ts";
import {
  catalogContext,
  type DraftPreviewRequest,
  nonceContext,
  previewContext,
  ratingLimitsContext,
  responseCookiesContext,
  siteConfigContext,
  visitorContext,
} from "../app/lib/site/site-context.server.ts";
import { SERVICE_WORKER_PATH } from "../app/offline/offline-caches.ts";
import type { CoordinatorStatus } from "../catalog/sync/coordinator.ts";
import { createCatalogCache } from "../catalog/view/catalog-cache.server.ts";
import { type CatalogView, emptyCatalogView } from "../catalog/view/catalog-view.ts";
import { logEvent } from "../logging/log.ts";
import { authRoutes } from "./auth-routes.ts";
import { contentSecurityPolicy } from "./content-security-policy.ts";
import { proxyToDirectus } from "./directus-proxy.ts";
import { draftPreview, PREVIEW_PREFIX, previewHeaders } from "./draft-preview.ts";
import { errorResponse } from "./error-page.ts";
import { startErrorTracking } from "./error-tracker.ts";
import { healthAccess, healthRefused, healthResponse } from "./health.ts";
import { originCheck } from "./origin-check.ts";
import { servePage } from "./page-cache.ts";
import { requestLimits } from "./request-limits.ts";
import { serviceWorkerResponse } from "./service-worker-script.ts";
import { catalogCoordinator } from "./sync/coordinator-client.ts";
import { syncEndpoint, throttledCaller } from "./sync-endpoint.ts";
import { workerVersion } from "./worker-version.ts";

// The catalog's one writer, a Durable Object; it must be exported by the Worker's main module.
export { CatalogCoordinator } from "./sync/catalog-coordinator.ts";

// Validated once per isolate, before the first request: a bad variable stops
// the Worker at start-up with a message naming it, instead of failing on a page.
const config = readConfig(env);
// Off without SENTRY_DSN; then nothing of the tracker is loaded (workers/error-tracker.ts).
startErrorTracking(config.sentryDsn, config.environment);
/** Where the Worker reaches Directus, and the Access service token it shows there. */
const directus = directusOrigin(config.directusUrl, config.directusAccessToken);
/** The key of the form tokens (csrf.server.ts), imported once per isolate. */
const formKey = formTokenKey(config.formTokenSecret);

// The parsed catalog lives as long as the isolate; see catalog-cache.server.ts.
const catalogCache = createCatalogCache();

/**
 * The coordinator's answer for /healthz, kept a few seconds per isolate
 * while the pointer this location reads stays the same: the endpoint is
 * public, and a flood of it must not queue up at the one Durable Object
 * that publishes. A failed answer is not kept.
 */
const HEALTH_KEPT_MS = 5_000;
let keptHealth: { at: number; version: string; answer: Promise<CoordinatorStatus> } | undefined;
function coordinatorHealth(env: Env, version: string): Promise<CoordinatorStatus> {
  const now = Date.now();
  if (!keptHealth || keptHealth.version !== version || now - keptHealth.at > HEALTH_KEPT_MS) {
    const answer = catalogCoordinator(env).status();
    keptHealth = { at: now, version, answer };
    answer.catch(() => {
      if (keptHealth?.answer === answer) keptHealth = undefined;
    });
  }
  return keptHealth.answer;
}

/** This isolate's view of the live catalog; an empty one while nothing is published. */
async function liveCatalog(env: Env) {
  return (await catalogCache.get(env.CATALOG)) ?? emptyCatalogView();
}

const loadBuild = () => import("virtual:react-router/server-build");
// Under the dev server the build is loaded anew on each request, so it can be
// swapped. A deployed build never changes: it is loaded once per isolate and
// handed to React Router itself, which then derives its route tables once
// instead of on every request (both showed in every request of the bench's
// profile, about 2 ms of CPU together).
let loadedBuild: ReturnType<typeof loadBuild> | undefined;
function serverBuild(): ReturnType<typeof loadBuild> {
  if (import.meta.env.DEV) return loadBuild();
  loadedBuild ??= loadBuild();
  return loadedBuild;
}
let builtHandler: Promise<RequestHandler> | undefined;
const handleRequest: RequestHandler = import.meta.env.DEV
  ? createRequestHandler(loadBuild, import.meta.env.MODE)
  : async (request, context) => {
      builtHandler ??= serverBuild().then((build) => createRequestHandler(build, import.meta.env.MODE));
      return (await builtHandler)(request, context);
    };

const app = new Hono<{ Bindings: Env; Variables: { nonce: string } }>();

// Which version answered, on every Worker response (errors and refusals
// too): the deploy pipeline's checks read it (workers/worker-version.ts).
app.use(workerVersion(env.CF_VERSION_METADATA));
// The editors' draft preview: never stored, never indexed, framable by the Data Studio alone. Outside the
// policy and security headers below, so it has the last word on framing (workers/draft-preview.ts).
app.use(`${PREVIEW_PREFIX}*`, previewHeaders(config.preview?.studioOrigin ?? null));

// What no handler caught: logged (and so reported) with the method and path only, answered with
// the German error page. React Router answers its own failures (app/entry.server.tsx).
app.onError((error, c) => {
  logEvent("error", "fetch.failed", { method: c.req.method, path: new URL(c.req.url).pathname }, { error });
  return errorResponse(c.req.raw, 500);
});

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

app.get("/healthz", async (c) => {
  // A monitor without a token is never throttled; a token shown here counts as a call of /sync does.
  if (c.req.header("authorization") !== undefined) {
    const throttled = await throttledCaller(c.req.raw, c.env);
    if (throttled) return throttled;
  }
  const access = await healthAccess(c.req.header("authorization"), config.syncToken);
  if (access === "refused") return healthRefused();
  return healthResponse(c.env.CATALOG, (version) => coordinatorHealth(c.env, version), access === "details");
});
app.all("/sync", syncEndpoint(config.syncToken));
// The service worker, with this build's version written in: each deploy's script differs, so browsers
// install it (workers/service-worker-script.ts, decision 0043).
app.all(SERVICE_WORKER_PATH, async (c) => {
  if (c.req.method !== "GET" && c.req.method !== "HEAD") return errorResponse(c.req.raw, 405, { allow: "GET, HEAD" });
  return serviceWorkerResponse(c.req.raw, (await serverBuild()).assets.version);
});
app.route("/", authRoutes(directus, formKey));
app.all("/directus/*", (c) =>
  proxyToDirectus(
    c,
    directus,
    () => caches.open("images"),
    async (fileId) => (await liveCatalog(c.env)).hasImage(fileId),
  ),
);
app.all("/directus", (c) => errorResponse(c.req.raw, 404));
// A draft as the sync would publish it, for editors with a token from Directus (decision 0051); never cached.
const previewDraft = draftPreview({
  preview: config.preview,
  directus,
  slugHolder: async (slug) => {
    const catalog = await liveCatalog(env);
    const position = await catalog.positionOfSlug(slug);
    return position === undefined ? undefined : (await catalog.cardsAt([position]))[0]?.id;
  },
  render: async (request, nonce, preview) => (await renderPage(request, env, nonce, preview)).response,
});
app.all(`${PREVIEW_PREFIX}*`, (c) => previewDraft(c.req.raw, c.get("nonce")));

/** Renders one request with React Router; `catalog` is the catalog version the page read, if any. */
async function renderPage(
  request: Request,
  env: Env,
  nonce: string,
  preview: DraftPreviewRequest | null = null,
): Promise<{ response: Response; catalog: string | undefined }> {
  const responseCookies: string[] = [];
  const visitor = requestVisitor(request, directus, formKey, responseCookies);
  let read: CatalogView | undefined;
  const readCatalog = async () => {
    read = await liveCatalog(env);
    return read;
  };
  const context = new RouterContextProvider(
    new Map<Parameters<RouterContextProvider["get"]>[0], unknown>([
      [siteConfigContext, config],
      [catalogContext, readCatalog],
      [visitorContext, visitor],
      [responseCookiesContext, responseCookies],
      [nonceContext, nonce],
      [previewContext, preview],
      [ratingLimitsContext, { account: env.RATING_ACCOUNT_LIMITER, address: env.RATING_ADDRESS_LIMITER }],
    ]),
  );
  const rendered = await handleRequest(request, context);
  const response = new Response(rendered.body, rendered);
  for (const cookie of responseCookies) response.headers.append("set-cookie", cookie);
  if (read) waitUntil(workAfterAnswer(read));
  return { response, catalog: read?.version };
}

/**
 * The view's work no answer waits for (`CatalogView.afterAnswer`: the name
 * signatures' next slice), once this answer has been handed back: behind a
 * timer, so it runs after the runtime has the response. A fault is logged,
 * never the visitor's.
 */
async function workAfterAnswer(view: CatalogView): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  try {
    view.afterAnswer();
  } catch (error) {
    logEvent("error", "catalog.after-answer-failed", { catalog: view.version }, { error });
  }
}

// Everything else, GET and POST alike, belongs to React Router: route actions
// receive form posts through this one handler. Anonymous pages go through the
// edge cache (page-cache.ts).
app.all("*", async (c) => {
  const nonce = c.get("nonce");
  return servePage({
    request: c.req.raw,
    nonce,
    consentCookieName: config.consentCookieName,
    personal: isPersonal(c.req.raw),
    // The client build's version alone would keep a page a deploy of only the Worker's code changed: the
    // Worker version's id (a new one with each upload) is part of the key too.
    build: `${(await serverBuild()).assets.version}.${env.CF_VERSION_METADATA.id}`,
    liveCatalog: () => catalogCache.liveVersion(c.env.CATALOG),
    render: (request) => renderPage(request, c.env, nonce),
    waitUntil: (promise) => c.executionCtx.waitUntil(promise),
    cache: () => caches.open("pages"),
  });
});

export default {
  fetch: app.fetch,
  // The cron only asks for a sync; the coordinator runs it in its own steps and logs how it went.
  async scheduled(controller, env) {
    const answer = await catalogCoordinator(env)
      .request("publish", false, "cron")
      .catch((error: unknown) => {
        logEvent("error", "scheduled.failed", { cron: controller.cron }, { error });
        // Thrown on, so the runtime marks the cron run failed too.
        throw error;
      });
    if (!answer.ok) logEvent("warn", "sync.busy", { trigger: "cron" }, { error: answer.busy });
  },
} satisfies ExportedHandler<Env>;
