import type { Page } from "@playwright/test";

/** Waits until React has hydrated the page (root.tsx sets the marker), so typing reaches its handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.js === "ready");
}
