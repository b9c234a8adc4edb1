import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page, Request } from "@playwright/test";
import { CONSENT_COOKIE, expect, test } from "./fixtures.ts";
import { waitForHydration } from "./hydration.ts";
import { layoutShift } from "./layout-shift.ts";
import { slowNetwork } from "./slow-network.ts";
import { BASE_URL, CMS_DOWN_URL, TEST_GTM_ID } from "./stack.ts";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

test.use({ consent: "none" });

/**
 * Every request to Google's tag manager is answered here with an empty
 * script and recorded: nothing ever leaves the machine, and the test sees
 * whether the page asked.
 */
async function interceptTagManager(context: BrowserContext): Promise<Request[]> {
  const requests: Request[] = [];
  await context.route(/googletagmanager\.com|google-analytics\.com/, (route) => {
    requests.push(route.request());
    return route.fulfill({ status: 200, contentType: "text/javascript", body: "/* tag manager stand-in */" });
  });
  return requests;
}

function banner(page: Page) {
  return page.getByRole("region", { name: "Cookies und Datenschutz" });
}

/** Clicks a banner button and waits until the site has stored the choice. */
async function choose(page: Page, name: string): Promise<void> {
  await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/einwilligung")),
    banner(page).getByRole("button", { name }).click(),
  ]);
}

type DataLayerEntry = Record<string, unknown>;

function events(page: Page): Promise<DataLayerEntry[]> {
  return page.evaluate(() =>
    (window.dataLayer ?? []).filter(
      (entry): entry is Record<string, unknown> =>
        typeof entry === "object" &&
        entry !== null &&
        "event" in entry &&
        !String((entry as { event: string }).event).startsWith("gtm"),
    ),
  );
}

async function storedConsent(context: BrowserContext) {
  const cookie = (await context.cookies(BASE_URL)).find((c) => c.name === CONSENT_COOKIE);
  return cookie ? { cookie, value: JSON.parse(decodeURIComponent(cookie.value)) } : undefined;
}

test("no request to the tag manager before consent or after rejecting", async ({ page, context }) => {
  const requests = await interceptTagManager(context);
  await page.goto("/");
  await expect(banner(page)).toBeVisible();
  await page.goto("/suche?q=suppe");
  await waitForHydration(page);
  await choose(page, "Alle ablehnen");
  await expect(banner(page)).toBeHidden();
  await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Zutatensuche" }).click();
  await page.goto("/");
  // Hydrated, the form shows the next recipe without a page load; before, it loads the page anew, and the check below
  // would run into that load (the scripts start after load, decision 0045).
  await waitForHydration(page);
  await page.getByRole("button", { name: "Zufälliges Rezept finden" }).click();
  expect(requests).toEqual([]);
  expect(await page.evaluate(() => window.dataLayer)).toBeUndefined();
  await expect
    .poll(async () => (await storedConsent(context))?.value.c)
    .toEqual({
      necessary: true,
      tracking: false,
      analytics: false,
      marketing: false,
    });
});

test("after 'Alle akzeptieren' the configured container loads and the three events arrive", async ({
  page,
  context,
}) => {
  const requests = await interceptTagManager(context);
  await page.goto("/");
  await waitForHydration(page);
  await choose(page, "Alle akzeptieren");
  // The page loads once more, now with a policy that allows the tag manager.
  await expect
    .poll(() => requests.map((request) => request.url()))
    .toContain(`https://www.googletagmanager.com/gtm.js?id=${TEST_GTM_ID}`);
  await expect(banner(page)).toBeHidden();
  await waitForHydration(page);
  await expect
    .poll(() => events(page))
    .toContainEqual(
      expect.objectContaining({ event: "page_view", page_location: `${BASE_URL}/`, page_title: await page.title() }),
    );

  await page.getByRole("button", { name: "Zufälliges Rezept finden" }).click();
  await expect
    .poll(() => events(page))
    .toContainEqual({ event: "shuffle_recipes", page_location: "/zufallsgenerator", type: "none" });
  await page.getByRole("button", { name: "Salat", exact: true }).click();
  await expect
    .poll(() => events(page))
    .toContainEqual({ event: "shuffle_recipes", page_location: "/zufallsgenerator", type: "salad" });

  await page
    .getByRole("navigation", { name: "Hauptnavigation" })
    .getByRole("link", { name: "Suche", exact: true })
    .click();
  await expect
    .poll(() => events(page))
    .toContainEqual(
      expect.objectContaining({
        event: "page_view",
        page_location: `${BASE_URL}/suche`,
        page_title: "Rezeptsuche - Was koche ich jetzt",
      }),
    );
  await page.getByRole("searchbox", { name: "Rezepte suchen" }).fill("Gazpacho");
  await expect
    .poll(() => events(page))
    .toContainEqual({
      event: "search_recipes",
      page_location: `${BASE_URL}/suche?q=Gazpacho`,
      searchTerm: "Gazpacho",
    });
  // Consent Mode: "denied" by default, then updated to the choice.
  const consentCalls = await page.evaluate(() =>
    (window.dataLayer ?? [])
      .filter((entry) => (entry as { 0?: string })[0] === "consent")
      .map((entry) => Array.from(entry as ArrayLike<unknown>)),
  );
  expect(consentCalls[0]).toEqual([
    "consent",
    "default",
    expect.objectContaining({ analytics_storage: "denied", ad_storage: "denied" }),
  ]);
  expect(consentCalls[1]).toEqual(["consent", "update", expect.objectContaining({ analytics_storage: "granted" })]);
});

