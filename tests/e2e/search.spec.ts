import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { waitForHydration } from "./hydration.ts";

function cardNames(page: Page) {
  return page.locator("article.recipe-card h2");
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test.describe("with JavaScript", () => {
  test("searches while typing, keeps the term in the URL and clears with the button", async ({ page }) => {
    await page.goto("/suche");
    await waitForHydration(page);
    // A marker that survives only if no full page load happens.
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
    const field = page.getByRole("searchbox", { name: "Rezepte suchen" });
    await expect(page.getByRole("link", { name: "Suchbegriff löschen" })).toHaveCount(0);

    await field.fill("spätzle");
    await expect(page).toHaveURL(/\/suche\?q=sp%C3%A4tzle$/);
    await expect(cardNames(page).first()).toHaveText("Käsespätzle aus der Pfanne");
    await expect(page.getByRole("status")).toHaveText("1 Rezept für „spätzle“");
    expect(await page.evaluate(() => "stillHere" in window)).toBe(true);

    await page.getByRole("link", { name: "Suchbegriff löschen" }).click();
    await expect(field).toHaveValue("");
    await expect(field).toBeFocused();
    await expect(page).toHaveURL(/\/suche$/);
    await expect(cardNames(page)).toHaveCount(0);
  });

  test("finds a recipe spelt without umlaut, and by an ingredient", async ({ page }) => {
    await page.goto("/suche?q=spaetzle");
    await waitForHydration(page);
    await expect(cardNames(page).first()).toHaveText("Käsespätzle aus der Pfanne");
    await page.getByRole("searchbox", { name: "Rezepte suchen" }).fill("Rucola");
    await page.getByRole("button", { name: "Suchen" }).click();
    await expect(page.getByRole("status")).toContainText("für „Rucola“");
    await expect(cardNames(page).first()).toBeVisible();
  });

  test("pages through many results", async ({ page }) => {
    // axe over 24 cards with all their ingredient lines takes 10–20 s on a busy two-core machine.
    test.slow();
    await page.goto("/suche?q=e");
    await waitForHydration(page);
    await expect(cardNames(page)).toHaveCount(24);
    await page.getByRole("link", { name: "Nächste Seite" }).click();
    await expect(page).toHaveURL(/\/suche\?q=e&seite=2$/);
    await expect(page.getByText("Seite 2 von", { exact: false }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  // A jump to the end of a list lands where the cards out of view stand in with a phone's height until they are
  // laid out (decision 0059); what the jump shows must not move after it: not the pagination, not the footer.
  for (const [path, target] of [
    ["/suche?q=e", "the pagination"],
    ["/suche?q=nudeln", "the footer"],
  ] as const) {
    test(`a jump to the end of ${path} leaves ${target} where it lands`, { tag: "@viewport" }, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      const link =
        target === "the pagination"
          ? page.getByRole("link", { name: "Nächste Seite" })
          : page.getByRole("contentinfo").getByRole("link").last();
      const tops = await link.evaluate(async (element) => {
        element.scrollIntoView({ block: "end" });
        const seen: number[] = [];
        const start = performance.now();
        while (performance.now() - start < 600) {
          seen.push(element.getBoundingClientRect().top);
          await new Promise((frame) => requestAnimationFrame(frame));
        }
        return seen;
      });
      // A card laid out late moves it by its stand-in height's error (87 px, 50 px before the fix). A pixel or two
      // is not that: the full browser run, with the seed changed by the tests before, once saw 770 → 769 (rounded).
      expect(
        Math.max(...tops) - Math.min(...tops),
        `the link's top in each frame after the jump: ${tops}`,
      ).toBeLessThan(4);
    });
  }

  test("helps when nothing matches, without accessibility violations", { tag: "@viewport" }, async ({ page }) => {
    await page.goto("/suche?q=Quarkkeulchen");
    await waitForHydration(page);
    await expect(page.getByRole("status")).toHaveText("Keine Rezepte für „Quarkkeulchen“ gefunden.");
    await expect(page.getByRole("link", { name: "zur Zutatensuche" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Neu bei uns" })).toBeVisible();
    await expect(page.locator("article.recipe-card")).toHaveCount(3);
    await expectNoAxeViolations(page);
  });

  test("a result card opens its steps and ingredients", async ({ page }) => {
    await page.goto("/suche?q=gazpacho");
    await waitForHydration(page);
    const card = page.locator('article[data-slug="gazpacho"]');
    await expect(card.getByRole("heading", { name: /^Zutaten für \d+ Portion/ })).toBeHidden();
    await card.getByText("Zubereitung und Zutaten", { exact: true }).click();
    await expect(card.getByRole("heading", { name: /^Zutaten für \d+ Portion/ })).toBeVisible();
    await card.getByRole("link", { name: "Gazpacho", exact: true }).click();
    await expect(page).toHaveURL(/\/rezepte\/gazpacho$/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a result card's disclosure leads to the recipe page", async ({ page }) => {
    await page.goto("/suche?q=gazpacho");
    const card = page.locator('article[data-slug="gazpacho"]');
    await card.getByText("Zubereitung und Zutaten", { exact: true }).click();
    await card.getByRole("link", { name: "Zubereitung und Zutaten von „Gazpacho“ im Rezept ansehen" }).click();
    await expect(page).toHaveURL(/\/rezepte\/gazpacho$/);
    await expect(page.getByRole("heading", { name: /^Zutaten für \d+ Portion/ })).toBeVisible();
  });

  test("the form searches, and the clear button is a link back to the empty search", async ({ page }) => {
    await page.goto("/suche");
    await page.getByRole("searchbox", { name: "Rezepte suchen" }).fill("suppe");
    await page.getByRole("button", { name: "Suchen" }).click();
    await expect(page).toHaveURL(/\/suche\?q=suppe$/);
    await expect(cardNames(page).first()).toBeVisible();
    await page.getByRole("link", { name: "Suchbegriff löschen" }).click();
    await expect(page).toHaveURL(/\/suche$/);
    await expect(page.getByRole("searchbox", { name: "Rezepte suchen" })).toHaveValue("");
  });
});
