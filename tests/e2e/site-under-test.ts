/**
 * The site the browser tests run against, started by Playwright's web server:
 *
 * - a scratch Directus with the seed content behind the site's /directus,
 *   signing in through the local Google stand-in;
 * - the catalog published from it by the real sync, and every card image
 *   transformed once, so no test waits for Directus to encode a dozen;
 * - the built site on BASE_URL, with a tag manager container configured and
 *   Directus' publish-on-save flow calling its /sync;
 * - the same build and catalog on CMS_DOWN_URL with a Directus that cannot
 *   be reached.
 *
 * Runs until Playwright stops it (SIGTERM), then takes everything down.
 */
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openAdminDoor } from "../../scripts/local-stack/admin-door.ts";
import { startScratchCms } from "../../scripts/local-stack/cms.ts";
import { publishCatalog, type ServedSite, serveBuild } from "../../scripts/local-stack/site.ts";
import { warmRecipeImages } from "../../scripts/local-stack/warm-images.ts";
import { BASE_URL, CMS_DOWN_PORT, SITE_PORT, STACK_FILE, STUDIO_PORT, STUDIO_URL, TEST_GTM_ID } from "./stack.ts";

const log = (line: string) => console.log(`e2e site: ${line}`);
const stateDir = mkdtempSync(join(tmpdir(), "e2e-site-"));
const sites: ServedSite[] = [];
const syncToken = randomBytes(32).toString("hex");
/** The site writes recipes' publication statuses back to Directus with it (DIRECTUS_STATUS_TOKEN). */
const statusToken = randomBytes(32).toString("hex");
/** One form-token key for both sites, as every isolate of production has one: a form from one is good at the other. */
const formTokenSecret = randomBytes(32).toString("hex");
/** The editors' draft preview (decision 0051): Directus signs links with the secret, the site reads with the token. */
const preview = {
  secret: randomBytes(32).toString("hex"),
  siteUrl: BASE_URL,
  directusToken: randomBytes(32).toString("hex"),
};

const cms = await startScratchCms({
  publicUrl: `${BASE_URL}/directus`,
  redirectAllowList: [`${BASE_URL}/login/zurueck`],
  siteSync: { url: `${BASE_URL}/sync`, token: syncToken },
  statusToken,
  preview,
  log: () => {},
});
// The Data Studio as editors reach it, on a host of its own (tests/e2e/draft-preview.spec.ts).
const studio = await openAdminDoor(STUDIO_PORT, cms.directus.url);
let stopping: Promise<void> | undefined;
function stopAll(): Promise<void> {
  stopping ??= (async () => {
    await Promise.allSettled(sites.map((site) => site.stop()));
    await studio.close();
    await cms.stop();
    rmSync(stateDir, { recursive: true, force: true });
    rmSync(STACK_FILE, { force: true });
  })();
  return stopping;
}
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    void stopAll().then(() => process.exit(0));
  });
}

try {
  const recipes = await publishCatalog(cms.directus.url, join(stateDir, "site"));
  log(`${recipes} recipes published from ${cms.directus.url}`);
  const warmed = await warmRecipeImages(cms.directus.url);
  log(`${warmed.images} images transformed in ${warmed.seconds.toFixed(0)} s (${warmed.failed} failed)`);
  cpSync(join(stateDir, "site"), join(stateDir, "cms-down"), { recursive: true });
  // Nothing listens on port 9.
  sites.push(
    await serveBuild({
      persistDir: join(stateDir, "cms-down"),
      directusUrl: "http://127.0.0.1:9",
      port: CMS_DOWN_PORT,
      secrets: { FORM_TOKEN_SECRET: formTokenSecret },
    }),
  );
  // Last: Playwright starts the tests once this one answers.
  sites.push(
    await serveBuild({
      persistDir: join(stateDir, "site"),
      directusUrl: cms.directus.url,
      port: SITE_PORT,
      vars: { GTM_ID: TEST_GTM_ID, STUDIO_ORIGIN: STUDIO_URL },
      secrets: {
        SYNC_TOKEN: syncToken,
        DIRECTUS_STATUS_TOKEN: statusToken,
        FORM_TOKEN_SECRET: formTokenSecret,
        PREVIEW_SECRET: preview.secret,
        DIRECTUS_PREVIEW_TOKEN: preview.directusToken,
      },
    }),
  );
  // Where tests reach Directus as an editor would (tests/e2e/publish-on-save.spec.ts).
  writeFileSync(STACK_FILE, JSON.stringify({ directusUrl: cms.directus.url, syncToken }));
  log(`ready on ${BASE_URL}`);
} catch (error) {
  console.error(error);
  await stopAll();
  process.exit(1);
}