test("the consent cookie: a year, SameSite=Strict, path /, categories and a version", async ({ page, context }) => {
  await page.goto("/impressum");
  await choose(page, "Alle ablehnen");
  await expect.poll(() => storedConsent(context)).toBeDefined();
  const stored = await storedConsent(context);
  expect(stored).toBeDefined();
  if (!stored) return;
  expect(stored.cookie.sameSite).toBe("Strict");
  expect(stored.cookie.path).toBe("/");
  expect(stored.cookie.httpOnly).toBe(true);
  const days = (stored.cookie.expires - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365);
  expect(stored.value).toEqual({ v: 1, c: { necessary: true, tracking: false, analytics: false, marketing: false } });
});

test("a choice shown as done survives a reload at once, on a slow network too", async ({ page, context }) => {
  await page.goto("/impressum");
  await waitForHydration(page);
  await slowNetwork(page, 400);

  await banner(page).getByRole("button", { name: "Alle ablehnen" }).click();
  // Sent, not stored yet: the banner stays, marked busy, instead of pretending.
  await expect(banner(page)).toHaveAttribute("aria-busy", "true");
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toBeHidden();
  await page.reload();
  await expect(banner(page)).toBeHidden();
  expect((await storedConsent(context))?.value.c).toEqual({
    necessary: true,
    tracking: false,
    analytics: false,
    marketing: false,
  });
});

test("an invalid or outdated consent cookie shows the banner again", async ({ page, context }) => {
  for (const value of [
    "kaputt",
    encodeURIComponent(JSON.stringify({ v: 1, c: { necessary: true, analytics: true } })),
    encodeURIComponent(
      JSON.stringify({ v: 0, c: { necessary: true, tracking: true, analytics: true, marketing: true } }),
    ),
  ]) {
    await context.clearCookies();
    await context.addCookies([{ name: CONSENT_COOKIE, value, url: BASE_URL }]);
    await page.goto("/impressum");
    await expect(banner(page), value).toBeVisible();
  }
});

