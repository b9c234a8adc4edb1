/**
 * The pantry on the ingredient search (issue 34, points 1–3; decision 0040)
 * in a real browser against the seed site, on a phone and a desktop: basics
 * at hand and changed, a pantry ticked once and found again on the next
 * visit (on this device, and through the account on another), one
 * ingredient more, all of it accessible and still.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { NECESSARY_ONLY } from "../../app/lib/consent/consent.ts";
import { consentCookie, expect, test } from "./fixtures.ts";
import { waitForHydration } from "./hydration.ts";
import { layoutShift, UNNOTICEABLE_SHIFT } from "./layout-shift.ts";
import { signIn, uniqueEmail } from "./sign-in.ts";
import { BASE_URL } from "./stack.ts";

const STORAGE_KEY = "wkij-vorrat";
const ALL_BASICS = "Salz, Pfeffer, Olivenöl, Rapsöl und Wasser setzen wir voraus.";

function results(page: Page) {
  return page.getByRole("region", { name: "Passende Rezepte" });
}

function recipeCard(page: Page, slug: string) {
  return page.locator(`article[data-slug="${slug}"]`);
}

function remembered(page: Page): Promise<unknown> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "null"), STORAGE_KEY);
}

/** Ticks a box in the picker and waits for the address that follows. */
async function tick(page: Page, name: string, address: RegExp) {
  await page.getByRole("checkbox", { name: new RegExp(`^${name}\\b`) }).check();
  await expect(page).toHaveURL(address);
}

async function openBasics(page: Page) {
  const summary = page.getByText("Grundzutaten ändern", { exact: true });
  await summary.click();
  await expect(page.getByRole("list", { name: "Grundzutaten" })).toBeVisible();
}

