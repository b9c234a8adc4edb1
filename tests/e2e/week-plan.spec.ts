/**
 * The week plan (issue 46, points 1, 2 and 4; decision 0070) in a real
 * browser against the seed: recipes put on days from a recipe page, their
 * servings changed, moved, removed and the plan cleared; the week's shopping
 * list combined, without the basics, and put on the shopping list once; kept
 * on the device across tabs, and in the account when signed in (the device's
 * plan moves in); "Plan meine Woche"'s post; without JavaScript; printed on
 * one A4 page; accessible, and nothing moves.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { waitForHydration } from "./hydration.ts";
import { layoutShift, UNNOTICEABLE_SHIFT } from "./layout-shift.ts";
import { signIn, uniqueEmail } from "./sign-in.ts";
import { BASE_URL } from "./stack.ts";

/** Griechischer Bauernsalat is written for 4: at 2 servings it needs 100 g Feta (and Salz, a basic). */
const SALAD = "/rezepte/griechischer-bauernsalat?portionen=2";
const SALAD_NAME = "Griechischer Bauernsalat";
const SOUP = "/rezepte/rote-linsen-suppe-mit-kokos";

/** A day's box on the plan page. */
const day = (page: Page, name: string) =>
  page.locator(".week-day").filter({ has: page.getByRole("heading", { name }) });
const weekList = (page: Page) => page.getByRole("region", { name: "Einkaufsliste für die Woche" });

async function addToPlan(page: Page, path: string, dayName: string, recipeName: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  const add = page.locator(".week-plan-add");
  await add.getByLabel("Tag").selectOption({ label: dayName });
  await add.getByRole("button", { name: `Zum Wochenplan: ${recipeName}` }).click();
  await expect(add.locator(".week-plan-add-status")).toContainText(
    `${recipeName} steht am ${dayName} in deinem Wochenplan.`,
  );
}

async function openPlan(page: Page): Promise<void> {
  await page.goto("/wochenplan");
  await waitForHydration(page);
}

function devicePlan(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem("wkij-wochenplan"));
}

/** Posts "Plan meine Woche"'s form as the proposal page does: the form token when the page carries one. */
async function postProposal(page: Page, entries: string[]): Promise<void> {
  await page.evaluate((values) => {
    const form = document.createElement("form");
    form.method = "post";
    form.action = "/wochenplan";
    const field = (name: string, value: string) => {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      form.append(input);
    };
    field("aktion", "vorschlag-uebernehmen");
    const token = document.querySelector<HTMLInputElement>('input[name="csrf"]')?.value;
    if (token) field("csrf", token);
    for (const value of values) field("eintrag", value);
    document.body.append(form);
    form.submit();
  }, entries);
  await page.waitForURL(`${BASE_URL}/wochenplan`);
  await waitForHydration(page);
}

