import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

async function shownSlug(page: Page): Promise<string | null> {
  return page.locator("section.random-recipe article").getAttribute("data-slug");
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("every press shows another random recipe", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { name: "Zufälliges Rezept", exact: true })).toBeVisible();
      const seen = new Set<string | null>([await shownSlug(page)]);
      for (let press = 0; press < 3; press++) {
        const before = await shownSlug(page);
        await page.getByRole("button", { name: "Zufälliges Rezept finden" }).click();
        await expect.poll(() => shownSlug(page)).not.toBe(before);
        seen.add(await shownSlug(page));
      }
      expect(seen.size).toBeGreaterThanOrEqual(3);
    });

    test("Salat, Suppe and Pasta pick from their category", async ({ page }) => {
      await page.goto("/zufallsgenerator");
      for (const [button, heading] of [
        ["Salat", "Salate"],
        ["Suppe", "Suppen"],
        ["Pasta", "Pasta"],
      ] as const) {
        await page.getByRole("button", { name: button, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`typ=${{ Salat: "salad", Suppe: "soup", Pasta: "pasta" }[button]}`));
        const section = page.getByRole("region", { name: "Zufälliges Rezept" });
        await expect(section.getByText(`Aus der Kategorie ${heading}`)).toBeVisible();
      }
    });
  });
}
