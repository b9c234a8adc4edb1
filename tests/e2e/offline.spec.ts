/**
 * The service worker (app/offline/, decision 0043) in the browser: what it
 * keeps is readable without a connection, everything else gets the German
 * offline page, an account's pages go at sign-out, and a new build's worker
 * takes over. The other browser tests run without service workers
 * (playwright.config.ts); these turn them on.
 */
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { waitForHydration } from "./hydration.ts";
import { signIn, uniqueEmail } from "./sign-in.ts";
import { BASE_URL } from "./stack.ts";

test.use({ serviceWorkers: "allow" });

const OPENED = ["gazpacho", "kaesespaetzle-aus-der-pfanne", "pan-con-tomate"];
const NEVER_OPENED = "caprese-salat";

/** Waits until the service worker is active and answers for this page. */
async function serviceWorkerControls(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Opens the site and waits for its service worker, so every page after this goes through it. */
async function startWithServiceWorker(page: Page): Promise<void> {
  await page.goto("/impressum");
  await serviceWorkerControls(page);
}

/** The page the service worker keeps for `path` in cache `cacheName` (HTML), or null. */
function keptCopy(page: Page, path: string, cacheName: string): Promise<string | null> {
  return page.evaluate(
    async ({ address, name }) => {
      if (!(await caches.has(name))) return null;
      const copy = await (await caches.open(name)).match(address, { ignoreVary: true });
      return copy ? copy.text() : null;
    },
    { address: `${BASE_URL}${path}`, name: cacheName },
  );
}

/** Waits until the service worker has kept `path` for everyone (it keeps a page after answering it). */
async function kept(page: Page, path: string): Promise<void> {
  await expect.poll(async () => (await keptCopy(page, path, "wkij-pages")) !== null).toBe(true);
}

/** No connection: the browser's and the service worker's requests fail alike. */
async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
}

async function openRecipe(page: Page, slug: string): Promise<string> {
  await page.goto(`/rezepte/${slug}`);
  const name = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  expect(name).not.toBe("");
  return name;
}

const offlineHeading = (page: Page) => page.getByRole("heading", { level: 1, name: "Du bist offline" });

