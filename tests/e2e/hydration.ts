import type { Page } from "@playwright/test";

/** Waits until React has hydrated the page (root.tsx sets the marker), so typing reaches its handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.js === "ready");
}

/**
 * Holds back every build script of the page until the returned function is called: until then the page is the
 * server's HTML alone, as a visitor sees it on a slow phone between the first paint and hydration
 * (the scripts start only after `load`, decision 0045).
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Slows the page's main thread `rate` times (Chromium's own CPU throttling), as on a slow phone. */
export async function throttleCpu(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
}
