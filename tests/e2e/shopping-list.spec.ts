/**
 * The shopping list (issue 34, point 4; decision 0041) in a real browser
 * against the seed: added from a recipe page with changed servings and from
 * an ingredient search result, combined per ingredient, ticked, removed,
 * copied, kept over a reload on the device, kept in the account across
 * browsers when signed in, printed, without JavaScript, and accessible.
 */
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { waitForHydration } from "./hydration.ts";
import { layoutShift, UNNOTICEABLE_SHIFT } from "./layout-shift.ts";
import { NO_ANSWERS } from "./no-answer.ts";
import { signIn, uniqueEmail } from "./sign-in.ts";
import { BASE_URL } from "./stack.ts";

/** Griechischer Bauernsalat is written for 4: at 2 servings it needs 100 g Feta, 2 Tomaten and Salz. */
const SALAD = "/rezepte/griechischer-bauernsalat?portionen=2";
const SALAD_BUTTON = "Auf die Einkaufsliste: Griechischer Bauernsalat";
/** Blätterteigtaschen (for 2, 100 g Feta, 1 Ei, Salz) is the first result with Spinat and Blätterteig at hand. */
const SEARCH = "/zutatensuche?z=spinat&z=blaetterteig";
const TURNOVER_CARD = 'article[data-slug="blaetterteig-taschen-mit-spinat"]';

/** The list's lines in one part ("Noch zu kaufen" or "Erledigt"), as their checkboxes read. */
const part = (page: Page, name: string) => page.getByRole("region", { name });
const line = (page: Page, text: string) => page.getByRole("checkbox", { name: text, exact: true });

async function addSaladAtTwoServings(page: Page): Promise<void> {
  await page.goto(SALAD);
  await waitForHydration(page);
  await page.getByRole("button", { name: SALAD_BUTTON }).click();
  // Announced by a live region, with a link to the list.
  const confirmation = page.locator(".shopping-add-status");
  await expect(confirmation).toHaveText("9 Zutaten für 2 Portionen auf der Einkaufsliste. Zur Einkaufsliste");
  await expect(confirmation).toHaveAttribute("aria-live", "polite");
  await expect(confirmation.getByRole("link", { name: "Zur Einkaufsliste" })).toHaveAttribute("href", "/einkaufsliste");
}

/** Adds what the result misses (Feta and Ei among it), for its own 2 servings; returns how many that are. */
async function addMissingFromSearch(page: Page): Promise<number> {
  await page.goto(SEARCH);
  await waitForHydration(page);
  const card = page.locator(TURNOVER_CARD);
  const summary = (await card.locator(".match-summary").textContent()) ?? "";
  const missing = /Es fehl(?:t|en): (.*)\.$/.exec(summary)?.[1]?.split(", ") ?? [];
  expect(missing).toEqual(expect.arrayContaining(["Feta", "Ei"]));
  await card.getByRole("button", { name: /^Fehlende Zutaten für „Blätterteigtaschen/ }).click();
  await expect(card.locator(".shopping-add-status")).toContainText(
    `${missing.length} Zutaten für 2 Portionen auf der Einkaufsliste.`,
  );
  return missing.length;
}

/** The answer to the next change posted to the account (a full page load in between would cancel it). */
function stored(page: Page) {
  return page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/einkaufsliste.data",
  );
}

/** What the device holds, as stored. */
function deviceList(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem("wkij-einkaufsliste"));
}

