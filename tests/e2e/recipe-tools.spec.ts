/**
 * The recipe page's print, share and cooking mode tools (issue 15). Browser
 * APIs the headless browser lacks or that a test must watch (the share sheet,
 * a failing clipboard, a wake lock whose requests are counted, a hidden tab)
 * are replaced in the page with `addInitScript`; the site's own code runs
 * unchanged.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { waitForHydration } from "./hydration.ts";
import { layoutShift, UNNOTICEABLE_SHIFT } from "./layout-shift.ts";
import { BASE_URL } from "./stack.ts";

const SLUG = "kaesespaetzle-aus-der-pfanne";
const PATH = `/rezepte/${SLUG}`;
const NAME = "Käsespätzle aus der Pfanne";
const CANONICAL = `${BASE_URL}${PATH}`;
const FIRST_STEP = "Schneide die Zwiebeln in Ringe und brate sie in Butter langsam goldbraun; nimm sie heraus.";
const SECOND_STEP = "Erwärme die Spätzle in derselben Pfanne mit etwas Butter.";

async function openRecipe(page: Page, path = PATH): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

const card = (page: Page) => page.locator(`article[data-slug="${SLUG}"]`);

/** A wake lock that records what the page asks of it, and a visibility the test can switch. */
function installWakeLockDouble(options: { refuse?: boolean } = {}) {
  let visibility: DocumentVisibilityState = "visible";
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
  Object.defineProperty(document, "hidden", { configurable: true, get: () => visibility !== "visible" });
  const log: string[] = [];
  const held = new Set<EventTarget & { released: boolean }>();
  class Sentinel extends EventTarget {
    released = false;
    readonly type = "screen";
    onrelease = null;
    async release() {
      if (this.released) return;
      this.released = true;
      held.delete(this);
      log.push("release");
      this.dispatchEvent(new Event("release"));
    }
  }
  Object.defineProperty(Navigator.prototype, "wakeLock", {
    configurable: true,
    get: () => ({
      async request(type: string) {
        log.push(`request ${type}`);
        if (options.refuse) throw new DOMException("Wake lock refused (battery saver)", "NotAllowedError");
        const sentinel = new Sentinel();
        held.add(sentinel);
        return sentinel;
      },
    }),
  });
  Object.assign(window, {
    wakeLockDouble: {
      log,
      held: () => held.size,
      /** What the browser does: hiding the page drops every lock, then tells the page. */
      setVisibility(state: DocumentVisibilityState) {
        visibility = state;
        if (state === "hidden") {
          for (const sentinel of held) {
            sentinel.released = true;
            log.push("dropped by the browser");
            sentinel.dispatchEvent(new Event("release"));
          }
          held.clear();
        }
        document.dispatchEvent(new Event("visibilitychange"));
      },
    },
  });
}

type WakeLockDouble = { log: string[]; held: () => number; setVisibility: (state: DocumentVisibilityState) => void };

const wakeLockLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { wakeLockDouble: WakeLockDouble }).wakeLockDouble.log.slice());
const heldLocks = (page: Page) =>
  page.evaluate(() => (window as unknown as { wakeLockDouble: WakeLockDouble }).wakeLockDouble.held());
const setVisibility = (page: Page, state: DocumentVisibilityState) =>
  page.evaluate(
    (value) => (window as unknown as { wakeLockDouble: WakeLockDouble }).wakeLockDouble.setVisibility(value),
    state,
  );

