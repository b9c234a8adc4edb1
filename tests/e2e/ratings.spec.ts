import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { openInDataStudio, signInToDataStudio, expect as studioExpect } from "./data-studio.ts";
import { expect, test } from "./fixtures.ts";
import { waitForHydration } from "./hydration.ts";
import { signIn, uniqueEmail } from "./sign-in.ts";
import { BASE_URL, STUDIO_URL } from "./stack.ts";

/**
 * Rating a recipe on the real stack (decision 0065): signed in, with and
 * without JavaScript; the visitor's own rating comes after load and is in no
 * page the site sends, anonymous (cached at the edge) or signed in.
 */

const RECIPE = "/rezepte/gazpacho";
const NOT_RATED = "Du hast dieses Rezept noch nicht bewertet.";

function ratingSection(page: Page) {
  return page.getByRole("region", { name: "Rezept bewerten" });
}

/** Presses a button of the rating form and waits for the site's answer to the background post. */
async function pressAndWait(page: Page, name: string): Promise<void> {
  await Promise.all([
    page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname.endsWith("/bewertung"),
    ),
    ratingSection(page).getByRole("button", { name }).click(),
  ]);
}

test.describe("with JavaScript", () => {
  test("rate, change, remove: each answered in the status line, the own rating read after load", async ({
    page,
  }, testInfo) => {
    await signIn(page, uniqueEmail(testInfo, "bewerterin"));
    await page.goto(RECIPE);
    await waitForHydration(page);
    const section = ratingSection(page);
    const stars = section.getByRole("group", { name: "Bewertung" });
    await expect(section.getByRole("status")).toHaveText(NOT_RATED);
    await page.evaluate(() => Object.assign(window, { stillHere: true }));

    await stars.getByRole("radio", { name: "4 von 5 Sternen" }).check();
    await pressAndWait(page, "Bewertung speichern");
    await expect(section.getByRole("status")).toHaveText("Danke! Deine Bewertung ist gespeichert: 4 von 5 Sternen.");
    expect(await page.evaluate(() => "stillHere" in window)).toBe(true);

    // A new page shows the stored stars once its script has read them.
    await page.reload();
    await waitForHydration(page);
    await expect(section.getByRole("status")).toHaveText("Deine Bewertung: 4 von 5 Sternen.");
    await expect(stars.getByRole("radio", { name: "4 von 5 Sternen" })).toBeChecked();

    await stars.getByRole("radio", { name: "2 von 5 Sternen" }).check();
    await pressAndWait(page, "Bewertung speichern");
    await expect(section.getByRole("status")).toHaveText("Danke! Deine Bewertung ist gespeichert: 2 von 5 Sternen.");

    await pressAndWait(page, "Bewertung entfernen");
    await expect(section.getByRole("status")).toHaveText("Deine Bewertung ist entfernt.");
    for (const radio of await stars.getByRole("radio").all()) await expect(radio).not.toBeChecked();
    await page.reload();
    await waitForHydration(page);
    await expect(section.getByRole("status")).toHaveText(NOT_RATED);
  });

  test("a press without stars is answered in German and stores nothing", async ({ page }, testInfo) => {
    await signIn(page, uniqueEmail(testInfo, "ohne-sterne"));
    await page.goto(RECIPE);
    await waitForHydration(page);
    await expect(ratingSection(page).getByRole("status")).toHaveText(NOT_RATED);
    await pressAndWait(page, "Bewertung speichern");
    await expect(ratingSection(page).getByRole("status")).toHaveText("Nicht gespeichert: Bitte wähle 1 bis 5 Sterne.");
    const own = await page.request.get(`${RECIPE}/bewertung`);
    expect(await own.json()).toEqual({ stars: null });
  });

  test("the own rating is in no page: not in the signed-in one, not in the anonymous one the edge keeps", async ({
    page,
    browser,
  }, testInfo) => {
    await signIn(page, uniqueEmail(testInfo, "privat"));
    await page.goto(RECIPE);
    await waitForHydration(page);
    await ratingSection(page).getByRole("radio", { name: "5 von 5 Sternen" }).check();
    await pressAndWait(page, "Bewertung speichern");

    const personal = await page.request.get(RECIPE);
    expect(personal.headers()["cache-control"]).toBe("private, no-store");
    const html = await personal.text();
    expect(html).toContain('action="/rezepte/gazpacho/bewertung"');
    expect(html).not.toContain("Deine Bewertung");
    expect(html).not.toMatch(/<input[^>]*name="sterne"[^>]*checked/);

    const anonymous = await browser.newContext({ baseURL: BASE_URL });
    try {
      // Twice, so the second answer comes from the edge cache.
      await anonymous.request.get(RECIPE);
      const cached = await anonymous.request.get(RECIPE);
      expect(cached.headers()["cache-status"]).toContain("hit");
      const shared = await cached.text();
      expect(shared).not.toContain('name="sterne"');
      expect(shared).not.toContain("Deine Bewertung");
      expect(shared).toContain("Melde dich an, um „Gazpacho“ zu bewerten.");
      // Nor does the endpoint answer anyone else.
      expect((await anonymous.request.get(`${RECIPE}/bewertung`)).status()).toBe(401);
    } finally {
      await anonymous.close();
    }
  });

  test("the rating form passes axe", { tag: "@viewport" }, async ({ page }, testInfo) => {
    await signIn(page, uniqueEmail(testInfo, "axe-bewertung"));
    await page.goto(RECIPE);
    await waitForHydration(page);
    await expect(ratingSection(page).getByRole("status")).toHaveText(NOT_RATED);
    const results = await new AxeBuilder({ page }).include("#bewertung").analyze();
    expect(results.violations).toEqual([]);
  });
});