test.describe("without an account", () => {
  test("add from a recipe with changed servings and from a search result, see them combined, tick, remove, copy, reload", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
    await addSaladAtTwoServings(page);
    await addMissingFromSearch(page);

    await page.goto("/einkaufsliste");
    await waitForHydration(page);
    const open = part(page, "Noch zu kaufen");
    // 100 g from each recipe; Salz, without an amount in either, once.
    await expect(line(page, "200 g Feta")).toBeVisible();
    await expect(open.getByRole("listitem").filter({ has: line(page, "200 g Feta") })).toContainText(
      "für Blätterteigtaschen mit Spinat und Feta, Griechischer Bauernsalat",
    );
    await expect(line(page, "Salz")).toHaveCount(1);
    await expect(line(page, "2 Tomaten")).toBeVisible();
    await expect(line(page, "1 Ei")).toBeVisible();

    // Ticked: struck through and moved down; the focus stays in the list.
    await line(page, "200 g Feta").click();
    await expect(part(page, "Erledigt").getByRole("checkbox", { name: "200 g Feta" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await expect(part(page, "Erledigt").locator(".line-text")).toHaveCSS("text-decoration-line", "line-through");
    await expect(page.locator(":focus")).toHaveAttribute("role", "checkbox");

    await page.getByRole("button", { name: "1 Ei entfernen" }).click();
    await expect(line(page, "1 Ei")).toHaveCount(0);

    await page.getByRole("button", { name: "Kopieren" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Liste kopiert" })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^Einkaufsliste\n- /);
    expect(copied).toContain("\n- 2 Tomaten");
    expect(copied).toContain("\n- Salz");
    expect(copied).not.toContain("Feta");
    expect(copied).not.toContain("Ei\n");

    await page.reload();
    await waitForHydration(page);
    await expect(part(page, "Erledigt").getByRole("checkbox", { name: "200 g Feta" })).toBeVisible();
    await expect(line(page, "2 Tomaten")).toBeVisible();
    await expect(line(page, "1 Ei")).toHaveCount(0);

    // Emptied only after the question is answered.
    await page.getByText("Liste leeren", { exact: true }).click();
    await page.getByRole("button", { name: "Ja, Liste leeren" }).click();
    await expect(page.getByText("Deine Einkaufsliste ist leer.")).toBeVisible();
    expect(await deviceList(page)).toBeNull();
  });

  test("'Teilen' opens the share sheet with the list as text", async ({ page }) => {
    await page.addInitScript(() => {
      Object.assign(window, { sharedWith: null });
      Object.defineProperty(Navigator.prototype, "share", {
        configurable: true,
        value: async (data: unknown) => Object.assign(window, { sharedWith: data }),
      });
      Object.defineProperty(Navigator.prototype, "canShare", { configurable: true, value: () => true });
    });
    await addSaladAtTwoServings(page);
    await page.getByRole("link", { name: "Einkaufsliste ansehen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Einkaufsliste" })).toBeVisible();
    await page.getByRole("button", { name: "Teilen" }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sharedWith: { text?: string } | null }).sharedWith))
      .toMatchObject({ title: "Einkaufsliste", text: expect.stringContaining("- 100 g Feta") });
  });

  test("printed, the page shows the list alone", { tag: "@viewport" }, async ({ page }) => {
    await addSaladAtTwoServings(page);
    await page.goto("/einkaufsliste");
    await waitForHydration(page);
    await line(page, "2 Tomaten").click();
    await expect(part(page, "Erledigt")).toBeVisible();
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("heading", { level: 1, name: "Einkaufsliste" })).toBeVisible();
    await expect(line(page, "100 g Feta")).toBeVisible();
    for (const hidden of [
      page.getByRole("button", { name: "Kopieren" }),
      page.getByRole("button", { name: "100 g Feta entfernen" }),
      page.getByText("Liste leeren", { exact: true }),
      part(page, "Erledigt"),
      page.getByRole("navigation", { name: "Hauptnavigation" }),
      page.getByRole("contentinfo"),
      page.locator(".site-header"),
    ]) {
      await expect(hidden).toBeHidden();
    }
    await page.emulateMedia({ media: "screen" });
    await expect(page.getByRole("button", { name: "Kopieren" })).toBeVisible();
  });

  test("the list page and a recipe with its confirmation have no accessibility violations, and nothing moves", {
    tag: "@viewport",
  }, async ({ page }) => {
    test.slow();
    await addSaladAtTwoServings(page);
    const recipeAxe = await new AxeBuilder({ page }).analyze();
    expect(recipeAxe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    await page.goto("/einkaufsliste");
    await waitForHydration(page);
    await expect(line(page, "100 g Feta")).toBeVisible();
    const shift = await layoutShift(page);
    expect(shift.unprompted, shift.moved.join("\n")).toBeLessThan(UNNOTICEABLE_SHIFT);
    await line(page, "100 g Feta").click();
    await expect(part(page, "Erledigt")).toBeVisible();
    const listAxe = await new AxeBuilder({ page }).analyze();
    expect(listAxe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  test("an empty list shows its tools disabled, not a blank above the message; a line enables them", async ({
    page,
  }) => {
    await page.goto("/einkaufsliste");
    await waitForHydration(page);
    await expect(page.getByText("Deine Einkaufsliste ist leer.")).toBeVisible();
    for (const name of ["Kopieren", "Teilen", "Drucken"]) {
      await expect(page.getByRole("button", { name })).toBeVisible();
      await expect(page.getByRole("button", { name })).toBeDisabled();
    }
    const empty = await new AxeBuilder({ page }).analyze();
    expect(empty.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    await addSaladAtTwoServings(page);
    await page.goto("/einkaufsliste");
    await waitForHydration(page);
    await expect(line(page, "100 g Feta")).toBeVisible();
    for (const name of ["Kopieren", "Teilen", "Drucken"]) {
      await expect(page.getByRole("button", { name })).toBeEnabled();
    }
  });

  test("the keyboard reaches every control, with a visible focus", { tag: "@viewport" }, async ({ page }) => {
    await addSaladAtTwoServings(page);
    await page.goto("/einkaufsliste");
    await waitForHydration(page);
    await line(page, "100 g Feta").focus();
    await page.keyboard.press("Space");
    await expect(part(page, "Erledigt").getByRole("checkbox", { name: "100 g Feta" })).toBeVisible();
    const focused = page.locator(":focus");
    await expect(focused).toHaveAttribute("role", "checkbox");
    expect(await focused.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe("solid");
    await page.keyboard.press("Tab");
    await expect(page.locator(":focus")).toHaveAccessibleName(/^für |entfernen$|^Griechischer Bauernsalat$/);
  });

  test("a broken or oversized list on the device is left out with a German notice, never a crash", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    for (const [stored, notice] of [
      ["{kaputt", "Ein Teil deiner gespeicherten Einkaufsliste war nicht lesbar"],
      [JSON.stringify({ version: 1, entries: [{ name: "<img src=x onerror=alert(1)>" }] }), "nicht lesbar"],
      ["x".repeat(200_000), "Deine gespeicherte Einkaufsliste war zu groß"],
    ] as const) {
      await page.goto("/impressum");
      await page.evaluate((value) => localStorage.setItem("wkij-einkaufsliste", value), stored);
      await page.goto("/einkaufsliste");
      await waitForHydration(page);
      await expect(page.getByText(notice)).toBeVisible();
      await expect(page.getByText("Deine Einkaufsliste ist leer.")).toBeVisible();
    }
    // The next change writes a good list over it.
    await addSaladAtTwoServings(page);
    expect(JSON.parse((await deviceList(page)) ?? "null")).toMatchObject({ version: 1 });
    expect(errors).toEqual([]);
  });
});

test.describe("signed in", () => {
  /** A fresh browser of the same person: no cookies, no device list; the consent choice carried over. */
  async function otherBrowser(page: Page): Promise<{ context: BrowserContext; page: Page }> {
    const browser = page.context().browser();
    if (!browser) throw new Error("no browser");
    const context = await browser.newContext({ baseURL: BASE_URL });
    await context.addCookies(
      (await page.context().cookies(BASE_URL)).filter((cookie) => cookie.name === "wkij_einwilligung"),
    );
    return { context, page: await context.newPage() };
  }

  test("the list is kept in the account and there in a fresh browser; a device's list moves in at sign-in", async ({
    page,
  }, testInfo) => {
    test.slow();
    const email = uniqueEmail(testInfo, "einkauf");
    // Before signing in, something on this device …
    await addMissingFromSearch(page);
    await signIn(page, email);
    // … and signed in, a recipe into the account.
    await addSaladAtTwoServings(page);

    await page.goto("/einkaufsliste");
    await waitForHydration(page);
    await expect(page.getByText("Die Einkaufsliste von diesem Gerät ist jetzt in deinem Konto.")).toBeVisible();
    await expect(line(page, "200 g Feta")).toBeVisible();
    expect(await deviceList(page)).toBeNull();
    await Promise.all([stored(page), line(page, "2 Tomaten").click()]);
    await expect(part(page, "Erledigt").getByRole("checkbox", { name: "2 Tomaten" })).toBeVisible();
    // Stored, not only shown: the next page load reads it from the account.
    await page.reload();
    await expect(part(page, "Erledigt").getByRole("checkbox", { name: "2 Tomaten" })).toBeVisible();

    const other = await otherBrowser(page);
    await signIn(other.page, email);
    await other.page.goto("/einkaufsliste");
    await expect(line(other.page, "200 g Feta")).toBeVisible();
    await expect(part(other.page, "Erledigt").getByRole("checkbox", { name: "2 Tomaten" })).toBeVisible();
    await expect(line(other.page, "Salz")).toHaveCount(1);
    // Another person sees none of it.
    const stranger = await otherBrowser(page);
    await signIn(stranger.page, uniqueEmail(testInfo, "fremd"));
    await stranger.page.goto("/einkaufsliste");
    await waitForHydration(stranger.page);
    await expect(stranger.page.getByText("Deine Einkaufsliste ist leer.")).toBeVisible();
    await other.context.close();
    await stranger.context.close();
  });

  for (const [how, answer, text] of NO_ANSWERS) {
    test(`a change that gets no answer (${how}) is named, and the list shows what the account holds`, async ({
      page,
    }, testInfo) => {
      test.slow();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await signIn(page, uniqueEmail(testInfo, "einkauf-ohne-antwort"));
      await addSaladAtTwoServings(page);
      await page.goto("/einkaufsliste");
      await waitForHydration(page);
      await Promise.all([stored(page), line(page, "2 Tomaten").click()]);
      await expect(part(page, "Erledigt").getByRole("checkbox", { name: "2 Tomaten" })).toBeVisible();

      const posts = (url: URL) => url.pathname === "/einkaufsliste.data";
      await page.route(posts, (route) => (route.request().method() === "POST" ? answer(route) : route.continue()));
      const status = page.locator(".shopping-status");
      const feta = part(page, "Noch zu kaufen").getByRole("checkbox", { name: "100 g Feta" });
      // A tick: shown at once, then back where the account has it, and the status line says why.
      await line(page, "100 g Feta").click();
      await expect(status).toHaveText(text);
      await expect(feta).toHaveAttribute("aria-checked", "false");
      await expect(feta).toHaveAttribute("aria-busy", "false");
      // An untick, a removal and "Liste leeren" alike.
      await part(page, "Erledigt").getByRole("checkbox", { name: "2 Tomaten" }).click();
      await expect(status).toHaveText(text);
      await expect(part(page, "Erledigt").getByRole("checkbox", { name: "2 Tomaten" })).toHaveAttribute(
        "aria-busy",
        "false",
      );
      await page.getByRole("button", { name: "Salz entfernen" }).click();
      await expect(status).toHaveText(text);
      await expect(line(page, "Salz")).toBeVisible();
      await page.getByText("Liste leeren", { exact: true }).click();
      await page.getByRole("button", { name: "Ja, Liste leeren" }).click();
      await expect(status).toHaveText(text);
      await expect(feta).toBeVisible();
      // The recipe page's button says it too, instead of an error page.
      await page.goto(SALAD);
      await waitForHydration(page);
      await page.getByRole("button", { name: SALAD_BUTTON }).click();
      await expect(page.locator(".shopping-add-status")).toContainText(text);
      await expect(page.getByRole("heading", { level: 1, name: "Griechischer Bauernsalat" })).toBeVisible();

      // What the page showed is what the account holds; with answers again, the same tick is stored.
      await page.unroute(posts);
      await page.goto("/einkaufsliste");
      await waitForHydration(page);
      await expect(feta).toBeVisible();
      await expect(part(page, "Erledigt").getByRole("checkbox", { name: "2 Tomaten" })).toBeVisible();
      await expect(line(page, "Salz")).toBeVisible();
      await Promise.all([stored(page), line(page, "100 g Feta").click()]);
      await expect(status).toHaveText("");
      await page.reload();
      await expect(part(page, "Erledigt").getByRole("checkbox", { name: "100 g Feta" })).toBeVisible();
      expect(errors).toEqual([]);
    });
  }

  test("ticks posted at the same moment (several tabs and devices) are all stored", async ({ page }, testInfo) => {
    test.slow();
    await signIn(page, uniqueEmail(testInfo, "einkauf-zugleich"));
    await addSaladAtTwoServings(page);
    await page.goto("/einkaufsliste");
    await waitForHydration(page);
    const keys = await page
      .locator('form.line-tick input[name="zeile"]')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    const csrf = (await page.locator('input[name="csrf"]').first().getAttribute("value")) ?? "";
    expect(keys.length).toBeGreaterThanOrEqual(4);
    // Four form posts of the same account in flight at once, as four open pages would send them.
    const answers = await Promise.all(
      keys.slice(0, 4).map((zeile) =>
        page.request.post("/einkaufsliste", {
          headers: { origin: BASE_URL },
          form: { aktion: "abhaken", zeile, erledigt: "1", csrf },
          maxRedirects: 0,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status())).toEqual([303, 303, 303, 303]);
    await page.reload();
    await expect(part(page, "Erledigt").getByRole("checkbox")).toHaveCount(4);
  });

  test("a post without the form token changes nothing", async ({ page }, testInfo) => {
    await signIn(page, uniqueEmail(testInfo, "einkauf-token"));
    const refused = await page.request.post("/einkaufsliste", {
      headers: { origin: BASE_URL },
      form: { aktion: "hinzufuegen", rezept: "gazpacho", redirect: "/einkaufsliste" },
    });
    expect(refused.url()).toBe(`${BASE_URL}/einkaufsliste`);
    expect(await refused.text()).toContain("Das Formular war abgelaufen.");
    await page.goto("/einkaufsliste");
    await waitForHydration(page);
    await expect(page.getByText("Deine Einkaufsliste ist leer.")).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("signed in, the recipe's button and the list's boxes are form posts", async ({ page }, testInfo) => {
    await signIn(page, uniqueEmail(testInfo, "einkauf-nojs"));
    await page.goto(SALAD);
    await page.getByRole("button", { name: SALAD_BUTTON }).click();
    await expect(page).toHaveURL(`${BASE_URL}${SALAD}`);
    await expect(page.getByText("Die Zutaten stehen jetzt auf deiner Einkaufsliste.")).toBeVisible();

    await page.getByRole("link", { name: "Einkaufsliste ansehen" }).click();
    await line(page, "100 g Feta").click();
    await expect(page).toHaveURL(`${BASE_URL}/einkaufsliste`);
    await expect(part(page, "Erledigt").getByRole("checkbox", { name: "100 g Feta" })).toBeVisible();
    await page.getByRole("button", { name: "2 Tomaten entfernen" }).click();
    await expect(line(page, "2 Tomaten")).toHaveCount(0);
    await page.getByText("Liste leeren", { exact: true }).click();
    await page.getByRole("button", { name: "Ja, Liste leeren" }).click();
    await expect(page.getByText("Deine Einkaufsliste ist leer.")).toBeVisible();
  });

  test("without an account, the pages say the list needs JavaScript or an account", async ({ page }) => {
    await page.goto(SALAD);
    await expect(
      page.getByText("Die Einkaufsliste für „Griechischer Bauernsalat“ braucht JavaScript oder ein Konto."),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: SALAD_BUTTON })).toBeHidden();
    await page.goto("/einkaufsliste");
    await expect(page.getByText("Ohne JavaScript kann die Einkaufsliste nicht auf deinem Gerät liegen.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Kopieren" })).toBeHidden();
  });
});

test("the saved recipes page links the list; the tab bar keeps the spec's four tabs", async ({ page }) => {
  await page.goto("/gespeicherte-rezepte");
  await page.getByRole("link", { name: "Zur Einkaufsliste" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/einkaufsliste`);
  await expect(page).toHaveTitle("Einkaufsliste - Was koche ich jetzt");
  await expect(page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link")).toHaveCount(4);
});