test("settings choose per category, and withdrawing takes effect at once", async ({ page, context }) => {
  const requests = await interceptTagManager(context);
  await page.goto("/ueber-uns");
  await waitForHydration(page);
  await banner(page).getByText("Einstellungen", { exact: true }).click();
  await expect(banner(page).getByRole("checkbox", { name: "Notwendig" })).toBeChecked();
  await expect(banner(page).getByRole("checkbox", { name: "Notwendig" })).toBeDisabled();
  for (const name of ["Tracking", "Analyse", "Marketing"]) {
    await expect(banner(page).getByRole("checkbox", { name })).not.toBeChecked();
  }
  await banner(page).getByRole("checkbox", { name: "Analyse" }).check();
  await choose(page, "Auswahl speichern");
  await expect.poll(() => requests.length).toBeGreaterThan(0);
  await expect(banner(page)).toBeHidden();
  expect((await storedConsent(context))?.value.c).toEqual({
    necessary: true,
    tracking: false,
    analytics: true,
    marketing: false,
  });

  // Analytics cookies as Google Analytics would have set them.
  await context.addCookies([
    { name: "_ga", value: "GA1.1.123.456", url: BASE_URL },
    { name: "_ga_E2ETEST", value: "GS1.1.1", url: BASE_URL },
  ]);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Einstellungen bearbeiten" }).click();
  await expect(banner(page)).toBeVisible();
  await banner(page).getByText("Einstellungen", { exact: true }).click();
  await expect(banner(page).getByRole("checkbox", { name: "Analyse" })).toBeChecked();
  await choose(page, "Alle ablehnen");
  await expect(banner(page)).toBeHidden();

  // At once: Consent Mode told, analytics cookies gone, no further events.
  await expect
    .poll(() => page.evaluate(() => Array.from((window.dataLayer ?? []).at(-1) as ArrayLike<unknown>)))
    .toEqual(["consent", "update", expect.objectContaining({ analytics_storage: "denied" })]);
  const names = (await context.cookies(BASE_URL)).map((cookie) => cookie.name);
  expect(names).not.toContain("_ga");
  expect(names).not.toContain("_ga_E2ETEST");
  const before = (await events(page)).length;
  await page
    .getByRole("navigation", { name: "Hauptnavigation" })
    .getByRole("link", { name: "Suche", exact: true })
    .click();
  await expect(page).toHaveURL(/\/suche$/);
  expect((await events(page)).length).toBe(before);
  const requested = requests.length;
  await page.reload();
  expect(requests.length).toBe(requested);
});

test("the banner and its settings have no accessibility violations and move nothing", { tag: "@viewport" }, async ({
  page,
}) => {
  await page.goto("/");
  await expect(banner(page)).toBeVisible();
  await banner(page).getByText("Einstellungen", { exact: true }).click();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  // Shifts right after the click that opened "Einstellungen" are the visitor's doing, not the page's.
  const shift = await layoutShift(page);
  expect(shift.unprompted, shift.moved.join("; ")).toBe(0);
});

test("'Einstellungen bearbeiten' shows its icon beside the label, on one line", { tag: "@viewport" }, async ({
  page,
}) => {
  await page.goto("/");
  const link = page.getByRole("contentinfo").getByRole("link", { name: "Einstellungen bearbeiten" });
  const icon = await link.locator("svg").boundingBox();
  const box = await link.boundingBox();
  if (!icon || !box) throw new Error("the link or its icon is not laid out");
  // Beside: the icon's middle is the line's middle, and the label starts after it.
  expect(Math.abs(icon.y + icon.height / 2 - (box.y + box.height / 2))).toBeLessThanOrEqual(2);
  const label = await link.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element.lastChild ?? element);
    const rects = [...range.getClientRects()];
    return { left: Math.min(...rects.map((rect) => rect.left)), lines: new Set(rects.map((rect) => rect.top)).size };
  });
  expect(label.left).toBeGreaterThanOrEqual(icon.x + icon.width);
  expect(label.lines).toBe(1);
});

test("with no container configured, accepting loads nothing", async ({ page, context }) => {
  const requests = await interceptTagManager(context);
  await page.goto(`${CMS_DOWN_URL}/`);
  await waitForHydration(page);
  await choose(page, "Alle akzeptieren");
  await expect(banner(page)).toBeHidden();
  await page.reload();
  await expect(banner(page)).toBeHidden();
  expect(requests).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the buttons post the choice and return to the same page; 'Einstellungen bearbeiten' reopens it", async ({
    page,
    context,
  }) => {
    await page.goto("/suche?q=suppe");
    await expect(banner(page)).toBeVisible();
    await banner(page).getByRole("button", { name: "Fenster schließen" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/suche?q=suppe`);
    await expect(banner(page)).toBeHidden();
    expect((await storedConsent(context))?.value.c.analytics).toBe(false);

    await page.getByRole("link", { name: "Einstellungen bearbeiten" }).click();
    await expect(banner(page)).toBeVisible();
    await banner(page).getByText("Einstellungen", { exact: true }).click();
    await banner(page).getByRole("checkbox", { name: "Tracking" }).check();
    await banner(page).getByRole("button", { name: "Auswahl speichern" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/suche?q=suppe`);
    await expect(banner(page)).toBeHidden();
    expect((await storedConsent(context))?.value.c).toEqual({
      necessary: true,
      tracking: true,
      analytics: false,
      marketing: false,
    });
  });
});