test("signed out: a link to sign in instead of the form", async ({ page }) => {
  await page.goto(RECIPE);
  const section = ratingSection(page);
  await expect(section.getByRole("radio")).toHaveCount(0);
  await expect(section.getByRole("link", { name: "Mit Google anmelden" })).toHaveAttribute(
    "href",
    "/login?redirect=%2Frezepte%2Fgazpacho",
  );
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("rate and remove with plain form posts, back on the recipe with a German confirmation", async ({
    page,
  }, testInfo) => {
    await signIn(page, uniqueEmail(testInfo, "bewertung-nojs"));
    await page.goto(`${RECIPE}?portionen=2`);
    const section = ratingSection(page);
    await section.getByRole("radio", { name: "3 von 5 Sternen" }).check();
    await section.getByRole("button", { name: "Bewertung speichern" }).click();
    await expect(page).toHaveURL(`${BASE_URL}${RECIPE}?portionen=2`);
    await expect(page.getByText("Danke! Deine Bewertung ist gespeichert: 3 von 5 Sternen.")).toBeVisible();
    expect(await (await page.request.get(`${RECIPE}/bewertung`)).json()).toEqual({ stars: 3 });

    await ratingSection(page).getByRole("button", { name: "Bewertung entfernen" }).click();
    await expect(page.getByText("Deine Bewertung ist entfernt.")).toBeVisible();
    expect(await (await page.request.get(`${RECIPE}/bewertung`)).json()).toEqual({ stars: null });

    // No stars chosen: the German message, nothing stored.
    await ratingSection(page).getByRole("button", { name: "Bewertung speichern" }).click();
    await expect(page.getByText("Nicht gespeichert: Bitte wähle 1 bis 5 Sterne.")).toBeVisible();
    expect(await (await page.request.get(`${RECIPE}/bewertung`)).json()).toEqual({ stars: null });
  });
});

test(
  "the Data Studio lists the ratings in German: the seed's among them",
  { tag: "@desktop" },
  async ({ page }, testInfo) => {
    test.slow();
    // Editors come in through a door of their own (decision 0004), as `npm start` opens one.
    await signInToDataStudio(page, `${STUDIO_URL}/directus`);
    await openInDataStudio(page, `${STUDIO_URL}/directus/admin/content/recipe_ratings`);
    const main = page.locator("#main-content");
    await studioExpect(page.getByRole("heading", { name: "Bewertungen" }).first()).toBeVisible();
    await studioExpect(main.getByText("Sterne", { exact: true }).first()).toBeVisible();
    await studioExpect(main.getByText("bewertung-1@seed.example.org").first()).toBeVisible();
    const path = testInfo.outputPath("bewertungen.png");
    await page.screenshot({ path });
    await testInfo.attach("bewertungen", { path, contentType: "image/png" });
  },
);
