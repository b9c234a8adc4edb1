/** Debian's Chromium, for the browser tests and Lighthouse: Playwright's own browser builds cannot be downloaded here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Root in a container has no sandbox; the rest keeps Chromium from calling
 * home: on a machine without general internet access its background
 * requests only pile up failing connections.
 */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