test.describe("basics at hand", () => {
  test("are named once, never missing, and can be taken away and given back", async ({ page }) => {
    await page.goto("/zutatensuche?z=baguette&z=tomate&z=knoblauch");
    await waitForHydration(page);
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
    await expect(page.getByText("setzen wir voraus")).toHaveCount(1);
    await expect(results(page).getByText(ALL_BASICS)).toBeVisible();
    const card = recipeCard(page, "pan-con-tomate");
    await expect(card.locator(".match-summary")).toHaveText("5 von 5 Zutaten hast du. Es fehlt nichts!");
    await expect(card.getByRole("list", { name: "Eigenschaften" }).getByText("Ohne Einkauf")).toBeVisible();
    await expect(results(page).locator(".complete-count")).toHaveText("1 Rezept ohne Einkauf");

    await openBasics(page);
    await page.getByRole("link", { name: "Salz nicht voraussetzen" }).click();
    await expect(page).toHaveURL(/\?z=baguette&z=tomate&z=knoblauch&fehlt=salz$/);
    await expect(card.locator(".match-summary")).toHaveText("4 von 5 Zutaten hast du. Es fehlt: Salz.");
    await expect(card.getByText("Ohne Einkauf")).toHaveCount(0);
    await expect(
      results(page).getByText("Pfeffer, Olivenöl, Rapsöl und Wasser setzen wir voraus, Salz nicht."),
    ).toBeVisible();
    await expect(results(page).locator(".complete-count")).toHaveText("Noch kein Rezept ohne Einkauf");

    await page.getByRole("link", { name: "Salz wieder voraussetzen" }).click();
    await expect(page).toHaveURL(/\?z=baguette&z=tomate&z=knoblauch$/);
    await expect(card.locator(".match-summary")).toHaveText("5 von 5 Zutaten hast du. Es fehlt nichts!");
    expect(await page.evaluate(() => "stillHere" in window)).toBe(true);
  });

  test("a page with results, basics open and suggestions has no accessibility violations and does not move", {
    tag: "@viewport",
  }, async ({ page }) => {
    test.slow();
    await page.goto("/zutatensuche?z=spaghetti&z=knoblauch&z=chilischote&fehlt=pfeffer");
    await page.waitForLoadState("networkidle");
    const shift = await layoutShift(page);
    expect(shift.total, shift.moved.join("; ")).toBeLessThan(UNNOTICEABLE_SHIFT);
    await waitForHydration(page);
    await openBasics(page);
    await expect(page.getByRole("link", { name: /^\+ Petersilie/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Vorrat vergessen" })).toBeEnabled();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
});

test.describe("one ingredient more", () => {
  test("names what completes a recipe, and one click adds it and shows the results", async ({ page }) => {
    await page.goto("/zutatensuche?z=spaghetti&z=knoblauch&z=chilischote");
    await waitForHydration(page);
    await expect(results(page).locator(".complete-count")).toHaveText("Noch kein Rezept ohne Einkauf");
    const suggestion = page.getByRole("region", { name: "Eine Zutat mehr" }).getByRole("link");
    await expect(suggestion).toHaveText(["+ Petersilie: 1 Rezept mehr ohne Einkauf"]);
    await suggestion.click();
    await expect(page).toHaveURL(/\?z=spaghetti&z=knoblauch&z=chilischote&z=petersilie#ergebnisse$/);
    await expect(results(page).locator(".complete-count")).toHaveText("1 Rezept ohne Einkauf");
    const card = recipeCard(page, "spaghetti-aglio-e-olio");
    await expect(card.locator(".match-summary")).toHaveText("6 von 6 Zutaten hast du. Es fehlt nichts!");
    await expect(card.getByText("Ohne Einkauf")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Passende Rezepte" })).toBeInViewport();
    await expect(page.getByRole("checkbox", { name: /^Petersilie\b/ })).toBeChecked();
  });
});

test.describe("a remembered pantry", () => {
  test("ticked once, it is there again on the next visit, basics included, without moving the page", {
    tag: "@viewport",
  }, async ({ page }) => {
    await page.goto("/zutatensuche");
    await waitForHydration(page);
    await expect(page.getByText("Deine Auswahl merken wir uns auf diesem Gerät.")).toBeVisible();
    await tick(page, "Tomate", /\?z=tomate$/);
    await tick(page, "Knoblauch", /\?z=knoblauch&z=tomate$/);
    await openBasics(page);
    await page.getByRole("link", { name: "Pfeffer nicht voraussetzen" }).click();
    await expect(page).toHaveURL(/\?z=knoblauch&z=tomate&fehlt=pfeffer$/);
    await expect
      .poll(() => remembered(page))
      .toMatchObject({ selected: ["knoblauch", "tomate"], missingBasics: ["pfeffer"] });

    await page.goto("/impressum");
    await page.goto("/zutatensuche");
    await expect(page).toHaveURL(`${BASE_URL}/zutatensuche?z=knoblauch&z=tomate&fehlt=pfeffer`);
    await expect(page.getByRole("checkbox", { name: /^Tomate\b/ })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: /^Knoblauch\b/ })).toBeChecked();
    await expect(results(page).getByText(/setzen wir voraus, Pfeffer nicht\.$/)).toBeVisible();
    await page.waitForLoadState("networkidle");
    const shift = await layoutShift(page);
    expect(shift.unprompted, shift.moved.join("; ")).toBeLessThan(UNNOTICEABLE_SHIFT);
    // The restored address took the bare page's place: back leads to where the visitor came from.
    await page.goBack();
    await expect(page).toHaveURL(`${BASE_URL}/impressum`);
  });

  test("the tab bar brings the pantry back, and a shared link does not replace it until it is changed", async ({
    page,
  }) => {
    await page.goto("/zutatensuche");
    await waitForHydration(page);
    await tick(page, "Tomate", /\?z=tomate$/);
    await expect.poll(() => remembered(page)).toMatchObject({ selected: ["tomate"] });

    await page.goto("/zutatensuche?z=ei");
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Zutatensuche" }).click();
    await expect(page).toHaveURL(/\/zutatensuche\?z=tomate$/);
    expect(await remembered(page)).toMatchObject({ selected: ["tomate"] });

    await page.goto("/zutatensuche?z=ei");
    await waitForHydration(page);
    await tick(page, "Zwiebel", /\?z=zwiebel&z=ei$/);
    await expect.poll(() => remembered(page)).toMatchObject({ selected: ["zwiebel", "ei"] });
  });

  test("“Vorrat vergessen” forgets it: the next visit starts empty", async ({ page }) => {
    await page.goto("/zutatensuche");
    await waitForHydration(page);
    await tick(page, "Tomate", /\?z=tomate$/);
    await expect.poll(() => remembered(page)).not.toBeNull();
    await page.getByRole("button", { name: "Vorrat vergessen" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/zutatensuche`);
    await expect(results(page).getByText("Dein Vorrat ist vergessen.")).toBeVisible();
    expect(await remembered(page)).toBeNull();
    await page.goto("/impressum");
    await page.goto("/zutatensuche");
    await waitForHydration(page);
    await expect(page.getByRole("checkbox", { name: /^Tomate\b/ })).not.toBeChecked();
    await expect(page).toHaveURL(`${BASE_URL}/zutatensuche`);
  });

  test("the page the edge cache keeps is the same with and without a remembered pantry", async ({ page, browser }) => {
    const path = "/zutatensuche?z=zwiebel&z=paprika";
    const plain = await page.goto(path);
    const plainHtml = (await plain?.text()) ?? "";
    // The first answer is stored after it is sent: wait until the edge cache has it.
    await expect.poll(async () => (await page.request.get(path)).headers()["cache-status"]).toBe("wkij; hit");
    const other = await newDevice(browser, page);
    const pantry = JSON.stringify({ selected: ["zwiebel", "paprika"], missingBasics: [], changedAt: Date.now() });
    await other.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
      key: STORAGE_KEY,
      value: pantry,
    });
    // The other device remembers this very search, so its scripts read the pantry and go to it.
    await other.goto("/zutatensuche");
    await expect(other).toHaveURL(`${BASE_URL}${path}`);
    // Asked again with everything this browser would send now that the page's scripts ran with a pantry
    // remembered (its cookies; no revalidation, which would answer 304 without a page): the same page, from the cache.
    const withPantry = await other.context().request.get(path);
    expect(withPantry.headers()["cache-status"]).toBe("wkij; hit");
    const withoutNonces = (html: string) => html.replace(/\snonce="[^"]*"/g, "").replace(/\s\/>/g, "/>");
    expect(withoutNonces(await withPantry.text())).toBe(withoutNonces(plainHtml));
    // Nothing of it goes to the server: no cookie carries a pantry.
    const cookies = await other.context().cookies();
    expect(cookies.filter((cookie) => /vorrat|zwiebel/i.test(`${cookie.name}=${cookie.value}`))).toEqual([]);
    await other.context().close();
  });
});

/** Another device: a fresh browser context with the same viewport and a consent choice made. */
async function newDevice(browser: Browser, like: Page): Promise<Page> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    locale: "de-DE",
    viewport: like.viewportSize(),
    isMobile: (like.viewportSize()?.width ?? 1000) < 600,
  });
  await context.addCookies([consentCookie(NECESSARY_ONLY)]);
  return context.newPage();
}

function accountSave(page: Page) {
  return page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/zutatensuche/vorrat",
  );
}

test.describe("signed in", () => {
  test("the pantry is kept in the account: another device finds it, and forgetting it there forgets it here", async ({
    page,
    browser,
  }, testInfo) => {
    test.slow();
    const email = uniqueEmail(testInfo, "vorrat");
    await signIn(page, email);
    await page.goto("/zutatensuche");
    await waitForHydration(page);
    await expect(page.getByText("Deine Auswahl merken wir uns auf diesem Gerät und in deinem Konto.")).toBeVisible();
    const saved = accountSave(page);
    await tick(page, "Tomate", /\?z=tomate$/);
    expect((await saved).status()).toBe(200);
    const savedAgain = accountSave(page);
    await tick(page, "Knoblauch", /\?z=knoblauch&z=tomate$/);
    expect((await savedAgain).status()).toBe(200);

    const other = await newDevice(browser, page);
    await signIn(other, email);
    await other.goto("/zutatensuche");
    await expect(other).toHaveURL(`${BASE_URL}/zutatensuche?z=knoblauch&z=tomate`);
    await expect(other.getByRole("checkbox", { name: /^Knoblauch\b/ })).toBeChecked();
    await expect.poll(() => remembered(other)).toMatchObject({ selected: ["knoblauch", "tomate"] });

    const forgotten = accountSave(other);
    await other.getByRole("button", { name: "Vorrat vergessen" }).click();
    expect((await forgotten).status()).toBe(200);
    await other.context().close();

    // Back on the first device: the account's empty pantry is newer than this one's.
    await page.goto("/impressum");
    await page.goto("/zutatensuche");
    await waitForHydration(page);
    await expect.poll(() => remembered(page)).toBeNull();
    await expect(page).toHaveURL(`${BASE_URL}/zutatensuche`);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the address is the whole state: basics change by link, a suggestion is a link, nothing is remembered", async ({
    page,
  }) => {
    await page.goto("/zutatensuche?z=spaghetti&z=knoblauch&z=chilischote");
    await expect(page.getByRole("button", { name: "Vorrat vergessen" })).toBeHidden();
    await page.getByText("Grundzutaten ändern", { exact: true }).click();
    await page.getByRole("link", { name: "Salz nicht voraussetzen" }).click();
    await expect(page).toHaveURL(/\?z=spaghetti&z=knoblauch&z=chilischote&fehlt=salz$/);
    const card = recipeCard(page, "spaghetti-aglio-e-olio");
    await expect(card.locator(".match-summary")).toHaveText("4 von 6 Zutaten hast du. Es fehlen: Petersilie, Salz.");
    await page.getByText("Grundzutaten ändern", { exact: true }).click();
    await page.getByRole("link", { name: "Salz wieder voraussetzen" }).click();
    // The next link is on this page and the one it loads: clicked before the new page has come, the click is lost
    // with the old one (it was, once, on a loaded host).
    await expect(page).toHaveURL(/\?z=spaghetti&z=knoblauch&z=chilischote$/);
    await page.getByRole("link", { name: "+ Petersilie: 1 Rezept mehr ohne Einkauf" }).click();
    await expect(page).toHaveURL(/\?z=spaghetti&z=knoblauch&z=chilischote&z=petersilie#ergebnisse$/);
    await expect(card.locator(".match-summary")).toHaveText("6 von 6 Zutaten hast du. Es fehlt nichts!");
  });
});
