/**
 * Issue 35: on a desktop the header, the tab bar and the content share one
 * frame, lists show at least three cards a row at 1,280 px, and the recipe
 * puts its ingredients beside its steps; on a phone nothing of this applies.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { layoutShift, UNNOTICEABLE_SHIFT } from "./layout-shift.ts";

const LISTS = ["/suche?q=suppe", "/kategorie/soup", "/zutatensuche?z=zwiebel"];
const RECIPE = "/rezepte/kaesespaetzle-aus-der-pfanne";

/** Left and right edges of an element's content box, in CSS pixels. */
async function contentEdges(page: Page, selector: string): Promise<{ left: number; right: number }> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return {
        left: box.left + Number.parseFloat(style.paddingLeft),
        right: box.right - Number.parseFloat(style.paddingRight),
      };
    });
}

/** How many recipe cards share the first card's row. */
async function cardsInFirstRow(page: Page): Promise<number> {
  const tops = await page
    .locator("main .recipe-card")
    .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().top)));
  return tops.filter((top) => top === tops[0]).length;
}

test.describe("on a desktop", { tag: "@desktop" }, () => {
  test("header, tab bar, content and footer share one frame", async ({ page }) => {
    await page.goto("/suche?q=suppe");
    const main = await contentEdges(page, "main");
    const frames = {
      header: await contentEdges(page, ".site-header"),
      tabs: await contentEdges(page, ".tab-bar ul"),
      footer: await contentEdges(page, ".footer-inner"),
    };
    // The frame fills the 1,280 px window (less its padding), not a column in the middle of it.
    expect(main.right - main.left).toBeGreaterThan(1200);
    for (const [part, edges] of Object.entries(frames)) {
      expect(Math.abs(edges.left - main.left), `${part} left`).toBeLessThanOrEqual(12);
      expect(Math.abs(edges.right - main.right), `${part} right`).toBeLessThanOrEqual(12);
    }
  });

  for (const path of LISTS) {
    test(`${path}: at least three cards a row, without layout shift`, async ({ page }) => {
      await page.goto(path);
      expect(await cardsInFirstRow(page)).toBeGreaterThanOrEqual(3);
      const shift = await layoutShift(page);
      expect(shift.total, shift.moved.join("\n")).toBeLessThan(UNNOTICEABLE_SHIFT);
      // The spec's image box stays 400 px high in a narrower card.
      const imageHeight = await page
        .locator("main .recipe-card img")
        .first()
        .evaluate((img) => img.clientHeight);
      expect(imageHeight).toBe(400);
    });
  }

  test("a recipe shows its ingredients beside its steps", async ({ page }) => {
    await page.goto(RECIPE);
    const ingredients = await page.getByRole("region", { name: "Zutaten" }).boundingBox();
    const steps = await page.getByRole("region", { name: "Zubereitung" }).boundingBox();
    expect(ingredients && steps).toBeTruthy();
    if (!ingredients || !steps) return;
    expect(ingredients.x + ingredients.width).toBeLessThanOrEqual(steps.x);
    expect(Math.abs(ingredients.y - steps.y)).toBeLessThan(4);
  });
});

// Untagged: the phone project alone runs it (playwright.config.ts).
test.describe("on a phone", () => {
  for (const path of [...LISTS, "/"]) {
    test(`${path}: one card a row, as before`, async ({ page }) => {
      await page.goto(path);
      expect(await cardsInFirstRow(page)).toBe(1);
    });
  }

  test("a recipe keeps its ingredients under its steps", async ({ page }) => {
    await page.goto(RECIPE);
    const ingredients = await page.getByRole("region", { name: "Zutaten" }).boundingBox();
    const steps = await page.getByRole("region", { name: "Zubereitung" }).boundingBox();
    expect(ingredients && steps).toBeTruthy();
    if (!ingredients || !steps) return;
    expect(ingredients.y).toBeGreaterThanOrEqual(steps.y + steps.height);
  });
});
