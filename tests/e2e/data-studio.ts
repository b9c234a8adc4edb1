/**
 * The editors' Data Studio in a browser test. Directus' app is several
 * megabytes of scripts: beside the CMS tests on two cores one start of it
 * took over 10 s in CI, and every spec that signed in through its form
 * started it twice (the form, then the item). So a test signs in the way the
 * app itself stays signed in, with a session cookie asked for at the API,
 * and opens the page it needs once, with room for the start (decision 0075).
 */
import type { Page } from "@playwright/test";
import { LOCAL_ADMIN } from "../../scripts/local-stack/directus.ts";
import { expect as siteExpect } from "./fixtures.ts";

/** How long one start of the Data Studio may take on a loaded 2-core machine. */
export const STUDIO_START_TIMEOUT = 45_000;

/**
 * The tests' `expect` with room for the Data Studio: after its start the app still asks Directus for the
 * collection's fields, the item and the flows before it draws them, and each answer waits for the CMS tests'
 * turn on the cores. Specs in the Data Studio import it from here.
 */
export const expect = siteExpect.configure({ timeout: 30_000 });

/**
 * Signs the page's browser context in as the local admin: `api` is where the door forwards Directus' API
 * (its /auth/login), and the cookie it sets is the one the Data Studio's own sign-in sets.
 */
export async function signInToDataStudio(page: Page, api: string): Promise<void> {
  const answer = await page.request.post(`${api}/auth/login`, {
    data: { email: LOCAL_ADMIN.email, password: LOCAL_ADMIN.password, mode: "session" },
    timeout: STUDIO_START_TIMEOUT,
  });
  if (!answer.ok()) throw new Error(`Data Studio sign-in: ${answer.status()} ${await answer.text()}`);
}

/** Opens `url` in the Data Studio and waits until the app has drawn its content area. */
export async function openInDataStudio(page: Page, url: string): Promise<void> {
  await page.goto(url, { timeout: STUDIO_START_TIMEOUT });
  await expect(page.locator("#main-content")).toBeVisible({ timeout: STUDIO_START_TIMEOUT });
}
