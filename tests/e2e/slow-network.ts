import type { Page } from "@playwright/test";

/** Delays every request of the page by `latencyMs`, as on a slow mobile network (Chromium's own throttling). */
export async function slowNetwork(page: Page, latencyMs: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: latencyMs,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}
