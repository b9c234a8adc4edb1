/**
 * "Zutatenliste einfügen" in the real Data Studio (decision 0048): an editor opens a recipe, runs the flow,
 * pastes a list with a range and an unknown ingredient, confirms, and sees the lines in the recipe's
 * ingredient list, what to check in "Zu prüfen (Import)" and a notification naming the proposed
 * ingredient. On the desktop through the sidebar's "Flows", on a phone through the button in the form
 * (the sidebar covers the flow's dialog there). Screenshots of each step are attached to the report.
 */
import { readFileSync } from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import { connectAdmin, type DirectusAdmin } from "../../scripts/cms/directus-admin.ts";
import { LOCAL_ADMIN } from "../../scripts/local-stack/directus.ts";
import { expect, openInDataStudio, signInToDataStudio } from "./data-studio.ts";
import { test } from "./fixtures.ts";
import { STACK_FILE, STUDIO_URL } from "./stack.ts";

/** An ingredient the seed does not know, one per project: both projects run at once against one Directus. */
const UNKNOWN = {
  mobile: { line: "1 Stange Zitronengras", name: "Zitronengras", shown: "Zitronengras 1 Stange --" },
  desktop: { line: "1 Stück Galgant", name: "Galgant", shown: "Galgant 1 Stück --" },
};
const unknownFor = (testInfo: TestInfo) => UNKNOWN[testInfo.project.name === "mobile" ? "mobile" : "desktop"];

/** Six lines: a range, a note, a plural, an unknown ingredient and an optional one. */
const listFor = (testInfo: TestInfo) =>
  [
    "200 g Mehl",
    "2–3 EL Olivenöl",
    "2 Zwiebeln, fein gewürfelt",
    "1 Prise Salz",
    unknownFor(testInfo).line,
    "Petersilie (optional)",
  ].join("\n");

async function screenshot(page: Page, testInfo: TestInfo, step: string): Promise<void> {
  const path = testInfo.outputPath(`${testInfo.project.name}-${step}.png`);
  await page.screenshot({ path });
  await testInfo.attach(step, { path, contentType: "image/png" });
}