test.describe("action row", () => {
  test("Drucken, Teilen and Kochmodus are buttons of at least 44 px, and Drucken opens the print dialog", {
    tag: "@viewport",
  }, async ({ page }) => {
    await page.addInitScript(() => {
      const calls: number[] = [];
      Object.assign(window, { printCalls: calls });
      window.print = () => void calls.push(Date.now());
    });
    await openRecipe(page);
    const print = card(page).getByRole("button", { name: "Drucken" });
    const cooking = card(page).getByRole("button", { name: "Kochmodus" });
    for (const button of [print, card(page).getByRole("button", { name: "Teilen" }), cooking]) {
      await expect(button).toBeVisible();
      const box = await button.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect(box?.width).toBeGreaterThanOrEqual(44);
    }
    await expect(cooking).toHaveAttribute("aria-pressed", "false");
    await print.click();
    expect(await page.evaluate(() => (window as unknown as { printCalls: number[] }).printCalls.length)).toBe(1);
  });

  test("the row appears without moving anything, and wraps without horizontal scrolling", { tag: "@viewport" }, async ({
    page,
  }) => {
    await openRecipe(page);
    await page.waitForLoadState("networkidle");
    const shift = await layoutShift(page);
    expect(shift.total, shift.moved.join("; ")).toBeLessThan(UNNOTICEABLE_SHIFT);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  test("before hydration the row holds its final space, invisible", { tag: "@viewport" }, async ({ page }) => {
    await openRecipe(page);
    const hydrated = await card(page).locator(".recipe-description").boundingBox();

    // The same page with the app's scripts held back: what a visitor sees while they load.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto(PATH);
    await expect(card(page).getByRole("heading", { level: 1 })).toHaveText(NAME);
    await expect(card(page).getByRole("button", { name: "Drucken" })).toBeHidden();
    await expect(card(page).getByRole("button", { name: "Teilen" })).toBeHidden();
    const waiting = await card(page).locator(".recipe-description").boundingBox();
    expect(waiting?.y).toBe(hydrated?.y);
  });

  test("keyboard: the tools and the steps of cooking mode are reachable and show focus", { tag: "@viewport" }, async ({
    page,
  }) => {
    await openRecipe(page);
    const print = card(page).getByRole("button", { name: "Drucken" });
    await print.focus();
    await page.keyboard.press("Tab");
    await expect(card(page).getByRole("button", { name: "Teilen" })).toBeFocused();
    await page.keyboard.press("Tab");
    const cooking = card(page).getByRole("button", { name: "Kochmodus" });
    await expect(cooking).toBeFocused();
    const outline = await cooking.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).not.toBe("none");
    await page.keyboard.press("Space");
    await expect(cooking).toHaveAttribute("aria-pressed", "true");

    const firstStep = card(page).getByRole("checkbox", { name: FIRST_STEP });
    await firstStep.focus();
    await page.keyboard.press("Space");
    await expect(firstStep).toBeChecked();
  });
});

test.describe("print", () => {
  // The banner is up: the printout must leave it out as well.
  test.use({ consent: "none" });

  test("print media shows only the recipe, with amounts and the page's address", { tag: "@viewport" }, async ({
    page,
  }) => {
    await openRecipe(page);
    await expect(page.locator(".cookie-banner")).toBeVisible();
    await page.emulateMedia({ media: "print" });

    for (const chrome of [
      page.getByRole("banner"),
      page.getByRole("navigation", { name: "Hauptnavigation" }),
      page.getByRole("contentinfo"),
      page.locator(".cookie-banner"),
      page.getByRole("link", { name: "Zum Inhalt springen" }),
    ]) {
      await expect(chrome).toBeHidden();
    }
    await expect(page.getByRole("button")).toHaveCount(0);

    const recipe = card(page);
    await expect(recipe.getByRole("heading", { level: 1 })).toHaveText(NAME);
    await expect(recipe.locator(".recipe-image img")).toBeVisible();
    await expect(recipe.getByRole("heading", { name: "Zutaten für 4 Portionen" })).toBeVisible();
    const cheese = recipe.getByRole("listitem").filter({ hasText: "Bergkäse" });
    await expect(cheese).toBeVisible();
    await expect(cheese).toContainText("200");
    await expect(recipe.getByText(FIRST_STEP)).toBeVisible();
    await expect(recipe.getByRole("link", { name: `kochbuch.example.org/${SLUG}` })).toBeVisible();
    await expect(recipe.getByText(`Rezept online: ${CANONICAL}`)).toBeVisible();

    const colours = await recipe.evaluate((element) => {
      const style = getComputedStyle(element);
      return { color: style.color, border: style.borderTopWidth };
    });
    expect(colours).toEqual({ color: "rgb(0, 0, 0)", border: "0px" });
  });

  test(
    "a PDF of the page is A4 and holds the recipe on one or two pages",
    { tag: "@desktop" },
    async ({ page }, testInfo) => {
      // On the desktop only: page.pdf() prints at the page's own size, so one run is enough.
      await openRecipe(page);
      await page.emulateMedia({ media: "print" });
      const pdf = await page.pdf({ preferCSSPageSize: true });
      await testInfo.attach("recipe.pdf", { body: pdf, contentType: "application/pdf" });
      const text = pdf.toString("latin1");
      // A4 is 595 × 842 points.
      const box = text.match(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/);
      expect(Number(box?.[1])).toBeCloseTo(595, -1);
      expect(Number(box?.[2])).toBeCloseTo(842, -1);
      const pages = text.match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
      expect(pages).toBeGreaterThanOrEqual(1);
      expect(pages).toBeLessThanOrEqual(2);
    },
  );
});

test.describe("share", () => {
  test("Teilen opens the share sheet with the recipe's name and address", async ({ page }) => {
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { shared });
      Object.defineProperty(Navigator.prototype, "share", {
        configurable: true,
        value: async (data: ShareData) => void shared.push(data),
      });
    });
    await openRecipe(page);
    await card(page).getByRole("button", { name: "Teilen" }).click();
    const shared = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
    expect(shared).toHaveLength(1);
    expect(shared[0]?.title).toBe(NAME);
    expect(shared[0]?.url).toBe(CANONICAL);
    expect(shared[0]?.text).toContain(NAME);
    await expect(page.getByRole("status").filter({ hasText: "Link kopiert" })).toHaveCount(0);
  });

  test("the shared address keeps the chosen servings and drops everything else", async ({ page }) => {
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { shared });
      Object.defineProperty(Navigator.prototype, "share", {
        configurable: true,
        value: async (data: ShareData) => void shared.push(data),
      });
    });
    await openRecipe(page, `${PATH}?portionen=6&utm_source=newsletter#zutaten`);
    await card(page).getByRole("button", { name: "Teilen" }).click();
    const shared = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
    expect(shared[0]?.url).toBe(`${CANONICAL}?portionen=6`);
  });

  test("closing the share sheet is not an error", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "share", {
        configurable: true,
        value: async () => {
          throw new DOMException("Share canceled", "AbortError");
        },
      });
    });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await openRecipe(page);
    await card(page).getByRole("button", { name: "Teilen" }).click();
    await expect(card(page).getByRole("textbox", { name: "Link zum Rezept" })).toHaveCount(0);
    await expect(card(page).locator(".tool-status").first()).toBeEmpty();
    expect(errors).toEqual([]);
  });

  test("without a share sheet the address is copied and 'Link kopiert' is announced", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
    await page.addInitScript(() => {
      // Debian's Chromium has no share sheet on Linux; make sure of it.
      delete (Navigator.prototype as { share?: unknown }).share;
    });
    await openRecipe(page);
    await card(page).getByRole("button", { name: "Teilen" }).click();
    const status = card(page).getByRole("status").filter({ hasText: "Link kopiert" });
    await expect(status).toBeVisible();
    await expect(status).toHaveAttribute("role", "status");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(CANONICAL);
  });

  test("when copying fails too, the address is offered in a selected field", async ({ page }) => {
    await page.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
      Object.defineProperty(Navigator.prototype, "clipboard", {
        configurable: true,
        get: () => ({
          writeText: async () => {
            throw new DOMException("Write permission denied.", "NotAllowedError");
          },
        }),
      });
    });
    await openRecipe(page);
    await card(page).getByRole("button", { name: "Teilen" }).click();
    await expect(card(page).getByRole("status").filter({ hasText: "Kopieren hat nicht geklappt." })).toBeVisible();
    const field = card(page).getByRole("textbox", { name: "Link zum Rezept" });
    await expect(field).toHaveValue(CANONICAL);
    await expect(field).toBeFocused();
    expect(
      await field.evaluate((input: HTMLInputElement) => (input.selectionEnd ?? 0) - (input.selectionStart ?? 0)),
    ).toBe(CANONICAL.length);
  });
});