test("recipes opened before are readable offline; another address gets the offline page, which lists them", async ({
  page,
  context,
}) => {
  await startWithServiceWorker(page);
  const names: string[] = [];
  for (const slug of OPENED) {
    names.push(await openRecipe(page, slug));
    await kept(page, `/rezepte/${slug}`);
  }
  // Online, a kept page still comes from the network: the edge's answer, not the worker's copy.
  const online = await page.goto(`/rezepte/${OPENED[0]}`);
  expect(online?.headers()["cache-status"]).toMatch(/^wkij; /);
  expect(online?.headers()["cache-status"]).not.toContain("wkij-offline");

  await goOffline(context);
  for (const [index, slug] of OPENED.entries()) {
    const answer = await page.goto(`/rezepte/${slug}`);
    expect(answer?.headers()["cache-status"]).toContain("wkij-offline; hit");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(names[index] ?? "");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(names[index] ?? "");
    // Its image shows, and the worker keeps it with the page (the browser's own cache may hold it a while too).
    const image = page.locator(`article[data-slug="${slug}"] picture img`);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const source = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(
      await page.evaluate(async (address) => {
        const copy = await (await caches.open("wkij-pages")).match(address);
        return copy?.headers.get("wkij-kept-for");
      }, source),
    ).toBe(`${BASE_URL}/rezepte/${slug}`);
  }

  await page.goto(`/rezepte/${NEVER_OPENED}`);
  await expect(offlineHeading(page)).toBeVisible();
  await expect(page).toHaveTitle("Offline - Was koche ich jetzt");
  await expect(page).toHaveURL(`${BASE_URL}/rezepte/${NEVER_OPENED}`);
  const list = page.getByRole("region", { name: "Ohne Verbindung lesbar" }).getByRole("link");
  // The ones read last first.
  await expect(list).toHaveText([...names].reverse());
  await expect(list.first()).toHaveAttribute("href", `/rezepte/${OPENED[2]}`);
  await expect(page.getByRole("button", { name: "Nochmal versuchen" })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

  // A link from the list opens the kept recipe.
  await list.filter({ hasText: names[1] ?? "" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(names[1] ?? "");

  // Back online, "Nochmal versuchen" loads the address that failed.
  await page.goto(`/rezepte/${NEVER_OPENED}`);
  await expect(offlineHeading(page)).toBeVisible();
  await context.setOffline(false);
  await page.getByRole("button", { name: "Nochmal versuchen" }).click();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Du bist offline");
  await expect(page.locator(`article[data-slug="${NEVER_OPENED}"]`)).toBeVisible();
});

test("a navigation inside the page offline shows a kept recipe, and the offline page for the rest", async ({
  page,
  context,
}) => {
  await startWithServiceWorker(page);
  await page.goto("/kategorie/soup");
  await waitForHydration(page);
  const card = page.locator("article.recipe-card").first();
  const slug = (await card.getAttribute("data-slug")) ?? "";
  const name = (await card.getByRole("heading").textContent()) ?? "";
  // Opened inside the page: React Router asks for the page's data only; the worker keeps the page itself.
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await card.getByRole("heading").getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  expect(await page.evaluate(() => "samePage" in window)).toBe(true);
  await kept(page, `/rezepte/${slug}`);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Suppen" })).toBeVisible();

  await goOffline(context);
  await page.locator(`article[data-slug="${slug}"]`).getByRole("heading").getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page).toHaveURL(`${BASE_URL}/rezepte/${slug}`);

  // The kept page was loaded whole and runs; a tab to a page that is not kept gets the offline page.
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Zutatensuche" }).click();
  await expect(offlineHeading(page)).toBeVisible();
  await expect(page).toHaveURL(`${BASE_URL}/zutatensuche`);
  await expect(page.getByRole("region", { name: "Ohne Verbindung lesbar" }).getByRole("link")).toHaveText([name]);
});

test("the saved recipes are readable offline, for the account that saved them only", async ({
  page,
  context,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "offline");
  await startWithServiceWorker(page);
  // Signed out, the saved-recipes page is kept as everyone sees it.
  await page.goto("/gespeicherte-rezepte");
  await kept(page, "/gespeicherte-rezepte");
  await signIn(page, email);

  await page.goto("/rezepte/gazpacho");
  await waitForHydration(page);
  await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    page.getByRole("button", { name: "Speichern: Gazpacho" }).click(),
  ]);
  await page.goto("/gespeicherte-rezepte");
  await expect(page.locator('article[data-slug="gazpacho"]')).toBeVisible();
  // Kept for the account, beside the copy everyone gets.
  await expect
    .poll(async () =>
      (await keptCopy(page, "/gespeicherte-rezepte", "wkij-personal"))?.includes('data-slug="gazpacho"'),
    )
    .toBe(true);

  // The account's own list, offline.
  await goOffline(context);
  await page.reload();
  await expect(page.locator('article[data-slug="gazpacho"]')).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(`Angemeldet als ${email}`);

  await context.setOffline(false);
  await page.getByRole("contentinfo").getByRole("button", { name: "Abmelden" }).click();
  await expect(page.getByText("Du bist jetzt abgemeldet.")).toBeVisible();

  // Offline after the sign-out: whatever is shown, nothing of that account.
  await goOffline(context);
  await page.goto("/gespeicherte-rezepte");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator('article[data-slug="gazpacho"]')).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(email);
  await expect(page.getByRole("link", { name: "Mit Google anmelden" })).toBeVisible();
  expect(await page.evaluate(() => caches.has("wkij-personal"))).toBe(false);
});

