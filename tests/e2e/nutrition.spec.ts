/**
 * "Nährwerte pro Portion" on a seed recipe (issue 45, decision 0063), on
 * the real stack: the seed's ingredient values in Directus, the sync's
 * computation, the page. The figures are the seed's: Käsespätzle for 4 have
 * 660 kcal a portion (tests/unit/seed-nutrition.test.ts computes every seed
 * recipe the same way).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { waitForHydration } from "./hydration.ts";
import { layoutShift, UNNOTICEABLE_SHIFT } from "./layout-shift.ts";

const PATH = "/rezepte/kaesespaetzle-aus-der-pfanne";

const block = (page: Page) => page.getByRole("region", { name: "Nährwerte pro Portion" });

/** The block's rows as "label: value", with ordinary spaces. */
async function rows(page: Page): Promise<string[]> {
  return block(page)
    .locator(".nutrition-facts > div")
    .evaluateAll((divs) =>
      divs.map((div) =>
        `${div.querySelector("dt")?.textContent}: ${div.querySelector("dd")?.textContent}`.replace(/\s+/g, " "),
      ),
    );
}

test("shows kcal and the six nutrients per portion, unchanged by the servings stepper, without moving anything", {
  tag: "@viewport",
}, async ({ page }) => {
  await page.goto(PATH);
  await waitForHydration(page);
  await expect(block(page).getByRole("heading", { level: 2 })).toHaveText("Nährwerte pro Portion");
  const before = await rows(page);
  expect(before.map((row) => row.split(":")[0])).toEqual([
    "Energie",
    "Fett",
    "davon gesättigte Fettsäuren",
    "Kohlenhydrate",
    "davon Zucker",
    "Eiweiß",
    "Salz",
  ]);
  expect(before[0]).toBe("Energie: 660 kcal");
  for (const row of before.slice(1)) expect(row).toMatch(/^[^:]+: \d+(,\d{1,2})? g$/);

  await page.waitForLoadState("networkidle");
  const shift = await layoutShift(page);
  expect(shift.total, shift.moved.join("; ")).toBeLessThan(UNNOTICEABLE_SHIFT);

  await page.getByRole("region", { name: "Zutaten" }).getByRole("link", { name: "Eine Portion mehr" }).click();
  await expect(page).toHaveURL(/portionen=5$/);
  expect(await rows(page)).toEqual(before);

  const results = await new AxeBuilder({ page }).include(".nutrition-section").analyze();
  expect(results.violations).toEqual([]);
});

test("is printed after the ingredients and the steps, at the left edge", { tag: "@viewport" }, async ({ page }) => {
  await page.goto(PATH);
  await page.emulateMedia({ media: "print" });
  await expect(block(page)).toBeVisible();
  const bottom = async (name: string) => {
    const box = await page.getByRole("region", { name }).boundingBox();
    return (box?.y ?? 0) + (box?.height ?? 0);
  };
  const nutrition = await block(page).boundingBox();
  expect(nutrition?.y).toBeGreaterThanOrEqual(Math.max(await bottom("Zutaten"), await bottom("Zubereitung")) - 1);
  // Right after them: no gap beyond a heading's margin.
  expect(nutrition?.y).toBeLessThan(Math.max(await bottom("Zutaten"), await bottom("Zubereitung")) + 40);
  const ingredients = await page.getByRole("region", { name: "Zutaten" }).boundingBox();
  expect(Math.abs((nutrition?.x ?? 0) - (ingredients?.x ?? 0))).toBeLessThan(2);
});

test("is in the JSON-LD as NutritionInformation", async ({ page }) => {
  await page.goto(PATH);
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(data.nutrition).toMatchObject({
    "@type": "NutritionInformation",
    servingSize: "1 Portion",
    calories: "660 kcal",
    sodiumContent: expect.stringMatching(/^\d+ mg$/),
  });
});