test.describe("without an account", () => {
  test("plan from recipe pages, change servings, move, remove, clear; the week's list goes on the shopping list once", async ({
    page,
  }) => {
    test.slow();
    await addToPlan(page, SALAD, "Dienstag", SALAD_NAME);
    await addToPlan(page, SALAD, "Donnerstag", SALAD_NAME);
    await openPlan(page);
    await expect(day(page, "Dienstag").getByRole("link", { name: SALAD_NAME })).toBeVisible();
    await expect(day(page, "Donnerstag")).toContainText("2 Portionen");
    await expect(day(page, "Montag")).toContainText("Nichts geplant.");
    // Both days' salads in one line; the basics are at hand.
    await expect(weekList(page).getByRole("listitem").filter({ hasText: /Feta$/ })).toHaveText("200 g Feta");
    await expect(weekList(page).getByText("Salz", { exact: true })).toHaveCount(0);

    const thursday = day(page, "Donnerstag");
    await thursday.getByLabel(`Portionen für ${SALAD_NAME} am Donnerstag`).selectOption("4");
    await thursday.getByRole("button", { name: "Ändern" }).click();
    await expect(thursday).toContainText("4 Portionen");
    await expect(weekList(page).getByRole("listitem").filter({ hasText: /Feta$/ })).toHaveText("300 g Feta");

    await thursday.getByLabel(`${SALAD_NAME} verschieben auf`).selectOption({ label: "Freitag" });
    await thursday.getByRole("button", { name: "Verschieben" }).click();
    await expect(day(page, "Freitag")).toContainText("4 Portionen");
    await expect(day(page, "Donnerstag")).toContainText("Nichts geplant.");

    // Onto the shopping list, twice: the second press replaces what the first put there.
    for (let press = 0; press < 2; press += 1) {
      await weekList(page).getByRole("button", { name: "Auf die Einkaufsliste" }).click();
      await expect(
        page.getByRole("status").filter({ hasText: "Die Zutaten für die Woche stehen jetzt" }),
      ).toBeVisible();
    }
    await page.goto("/einkaufsliste");
    await waitForHydration(page);
    await expect(page.getByRole("checkbox", { name: "300 g Feta", exact: true })).toBeVisible();

    await openPlan(page);
    await day(page, "Dienstag")
      .getByRole("button", { name: `${SALAD_NAME} am Dienstag entfernen` })
      .click();
    await expect(day(page, "Dienstag")).toContainText("Nichts geplant.");
    await page.reload();
    await waitForHydration(page);
    await expect(day(page, "Freitag").getByRole("link", { name: SALAD_NAME })).toBeVisible();
    await expect(day(page, "Dienstag")).toContainText("Nichts geplant.");

    await page.getByText("Wochenplan leeren", { exact: true }).click();
    await page.getByRole("button", { name: "Ja, Wochenplan leeren" }).click();
    await expect(page.getByText("Dein Wochenplan ist leer.")).toBeVisible();
    expect(await devicePlan(page)).toBeNull();
  });

  test("a card's 'Zum Wochenplan' offers a day and servings on the plan, and the plan shows it at once", async ({
    page,
  }) => {
    await page.goto("/suche?q=bauernsalat");
    await waitForHydration(page);
    await page.getByRole("link", { name: `Zum Wochenplan: ${SALAD_NAME}` }).click();
    await expect(page).toHaveURL(`${BASE_URL}/wochenplan?rezept=griechischer-bauernsalat`);
    const adding = page.getByRole("region", { name: `Zum Wochenplan: ${SALAD_NAME}` });
    await expect(adding.getByLabel("Portionen")).toHaveValue("4");
    await adding.getByLabel("Tag").selectOption({ label: "Mittwoch" });
    await adding.getByLabel("Portionen").selectOption("2");
    await adding.getByRole("button", { name: `Zum Wochenplan: ${SALAD_NAME}` }).click();
    // On the plan, without the offer: the address is the plan's again, and the page says what happened.
    await expect(page).toHaveURL(`${BASE_URL}/wochenplan`);
    await expect(adding).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: `${SALAD_NAME} steht am Mittwoch` })).toHaveText(
      `${SALAD_NAME} steht am Mittwoch in deinem Wochenplan.`,
    );
    await expect(day(page, "Mittwoch").getByRole("link", { name: SALAD_NAME })).toBeVisible();
    await expect(day(page, "Mittwoch")).toContainText("2 Portionen");
    await expect(weekList(page).getByRole("listitem").filter({ hasText: /Feta$/ })).toHaveText("100 g Feta");
  });

  test("two tabs at once follow each other", async ({ page, context }) => {
    await openPlan(page);
    await expect(page.getByText("Dein Wochenplan ist leer.")).toBeVisible();
    const other = await context.newPage();
    await addToPlan(other, SOUP, "Mittwoch", "Rote-Linsen-Suppe mit Kokos");
    await addToPlan(other, SALAD, "Mittwoch", SALAD_NAME);
    // The first tab shows both without a reload, and its next change keeps them.
    await expect(day(page, "Mittwoch").getByRole("link")).toHaveText(["Rote-Linsen-Suppe mit Kokos", SALAD_NAME]);
    await day(page, "Mittwoch")
      .getByRole("button", { name: `${SALAD_NAME} am Mittwoch entfernen` })
      .click();
    await expect(day(other, "Mittwoch")).toHaveCount(0);
    await openPlan(other);
    await expect(day(other, "Mittwoch").getByRole("link")).toHaveText(["Rote-Linsen-Suppe mit Kokos"]);
  });

  test("'Plan meine Woche' hands its days to the device; the page links it", async ({ page }) => {
    await openPlan(page);
    await expect(page.getByRole("link", { name: "Plan meine Woche" }).first()).toHaveAttribute(
      "href",
      "/wochenplan/vorschlag",
    );
    await postProposal(page, ["0|griechischer-bauernsalat|2", "6|rote-linsen-suppe-mit-kokos|4"]);
    await expect(page.getByText("Der Vorschlag steht jetzt in deinem Wochenplan.")).toBeVisible();
    await expect(day(page, "Montag").getByRole("link", { name: SALAD_NAME })).toBeVisible();
    await expect(day(page, "Sonntag")).toContainText("4 Portionen");
    expect(new URL(page.url()).hash).toBe("");
  });

  test(
    "printed, the plan and the week's list fit one A4 page without the controls",
    { tag: "@viewport" },
    async ({ page }, testInfo) => {
      await postProposalOfAWeek(page);
      await page.emulateMedia({ media: "print" });
      await expect(page.getByRole("heading", { level: 1, name: "Wochenplan" })).toBeVisible();
      await expect(weekList(page)).toBeVisible();
      for (const hidden of [
        page.getByRole("button", { name: "Verschieben" }).first(),
        page.getByText("Wochenplan leeren", { exact: true }),
        weekList(page).getByRole("button", { name: "Auf die Einkaufsliste" }),
        page.getByRole("navigation", { name: "Hauptnavigation" }),
        page.locator(".site-header"),
      ]) {
        await expect(hidden).toBeHidden();
      }
      if (testInfo.project.name === "desktop") {
        const pdf = (await page.pdf({ preferCSSPageSize: true })).toString("latin1");
        const box = pdf.match(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/);
        expect(Number(box?.[1])).toBeCloseTo(595, -1);
        expect(Number(box?.[2])).toBeCloseTo(842, -1);
        expect(pdf.match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0).toBe(1);
      }
    },
  );

  test("the plan page and a recipe have no accessibility violations, the keyboard reaches the controls, nothing moves", {
    tag: "@viewport",
  }, async ({ page }) => {
    test.slow();
    await addToPlan(page, SALAD, "Montag", SALAD_NAME);
    const recipeAxe = await new AxeBuilder({ page }).analyze();
    expect(recipeAxe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    await openPlan(page);
    await expect(weekList(page).getByRole("listitem").first()).toBeVisible();
    const shift = await layoutShift(page);
    expect(shift.unprompted, shift.moved.join("\n")).toBeLessThan(UNNOTICEABLE_SHIFT);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    // The servings' choice is reached by the keyboard and shows its focus.
    const select = day(page, "Montag").getByLabel(`Portionen für ${SALAD_NAME} am Montag`);
    await select.focus();
    await page.keyboard.press("Tab");
    const focused = page.locator(":focus");
    await expect(focused).toHaveText("Ändern");
    expect(await focused.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe("none");
  });
});