test.describe("cooking mode", () => {
  test("with the browser's own wake lock: large steps to tick off, and axe finds nothing", {
    tag: "@viewport",
  }, async ({ page }) => {
    await openRecipe(page);
    const toggle = card(page).getByRole("button", { name: "Kochmodus" });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    // Headless Chromium grants the lock: no hint that the screen may turn off.
    await expect(card(page).getByText("Der Bildschirm kann trotzdem ausgehen", { exact: false })).toHaveCount(0);

    const steps = card(page).getByRole("region", { name: "Zubereitung" });
    const fontSize = await steps
      .getByRole("listitem")
      .first()
      .evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
    expect(fontSize).toBeGreaterThanOrEqual(20);
    await expect(steps.getByRole("checkbox")).toHaveCount(4);
    await expect(steps.getByText("0 von 4 Schritten erledigt")).toBeVisible();
    const first = steps.getByRole("listitem").filter({ hasText: FIRST_STEP });
    const second = steps.getByRole("listitem").filter({ hasText: SECOND_STEP });
    await expect(first).toHaveAttribute("aria-current", "step");

    await steps.getByRole("checkbox", { name: FIRST_STEP }).check();
    await expect(steps.getByRole("checkbox", { name: FIRST_STEP })).toBeChecked();
    await expect(first.locator(".cooking-step-text")).toHaveCSS("text-decoration-line", "line-through");
    await expect(second).toHaveAttribute("aria-current", "step");
    await expect(first).not.toHaveAttribute("aria-current", "step");
    await expect(steps.getByText("1 von 4 Schritten erledigt")).toBeVisible();
    // The ingredients stay on the page.
    await expect(card(page).getByRole("heading", { name: "Zutaten für 4 Portionen" })).toBeVisible();

    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    // Off and on again: the ticks are kept for this recipe.
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(steps.getByRole("checkbox")).toHaveCount(0);
    await expect(steps.getByRole("listitem").first()).toHaveText(FIRST_STEP);
    await toggle.click();
    await expect(steps.getByRole("checkbox", { name: FIRST_STEP })).toBeChecked();
  });

  test("the lock is requested, asked for again when the page comes back, and released when switched off or left", async ({
    page,
  }) => {
    await page.addInitScript(installWakeLockDouble);
    await openRecipe(page);
    const toggle = card(page).getByRole("button", { name: "Kochmodus" });
    expect(await wakeLockLog(page)).toEqual([]);

    await toggle.click();
    await expect.poll(() => heldLocks(page)).toBe(1);
    expect(await wakeLockLog(page)).toEqual(["request screen"]);

    await setVisibility(page, "hidden");
    await expect.poll(() => heldLocks(page)).toBe(0);
    await setVisibility(page, "visible");
    await expect.poll(() => heldLocks(page)).toBe(1);
    expect(await wakeLockLog(page)).toEqual(["request screen", "dropped by the browser", "request screen"]);

    await toggle.click();
    await expect.poll(() => heldLocks(page)).toBe(0);
    expect((await wakeLockLog(page)).at(-1)).toBe("release");
    // Switched off, a returning page asks for nothing.
    await setVisibility(page, "hidden");
    await setVisibility(page, "visible");
    expect((await wakeLockLog(page)).filter((entry) => entry === "request screen")).toHaveLength(2);

    // Leaving the recipe while cooking gives the lock back.
    await toggle.click();
    await expect.poll(() => heldLocks(page)).toBe(1);
    await page
      .getByRole("navigation", { name: "Hauptnavigation" })
      .getByRole("link", { name: "Suche", exact: true })
      .click();
    await expect(page).toHaveURL(/\/suche$/);
    await expect.poll(() => heldLocks(page)).toBe(0);
    expect((await wakeLockLog(page)).at(-1)).toBe("release");
  });

  test("a refused lock keeps cooking mode on and says the screen may still turn off", async ({ page }) => {
    await page.addInitScript(installWakeLockDouble, { refuse: true });
    await openRecipe(page);
    const toggle = card(page).getByRole("button", { name: "Kochmodus" });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    const hint = card(page).getByRole("status").filter({ hasText: "Der Bildschirm kann trotzdem ausgehen" });
    await expect(hint).toBeVisible();
    await expect(card(page).getByRole("checkbox", { name: FIRST_STEP })).toBeVisible();
    await toggle.click();
    await expect(hint).toHaveCount(0);
  });

  test("is not offered where the browser has no wake lock, and nothing moves", async ({ page }) => {
    await page.addInitScript(() => {
      delete (Navigator.prototype as { wakeLock?: unknown }).wakeLock;
    });
    await openRecipe(page);
    await expect(card(page).getByRole("button", { name: "Teilen" })).toBeVisible();
    await expect(card(page).getByRole("button", { name: "Kochmodus" })).toHaveCount(0);
    await page.waitForLoadState("networkidle");
    const shift = await layoutShift(page);
    expect(shift.total, shift.moved.join("; ")).toBeLessThan(UNNOTICEABLE_SHIFT);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page has no tools that could not work, and the steps as a plain list", async ({ page }) => {
    await page.goto(PATH);
    await expect(card(page).getByRole("heading", { level: 1 })).toHaveText(NAME);
    await expect(card(page).locator(".recipe-tools")).toHaveCSS("display", "none");
    for (const name of ["Drucken", "Teilen", "Kochmodus"]) {
      await expect(card(page).getByRole("button", { name })).toBeHidden();
    }
    await expect(card(page).getByRole("region", { name: "Zubereitung" }).getByRole("listitem").first()).toHaveText(
      FIRST_STEP,
    );
  });
});
