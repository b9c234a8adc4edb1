import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { waitForHydration } from "./hydration.ts";
import { layoutShift, UNNOTICEABLE_SHIFT } from "./layout-shift.ts";

const PAGES = [
  { path: "/", title: "Was koche ich jetzt? Zufällige Rezepte und Zutatensuche", heading: "Zufällige Rezepte" },
  {
    path: "/zufallsgenerator",
    title: "Was koche ich jetzt? Zufällige Rezepte und Zutatensuche",
    heading: "Zufällige Rezepte",
  },
  { path: "/zutatensuche", title: "Zutatensuche - Was koche ich jetzt", heading: "Zutatensuche" },
  {
    path: "/gespeicherte-rezepte",
    title: "Gespeicherte Rezepte - Was koche ich jetzt",
    heading: "Gespeicherte Rezepte",
  },
  { path: "/suche", title: "Rezeptsuche - Was koche ich jetzt", heading: "Rezeptsuche" },
  { path: "/kategorie/soup", title: "Suppen - Was koche ich jetzt", heading: "Suppen" },
  { path: "/kategorie/cold_dish", title: "Kalte Gerichte - Was koche ich jetzt", heading: "Kalte Gerichte" },
  { path: "/impressum", title: "Impressum - Was koche ich jetzt", heading: "Impressum" },
  { path: "/datenschutz", title: "Datenschutzerklärung - Was koche ich jetzt", heading: "Datenschutzerklärung" },
  { path: "/ueber-uns", title: "Über Uns - Was koche ich jetzt", heading: "Über Uns" },
];

/** Console errors (hydration mismatches among them) collected while a page lives. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    // Chromium's "Failed to load resource" does not say which one: add the address.
    const { url } = message.location();
    errors.push(url ? `${message.text()} (${url})` : message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

for (const { path, title, heading } of PAGES) {
  test(`${path}: shell, title, no accessibility violations`, { tag: "@viewport" }, async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();

    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Suche" })).toHaveAttribute("href", "/suche");
    await expect(header.getByRole("link", { name: "Was koche ich jetzt?" })).toHaveAttribute(
      "href",
      "/zufallsgenerator",
    );
    const tabs = page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link");
    await expect(tabs).toHaveText(["zufällige Rezepte", "Zutatensuche", "Gespeicherte Rezepte", "Suche"]);
    await expect(page.getByRole("contentinfo").getByRole("heading", { name: "Lasse dich inspirieren" })).toBeVisible();

    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    expect(errors).toEqual([]);
  });
}

/** Marks the loaded document: the mark survives client-side navigations and is gone after a full page load. */
async function markDocument(page: Page): Promise<void> {
  await page.locator('html[data-js="ready"]').waitFor({ state: "attached" });
  await page.evaluate(() => {
    (window as { documentMark?: boolean }).documentMark = true;
  });
}

async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as { documentMark?: boolean }).documentMark === true);
}

test("the tab bar marks the current tab and moves with client-side navigation", { tag: "@viewport" }, async ({
  page,
}) => {
  await page.goto("/");
  await markDocument(page);
  const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
  await expect(nav.locator('[aria-current="page"]')).toHaveText("zufällige Rezepte");

  await nav.getByRole("link", { name: "Zutatensuche" }).click();
  await expect(page).toHaveURL(/\/zutatensuche$/);
  await expect(page).toHaveTitle("Zutatensuche - Was koche ich jetzt");
  await expect(nav.locator('[aria-current="page"]')).toHaveText("Zutatensuche");

  await nav.getByRole("link", { name: "Gespeicherte Rezepte" }).click();
  await expect(nav.locator('[aria-current="page"]')).toHaveText("Gespeicherte Rezepte");
  await expect(page.getByRole("link", { name: "Mit Google anmelden" })).toHaveAttribute(
    "href",
    "/login?redirect=%2Fgespeicherte-rezepte",
  );

  await page.getByRole("contentinfo").getByRole("link", { name: "Impressum" }).click();
  await expect(page).toHaveTitle("Impressum - Was koche ich jetzt");
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(0);
  // Tabs and footer links are plain anchors; one listener makes their clicks client-side navigations.
  expect(await sameDocument(page)).toBe(true);
});

