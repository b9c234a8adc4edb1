import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { waitForHydration } from "./hydration.ts";

// Käsespätzle are written for 4 servings: 1 kg Spätzle, 200 g Bergkäse, 3 Zwiebeln, 3 EL Butter.
const RECIPE = "/rezepte/kaesespaetzle-aus-der-pfanne";

function ingredients(page: Page) {
  return page.getByRole("region", { name: "Zutaten" });
}

test.describe("with JavaScript", () => {
  test("the stepper scales every amount at once, without loading the page, and keeps a shareable address", async ({
    page,
  }) => {
    await page.goto(RECIPE);
    await waitForHydration(page);
    const loads: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document" || new URL(request.url()).pathname.endsWith(".data")) {
        loads.push(request.url());
      }
    });
    const section = ingredients(page);
    await expect(section.getByRole("heading", { level: 2 })).toHaveText("Zutaten für 4 Portionen");
    await expect(section.getByRole("listitem").first()).toHaveText("1 kg Spätzle");

    const fewer = section.getByRole("link", { name: "Eine Portion weniger" });
    // One step at a time: a second tap before the first step's address is in place was lost now and then on
    // the phone project (a race of the test's taps with the client navigation, seen in CI twice).
    await fewer.click();
    await expect(page).toHaveURL(`${RECIPE}?portionen=3`);
    await fewer.click();
    await expect(page).toHaveURL(`${RECIPE}?portionen=2`);
    await expect(section.getByRole("heading", { level: 2 })).toHaveText("Zutaten für 2 Portionen");
    await expect(section.getByRole("listitem")).toHaveText([
      "500 g Spätzle",
      "100 g Bergkäse",
      "1 ½ Zwiebeln",
      "1 ½ EL Butter",
      "Salz",
      "Pfeffer",
      "½ Bund Schnittlauch",
    ]);
    await expect(fewer).toBeFocused();

    // Back to the recipe's own servings: the address without the parameter.
    const more = section.getByRole("link", { name: "Eine Portion mehr" });
    await more.click();
    await expect(page).toHaveURL(`${RECIPE}?portionen=3`);
    await more.click();
    await expect(page).toHaveURL(RECIPE);
    await expect(section.getByRole("listitem").first()).toHaveText("1 kg Spätzle");
    expect(loads).toEqual([]);
  });

  test("the stepper stops at 1 and 12 and the address opens the same servings", async ({ page }) => {
    await page.goto(`${RECIPE}?portionen=12`);
    await waitForHydration(page);
    const section = ingredients(page);
    await expect(section.getByRole("listitem").first()).toHaveText("3 kg Spätzle");
    const more = section.getByRole("link", { name: "Eine Portion mehr" });
    await expect(more).toHaveAttribute("aria-disabled", "true");
    // Playwright waits for an aria-disabled link to be enabled; a visitor's click still lands.
    await more.click({ force: true });
    await expect(page).toHaveURL(`${RECIPE}?portionen=12`);
    await expect(section.getByRole("listitem").first()).toHaveText("3 kg Spätzle");

    await page.goto(`${RECIPE}?portionen=1`);
    await expect(section.getByRole("link", { name: "Eine Portion weniger" })).toHaveAttribute("aria-disabled", "true");
    await expect(section.getByRole("listitem").nth(2)).toHaveText("1 Zwiebel");
  });

  test("passes axe with the stepper", { tag: "@viewport" }, async ({ page }) => {
    await page.goto(`${RECIPE}?portionen=3`);
    const results = await new AxeBuilder({ page }).include("article").analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
});

test("every ingredient name starts at the same place, in the optional list too, however wide an amount grows", {
  tag: "@viewport",
}, async ({ page }) => {
  // At 12 servings the optional "1 ½ Bund Schnittlauch" has the widest amount of both lists.
  await page.goto(`${RECIPE}?portionen=12`);
  const section = ingredients(page);
  await expect(section.getByRole("listitem").last()).toHaveText("1 ½ Bund Schnittlauch");
  const starts = await section
    .locator(".ingredient-name")
    .evaluateAll((names) => names.map((name) => Math.round(name.getBoundingClientRect().left)));
  expect(starts.length).toBeGreaterThan(4);
  expect(new Set(starts).size, `names start at ${starts.join(", ")}`).toBe(1);
  // And the widest amount still has the room it needs: it does not run into its name.
  const widest = await section
    .getByRole("listitem")
    .last()
    .evaluate((line) => {
      const [amount, name] = [line.querySelector(".ingredient-quantity"), line.querySelector(".ingredient-name")];
      return {
        amountRight: amount?.getBoundingClientRect().right ?? 0,
        nameLeft: name?.getBoundingClientRect().left ?? 0,
      };
    });
  expect(widest.amountRight).toBeLessThan(widest.nameLeft);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the stepper's links load the page with the amounts for the new servings", async ({ page }) => {
    await page.goto(RECIPE);
    const section = ingredients(page);
    await section.getByRole("link", { name: "Eine Portion weniger" }).click();
    await expect(page).toHaveURL(`${RECIPE}?portionen=3`);
    await expect(section.getByRole("heading", { level: 2 })).toHaveText("Zutaten für 3 Portionen");
    await expect(section.getByRole("listitem").first()).toHaveText("750 g Spätzle");
    await expect(section.getByRole("listitem").nth(2)).toHaveText("2 ½ Zwiebeln");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      /\/rezepte\/kaesespaetzle-aus-der-pfanne$/,
    );
  });

  test("an address with servings that do not exist opens the recipe as written", async ({ page }) => {
    await page.goto(`${RECIPE}?portionen=99`);
    await expect(page).toHaveURL(RECIPE);
    await expect(ingredients(page).getByRole("heading", { level: 2 })).toHaveText("Zutaten für 4 Portionen");
  });
});
