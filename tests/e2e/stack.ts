/** Addresses of the site the browser tests run against (tests/e2e/site-under-test.ts). */
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The site, signed-in features included: a real Directus and the Google stand-in behind it.
 * `E2E_SITE_PORT` moves both sites, so two checkouts can run their browser tests side by side.
 */
export const SITE_PORT = Number(process.env.E2E_SITE_PORT ?? 8790);
export const BASE_URL = `http://127.0.0.1:${SITE_PORT}`;

/** The same site and catalog, but its Directus is down: what visitors see while the CMS is unreachable. */
export const CMS_DOWN_PORT = SITE_PORT + 1;
export const CMS_DOWN_URL = `http://127.0.0.1:${CMS_DOWN_PORT}`;

/** The editors' door to the Data Studio of the site's Directus (scripts/local-stack/admin-door.ts), as `npm start` opens one. */
export const STUDIO_PORT = SITE_PORT + 2;
export const STUDIO_URL = `http://127.0.0.1:${STUDIO_PORT}`;

/** The tag manager container the site is configured with (never reached: the tests intercept it). */
export const TEST_GTM_ID = "GTM-E2ETEST";

/**
 * Written by the site under test once it runs: `{ directusUrl, syncToken }`, where an editor reaches its
 * Directus' API, and the token an operator asks the site's /sync with.
 */
export const STACK_FILE = join(tmpdir(), `wkij-e2e-${SITE_PORT}.json`);
