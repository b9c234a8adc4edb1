import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { createDirectusContentStandIn } from "./tests/stand-ins/directus-content-stand-in.ts";
import { createDirectusDraftStandIn, STAND_IN_PREVIEW_TOKEN } from "./tests/stand-ins/directus-draft-stand-in.ts";
import { createDirectusStandIn } from "./tests/stand-ins/directus-stand-in.ts";
import { STAND_IN_ACCESS_TOKEN, STAND_IN_DIRECTUS_URL } from "./tests/stand-ins/directus-stand-in-contract.ts";
import { createSentryIngestStandIn, STAND_IN_SENTRY_DSN } from "./tests/stand-ins/sentry-ingest-stand-in.ts";
import { TEST_FORM_TOKEN_SECRET } from "./tests/worker/form-token-contract.ts";
import { TEST_PREVIEW_SECRET, TEST_STUDIO_ORIGIN } from "./tests/worker/preview/preview-contract.ts";

// The built Worker (run `npm run build` first) inside workerd, with the same
// wrangler.json that `wrangler dev` and a deploy use, so the tests exercise
// exactly what ships.
const wrangler = { configPath: "./build/server/wrangler.json" };
const directus = createDirectusStandIn();
const content = createDirectusContentStandIn();
const drafts = createDirectusDraftStandIn();
const EDGE_TESTS = ["tests/worker/edge/**/*.test.ts"];
const SYNC_TESTS = ["tests/worker/sync/**/*.test.ts"];
const ERROR_TESTS = ["tests/worker/errors/**/*.test.ts"];
const PREVIEW_TESTS = ["tests/worker/preview/**/*.test.ts"];
/** Every project's first module: each log line the Worker writes must be JSON with an event. */
const setupFiles = ["tests/worker/log-lines.ts"];
/**
 * Every project's bound on a test and a hook. A project does not inherit the root's, so each names it. The
 * attack properties send a few hundred requests each (about 1 s alone), and each publish waits out the
 * coordinator's settling second; beside the CMS stages on two cores, a property of the "worker" project took
 * 6.3 s of vitest's default 5 (2026-12-02, a host at half the reference speed). A bound with room, not a wait:
 * a test past it still fails, and its requests still in flight then reach the stand-ins' logs of the next.
 */
const bounds = { testTimeout: 60_000, hookTimeout: 60_000 };
/** The bearer token POST /sync requires in these tests (a Worker secret in production). */
const SYNC_TOKEN = "test-sync-token-0123456789abcdef0123456789";
/** The Access service token the stand-ins ask for, as Cloudflare Access in front of Directus does in production. */
const ACCESS_TOKEN = {
  DIRECTUS_ACCESS_CLIENT_ID: STAND_IN_ACCESS_TOKEN.clientId,
  DIRECTUS_ACCESS_CLIENT_SECRET: STAND_IN_ACCESS_TOKEN.clientSecret,
};

/**
 * The error-tracking projects' Worker: a content stand-in of its own for the coordinator's syncs,
 * and a stand-in for Sentry's ingest, each reached by its host; `dsn` set or not.
 */
function errorTrackingProject(name: string, include: string, dsn: string | undefined) {
  const content = createDirectusContentStandIn();
  const sentry = createSentryIngestStandIn();
  return {
    plugins: [
      cloudflareTest({
        wrangler,
        miniflare: {
          bindings: {
            DIRECTUS_URL: STAND_IN_DIRECTUS_URL,
            SYNC_TOKEN,
            ...ACCESS_TOKEN,
            ...(dsn === undefined ? {} : { SENTRY_DSN: dsn }),
          },
          outboundService: (request: Parameters<typeof sentry.handle>[0]) =>
            sentry.handles(request) ? sentry.handle(request) : content.handle(request),
          serviceBindings: { CONTENT: content.control, SENTRY_LOG: sentry.log },
        },
      }),
    ],
    test: { name, include: [include], ...bounds, setupFiles },
  };
}

