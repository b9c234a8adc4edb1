import { defineConfig, devices } from "@playwright/test";

/** Debian's Chromium: Playwright's own browser builds cannot be downloaded here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// A port of its own, so the tests never talk to a site started with `npm start`.
const PORT = 8790;
export const BASE_URL = `http://127.0.0.1:${PORT}`;

const launchOptions = {
  executablePath: CHROMIUM_PATH,
  // Root in a container has no sandbox; the rest keeps Chromium from calling
  // home on a machine without general internet access.
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  reporter: [["list"], ["json", { outputFile: "reports/tests/e2e.json" }]],
  use: {
    baseURL: BASE_URL,
    locale: "de-DE",
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "mobile",
      use: { ...devices["Pixel 7"], launchOptions },
    },
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions },
    },
  ],
  // The built site in workerd, as `npm start` serves it, with its own local state.
  webServer: {
    // The seed content as the catalog first, then the site on top of it.
    command: `node tests/e2e/publish-catalog-fixture.ts && wrangler dev --port ${PORT} --ip 127.0.0.1 --persist-to .wrangler/e2e-state --log-level warn`,
    url: `${BASE_URL}/impressum`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    // No network lookups from wrangler: the cf object falls back to its
    // default and no usage metrics are sent.
    env: { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
  },
});