/** Griechischer Bauernsalat, for 2: 100 g Feta and 2 Tomaten among its lines (tests/e2e/shopping-list.spec.ts). */
const SALAD = "/rezepte/griechischer-bauernsalat?portionen=2";
const shoppingLine = (page: Page, text: string) => page.getByRole("checkbox", { name: text, exact: true });
const shoppingPart = (page: Page, name: string) => page.getByRole("region", { name });

/** Puts the salad's ingredients on the shopping list: the device's, or the account's when signed in. */
async function addSalad(page: Page): Promise<void> {
  await page.goto(SALAD);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Auf die Einkaufsliste: Griechischer Bauernsalat" }).click();
  await expect(page.locator(".shopping-add-status")).toContainText("9 Zutaten für 2 Portionen auf der Einkaufsliste.");
}

test("the shopping list on the device is readable and can be ticked offline, and the offline page links it", async ({
  page,
  context,
}) => {
  await startWithServiceWorker(page);
  await addSalad(page);
  await page.goto("/einkaufsliste");
  await waitForHydration(page);
  await expect(shoppingLine(page, "100 g Feta")).toBeVisible();
  // Made for nobody (its list is the device's): kept for everyone, with no list in it.
  await kept(page, "/einkaufsliste");
  expect(await keptCopy(page, "/einkaufsliste", "wkij-pages")).not.toContain("Feta");

  await goOffline(context);
  const answer = await page.reload();
  expect(answer?.headers()["cache-status"]).toContain("wkij-offline; hit");
  await waitForHydration(page);
  await expect(shoppingLine(page, "100 g Feta")).toBeVisible();
  await expect(shoppingLine(page, "2 Tomaten")).toBeVisible();

  // Ticked offline: the device keeps it, and so does the next offline load.
  await shoppingLine(page, "100 g Feta").click();
  await expect(shoppingPart(page, "Erledigt").getByRole("checkbox", { name: "100 g Feta" })).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await expect(shoppingPart(page, "Erledigt").getByRole("checkbox", { name: "100 g Feta" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await expect(shoppingPart(page, "Noch zu kaufen").getByRole("checkbox", { name: "2 Tomaten" })).toBeVisible();

  // From the offline page's list of what can be read.
  await page.goto(`/rezepte/${NEVER_OPENED}`);
  await expect(offlineHeading(page)).toBeVisible();
  const listLink = page
    .getByRole("region", { name: "Ohne Verbindung lesbar" })
    .getByRole("link", { name: "Einkaufsliste", exact: true });
  await expect(listLink).toHaveAttribute("href", "/einkaufsliste");
  await listLink.click();
  await expect(page.getByRole("heading", { level: 1, name: "Einkaufsliste" })).toBeVisible();
  await expect(shoppingLine(page, "2 Tomaten")).toBeVisible();
});

test("a signed-in visitor's shopping list is readable offline for that account only, and goes at sign-out", async ({
  page,
  context,
}, testInfo) => {
  test.slow();
  const email = uniqueEmail(testInfo, "offline-einkauf");
  await startWithServiceWorker(page);
  await signIn(page, email);
  await expect.poll(async () => (await keptCopy(page, "/gespeicherte-rezepte", "wkij-personal")) !== null).toBe(true);
  await addSalad(page);
  await page.goto("/einkaufsliste");
  await waitForHydration(page);
  await expect(shoppingLine(page, "100 g Feta")).toBeVisible();
  // Kept for the account alone; opening it left the account's other kept pages in place.
  await expect
    .poll(async () => (await keptCopy(page, "/einkaufsliste", "wkij-personal"))?.includes("Feta") ?? false)
    .toBe(true);
  expect(await keptCopy(page, "/einkaufsliste", "wkij-pages")).toBeNull();
  expect(await keptCopy(page, "/gespeicherte-rezepte", "wkij-personal")).not.toBeNull();

  await goOffline(context);
  await page.reload();
  await waitForHydration(page);
  await expect(shoppingLine(page, "100 g Feta")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(`Angemeldet als ${email}`);
  // The account's list cannot change without a connection: said in German, the line stays, nothing is posted.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await shoppingLine(page, "100 g Feta").click();
  await expect(page.getByRole("status").filter({ hasText: "Ohne Internetverbindung" })).toHaveText(
    "Ohne Internetverbindung können wir die Liste in deinem Konto nicht ändern. Versuche es noch einmal, wenn du wieder online bist.",
  );
  await expect(shoppingPart(page, "Noch zu kaufen").getByRole("checkbox", { name: "100 g Feta" })).toBeVisible();
  await expect(shoppingPart(page, "Erledigt")).toHaveCount(0);
  expect(posts).toEqual([]);

  await context.setOffline(false);
  await page.getByRole("contentinfo").getByRole("button", { name: "Abmelden" }).click();
  await expect(page.getByText("Du bist jetzt abgemeldet.")).toBeVisible();

  // Offline after the sign-out: whatever is shown, nothing of that account.
  await goOffline(context);
  await page.goto("/einkaufsliste");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(shoppingLine(page, "100 g Feta")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText("Feta");
  await expect(page.locator("body")).not.toContainText(email);
  expect(await page.evaluate(() => caches.has("wkij-personal"))).toBe(false);
});

test("a new build's service worker takes over from the old one, and the kept pages stay", async ({ page, context }) => {
  await startWithServiceWorker(page);
  const registration = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready;
    return { updateViaCache: ready.updateViaCache, scope: ready.scope };
  });
  expect(registration).toEqual({ updateViaCache: "none", scope: `${BASE_URL}/` });
  // The page's policy lets exactly /sw.js run as a worker: a worker from anywhere else is refused.
  const otherWorker = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const worker = new Worker(URL.createObjectURL(new Blob(["postMessage(1)"], { type: "text/javascript" })));
        worker.addEventListener("message", () => resolve("ran"));
        worker.addEventListener("error", () => resolve("refused"));
      }),
  );
  expect(otherWorker).toBe("refused");
  const shells = async () =>
    (await page.evaluate(() => caches.keys())).filter((name) => name.startsWith("wkij-shell-")).sort();
  const [oldShell] = await shells();
  expect(oldShell).toMatch(/^wkij-shell-[0-9a-f]+$/);
  const name = await openRecipe(page, "gazpacho");
  await kept(page, "/rezepte/gazpacho");
  // The page registers /sw.js from its scripts, which start after load (decision 0045): once it has hydrated,
  // that registration is made and cannot come after the next worker's below and register the old address again.
  await waitForHydration(page);

  // The next deploy's worker. Chromium fetches an update of the same address outside what Playwright can
  // route, so the new build's script comes under a new address, which the browser installs as an update of
  // the same registration, like a changed script: install, activate, take over from the worker in charge.
  // That the Worker's script changes with every build, and that the browser asks the Worker every time,
  // the Worker test (tests/worker/service-worker-script.test.ts) and the registration above show.
  await context.route("**/sw.js?naechster-build", async (route) => {
    const response = await route.fetch();
    const script = (await response.text()).replace(/^const BUILD_VERSION="[^"]+";/, 'const BUILD_VERSION="e2e0next";');
    expect(script).toContain('const BUILD_VERSION="e2e0next";');
    await route.fulfill({ response, body: script });
  });
  await page.evaluate(async () => {
    await navigator.serviceWorker.register("/sw.js?naechster-build", { updateViaCache: "none" });
  });
  await expect.poll(shells, { timeout: 20_000 }).toEqual(["wkij-shell-e2e0next"]);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL))
    .toBe(`${BASE_URL}/sw.js?naechster-build`);
  await serviceWorkerControls(page);

  await goOffline(context);
  await page.goto("/rezepte/gazpacho");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await page.goto(`/rezepte/${NEVER_OPENED}`);
  await expect(offlineHeading(page)).toBeVisible();
});
