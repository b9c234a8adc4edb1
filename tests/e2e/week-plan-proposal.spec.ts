/**
 * "Plan meine Woche" (/wochenplan/vorschlag, decision 0071) in a real
 * browser against the seed site, on a phone and a desktop: reached from the
 * shopping list, a day swapped, the remembered pantry taken
 * into the address, all of it accessible and still; and without JavaScript,
 * the form, the swap and the form that takes the plan into the week plan.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { waitForHydration } from "./hydration.ts";
import { layoutShift, UNNOTICEABLE_SHIFT } from "./layout-shift.ts";

const STORAGE_KEY = "wkij-vorrat";
const WEEKDAYS = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"];

function proposal(page: Page) {
  return page.getByRole("region", { name: "Dein Vorschlag" });
}

/** The recipe of each day, by slug, Monday first. */
function plannedSlugs(page: Page): Promise<string[]> {
  return proposal(page)
    .locator(".week-plan-day article.recipe-card")
    .evaluateAll((cards) => cards.map((card) => card.getAttribute("data-slug") ?? ""));
}

test.describe("with JavaScript", () => {
  test("reached from the shopping list with a remembered pantry, it plans five days, says what to buy, and does not move", {
    tag: "@viewport",
  }, async ({ page }) => {
    test.slow();
    await page.goto("/einkaufsliste");
    await page.evaluate(
      (key) =>
        localStorage.setItem(
          key,
          JSON.stringify({ selected: ["tomate", "knoblauch", "spaghetti"], missingBasics: [], changedAt: 1 }),
        ),
      STORAGE_KEY,
    );
    await waitForHydration(page);
    await page.getByRole("link", { name: /^Plan meine Woche/ }).click();
    await expect(page).toHaveURL(/\/wochenplan\/vorschlag\?tage=5&z=tomate&z=knoblauch&z=spaghetti$/);
    await expect(page.getByRole("heading", { level: 1, name: "Plan meine Woche" })).toBeVisible();
    await expect(proposal(page).locator(".week-plan-weekday")).toHaveText(WEEKDAYS.slice(0, 5));
    await expect(page.getByText("Wir planen mit: Tomate, Knoblauch und Spaghetti.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Du brauchst nur noch" })).toBeVisible();
    await expect(page.getByRole("button", { name: "In den Wochenplan übernehmen" })).toBeVisible();

    await page.reload();
    await page.waitForLoadState("networkidle");
    const shift = await layoutShift(page);
    expect(shift.total, shift.moved.join("; ")).toBeLessThan(UNNOTICEABLE_SHIFT);
    await waitForHydration(page);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  test("'In den Wochenplan übernehmen' puts the proposed days into the week plan on the device", async ({ page }) => {
    await page.goto("/wochenplan/vorschlag?tage=3&z=tomate&z=knoblauch");
    await waitForHydration(page);
    const slugs = await plannedSlugs(page);
    expect(slugs).toHaveLength(3);
    const names = await proposal(page).locator(".week-plan-day article.recipe-card .recipe-name").allTextContents();
    expect(names).toHaveLength(3);
    await page.getByRole("button", { name: "In den Wochenplan übernehmen" }).click();
    await expect(page).toHaveURL(/\/wochenplan$/);
    await expect(page.getByText("Der Vorschlag steht jetzt in deinem Wochenplan.")).toBeVisible();
    for (const [index, name] of names.entries()) {
      const day = page.locator(".week-day").filter({ has: page.getByRole("heading", { name: WEEKDAYS[index] }) });
      await expect(day.getByRole("link", { name: name.trim(), exact: true })).toBeVisible();
    }
    // On the device: the plan is there after a reload, with the slugs proposed.
    const stored = await page.evaluate(() => localStorage.getItem("wkij-wochenplan") ?? "");
    for (const slug of slugs) expect(stored).toContain(slug);
  });

  test("swaps one day for another recipe in place, and a second press goes further", async ({ page }) => {
    await page.goto("/wochenplan/vorschlag?tage=4&z=tomate&z=knoblauch");
    await waitForHydration(page);
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
    const before = await plannedSlugs(page);
    expect(before).toHaveLength(4);

    await page.getByRole("link", { name: "Anderes Rezept für Dienstag" }).click();
    await expect(page).toHaveURL(/tausch=1/);
    await expect.poll(async () => (await plannedSlugs(page))[1]).not.toBe(before[1]);
    const once = await plannedSlugs(page);
    expect([once[0], once[2], once[3]]).toEqual([before[0], before[2], before[3]]);

    await page.getByRole("link", { name: "Anderes Rezept für Dienstag" }).click();
    await expect.poll(async () => (await plannedSlugs(page))[1]).not.toBe(once[1]);
    const twice = await plannedSlugs(page);
    expect(twice[1]).not.toBe(before[1]);
    expect(await page.evaluate(() => "stillHere" in window)).toBe(true);
  });

  test("takes the remembered pantry into its address", async ({ page }) => {
    await page.goto("/impressum");
    await page.evaluate(
      (key) =>
        localStorage.setItem(key, JSON.stringify({ selected: ["tomate"], missingBasics: ["salz"], changedAt: 1 })),
      STORAGE_KEY,
    );
    await page.goto("/wochenplan/vorschlag");
    await expect(page).toHaveURL(/\/wochenplan\/vorschlag\?tage=5&z=tomate&fehlt=salz$/);
    await expect(page.getByText("Wir planen mit: Tomate.")).toBeVisible();
    await expect(page.getByText("Dein Vorrat ist leer")).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("plans as many dinners as chosen, swaps a day by a link, and offers the plan to the week plan", async ({
    page,
  }) => {
    await page.goto("/wochenplan/vorschlag");
    await expect(page.getByText("Dein Vorrat ist leer")).toBeVisible();
    await expect(page.getByRole("link", { name: "Zutatensuche" }).first()).toHaveAttribute("href", "/zutatensuche");

    await page.goto("/wochenplan/vorschlag?z=tomate");
    await page.getByLabel("Wie viele Abendessen?").selectOption("3");
    await page.getByRole("button", { name: "Neu planen" }).click();
    await expect(page).toHaveURL(/\/wochenplan\/vorschlag\?tage=3&z=tomate$/);
    await expect(proposal(page).locator(".week-plan-weekday")).toHaveText(WEEKDAYS.slice(0, 3));
    const before = await plannedSlugs(page);

    await page.getByRole("link", { name: "Anderes Rezept für Montag" }).click();
    await expect(page).toHaveURL(/tausch=0/);
    const after = await plannedSlugs(page);
    expect(after[0]).not.toBe(before[0]);
    expect(after.slice(1)).toEqual(before.slice(1));

    const take = page.locator("form.week-plan-take");
    await expect(take).toHaveAttribute("action", "/wochenplan");
    await expect(take).toHaveAttribute("method", "post");
    await expect(take.locator('input[name="aktion"]')).toHaveValue("vorschlag-uebernehmen");
    const entries = await take
      .locator('input[name="eintrag"]')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(entries.map((entry) => entry.split("|").slice(0, 2).join("|"))).toEqual(
      after.map((slug, day) => `${day}|${slug}`),
    );
    for (const entry of entries) expect(entry).toMatch(/^\d\|[a-z0-9-]+\|\d+$/);
  });
});
