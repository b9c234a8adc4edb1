import { expect, type Page, type TestInfo } from "@playwright/test";
import { BASE_URL } from "./stack.ts";

/** An address no other test (or project, or run) uses. */
export function uniqueEmail(testInfo: TestInfo, name: string): string {
  const suffix = `${testInfo.project.name}-${testInfo.workerIndex}-${Date.now().toString(36)}`;
  return `${name}-${suffix}@example.org`;
}

/**
 * Signs in through the real chain: "Mit Google anmelden" on the saved-recipes
 * page, Directus, the Google stand-in's form, back through /login/zurueck.
 */
export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto("/gespeicherte-rezepte");
  await page.getByRole("link", { name: "Mit Google anmelden" }).click();
  await page.getByLabel("E-Mail-Adresse").fill(email);
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/gespeicherte-rezepte`);
  await expect(page.getByRole("contentinfo")).toContainText(`Angemeldet als ${email}`);
}
