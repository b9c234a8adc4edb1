/**
 * Filtering for vegan recipes of at most 20 minutes on the name search, the
 * ingredient search and a category page, with JavaScript (client-side, no
 * page load) and without (plain links and forms), by mouse and keyboard,
 * on a phone and a desktop (the two projects of playwright.config.ts).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { waitForHydration } from "./hydration.ts";
import { layoutShift, UNNOTICEABLE_SHIFT } from "./layout-shift.ts";

/** A chip of the filter row named `row` ("Ernährung", "Zeit", "Kalorien"), by its accessible name. */
function chip(page: Page, row: "Ernährung" | "Zeit" | "Kalorien", name: string): Locator {
  return page.getByRole("list", { name: row }).getByRole("link", { name, exact: true });
}

function cards(page: Page): Locator {
  return page.locator("article.recipe-card");
}

/** Every card on the page is vegan and takes at most `maxMinutes`, as its badges say; and there is one at least. */
async function expectOnlyVeganWithin(page: Page, maxMinutes: number): Promise<number> {
  await expect(cards(page).first()).toBeVisible();
  const badges = await cards(page).locator(".badges").allTextContents();
  expect(badges.length).toBeGreaterThan(0);
  for (const text of badges) {
    expect(text).toContain("Vegan");
    const minutes = Number(/Zeitaufwand: (\d+) Minuten/.exec(text)?.[1]);
    expect(minutes, text).toBeLessThanOrEqual(maxMinutes);
  }
  return badges.length;
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/** Chooses vegan, then at most 20 minutes, by clicking the chips; the address follows each click. */
async function chooseVeganWithin20(page: Page, address: RegExp, path: string) {
  await chip(page, "Ernährung", "Vegan").click();
  await expect(page).toHaveURL(new RegExp(`${path}ernaehrung=vegan$`));
  await expect(chip(page, "Ernährung", "Vegan")).toHaveAttribute("aria-current", "true");
  await chip(page, "Zeit", "bis 20 Min.").click();
  await expect(page).toHaveURL(address);
  await expect(chip(page, "Zeit", "bis 20 Min.")).toHaveAttribute("aria-current", "true");
  await expect(chip(page, "Ernährung", "Vegan")).toHaveAttribute("aria-current", "true");
  await expect(chip(page, "Ernährung", "Alle Ernährungsweisen")).not.toHaveAttribute("aria-current", "true");
}

test.describe("with JavaScript", () => {
  test("the name search: vegan within 20 minutes, without a page load, and back to all", async ({ page }) => {
    await page.goto("/suche?q=suppe");
    await waitForHydration(page);
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
    const all = await cards(page).count();

    await chooseVeganWithin20(page, /\/suche\?q=suppe&ernaehrung=vegan&zeit=20$/, "\\/suche\\?q=suppe&");
    const filtered = await expectOnlyVeganWithin(page, 20);
    expect(filtered).toBeLessThan(all);
    await expect(page.getByRole("status")).toHaveText(`${filtered} Rezepte für „suppe“`);
    expect(await page.evaluate(() => "stillHere" in window)).toBe(true);
    await expectNoAxeViolations(page);

    // A new term keeps the filter; "Alle" drops one row's choice and keeps the other.
    await page.getByRole("searchbox", { name: "Rezepte suchen" }).fill("salat");
    await expect(page).toHaveURL(/\/suche\?q=salat&ernaehrung=vegan&zeit=20$/);
    await expectOnlyVeganWithin(page, 20);
    await chip(page, "Ernährung", "Alle Ernährungsweisen").click();
    await expect(page).toHaveURL(/\/suche\?q=salat&zeit=20$/);
    expect(await page.evaluate(() => "stillHere" in window)).toBe(true);
  });

  test("the ingredient search: vegan within 20 minutes, kept when another ingredient is ticked", async ({ page }) => {
    await page.goto("/zutatensuche?z=knoblauch");
    await waitForHydration(page);
    await page.evaluate(() => Object.assign(window, { stillHere: true }));

    await chooseVeganWithin20(page, /\/zutatensuche\?z=knoblauch&ernaehrung=vegan&zeit=20$/, "z=knoblauch&");
    await expectOnlyVeganWithin(page, 20);
    await expect(page.locator(".ingredient-results").getByRole("status")).toHaveText(/^\d+ passende Rezepte?$/);

    await page.getByRole("checkbox", { name: /^Olivenöl\b/ }).check();
    await expect(page).toHaveURL(/z=olivenoel/);
    await expect(page).toHaveURL(/&ernaehrung=vegan&zeit=20$/);
    await expectOnlyVeganWithin(page, 20);
    expect(await page.evaluate(() => "stillHere" in window)).toBe(true);
    await expectNoAxeViolations(page);
  });

  test("a category: vegan within 20 minutes by keyboard, focus visible, nothing moves", { tag: "@viewport" }, async ({
    page,
  }) => {
    await page.goto("/kategorie/pasta");
    await waitForHydration(page);
    const all = await cards(page).count();

    // From the intro on, Tab reaches the chips in order; the focused one shows a ring.
    await page.locator(".lead").click();
    await page.keyboard.press("Tab");
    await expect(chip(page, "Ernährung", "Alle Ernährungsweisen")).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    const vegan = chip(page, "Ernährung", "Vegan");
    await expect(vegan).toBeFocused();
    const ring = await vegan.evaluate((element) => {
      const style = getComputedStyle(element);
      return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
    });
    expect(ring.style).not.toBe("none");
    expect(ring.width).toBeGreaterThanOrEqual(2);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/kategorie\/pasta\?ernaehrung=vegan$/);
    await expect(chip(page, "Ernährung", "Vegan")).toHaveAttribute("aria-current", "true");
    await chip(page, "Zeit", "bis 20 Min.").focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/kategorie\/pasta\?ernaehrung=vegan&zeit=20$/);
    await expect(page).toHaveTitle("Pasta (vegan, bis 20 Min.) - Was koche ich jetzt");

    const filtered = await expectOnlyVeganWithin(page, 20);
    expect(filtered).toBeLessThan(all);
    await expect(page.locator(".list-count")).toHaveText(`${filtered} Rezepte`);
    await expectNoAxeViolations(page);

    // Loaded as a page of its own: nothing shifts, nothing scrolls sideways.
    await page.goto("/kategorie/pasta?ernaehrung=vegan&zeit=20");
    await page.waitForLoadState("networkidle");
    const shift = await layoutShift(page);
    expect(shift.total, shift.moved.join("; ")).toBeLessThan(UNNOTICEABLE_SHIFT);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  test("light dishes: the kcal chip keeps recipes of at most 500 kcal, each card says its kcal, nothing moves", {
    tag: "@viewport",
  }, async ({ page }) => {
    await page.goto("/kategorie/salad");
    await waitForHydration(page);
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
    // Every card of the seed has nutrition (decision 0063), so every card says its kcal per portion.
    const kcalOf = async () =>
      (await cards(page).locator(".badges").allTextContents()).map((text) => {
        const kcal = /(\d[\d.]*) kcal pro Portion/.exec(text)?.[1];
        expect(kcal, text).toBeDefined();
        return Number(kcal?.replaceAll(".", ""));
      });
    const all = await kcalOf();
    expect(all.length).toBeGreaterThan(0);

    await chip(page, "Kalorien", "Leicht (bis 500 kcal)").click();
    await expect(page).toHaveURL(/\/kategorie\/salad\?kcal=500$/);
    await expect(chip(page, "Kalorien", "Leicht (bis 500 kcal)")).toHaveAttribute("aria-current", "true");
    await expect(chip(page, "Kalorien", "Alle Kalorienangaben")).not.toHaveAttribute("aria-current", "true");
    await expect(page).toHaveTitle("Salate (bis 500 kcal) - Was koche ich jetzt");
    const light = await kcalOf();
    expect(light.length).toBeGreaterThan(0);
    for (const kcal of light) expect(kcal).toBeLessThanOrEqual(500);
    expect(light.length).toBe(all.filter((kcal) => kcal <= 500).length);
    expect(await page.evaluate(() => "stillHere" in window)).toBe(true);
    await expectNoAxeViolations(page);

    // Loaded as a page of its own: the kcal are in the server's cards, so nothing shifts when the page hydrates.
    await page.goto("/kategorie/salad?kcal=500");
    await page.waitForLoadState("networkidle");
    const shift = await layoutShift(page);
    expect(shift.total, shift.moved.join("; ")).toBeLessThan(UNNOTICEABLE_SHIFT);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  test("an empty filtered list says why and leads back; an unknown filter is named", async ({ page }) => {
    await page.goto("/kategorie/pizza?ernaehrung=vegan&zeit=15");
    await waitForHydration(page);
    await expect(cards(page)).toHaveCount(0);
    await expect(
      page.getByText("In dieser Kategorie gibt es keine Rezepte, die vegan und in höchstens 15 Minuten fertig sind."),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Alle Rezepte dieser Kategorie zeigen" }).click();
    await expect(page).toHaveURL(/\/kategorie\/pizza$/);
    await expect(cards(page).first()).toBeVisible();

    await page.goto("/kategorie/pizza?ernaehrung=Vegan");
    await expect(
      page.getByText("Einen Filter aus dem Link kennen wir nicht – wir zeigen die Rezepte ohne ihn."),
    ).toBeVisible();
    await expect(chip(page, "Ernährung", "Alle Ernährungsweisen")).toHaveAttribute("aria-current", "true");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the name search: the chips are links, and the search form keeps the filter", async ({ page }) => {
    await page.goto("/suche?q=suppe");
    await chooseVeganWithin20(page, /\/suche\?q=suppe&ernaehrung=vegan&zeit=20$/, "\\/suche\\?q=suppe&");
    await expectOnlyVeganWithin(page, 20);
    await page.getByRole("searchbox", { name: "Rezepte suchen" }).fill("salat");
    await page.getByRole("button", { name: "Suchen" }).click();
    await expect(page).toHaveURL(/\/suche\?q=salat&ernaehrung=vegan&zeit=20$/);
    await expectOnlyVeganWithin(page, 20);
  });

  test("the ingredient search: the chips, and the form that keeps the filter", async ({ page }) => {
    await page.goto("/zutatensuche?z=knoblauch");
    await chooseVeganWithin20(page, /\/zutatensuche\?z=knoblauch&ernaehrung=vegan&zeit=20$/, "z=knoblauch&");
    await expectOnlyVeganWithin(page, 20);
    await page.getByRole("checkbox", { name: /^Olivenöl\b/ }).check();
    await page.getByRole("button", { name: "Rezepte anzeigen" }).click();
    await expect(page).toHaveURL(/z=olivenoel/);
    await expect(page).toHaveURL(/&ernaehrung=vegan&zeit=20$/);
    await expectOnlyVeganWithin(page, 20);
  });

  test("a category: the chips are links", async ({ page }) => {
    await page.goto("/kategorie/pasta");
    await chooseVeganWithin20(page, /\/kategorie\/pasta\?ernaehrung=vegan&zeit=20$/, "\\/kategorie\\/pasta\\?");
    await expectOnlyVeganWithin(page, 20);
    await expect(page).toHaveTitle("Pasta (vegan, bis 20 Min.) - Was koche ich jetzt");
  });
});

test.describe("without the site's scripts", () => {
  // Axe runs as a script of its own, so the page keeps JavaScript; the site's own scripts are held back, which
  // leaves the server's page as a visitor without JavaScript gets it.
  test("the three filtered lists have no accessibility violations", { tag: "@viewport" }, async ({ page }) => {
    test.slow();
    await page.route("**/assets/*.js", (route) => route.abort());
    for (const path of [
      "/suche?q=suppe&ernaehrung=vegan&zeit=20",
      "/zutatensuche?z=knoblauch&ernaehrung=vegan&zeit=20",
      "/kategorie/pasta?ernaehrung=vegan&zeit=20",
    ]) {
      await page.goto(path);
      await expectOnlyVeganWithin(page, 20);
      await expect(chip(page, "Zeit", "bis 20 Min.")).toHaveAttribute("aria-current", "true");
      expect(await page.evaluate(() => document.documentElement.dataset.js)).not.toBe("ready");
      await expectNoAxeViolations(page);
    }
  });
});
