import { expect, test } from "./fixtures.ts";
import { waitForHydration } from "./hydration.ts";
import { slowNetwork } from "./slow-network.ts";

/** What the browser's own timings say about a loaded page's scripts and its load event. */
interface ScriptTimings {
  loadEventStart: number;
  scripts: { name: string; startTime: number }[];
}

function scriptTimings(): ScriptTimings {
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
  return {
    loadEventStart: navigation.loadEventStart,
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => ({ name: new URL(entry.name).pathname, startTime: entry.startTime })),
  };
}

// Every page is whole without JavaScript; its scripts come after the page has loaded and painted (decision 0045).
for (const path of [
  "/",
  "/suche?q=suppe",
  "/zutatensuche?z=tomate&z=zwiebel",
  "/rezepte/kaesespaetzle-aus-der-pfanne",
]) {
  test(`${path}: no script is asked for before the page has loaded, then it hydrates`, async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    // A slow connection, so the page's own loading takes long enough to tell "during" from "after".
    await slowNetwork(page, 40);
    await page.goto(path);
    await waitForHydration(page);
    const timings = await page.evaluate(scriptTimings);
    expect(timings.scripts.length).toBeGreaterThanOrEqual(4);
    for (const script of timings.scripts) {
      expect(script.startTime, script.name).toBeGreaterThanOrEqual(timings.loadEventStart);
    }
    // Each script once: the preloads and the module script's imports are the same requests.
    const names = timings.scripts.map((script) => script.name);
    expect(new Set(names).size).toBe(names.length);
    expect(errors).toEqual([]);
  });
}

test("a page opened in a background tab starts its scripts without waiting for a frame", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden" });
    // A hidden tab paints no frames: a script that waits for one never runs.
    window.requestAnimationFrame = () => 0;
  });
  await page.goto("/suche?q=suppe");
  // Playwright polls on animation frames by default, which this page has none of.
  await page.waitForFunction(() => document.documentElement.dataset.js === "ready", undefined, { polling: 100 });
});
