import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures.ts";

test("a recipe page shows the whole card and passes axe", { tag: "@viewport" }, async ({ page }) => {
  await page.goto("/rezepte/kaesespaetzle-aus-der-pfanne");
  await expect(page).toHaveTitle("Käsespätzle aus der Pfanne - Was koche ich jetzt");
  const card = page.locator('article[data-slug="kaesespaetzle-aus-der-pfanne"]');
  await expect(card.getByRole("heading", { level: 1 })).toHaveText("Käsespätzle aus der Pfanne");
  await expect(card.getByRole("link", { name: "Käsespätzle aus der Pfanne" })).toHaveCount(0);
  await expect(card.getByText("Zeitaufwand: 25 Minuten")).toBeVisible();
  await expect(card.getByText("Vegetarisch", { exact: false })).toBeVisible();
  await expect(card.getByRole("heading", { name: "Zubereitung" })).toBeVisible();
  await expect(card.getByRole("list").filter({ hasText: "Spätzle" }).first()).toBeVisible();
  await expect(card.getByRole("link", { name: "kochbuch.example.org/kaesespaetzle-aus-der-pfanne" })).toHaveAttribute(
    "href",
    "https://kochbuch.example.org/kaesespaetzle-aus-der-pfanne",
  );
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
});

test("a recipe with free-text instructions shows them", async ({ page }) => {
  await page.goto("/rezepte/pan-con-tomate");
  await expect(
    page.getByText("Reibe die Scheiben mit einer halbierten Knoblauchzehe ein.", { exact: false }),
  ).toBeVisible();
  await expect(page.getByText("Vegan", { exact: false }).first()).toBeVisible();
});
