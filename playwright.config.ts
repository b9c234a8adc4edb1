import { defineConfig, devices } from "@playwright/test";
import { BASE_URL } from "./tests/e2e/stack.ts";

/** Debian's Chromium: Playwright's own browser builds cannot be downloaded here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

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
  // Two cores run Directus, two workerd servers and two browsers at once: give assertions room.
  expect: { timeout: 10_000 },
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
  // The built site in workerd with a real Directus behind it, on ports of its
  // own so the tests never talk to a site started with `npm start`.
  webServer: {
    command: "node tests/e2e/site-under-test.ts",
    url: `${BASE_URL}/impressum`,
    reuseExistingServer: false,
    // A cold Directus: bootstrap, schema, seed with 89 images, then the sync.
    timeout: 240_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    stdout: "pipe",
    stderr: "pipe",
  },
});
