/**
 * Timers in cooking mode (issue 34, point 6): a button per duration in a
 * step, several timers at once in a bar that stays in view, kept over a
 * reload, and a sound, a vibration and a message when one runs out.
 * Playwright's clock stands in for the minutes; the sound and the vibration
 * are recorded by a stand-in for the browser's Web Audio and vibration
 * (`addInitScript`), the site's own code runs unchanged.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { waitForHydration } from "./hydration.ts";
import { layoutShift, UNNOTICEABLE_SHIFT } from "./layout-shift.ts";

// Step 2 says "eine Minute", step 3 "zwölf Minuten"; steps 1 and 4 name no duration.
const SLUG = "rote-linsen-suppe-mit-kokos";
const PATH = `/rezepte/${SLUG}`;
const STORAGE_KEY = `wkij-kochtimer:${SLUG}`;
const T0 = Date.UTC(2026, 10, 28, 17, 0, 0);

const card = (page: Page) => page.locator(`article[data-slug="${SLUG}"]`);
const bar = (page: Page) => page.getByRole("region", { name: "Timer" });
const row = (page: Page, step: number) =>
  bar(page)
    .getByRole("listitem")
    .filter({ hasText: `Schritt ${step}` });

/** Records what the page asks of the speaker and the vibration motor, in `window.alarmLog`. */
function installAlarmRecorder() {
  const log: string[] = [];
  Object.assign(window, { alarmLog: log });
  Object.defineProperty(Navigator.prototype, "vibrate", {
    configurable: true,
    value: (pattern: number | number[]) => {
      log.push(`vibrate ${JSON.stringify(pattern)}`);
      return true;
    },
  });
  const Real = window.AudioContext;
  window.AudioContext = class extends Real {
    override createOscillator() {
      const oscillator = super.createOscillator();
      const start = oscillator.start.bind(oscillator);
      oscillator.start = (when?: number) => {
        log.push("beep");
        start(when);
      };
      return oscillator;
    }
  };
}

const alarmLog = (page: Page) => page.evaluate(() => (window as unknown as { alarmLog: string[] }).alarmLog.slice());

async function openInCookingMode(page: Page): Promise<void> {
  await page.goto(PATH);
  await waitForHydration(page);
  const toggle = card(page).getByRole("button", { name: "Kochmodus" });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
}

test("two timers run at once, survive a reload, and the short one rings with a message", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.addInitScript(installAlarmRecorder);
  await page.clock.install({ time: T0 });
  await openInCookingMode(page);
  // The minutes from here on are the clock's, not the machine's.
  await page.clock.pauseAt(T0 + 60_000);

  const steps = card(page).getByRole("region", { name: "Zubereitung" });
  await expect(steps.getByRole("button", { name: /^Timer .* starten$/ })).toHaveCount(2);
  const long = steps.getByRole("button", { name: "Timer 12 Min. für Schritt 3 starten" });
  await expect(long).toHaveText("Timer 12 Min.");
  await long.click();
  await expect(row(page, 3)).toContainText("Schritt 3 · 12 Minuten");
  await expect(row(page, 3).getByRole("timer")).toHaveText("12:00");
  await page.clock.runFor(5_000);
  await expect(row(page, 3).getByRole("timer")).toHaveText("11:55");
  // The pressed button says its timer runs, and starts no second one.
  const running = steps.getByRole("button", { name: "Timer läuft: 12 Min. für Schritt 3" });
  await expect(running).toHaveAttribute("aria-disabled", "true");
  // A press all the same (Playwright would wait for an aria-disabled button to become enabled).
  await running.click({ force: true });
  await expect(bar(page).getByRole("listitem")).toHaveCount(1);

  await steps.getByRole("button", { name: "Timer 1 Min. für Schritt 2 starten" }).click();
  await expect(bar(page).getByRole("listitem")).toHaveCount(2);
  await expect(row(page, 2).getByRole("timer")).toHaveText("1:00");

  // A reload: the page starts again, cooking mode off, and the timers are back where the clock says.
  await page.clock.resume();
  await page.reload();
  await waitForHydration(page);
  await page.clock.pauseAt(T0 + 90_000);
  await expect(row(page, 3).getByRole("timer")).toHaveText("11:30");
  await expect(row(page, 2).getByRole("timer")).toHaveText("0:35");
  await expect(card(page).getByRole("button", { name: "Kochmodus" })).toHaveAttribute("aria-pressed", "false");
  expect(await alarmLog(page)).toEqual([]);

  // Back in cooking mode (the press also readies the sound), and the minute runs out.
  await card(page).getByRole("button", { name: "Kochmodus" }).click();
  await page.clock.runFor(35_000);
  const message = "Timer abgelaufen: Schritt 2 – 1 Minute";
  await expect(row(page, 2)).toContainText(message);
  await expect(bar(page).getByRole("status")).toHaveText(message);
  await expect(row(page, 3).getByRole("timer")).toHaveText("10:55");
  await expect.poll(() => alarmLog(page)).toContain("vibrate [200,100,200,100,400]");
  expect((await alarmLog(page)).filter((entry) => entry === "beep").length).toBeGreaterThan(0);

  // axe waits on timeouts of its own: the clock runs again, one timer ticking, one run out.
  await page.clock.resume();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

  // "OK" clears the message; focus moves on to the other timer's buttons.
  await row(page, 2).getByRole("button", { name: "OK – Timer Schritt 2" }).click();
  await expect(bar(page).getByRole("listitem")).toHaveCount(1);
  await expect(row(page, 3).getByRole("button", { name: "Pause – Timer Schritt 3" })).toBeFocused();
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).not.toContain('"step":1');
  expect(errors).toEqual([]);
});

