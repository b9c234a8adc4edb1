import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/test/chromium.ts";
import { BASE_URL } from "./tests/e2e/stack.ts";

const launchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  // Two cores run Directus, two workerd servers and two browsers at once: give assertions room.
  expect: { timeout: 10_000 },
  // A test's bound, twice Playwright's default: on a host at half the reference speed (2026-12-02, beside the
  // SQLite CMS stage) the offline spec's first test took 30.7 and 31.6 s and failed at 30, and a dozen more took
  // 25–30 s. A bound with room, not a wait; `test.slow()` triples it for the heaviest.
  timeout: 60_000,
  reporter: [["list"], ["json", { outputFile: "reports/tests/e2e.json" }]],
  use: {
    baseURL: BASE_URL,
    locale: "de-DE",
    // Recording a trace costs every action of every test some CPU on two cores, and writing one is a known cause
    // of a context's teardown running past the test's timeout: it is recorded on the retry `npm test` gives a
    // failed test (decision 0073). Debugging a spec by hand: `--trace=retain-on-failure`.
    trace: "on-first-retry",
    // page.route() cannot see what a service worker answers, and tests stub scripts and data that way; the
    // offline spec turns the site's service worker on (decision 0043).
    serviceWorkers: "block",
  },
  // Mobile first: the phone runs every test but the desktop's own (`@desktop`). The desktop runs those and
  // the tests whose subject depends on the screen (`@viewport`: layout, layout shift, keyboard and focus,
  // accessibility, print); a test of what the site does, not how it looks, ran the same twice (decision 0075).
  projects: [
    {
      name: "mobile",
      grepInvert: /@desktop/,
      use: { ...devices["Pixel 7"], launchOptions },
    },
    {
      name: "desktop",
      grep: /@desktop|@viewport/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions },
    },
  ],
  // The built site in workerd with a real Directus behind it, on ports of its
  // own so the tests never talk to a site started with `npm start`. `npm test`
  // starts it before the CMS stages and says so (E2E_SITE_STARTED), so that
  // its start overlaps them (scripts/test/run-tests.ts).
  webServer:
    process.env.E2E_SITE_STARTED === "1"
      ? undefined
      : {
          command: "node tests/e2e/site-under-test.ts",
          url: `${BASE_URL}/impressum`,
          reuseExistingServer: false,
          // A cold Directus: bootstrap, schema, seed with 89 images, the sync, then
          // one AVIF transform per image (about 100 s on two cores).
          timeout: 480_000,
          gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
          stdout: "pipe",
          stderr: "pipe",
        },
});