test("a card's name leads to its recipe without loading the page anew, and back to the list", async ({ page }) => {
  await page.goto("/kategorie/soup");
  await markDocument(page);
  const name = page.locator("article.recipe-card h2 a").first();
  const recipeName = (await name.textContent()) ?? "";
  await name.click();
  await expect(page).toHaveURL(/\/rezepte\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(recipeName);
  await page.getByRole("banner").getByRole("link", { name: "Suche" }).click();
  await expect(page).toHaveURL(/\/suche$/);
  await page.goBack();
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Suppen");
  expect(await sameDocument(page)).toBe(true);
});

test("footer links reach every category page and the legal pages", async ({ page }) => {
  await page.goto("/impressum");
  const footer = page.getByRole("contentinfo");
  for (const [name, heading] of [
    ["Suppen", "Suppen"],
    ["Pasta", "Pasta"],
    ["Salate", "Salate"],
    ["Klassische Rezepte", "Klassische Rezepte"],
    ["Rezepte für den Ofen", "Rezepte für den Ofen"],
    ["Über Uns", "Über Uns"],
    ["Datenschutzerklärung", "Datenschutzerklärung"],
  ] as const) {
    // Scrolled to the footer, the cards near it are laid out for the first time (content-visibility, decision
    // 0059) and the footer can move under a click on a loaded host: a click that landed beside its link is made again.
    await expect(async () => {
      await footer.getByRole("link", { name, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading, { timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
  }
  await expect(footer.getByRole("link", { name: "Die App im Store herunterladen" })).toHaveAttribute(
    "href",
    /^https:\/\//,
  );
});

test("the privacy statement, rendered by the server only, stays when the page hydrates and comes after a client navigation", async ({
  page,
}) => {
  // Its words are not in the page's script (decision 0046): hydration keeps the server's markup, and a client
  // navigation fetches it.
  const statement = page.locator("article [data-privacy-statement]");
  await page.goto("/datenschutz");
  await waitForHydration(page);
  await expect(statement.getByRole("heading", { name: "Verantwortlicher" })).toBeVisible();
  await expect(statement).toContainText("Widerspruchsrecht");
  await markDocument(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Impressum", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Impressum");
  await page.getByRole("contentinfo").getByRole("link", { name: "Datenschutzerklärung", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Datenschutzerklärung");
  await expect(statement.getByRole("heading", { name: "Verantwortlicher" })).toBeVisible();
  await page.goBack();
  await page.goBack();
  await expect(statement).toContainText("Widerspruchsrecht");
  // Its closing links are React Router's: they still navigate without loading the page anew.
  await page.getByRole("main").getByRole("link", { name: "Über Uns" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Über Uns");
  expect(await sameDocument(page)).toBe(true);
});

test("unknown paths and unknown categories land on the home page", async ({ page }) => {
  for (const path of ["/gibt-es-nicht", "/kategorie/unbekannt", "/rezepte/unbekannt"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle("Was koche ich jetzt? Zufällige Rezepte und Zutatensuche");
  }
});

test("static files are served as files, not redirected", async ({ request }) => {
  for (const [path, type] of [
    ["/favicon.ico", "image/vnd.microsoft.icon"],
    ["/icon.svg", "image/svg+xml"],
    ["/icon-192.png", "image/png"],
    ["/apple-touch-icon.png", "image/png"],
    ["/manifest.webmanifest", "application/manifest+json"],
    ["/robots.txt", "text/plain"],
    ["/images/impressum.svg", "image/svg+xml"],
  ] as const) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toContain(type);
  }
  const manifest = await (await request.get("/manifest.webmanifest")).json();
  expect(manifest.lang).toBe("de");
  expect(manifest.icons.length).toBeGreaterThanOrEqual(2);
});

test("hashed assets are cached for a year", async ({ page, request }) => {
  await page.goto("/");
  const stylesheet = await page.locator('link[rel="stylesheet"]').getAttribute("href");
  expect(stylesheet).toMatch(/^\/assets\//);
  const response = await request.get(stylesheet ?? "");
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});

test("static files, answered before the Worker, carry the same security headers as pages", async ({ request }) => {
  const pageHeaders = (await request.get("/impressum")).headers();
  const shared = ["x-content-type-options", "referrer-policy", "cross-origin-resource-policy"];
  for (const name of shared) expect(pageHeaders[name], name).toBeTruthy();
  const home = await (await request.get("/")).text();
  const stylesheet = /<link [^>]*rel="stylesheet" href="([^"]+)"/.exec(home)?.[1] ?? "";
  // The page's scripts are named in its module script, started after load (decision 0045).
  const script = /import \* as route0 from "([^"]+)"/.exec(home)?.[1] ?? "";
  expect(stylesheet).toMatch(/^\/assets\//);
  expect(script).toMatch(/^\/assets\//);
  for (const path of [
    stylesheet,
    script,
    "/favicon.ico",
    "/icon.svg",
    "/icon-192.png",
    "/icon-512.png",
    "/icon-maskable-512.png",
    "/apple-touch-icon.png",
    "/manifest.webmanifest",
    "/images/impressum.svg",
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    for (const name of shared) expect(response.headers()[name], `${path}: ${name}`).toBe(pageHeaders[name]);
  }
});

test("keyboard: the skip link comes first and focus is visible", { tag: "@viewport" }, async ({ page }) => {
  await page.goto("/impressum");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Zum Inhalt springen" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();

  await page.keyboard.press("Tab");
  const outline = await page.evaluate(() => {
    const focused = document.activeElement as HTMLElement;
    const style = getComputedStyle(focused);
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe("none");
  expect(outline.width).toBeGreaterThanOrEqual(2);
});

test("no layout shift and no horizontal scrolling", { tag: "@viewport" }, async ({ page }) => {
  for (const path of [
    "/",
    "/kategorie/soup",
    "/suche?q=suppe",
    "/zutatensuche?z=tomate",
    "/impressum",
    "/datenschutz",
  ]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const shift = await layoutShift(page);
    expect(shift.total, `${path}: ${shift.moved.join("; ")}`).toBeLessThan(UNNOTICEABLE_SHIFT);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test(
  "the tab bar sits at the bottom on phones and under the header on wide screens",
  { tag: "@viewport" },
  async ({ page }, testInfo) => {
    await page.goto("/datenschutz");
    const box = await page.getByRole("navigation", { name: "Hauptnavigation" }).boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport).toBeTruthy();
    if (!box || !viewport) return;
    if (testInfo.project.name === "mobile") {
      expect(box.y + box.height).toBeCloseTo(viewport.height, 0);
    } else {
      const header = await page.getByRole("banner").boundingBox();
      expect(box.y).toBeCloseTo((header?.y ?? 0) + (header?.height ?? 0), 0);
    }
  },
);

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every page renders completely from the server", async ({ page }) => {
    for (const { path, title, heading } of PAGES) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toContainText("Lasse dich inspirieren");
    }
  });

  test("links work as plain links", async ({ page }) => {
    await page.goto("/");
    await page
      .getByRole("navigation", { name: "Hauptnavigation" })
      .getByRole("link", { name: "Suche", exact: true })
      .click();
    await expect(page).toHaveTitle("Rezeptsuche - Was koche ich jetzt");
  });
});