test("pause, go on and stop, by keyboard, with visible focus", { tag: "@viewport" }, async ({ page }) => {
  await page.clock.install({ time: T0 });
  await openInCookingMode(page);
  await page.clock.pauseAt(T0 + 60_000);

  // From the step's checkbox, Tab reaches the step's timer button.
  await card(page)
    .getByRole("checkbox", { name: /lass alles zwölf Minuten köcheln/ })
    .focus();
  await page.keyboard.press("Tab");
  const start = card(page).getByRole("button", { name: "Timer 12 Min. für Schritt 3 starten" });
  await expect(start).toBeFocused();
  expect(await start.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe("none");
  await page.keyboard.press("Enter");
  // Focus stays on the pressed button, which now says that its timer runs.
  await expect(card(page).getByRole("button", { name: "Timer läuft: 12 Min. für Schritt 3" })).toBeFocused();

  const pause = row(page, 3).getByRole("button", { name: "Pause – Timer Schritt 3" });
  await pause.focus();
  expect(await pause.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe("none");
  await page.keyboard.press("Enter");
  await expect(row(page, 3)).toContainText("pausiert");
  await page.clock.runFor(60_000);
  await expect(row(page, 3).getByRole("timer")).toHaveText("12:00");
  const resume = row(page, 3).getByRole("button", { name: "Weiter – Timer Schritt 3" });
  await resume.focus();
  await page.keyboard.press("Space");
  await page.clock.runFor(2_000);
  await expect(row(page, 3).getByRole("timer")).toHaveText("11:58");

  const stop = row(page, 3).getByRole("button", { name: "Stopp – Timer Schritt 3" });
  await stop.focus();
  await page.keyboard.press("Enter");
  await expect(bar(page)).toHaveCount(0);
  // The bar is gone with its buttons: focus is back on the step's button, which starts a timer again.
  await expect(card(page).getByRole("button", { name: "Timer 12 Min. für Schritt 3 starten" })).toBeFocused();
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();
});

test("outside cooking mode the steps have no timer buttons, and a running timer stays in view", {
  tag: "@viewport",
}, async ({ page }) => {
  await page.goto(PATH);
  await waitForHydration(page);
  const steps = card(page).getByRole("region", { name: "Zubereitung" });
  await expect(steps.getByRole("listitem").nth(2)).toHaveText(
    "Spüle die Linsen ab, gib sie mit 800 ml Brühe in den Topf und lass alles zwölf Minuten köcheln.",
  );
  await expect(page.getByRole("button", { name: /Timer/ })).toHaveCount(0);

  const toggle = card(page).getByRole("button", { name: "Kochmodus" });
  await toggle.click();
  await steps.getByRole("button", { name: "Timer 12 Min. für Schritt 3 starten" }).click();
  await toggle.click();
  await expect(steps.getByRole("button", { name: /Timer/ })).toHaveCount(0);
  await expect(row(page, 3)).toBeVisible();
  // Fixed above the page (and on phones above the tab bar): nothing of the page's end lies hidden under it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const barBox = await bar(page).boundingBox();
  const footerBox = await page.getByRole("contentinfo").boundingBox();
  expect((footerBox?.y ?? 0) + (footerBox?.height ?? 0)).toBeLessThanOrEqual(barBox?.y ?? 0);
});

test("timers kept from before come back without moving anything; one that ran out meanwhile says so, silently", {
  tag: "@viewport",
}, async ({ page }) => {
  await page.addInitScript(installAlarmRecorder);
  await page.addInitScript(
    ({ key }) => {
      // Written once, before the first load: a timer that ran out ten minutes ago and one with five minutes left.
      if (sessionStorage.getItem("seeded")) return;
      sessionStorage.setItem("seeded", "1");
      const now = Date.now();
      localStorage.setItem(
        key,
        JSON.stringify({
          version: 1,
          timers: [
            { step: 2, ordinal: 0, seconds: 720, state: "running", endsAt: now - 600_000 },
            { step: 1, ordinal: 0, seconds: 600, state: "running", endsAt: now + 300_000 },
          ],
        }),
      );
    },
    { key: STORAGE_KEY },
  );
  await page.goto(PATH);
  await waitForHydration(page);
  await expect(row(page, 3)).toContainText("Timer abgelaufen: Schritt 3 – 12 Minuten");
  await expect(row(page, 2).getByRole("timer")).toHaveText(/^[45]:\d\d$/);
  // Shown as run out, but no sound for an end nobody was there to hear, and no announcement.
  await expect(bar(page).getByRole("status")).toHaveText("");
  expect(await alarmLog(page)).toEqual([]);
  await page.waitForLoadState("networkidle");
  const shift = await layoutShift(page);
  expect(shift.total, shift.moved.join("; ")).toBeLessThan(UNNOTICEABLE_SHIFT);
});

test.describe("what the device holds is input", () => {
  const hostile: [string, string][] = [
    ["not JSON", "{version: 1, timers: ["],
    ["JSON of another shape", '{"version":1,"timers":[{"step":"2","seconds":720}]}'],
    [
      "an end a week away",
      JSON.stringify({ version: 1, timers: [{ step: 2, ordinal: 0, seconds: 720, state: "running", endsAt: 9e15 }] }),
    ],
    ["a megabyte", `{"version":1,"timers":[],"x":"${"x".repeat(1_000_000)}"}`],
  ];
  for (const [name, value] of hostile) {
    test(`${name}: ignored and cleared, the page works`, async ({ page }) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.addInitScript(
        ({ key, value }) => {
          if (sessionStorage.getItem("seeded")) return;
          sessionStorage.setItem("seeded", "1");
          localStorage.setItem(key, value);
        },
        { key: STORAGE_KEY, value },
      );
      await openInCookingMode(page);
      await expect(bar(page)).toHaveCount(0);
      await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();
      await card(page).getByRole("button", { name: "Timer 1 Min. für Schritt 2 starten" }).click();
      await expect(row(page, 2).getByRole("timer")).toHaveText(/^(1:00|0:5\d)$/);
      expect(errors).toEqual([]);
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the steps are a plain list, with no timer buttons", async ({ page }) => {
    await page.goto(PATH);
    const steps = card(page).getByRole("region", { name: "Zubereitung" });
    await expect(steps.getByRole("listitem")).toHaveCount(4);
    await expect(steps.getByRole("listitem").nth(1)).toHaveText(
      "Dünste die Würfel in einem Topf mit etwas Öl glasig an und röste Tomatenmark und Currypulver eine Minute mit.",
    );
    await expect(page.getByRole("button", { name: /Timer/ })).toHaveCount(0);
  });
});
