import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { contrastRatio, parseComputedRgb, relativeLuminance } from "../wcag-contrast.ts";
import { expect, test } from "./fixtures.ts";
import { waitForHydration } from "./hydration.ts";
import { signIn, uniqueEmail } from "./sign-in.ts";

// Dark mode (issue 15): the pages the light-mode axe checks cover (shell,
// recipe, search, ingredient search, consent, saved recipes), rendered with
// prefers-color-scheme: dark. Every page is first checked to be dark indeed,
// so a broken media query fails here instead of passing axe in light.

test.use({ colorScheme: "dark" });

// The colours are the same custom properties on every width, so the phone
// layout (the site's first) carries the check, untagged (playwright.config.ts);
// the desktop pass would double the axe time of the browser stage without
// covering another colour.

/** Computed colours of the page: what the visitor sees, after every override. */
async function pageColours(page: Page) {
  return page.evaluate(() => {
    const body = getComputedStyle(document.body);
    return { background: body.backgroundColor, text: body.color };
  });
}

async function expectDarkPage(page: Page) {
  const { background, text } = await pageColours(page);
  expect(relativeLuminance(parseComputedRgb(background)), `body background ${background}`).toBeLessThan(0.05);
  expect(relativeLuminance(parseComputedRgb(text)), `body text ${text}`).toBeGreaterThan(0.5);
}

/**
 * axe with the first <details> of the page open, so the steps and
 * ingredients of a result card are checked too (axe skips what is not
 * rendered). One is enough for the colours: every card uses the same ones.
 */
async function expectNoAxeViolations(page: Page) {
  await page.evaluate(() => {
    const details = document.querySelector("main details");
    if (details instanceof HTMLDetailsElement) details.open = true;
  });
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

// One page of each kind the light checks cover: the other legal pages, the plain search, a second category
// and the ingredient search without results use the same components and colours as these (the ingredient
// search is checked with results and chips below; signed in, the saved list is checked there too).
// `slow`: axe walks 24 cards with all their lines (10–30 s on two cores).
const PAGES: { path: string; heading: string; slow?: true }[] = [
  { path: "/", heading: "Zufällige Rezepte" },
  // An unknown category in the link: the page says so in a notice.
  { path: "/zufallsgenerator?typ=unbekannt", heading: "Zufällige Rezepte" },
  // Results over several pages: cards, badges, pagination.
  { path: "/suche?q=e", heading: "Rezeptsuche", slow: true },
  // No results: the category chips and suggested recipes.
  { path: "/suche?q=Quarkkeulchen", heading: "Rezeptsuche" },
  { path: "/kategorie/soup", heading: "Suppen" },
  { path: "/rezepte/kaesespaetzle-aus-der-pfanne", heading: "Käsespätzle aus der Pfanne" },
  { path: "/impressum", heading: "Impressum" },
];

for (const { path, heading, slow } of PAGES) {
  test(`dark ${path}: the page is dark and has no accessibility violations`, async ({ page }) => {
    test.slow(slow === true);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expectDarkPage(page);
    await expectNoAxeViolations(page);
  });
}

test("dark: the ingredient search with results and chips has no accessibility violations", async ({ page }) => {
  // As in ingredient-search.spec.ts: axe walks the ingredient boxes, the exclusion list and every result card.
  test.slow();
  await page.goto("/zutatensuche?z=tomate&z=zwiebel&ohne=schinken");
  await waitForHydration(page);
  await expect(page.locator("article.recipe-card").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Ohne Schinken: Ausschluss aufheben" })).toBeVisible();
  await expectDarkPage(page);
  await expectNoAxeViolations(page);
});

test("dark: focus is clearly visible on the page", async ({ page }) => {
  await page.goto("/impressum");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Zum Inhalt springen" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  const { outline, background } = await page.evaluate(() => ({
    outline: getComputedStyle(document.activeElement as Element).outlineColor,
    background: getComputedStyle(document.body).backgroundColor,
  }));
  // WCAG 1.4.11: a focus indicator needs 3:1 against what surrounds it.
  expect(contrastRatio(parseComputedRgb(outline), parseComputedRgb(background))).toBeGreaterThanOrEqual(3);
});

test("the page tells the browser both schemes, and is light in light mode", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/impressum");
  await expect(page.locator('meta[name="color-scheme"]')).toHaveAttribute("content", "light dark");
  await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]')).toHaveCount(1);
  await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveCount(1);
  const { background } = await pageColours(page);
  expect(relativeLuminance(parseComputedRgb(background)), `body background ${background}`).toBeGreaterThan(0.8);
  // The same page, switched without a reload: the scheme follows the system setting live.
  await page.emulateMedia({ colorScheme: "dark" });
  await expectDarkPage(page);
});

test("dark: printing uses the light colours (paper is white, backgrounds are not printed)", async ({ page }) => {
  await page.goto("/rezepte/kaesespaetzle-aus-der-pfanne");
  await expectDarkPage(page);
  await page.emulateMedia({ media: "print" });
  const { text } = await pageColours(page);
  expect(relativeLuminance(parseComputedRgb(text)), `body text ${text}`).toBeLessThan(0.1);
});

test.describe("the cookie banner", () => {
  test.use({ consent: "none" });

  test("dark: the banner and its settings have no accessibility violations", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Cookies und Datenschutz" });
    await expect(banner).toBeVisible();
    await banner.getByText("Einstellungen", { exact: true }).click();
    await expect(banner.getByText("Cookies nach Zweck")).toBeVisible();
    await expectDarkPage(page);
    await expectNoAxeViolations(page);
  });
});

test("dark: signed in, a saved recipe, the saved list and the signed-out notice have no accessibility violations", async ({
  page,
}, testInfo) => {
  // Signing in through Directus, a save and three axe runs.
  test.slow();
  await signIn(page, uniqueEmail(testInfo, "nachteule"));
  await page.goto("/rezepte/gazpacho");
  await waitForHydration(page);
  const card = page.locator('article[data-slug="gazpacho"]');
  await card.getByRole("button", { name: "Speichern: Gazpacho" }).click();
  const remove = card.getByRole("button", { name: "Entfernen: Gazpacho" });
  await expect(remove).toBeVisible();
  await expect(remove).toHaveAttribute("aria-busy", "false");
  await expectDarkPage(page);
  await expectNoAxeViolations(page);

  await page.goto("/gespeicherte-rezepte");
  await expect(page.locator('article[data-slug="gazpacho"]')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("contentinfo").getByRole("button", { name: "Abmelden" }).click();
  await expect(page.getByText("Du bist jetzt abgemeldet.")).toBeVisible();
  await expectNoAxeViolations(page);
});
