/**
 * What a visitor types, pastes, ticks or opens before the page is hydrated is kept and acted on (issue 44,
 * decision 0058). The page is whole and usable from its first paint, but its scripts start only after `load`
 * (decision 0045), and on a slow phone hydration takes a second or more after that: text pasted, filled in by
 * the browser or dictated in that time reaches the field without React seeing it.
 *
 * Text is put in three ways: at once while the scripts are held back (the page is the server's HTML alone, so
 * this is always before hydration), and at once or key by key as soon as the field is there, on a CPU slowed
 * six times, where it meets the scripts as it happens to on a slow phone. Boxes, a choice and a disclosure are
 * tried with the scripts held back. Each test then looks for what was put in and for what it does.
 */
import type { Locator, Page } from "@playwright/test";
import { CONSENT_COOKIE, expect, test } from "./fixtures.ts";
import { holdScripts, throttleCpu, waitForHydration } from "./hydration.ts";

/** Slower than Lighthouse's 4×: a low-tier phone on this kind of host (issue 44). */
const CPU_SLOWDOWN = 6;

type Way = "pasted before hydration" | "pasted as the page appears" | "typed key by key as the page appears";
const WAYS: Way[] = ["pasted before hydration", "pasted as the page appears", "typed key by key as the page appears"];

/**
 * Opens `path` and puts `text` into the field `field` finds the way `way` says; returns once the page is
 * hydrated.
 */
async function putIn(page: Page, path: string, field: (page: Page) => Locator, text: string, way: Way) {
  if (way === "pasted before hydration") {
    const release = await holdScripts(page);
    await page.goto(path);
    await field(page).fill(text);
    release();
  } else {
    await throttleCpu(page, CPU_SLOWDOWN);
    // Not waiting for `load`: the field is there, and used, from the first paint.
    await page.goto(path, { waitUntil: "commit" });
    if (way === "pasted as the page appears") await field(page).fill(text);
    else await field(page).pressSequentially(text, { delay: 40 });
  }
  await waitForHydration(page);
}

const ingredientFilter = (page: Page) => page.getByRole("searchbox", { name: "Zutat finden" });
const searchField = (page: Page) => page.getByRole("searchbox", { name: "Rezepte suchen" });
const resultsRegion = (page: Page) => page.getByRole("region", { name: "Passende Rezepte" });

for (const way of WAYS) {
  test.describe(way, () => {
    // Hydration on a CPU slowed six times, on a two-core machine shared with the stack.
    test.slow();

    test("the ingredient filter keeps the text and lists what it finds", async ({ page }) => {
      await putIn(page, "/zutatensuche", ingredientFilter, "miso", way);
      await expect(ingredientFilter(page)).toHaveValue("miso");
      // In one seed recipe only: not among the boxes the page comes with, so only the filter can show it.
      await expect(page.getByRole("checkbox", { name: /^Miso-Paste\b/ })).toBeVisible();
      await expect(page.getByRole("checkbox", { name: /^Tomate\b/ })).toHaveCount(0);
      await expect(page.locator("#zutaten-anzahl")).toHaveText(/^1 von \d+ Zutaten$/);
      // Something that renders the picker again (here the whole list arriving did) leaves the text in place.
      await expect(ingredientFilter(page)).toHaveValue("miso");
    });

    test("the search field keeps the term and searches for it", async ({ page }) => {
      await putIn(page, "/suche", searchField, "spätzle", way);
      await expect(page).toHaveURL(/\/suche\?q=sp%C3%A4tzle$/);
      await expect(page.locator("article.recipe-card h2").first()).toHaveText("Käsespätzle aus der Pfanne");
      await expect(searchField(page)).toHaveValue("spätzle");
      await expect(page.getByRole("link", { name: "Suchbegriff löschen" })).toBeVisible();
    });
  });
}