export default defineConfig({
  test: {
    projects: [
      {
        // Nothing listens on port 9: the tests see a Directus that cannot be
        // reached, whatever runs on this machine.
        // A tag manager container is configured, as in production.
        plugins: [
          cloudflareTest({
            wrangler,
            miniflare: {
              bindings: {
                DIRECTUS_URL: "http://127.0.0.1:9",
                GTM_ID: "GTM-TEST123",
                FORM_TOKEN_SECRET: TEST_FORM_TOKEN_SECRET,
              },
            },
          }),
        ],
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
          exclude: [
            "tests/worker/bad-config.test.ts",
            "tests/worker/production-config.test.ts",
            ...EDGE_TESTS,
            ...SYNC_TESTS,
            ...ERROR_TESTS,
            ...PREVIEW_TESTS,
          ],
          ...bounds,
          setupFiles,
        },
      },
      {
        // The public edge under attack: every outbound request of the Worker
        // goes to a Directus stand-in that records what reached it.
        plugins: [
          cloudflareTest({
            wrangler,
            miniflare: {
              bindings: {
                DIRECTUS_URL: STAND_IN_DIRECTUS_URL,
                GTM_ID: "GTM-TEST123",
                SYNC_TOKEN,
                FORM_TOKEN_SECRET: TEST_FORM_TOKEN_SECRET,
                ...ACCESS_TOKEN,
              },
              outboundService: directus.handle,
              serviceBindings: { UPSTREAM_LOG: directus.log },
            },
          }),
        ],
        test: { name: "worker-edge", include: EDGE_TESTS, ...bounds, setupFiles },
      },
      {
        // The sync inside the Worker (/sync, the catalog coordinator as a
        // Durable Object, the cron, /healthz) against a Directus stand-in
        // whose content the tests choose.
        plugins: [
          cloudflareTest({
            wrangler,
            miniflare: {
              bindings: { DIRECTUS_URL: STAND_IN_DIRECTUS_URL, SYNC_TOKEN, ...ACCESS_TOKEN },
              outboundService: content.handle,
              serviceBindings: { CONTENT: content.control },
            },
          }),
        ],
        test: { name: "worker-sync", include: SYNC_TESTS, ...bounds, setupFiles },
      },
      {
        // The editors' draft preview (decision 0051) against a Directus stand-in that reads drafts only
        // for the preview user's token and records every request.
        plugins: [
          cloudflareTest({
            wrangler,
            miniflare: {
              bindings: {
                DIRECTUS_URL: STAND_IN_DIRECTUS_URL,
                FORM_TOKEN_SECRET: TEST_FORM_TOKEN_SECRET,
                PREVIEW_SECRET: TEST_PREVIEW_SECRET,
                DIRECTUS_PREVIEW_TOKEN: STAND_IN_PREVIEW_TOKEN,
                STUDIO_ORIGIN: TEST_STUDIO_ORIGIN,
                ...ACCESS_TOKEN,
              },
              outboundService: drafts.handle,
              serviceBindings: { DRAFTS: drafts.control },
            },
          }),
        ],
        test: { name: "worker-preview", include: PREVIEW_TESTS, ...bounds, setupFiles },
      },
      // Error tracking on: SENTRY_DSN names the stand-in for Sentry's ingest, which records every envelope.
      errorTrackingProject("worker-errors", "tests/worker/errors/error-tracker.test.ts", STAND_IN_SENTRY_DSN),
      // The same failures without SENTRY_DSN: nothing may reach the stand-in.
      errorTrackingProject("worker-errors-off", "tests/worker/errors/error-tracker-off.test.ts", undefined),
      {
        // The built Worker's modules as files, read in Node: what an isolate loads when it starts.
        test: { name: "worker-build", include: ["tests/build/**/*.test.ts"], environment: "node", ...bounds },
      },
      {
        // The same Worker with broken variables: it must refuse to start.
        plugins: [
          cloudflareTest({
            wrangler,
            miniflare: {
              bindings: { PRODUCT_NAME: "", APP_STORE_URL: "http://store.example.org/app", CONSENT_COOKIE_NAME: "" },
            },
          }),
        ],
        test: { name: "worker-bad-config", include: ["tests/worker/bad-config.test.ts"], ...bounds, setupFiles },
      },
      {
        // The same Worker told it is in production, with the development
        // addresses and example data: it must refuse to start.
        plugins: [cloudflareTest({ wrangler, miniflare: { bindings: { ENVIRONMENT: "production" } } })],
        test: {
          name: "worker-production-config",
          include: ["tests/worker/production-config.test.ts"],
          ...bounds,
          setupFiles,
        },
      },
    ],
  },
});