test.describe("pasting an ingredient list in the Data Studio", () => {
  test.describe.configure({ timeout: 180_000 });

  /** A draft recipe of its own with one line (Butter); `remove` deletes it and the proposed ingredient. */
  async function newRecipe(
    testInfo: TestInfo,
  ): Promise<{ editor: DirectusAdmin; id: number; remove(): Promise<void> }> {
    const { directusUrl } = JSON.parse(readFileSync(STACK_FILE, "utf8")) as { directusUrl: string };
    const editor = await connectAdmin(directusUrl, LOCAL_ADMIN);
    const [type] = await editor.request<{ id: number }[]>("GET", "/items/RecipeType?limit=1&fields=id");
    const [butter] = await editor.request<{ id: number }[]>(
      "GET",
      "/items/ingredient?filter[name][_eq]=Butter&fields=id",
    );
    const recipe = await editor.request<{ id: number }>("POST", "/items/recipe", {
      status: "draft",
      name: `Zitronen-Pfannkuchen (${testInfo.project.name})`,
      slug: `zitronen-pfannkuchen-${testInfo.project.name}-${Date.now()}`,
      prepTime: 10,
      cookTime: 15,
      totalTime: 25,
      servings: 2,
      type: type?.id,
      ingredients: [{ ingredient_id: butter?.id, amount: 20, unit: "g", sort: 1 }],
    });
    return {
      editor,
      id: recipe.id,
      async remove() {
        await editor.request("DELETE", `/items/recipe/${recipe.id}`);
        const proposed = await editor.request<{ id: number }[]>(
          "GET",
          `/items/ingredient?filter[name][_eq]=${encodeURIComponent(unknownFor(testInfo).name)}&fields=id`,
        );
        for (const { id } of proposed) await editor.request("DELETE", `/items/ingredient/${id}`);
      },
    };
  }

  test(
    "an editor pastes six lines and sees them in the recipe, the proposed ingredient named",
    { tag: "@viewport" },
    async ({ page }, testInfo) => {
      const unknown = unknownFor(testInfo);
      const phone = testInfo.project.name === "mobile";
      const { editor, id: recipeId, remove } = await newRecipe(testInfo);
      try {
        // Directus' PUBLIC_URL is the site's /directus, which serves no Data Studio (decision 0012): editors
        // come in through a door of their own (decision 0004), as `npm start` opens one.
        await signInToDataStudio(page, `${STUDIO_URL}/directus`);
        await openInDataStudio(page, `${STUDIO_URL}/directus/admin/content/recipe/${recipeId}`);
        const pasteButton = page.locator("#main-content").getByRole("button", { name: "Zutatenliste einfügen" });
        if (phone) {
          // On a phone the Data Studio opens with its navigation and sidebar drawn over the form; an editor
          // taps beside each to close it.
          await expect(page.getByText("Flows", { exact: true })).toBeVisible();
          await screenshot(page, testInfo, "1-opened");
          const { width, height } = page.viewportSize() ?? { width: 412, height: 839 };
          await page.mouse.click(8, height / 2);
          await expect(page.getByText("Flows", { exact: true })).toBeHidden();
          await page.mouse.click(width - 8, height / 2);
          await expect(page.getByText("Einkaufslisten", { exact: true })).toBeHidden();
          await pasteButton.scrollIntoViewIfNeeded();
          await screenshot(page, testInfo, "2-button-in-the-form");
          await pasteButton.click();
        } else {
          await expect(pasteButton).toBeVisible();
          await screenshot(page, testInfo, "1-opened");
          await page.getByText("Flows", { exact: true }).click();
          const inSidebar = page.locator("#sidebar").getByRole("button", { name: "Zutatenliste einfügen" });
          await screenshot(page, testInfo, "2-flows-in-the-sidebar");
          await inSidebar.click();
        }

        // Directus draws its dialogs into one outlet (they carry no dialog role).
        const dialog = page.locator("#dialog-outlet");
        await expect(dialog.getByText("Zutatenliste in dieses Rezept einfügen")).toBeVisible();
        await expect(dialog.getByText("Anhängen", { exact: true })).toBeVisible();
        await expect(dialog.getByText("Bestehende Zeilen ersetzen", { exact: true })).toBeVisible();
        await expect(dialog.getByText("Alle Zeilen zu den optionalen Zutaten")).toBeVisible();
        const run = dialog.getByRole("button", { name: "Flow beim aktuellen Element ausführen" });
        await expect(run).toBeDisabled();
        await dialog.getByPlaceholder("200 g Mehl").fill(listFor(testInfo));
        await screenshot(page, testInfo, "3-dialog-filled");
        await run.click();

        await expect(page.getByText('Flow "Zutatenliste einfügen" wurde erfolgreich ausgeführt')).toBeVisible();
        // The form shows the recipe as stored now: the lines in order after Butter, the optional one apart.
        const lines = page
          .locator("#main-content")
          .getByText(/^(Butter|Mehl|Olivenöl|Zwiebel|Salz|Zitronengras|Galgant) /);
        await expect(lines).toHaveText([
          "Butter 20 g --",
          "Mehl 200 g --",
          "Olivenöl 2 EL --",
          "Zwiebel 2 -- fein gewürfelt",
          "Salz 1 Prise --",
          unknown.shown,
        ]);
        await expect(page.locator("#main-content").getByText(/^Petersilie/)).toBeVisible();
        await lines.last().scrollIntoViewIfNeeded();
        await screenshot(page, testInfo, "4-lines");
        // "Zu prüfen (Import)" shows at the top of the form once it holds something.
        const problems = page
          .locator("#main-content .field")
          .filter({ has: page.getByRole("button", { name: /^Zu prüfen \(Import\)/ }) })
          .locator("textarea");
        await expect(problems).toHaveValue(`Neue Zutat vorgeschlagen: „${unknown.name}“; bitte prüfen.`);
        await problems.scrollIntoViewIfNeeded();
        await screenshot(page, testInfo, "5-what-to-check");

        // The notification names the proposed ingredient; on a phone the bell is in the navigation drawer.
        if (phone) await page.getByRole("button", { name: "left_panel_open" }).click();
        await page.locator(".v-button.notifications button").click();
        // The phone's and the desktop's test may paste at the same time as the same editor: each finds its own
        // notification by its recipe's name, which the subject starts with.
        const notification = page.getByText(
          `„Zitronen-Pfannkuchen (${testInfo.project.name})“ – Zutatenliste eingefügt: 6 Zeilen, 1 neue Zutat vorgeschlagen`,
        );
        await expect(notification).toBeVisible();
        await notification.click();
        await expect(page.getByRole("listitem").filter({ hasText: unknown.name })).toBeVisible();
        await screenshot(page, testInfo, "6-notification");

        const [proposed] = await editor.request<{ status: string }[]>(
          "GET",
          `/items/ingredient?filter[name][_eq]=${encodeURIComponent(unknown.name)}&fields=status`,
        );
        expect(proposed?.status).toBe("draft");
      } finally {
        await remove();
      }
    },
  );
});
