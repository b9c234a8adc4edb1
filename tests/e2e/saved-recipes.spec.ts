import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { waitForHydration } from "./hydration.ts";
import { NO_ANSWERS } from "./no-answer.ts";
import { signIn, uniqueEmail } from "./sign-in.ts";
import { slowNetwork } from "./slow-network.ts";
import { BASE_URL, CMS_DOWN_URL } from "./stack.ts";

const EMPTY_TEXT = "Du hast noch keine Rezepte gespeichert.";

/**
 * Clicks a save button and waits until the site has answered the post. The
 * button shows the new state before that; a full page load in between would
 * cancel the request (as it would for a visitor), so tests that load another
 * page next wait for the answer first.
 */
async function clickAndWaitForSave(page: Page, button: Locator): Promise<void> {
  await Promise.all([
    page.waitForResponse(
      (response) =>
        response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/gespeicherte-rezepte"),
    ),
    button.click(),
  ]);
}

test.describe("with JavaScript", () => {
  test("sign in, save, see it in the list, remove, sign out", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, "erika");
    await signIn(page, email);
    await expect(page.getByText(EMPTY_TEXT)).toBeVisible();

    await page.goto("/rezepte/gazpacho");
    await waitForHydration(page);
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
    const card = page.locator('article[data-slug="gazpacho"]');
    await card.getByRole("button", { name: "Speichern: Gazpacho" }).click();
    await expect(card.getByRole("button", { name: "Entfernen: Gazpacho" })).toBeVisible();
    expect(await page.evaluate(() => "stillHere" in window)).toBe(true);

    // The list, reached by a client-side navigation, shows it.
    await page
      .getByRole("navigation", { name: "Hauptnavigation" })
      .getByRole("link", { name: "Gespeicherte Rezepte" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Gespeicherte Rezepte" })).toBeVisible();
    const saved = page.locator('article[data-slug="gazpacho"]');
    await expect(saved).toBeVisible();
    await expect(page.getByText("1 gespeichertes Rezept")).toBeVisible();

    // Removing it reloads the list at once.
    await saved.getByRole("button", { name: "Entfernen: Gazpacho" }).click();
    await expect(saved).toHaveCount(0);
    await expect(page.getByText(EMPTY_TEXT)).toBeVisible();
    expect(await page.evaluate(() => "stillHere" in window)).toBe(true);

    await page.getByRole("contentinfo").getByRole("button", { name: "Abmelden" }).click();
    await expect(page.getByText("Du bist jetzt abgemeldet.")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("Anmelden, um Rezepte zu speichern");
    await expect(page.getByRole("link", { name: "Mit Google anmelden" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Speichern/ })).toHaveCount(0);
  });

  test("every card on a list page has the button, and a saved recipe shows as saved everywhere", async ({
    page,
  }, testInfo) => {
    await signIn(page, uniqueEmail(testInfo, "max"));
    await page.goto("/kategorie/soup");
    await waitForHydration(page);
    const cards = page.locator("article.recipe-card");
    await expect(page.getByRole("button", { name: /^Speichern: / })).toHaveCount(await cards.count());
    await clickAndWaitForSave(page, cards.first().getByRole("button", { name: /^Speichern: / }));
    await expect(cards.first().getByRole("button", { name: /^Entfernen: / })).toBeVisible();
    const slug = await cards.first().getAttribute("data-slug");
    await page.goto(`/rezepte/${slug}`);
    await expect(page.getByRole("button", { name: /^Entfernen: / })).toBeVisible();
  });
});

test("a save shown as done survives a reload at once, on a slow network too", async ({ page }, testInfo) => {
  await signIn(page, uniqueEmail(testInfo, "eilig"));
  await page.goto("/rezepte/gazpacho");
  await waitForHydration(page);
  await slowNetwork(page, 400);

  await page.getByRole("button", { name: "Speichern: Gazpacho" }).click();
  // Sent, not stored yet: the button says so instead of claiming it is done.
  await expect(page.getByRole("button", { name: "Speichern: Gazpacho" })).toHaveAttribute("aria-busy", "true");
  await expect(page.getByRole("button", { name: "Entfernen: Gazpacho" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Entfernen: Gazpacho" })).toBeVisible();

  await page.getByRole("button", { name: "Entfernen: Gazpacho" }).click();
  await expect(page.getByRole("button", { name: "Speichern: Gazpacho" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Speichern: Gazpacho" })).toBeVisible();
});

for (const [how, answer, text] of NO_ANSWERS) {
  test(`a save that gets no answer (${how}) says so on the page, which stays`, async ({ page }, testInfo) => {
    await signIn(page, uniqueEmail(testInfo, "speichern-ohne-antwort"));
    await page.goto("/rezepte/gazpacho");
    await waitForHydration(page);
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
    // Every data request of the page meets it: the post, and the data React Router would load after it.
    const dataRequests = (url: URL) => url.pathname.endsWith(".data");
    await page.route(dataRequests, answer);
    const card = page.locator('article[data-slug="gazpacho"]');
    await card.getByRole("button", { name: "Speichern: Gazpacho" }).click();
    await expect(card.getByRole("alert")).toHaveText(text);
    // Not shown as saved, still on the same page (no error page, no reload), and it can be tried again.
    await expect(card.getByRole("button", { name: "Speichern: Gazpacho" })).toBeEnabled();
    await expect(page.getByRole("heading", { level: 1, name: "Gazpacho" })).toBeVisible();
    expect(await page.evaluate(() => "stillHere" in window)).toBe(true);
    await page.unroute(dataRequests);
    await clickAndWaitForSave(page, card.getByRole("button", { name: "Speichern: Gazpacho" }));
    await expect(card.getByRole("button", { name: "Entfernen: Gazpacho" })).toBeVisible();
    await expect(card.getByRole("alert")).toHaveCount(0);

    // A removal that gets no answer says it was not removed, and the recipe stays saved.
    await page.route(dataRequests, answer);
    await card.getByRole("button", { name: "Entfernen: Gazpacho" }).click();
    await expect(card.getByRole("alert")).toHaveText(text.replace("Nicht gespeichert", "Nicht entfernt"));
    await expect(card.getByRole("button", { name: "Entfernen: Gazpacho" })).toBeEnabled();
    expect(await page.evaluate(() => "stillHere" in window)).toBe(true);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("saving and removing are form posts that return to the page", async ({ page }, testInfo) => {
    await signIn(page, uniqueEmail(testInfo, "nojs"));
    await page.goto("/suche?q=gazpacho");
    await page.getByRole("button", { name: "Speichern: Gazpacho" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/suche?q=gazpacho`);
    await expect(page.getByRole("button", { name: "Entfernen: Gazpacho" })).toBeVisible();

    await page.goto("/gespeicherte-rezepte");
    await page.getByRole("button", { name: "Entfernen: Gazpacho" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/gespeicherte-rezepte`);
    await expect(page.getByText(EMPTY_TEXT)).toBeVisible();

    await page.getByRole("button", { name: "Abmelden" }).click();
    await expect(page.getByRole("link", { name: "Mit Google anmelden" })).toBeVisible();
  });
});

test("two people in separate browsers never see each other's saved recipes", async ({ browser, page }, testInfo) => {
  // Two Google sign-ins, two saves and four page loads: 24 s in one CI run, 30.5 s (the default limit) in
  // another, on two cores shared with Directus and the other project's browser.
  test.slow();
  const erika = uniqueEmail(testInfo, "erika");
  await signIn(page, erika);
  await page.goto("/rezepte/gazpacho");
  await clickAndWaitForSave(page, page.getByRole("button", { name: "Speichern: Gazpacho" }));
  await expect(page.getByRole("button", { name: "Entfernen: Gazpacho" })).toBeVisible();

  const other = await browser.newContext({ baseURL: BASE_URL });
  await other.addCookies(
    await page
      .context()
      .cookies(BASE_URL)
      .then((cookies) => cookies.filter((c) => c.name === "wkij_einwilligung")),
  );
  const max = await other.newPage();
  await signIn(max, uniqueEmail(testInfo, "max"));
  await max.goto("/rezepte/caprese-salat");
  await clickAndWaitForSave(max, max.getByRole("button", { name: /^Speichern: / }));
  await expect(max.getByRole("button", { name: /^Entfernen: / })).toBeVisible();

  await page.goto("/gespeicherte-rezepte");
  await expect(page.locator("article.recipe-card")).toHaveCount(1);
  await expect(page.locator('article[data-slug="gazpacho"]')).toBeVisible();
  await max.goto("/gespeicherte-rezepte");
  await expect(max.locator("article.recipe-card")).toHaveCount(1);
  await expect(max.locator('article[data-slug="caprese-salat"]')).toBeVisible();

  // Directus' API is not served on the site at all, even with a session
  // (what it allows each user is tested against Directus itself, tests/cms/access.test.ts).
  for (const path of ["/directus/users/me", "/directus/items/saved_recipes?limit=-1", "/directus/auth/refresh"]) {
    expect((await page.request.get(path)).status(), path).toBe(404);
  }
  await other.close();
});

test("open-redirect attempts all stay on our origin", async ({ page, request }, testInfo) => {
  const attempts = [
    "https://evil.example/",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "%2F%2Fevil.example",
    "javascript:alert(1)",
    "/\t/evil.example",
    `${BASE_URL}@evil.example`,
    "https:evil.example",
  ];
  for (const attempt of attempts) {
    const login = await request.get(`/login?redirect=${encodeURIComponent(attempt)}`, { maxRedirects: 0 });
    expect(login.status(), attempt).toBe(302);
    const toDirectus = new URL(login.headers().location ?? "", BASE_URL);
    expect(toDirectus.origin, attempt).toBe(BASE_URL);
    const landing = new URL(toDirectus.searchParams.get("redirect") ?? "");
    expect(landing.origin, attempt).toBe(BASE_URL);
    expect(landing.pathname, attempt).toBe("/login/zurueck");
    expect(landing.searchParams.get("redirect"), attempt).toBe("/");

    const back = await request.get(`/login/zurueck?redirect=${encodeURIComponent(attempt)}`, { maxRedirects: 0 });
    expect(back.headers().location, attempt).toBe("/");
  }

  // The whole chain in a browser ends on our home page.
  await page.goto(`/login?redirect=${encodeURIComponent("//evil.example")}`);
  await page.getByLabel("E-Mail-Adresse").fill(uniqueEmail(testInfo, "weiter"));
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
});

test("a cross-origin POST is refused with 403 and changes nothing", async ({ page }, testInfo) => {
  await signIn(page, uniqueEmail(testInfo, "csrf"));
  // The visitor's own form token, as their page carries it.
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  expect(csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);

  // A page of another origin (about:blank's is opaque) that posts a complete form, token guessed right even.
  await page.goto("about:blank");
  await page.setContent(`
    <form method="post" action="${BASE_URL}/gespeicherte-rezepte">
      <input name="aktion" value="speichern"><input name="rezept" value="1">
      <input name="csrf" value="${csrf}"><input name="redirect" value="/"><button>Los</button>
    </form>`);
  const [response] = await Promise.all([
    page.waitForResponse(`${BASE_URL}/gespeicherte-rezepte`),
    page.click("button"),
  ]);
  expect(response.status()).toBe(403);
  await expect(page.getByText("Diese Anfrage kam nicht von unserer Website")).toBeVisible();

  const refused = await page.request.post("/gespeicherte-rezepte", {
    headers: { origin: "https://evil.example" },
    form: { aktion: "speichern", rezept: "1", csrf, redirect: "/" },
  });
  expect(refused.status()).toBe(403);

  await page.goto("/gespeicherte-rezepte");
  await expect(page.getByText(EMPTY_TEXT)).toBeVisible();
});

test("a broken session cookie means signed out, never an error page", async ({ page }) => {
  await page.context().addCookies([{ name: "directus_session_token", value: "kaputt.kaputt.kaputt", url: BASE_URL }]);
  const response = await page.goto("/gespeicherte-rezepte");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("link", { name: "Mit Google anmelden" })).toBeVisible();
  const cookies = await page.context().cookies(BASE_URL);
  expect(cookies.find((cookie) => cookie.name === "directus_session_token")).toBeUndefined();
});

test("while Directus is down: pages work, the visitor shows as signed out, saving says why it failed, nothing is lost", async ({
  page,
}, testInfo) => {
  await signIn(page, uniqueEmail(testInfo, "ausfall"));
  await page.goto("/rezepte/gazpacho");
  await clickAndWaitForSave(page, page.getByRole("button", { name: "Speichern: Gazpacho" }));
  await expect(page.getByRole("button", { name: "Entfernen: Gazpacho" })).toBeVisible();
  // The form token of this page, for a save that arrives once Directus is down.
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();

  // The same site and cookies (cookies do not depend on the port), its Directus unreachable.
  const down = await page.goto(`${CMS_DOWN_URL}/rezepte/gazpacho`);
  expect(down?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Gazpacho" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("Dein Konto ist gerade nicht erreichbar.");
  await expect(page.getByRole("button", { name: /Speichern|Entfernen/ })).toHaveCount(0);
  await page.goto(`${CMS_DOWN_URL}/suche?q=suppe`);
  await expect(page.locator("article.recipe-card").first()).toBeVisible();
  await page.goto(`${CMS_DOWN_URL}/gespeicherte-rezepte`);
  await expect(page.getByText("Deine gespeicherten Rezepte können gerade nicht geladen werden.")).toBeVisible();

  // A save that reaches the site while Directus is down (a page opened before it went down).
  const answer = await page.request.post(`${CMS_DOWN_URL}/gespeicherte-rezepte`, {
    headers: { origin: CMS_DOWN_URL },
    form: { aktion: "speichern", rezept: "1", csrf, redirect: "/suche?q=suppe" },
  });
  // Without JavaScript the answer is the page again, with the German notice on it.
  expect(answer.status()).toBe(200);
  expect(answer.url()).toBe(`${CMS_DOWN_URL}/suche?q=suppe`);
  expect(await answer.text()).toContain(
    "Das Speichern hat gerade nicht geklappt. Bitte versuche es gleich noch einmal.",
  );
  // With JavaScript it is data the button shows.
  const data = await page.request.post(`${CMS_DOWN_URL}/gespeicherte-rezepte`, {
    headers: { origin: CMS_DOWN_URL },
    form: { aktion: "speichern", rezept: "1", csrf, redirect: "/", antwort: "daten" },
  });
  expect(data.status()).toBe(503);

  // Back with Directus: still signed in, the saved recipe still there.
  await page.goto(`${BASE_URL}/gespeicherte-rezepte`);
  await expect(page.locator('article[data-slug="gazpacho"]')).toBeVisible();
});