test.describe("before hydration", () => {
  test("a box ticked in the pantry stays ticked and the results follow it", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/zutatensuche");
    await page.getByRole("checkbox", { name: /^Tomate\b/ }).check();
    release();
    await waitForHydration(page);
    await expect(page).toHaveURL(/\/zutatensuche\?z=tomate$/);
    await expect(resultsRegion(page).getByRole("status")).toHaveText(/^\d+ passende Rezepte?/);
    await expect(page.getByRole("link", { name: "Tomate entfernen" })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: /^Tomate\b/ })).toBeChecked();
  });

  test("a box ticked stands over the pantry remembered on the device, and is remembered", async ({ page }) => {
    // A pantry from an earlier visit (decision 0040): restored only when the visitor has not chosen yet.
    await page.goto("/impressum");
    await page.evaluate(() =>
      localStorage.setItem("wkij-vorrat", JSON.stringify({ selected: ["zwiebel"], missingBasics: [], changedAt: 1 })),
    );
    const release = await holdScripts(page);
    await page.goto("/zutatensuche");
    await page.getByRole("checkbox", { name: /^Tomate\b/ }).check();
    release();
    await waitForHydration(page);
    await expect(page).toHaveURL(/\/zutatensuche\?z=tomate$/);
    await expect(page.getByRole("checkbox", { name: /^Zwiebel\b/ })).not.toBeChecked();
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("wkij-vorrat") ?? "null")?.selected))
      .toEqual(["tomate"]);
  });

  test("a box ticked together with filter text: both are kept", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/zutatensuche");
    await page.getByRole("checkbox", { name: /^Tomate\b/ }).check();
    await ingredientFilter(page).fill("käse");
    release();
    await waitForHydration(page);
    await expect(page).toHaveURL(/\/zutatensuche\?.*z=tomate/);
    await expect(ingredientFilter(page)).toHaveValue("käse");
    await expect(page.getByRole("checkbox", { name: /^Feta\b/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Tomate entfernen" })).toBeVisible();
  });

  test("an ingredient chosen to exclude is still chosen, and excluded by the button", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/zutatensuche?z=tomate");
    await page.getByLabel("Rezepte ohne diese Zutat").selectOption({ label: "Rinderhackfleisch" });
    release();
    await waitForHydration(page);
    await expect(page.getByLabel("Rezepte ohne diese Zutat")).toHaveValue("rinderhackfleisch");
    await page.getByRole("button", { name: "Ausschließen" }).click();
    await expect(page).toHaveURL(/ohne=rinderhackfleisch/);
    await expect(page.locator('article[data-slug="klassischer-cheeseburger"]')).toHaveCount(0);
  });

  test("a result's disclosure opened loads its steps and ingredients", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/zutatensuche?z=tomate");
    const card = resultsRegion(page).locator("article.recipe-card").first();
    await card.getByText("Zubereitung und Zutaten", { exact: true }).click();
    release();
    await waitForHydration(page);
    await expect(card.getByRole("heading", { name: /^Zutaten für \d+ Portion/ })).toBeVisible();
  });
});

test.describe("the cookie banner, before hydration", () => {
  test.use({ consent: "none" });

  test("a purpose ticked in its settings is still ticked, and saved by 'Auswahl speichern'", async ({
    page,
    context,
  }) => {
    // The tag manager is never reached from a test (tests/e2e/consent.spec.ts).
    await context.route(/googletagmanager\.com|google-analytics\.com/, (route) =>
      route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
    );
    const release = await holdScripts(page);
    await page.goto("/ueber-uns");
    const banner = page.getByRole("region", { name: "Cookies und Datenschutz" });
    await banner.getByText("Einstellungen", { exact: true }).click();
    await banner.getByRole("checkbox", { name: "Tracking" }).check();
    release();
    await waitForHydration(page);
    await expect(banner.getByRole("checkbox", { name: "Tracking" })).toBeChecked();
    await banner.getByRole("button", { name: "Auswahl speichern" }).click();
    await expect(banner).toBeHidden();
    const cookie = (await context.cookies()).find((candidate) => candidate.name === CONSENT_COOKIE);
    expect(JSON.parse(decodeURIComponent(cookie?.value ?? "null"))?.c).toEqual({
      necessary: true,
      tracking: true,
      analytics: false,
      marketing: false,
    });
  });
});