/** A plan of five days, on the device. */
async function postProposalOfAWeek(page: Page): Promise<void> {
  await openPlan(page);
  await postProposal(page, [
    "0|griechischer-bauernsalat|2",
    "1|rote-linsen-suppe-mit-kokos|4",
    "2|tomatensuppe-mit-basilikum|2",
    "3|kartoffelsuppe-mit-lauch|4",
    "4|kuerbissuppe-mit-ingwer|2",
    "4|brokkolicremesuppe|2",
  ]);
  await expect(weekList(page).getByRole("listitem").first()).toBeVisible();
}

test.describe("signed in", () => {
  test("the device's plan moves into the account; the plan is there in another browser; changes at once are kept", async ({
    page,
    browser,
  }, testInfo) => {
    test.slow();
    const email = uniqueEmail(testInfo, "woche");
    await addToPlan(page, SOUP, "Montag", "Rote-Linsen-Suppe mit Kokos");
    await signIn(page, email);
    await addToPlan(page, SALAD, "Dienstag", SALAD_NAME);
    await openPlan(page);
    await expect(page.getByText("Der Wochenplan von diesem Gerät ist jetzt in deinem Konto.")).toBeVisible();
    await expect(day(page, "Montag").getByRole("link", { name: "Rote-Linsen-Suppe mit Kokos" })).toBeVisible();
    await expect(day(page, "Dienstag").getByRole("link", { name: SALAD_NAME })).toBeVisible();
    expect(await devicePlan(page)).toBeNull();

    // Two tabs change two entries at the same moment: both are stored.
    const second = await page.context().newPage();
    await openPlan(second);
    const monday = day(page, "Montag");
    await monday.getByLabel("Portionen für Rote-Linsen-Suppe mit Kokos am Montag").selectOption("6");
    const tuesday = day(second, "Dienstag");
    await tuesday.getByLabel(`${SALAD_NAME} verschieben auf`).selectOption({ label: "Samstag" });
    await Promise.all([
      monday.getByRole("button", { name: "Ändern" }).click(),
      tuesday.getByRole("button", { name: "Verschieben" }).click(),
    ]);
    await expect(day(second, "Samstag").getByRole("link", { name: SALAD_NAME })).toBeVisible();
    await page.reload();
    await expect(day(page, "Montag")).toContainText("6 Portionen");
    await expect(day(page, "Samstag").getByRole("link", { name: SALAD_NAME })).toBeVisible();

    // "Plan meine Woche" posts with the form token; the days are stored in the account.
    await postProposal(page, ["4|tomatensuppe-mit-basilikum|2"]);
    await expect(day(page, "Freitag").getByRole("link")).toHaveText("Schnelle Tomatensuppe mit Basilikum");

    const other = await browser.newContext({ baseURL: BASE_URL });
    const otherPage = await other.newPage();
    await signIn(otherPage, email);
    await openPlan(otherPage);
    await expect(day(otherPage, "Samstag").getByRole("link", { name: SALAD_NAME })).toBeVisible();
    await expect(day(otherPage, "Montag")).toContainText("6 Portionen");
    // Onto the account's shopping list, once.
    for (let press = 0; press < 2; press += 1) {
      // By the keyboard: on a phone the sticky header may cover a button scrolled to the top edge.
      await weekList(otherPage).getByRole("button", { name: "Auf die Einkaufsliste" }).focus();
      await otherPage.keyboard.press("Enter");
      await expect(
        otherPage.getByText("Die Zutaten für die Woche stehen jetzt auf deiner Einkaufsliste."),
      ).toBeVisible();
    }
    await otherPage.goto("/einkaufsliste");
    await expect(otherPage.getByRole("checkbox", { name: "100 g Feta", exact: true })).toBeVisible();
    await other.close();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("signed in, every control is a form post", async ({ page }, testInfo) => {
    await signIn(page, uniqueEmail(testInfo, "woche-nojs"));
    await page.goto(SALAD);
    await page.locator(".week-plan-add").getByLabel("Tag").selectOption({ label: "Mittwoch" });
    await page.getByRole("button", { name: `Zum Wochenplan: ${SALAD_NAME}` }).click();
    await expect(page).toHaveURL(`${BASE_URL}${SALAD}`);
    await expect(page.getByText("Das Rezept steht jetzt in deinem Wochenplan.")).toBeVisible();

    await page.goto("/wochenplan");
    const wednesday = day(page, "Mittwoch");
    await wednesday.getByLabel(`Portionen für ${SALAD_NAME} am Mittwoch`).selectOption("4");
    await wednesday.getByRole("button", { name: "Ändern" }).click();
    await expect(day(page, "Mittwoch")).toContainText("4 Portionen");
    await day(page, "Mittwoch").getByLabel(`${SALAD_NAME} verschieben auf`).selectOption({ label: "Sonntag" });
    await day(page, "Mittwoch").getByRole("button", { name: "Verschieben" }).click();
    await expect(day(page, "Sonntag")).toContainText("4 Portionen");
    await weekList(page).getByRole("button", { name: "Auf die Einkaufsliste" }).click();
    await expect(page.getByText("Die Zutaten für die Woche stehen jetzt auf deiner Einkaufsliste.")).toBeVisible();
    await day(page, "Sonntag")
      .getByRole("button", { name: `${SALAD_NAME} am Sonntag entfernen` })
      .click();
    await expect(page.getByText("Dein Wochenplan ist leer.")).toBeVisible();
  });

  test("signed in, a card's 'Zum Wochenplan' is a link and a form post back to the plan", async ({
    page,
  }, testInfo) => {
    await signIn(page, uniqueEmail(testInfo, "woche-karte-nojs"));
    await page.goto("/suche?q=bauernsalat");
    await page.getByRole("link", { name: `Zum Wochenplan: ${SALAD_NAME}` }).click();
    const adding = page.getByRole("region", { name: `Zum Wochenplan: ${SALAD_NAME}` });
    await adding.getByLabel("Tag").selectOption({ label: "Freitag" });
    await adding.getByLabel("Portionen").selectOption("6");
    await adding.getByRole("button", { name: `Zum Wochenplan: ${SALAD_NAME}` }).click();
    await expect(page).toHaveURL(`${BASE_URL}/wochenplan`);
    await expect(page.getByText("Das Rezept steht jetzt in deinem Wochenplan.")).toBeVisible();
    await expect(day(page, "Freitag")).toContainText("6 Portionen");
    await expect(page.getByRole("region", { name: `Zum Wochenplan: ${SALAD_NAME}` })).toHaveCount(0);
  });

  test("without an account, the page says the plan needs JavaScript or an account", async ({ page }) => {
    await page.goto("/wochenplan");
    await expect(page.getByText("Ohne JavaScript kann der Wochenplan nicht auf deinem Gerät liegen.")).toBeVisible();
    await page.goto(SALAD);
    await page.getByRole("button", { name: `Zum Wochenplan: ${SALAD_NAME}` }).click();
    await expect(
      page.getByText(
        "Ohne JavaScript kann der Wochenplan nur in deinem Konto liegen. Melde dich an oder schalte JavaScript ein.",
      ),
    ).toBeVisible();
  });
});

test("the tab bar keeps the spec's four tabs", async ({ page }) => {
  await page.goto("/wochenplan");
  await expect(page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link")).toHaveCount(4);
});
