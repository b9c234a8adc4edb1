import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { startScratchCms } from "../../scripts/local-stack/cms.ts";
import { startSiteSyncStandIn } from "../stand-ins/site-sync-stand-in.ts";
import { TEST_SITE } from "./directus-clients.ts";

/**
 * A fresh CMS (bootstrap, schema, access policies, seed, flows) in a temporary
 * folder for this run, its publish-on-save flow pointed at a stand-in for the
 * site's /sync.
 */
export default async function setup(project: TestProject) {
  const siteSync = await startSiteSyncStandIn();
  const token = randomBytes(24).toString("hex");
  const statusToken = randomBytes(32).toString("hex");
  // The editors' draft preview: Directus signs links with the secret, the site would read with the token.
  const preview = {
    secret: randomBytes(32).toString("hex"),
    siteUrl: TEST_SITE,
    directusToken: randomBytes(32).toString("hex"),
  };
  const cms = await startScratchCms({
    redirectAllowList: [TEST_SITE],
    siteSync: { url: siteSync.syncUrl, token },
    statusToken,
    preview,
    log: (line) => console.log(line),
  }).catch(async (error) => {
    await siteSync.close();
    throw error;
  });
  project.provide("directusUrl", cms.directus.url);
  project.provide("standInUrl", cms.standIn.issuerUrl);
  project.provide("cmsDataDir", cms.dataDir);
  project.provide("cmsDatabase", cms.database);
  project.provide("siteSync", { controlUrl: siteSync.controlUrl, token });
  project.provide("statusToken", statusToken);
  project.provide("preview", preview);
  return async () => {
    await cms.stop();
    await siteSync.close();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    directusUrl: string;
    standInUrl: string;
    cmsDataDir: string;
    /** The database Directus runs on, for CLI commands (migrations, schema) in tests. */
    cmsDatabase: import("../../scripts/local-stack/directus.ts").DirectusDatabase;
    /** The stand-in for the site's /sync (tests/stand-ins/site-sync-stand-in.ts) and the token Directus sends it. */
    siteSync: { controlUrl: string; token: string } | null;
    /** The "Website (Status)" user's static token: the site's DIRECTUS_STATUS_TOKEN. */
    statusToken: string | null;
    /** The draft preview's secret, the site it links to and the "Website (Vorschau)" user's token. */
    preview: import("../../scripts/local-stack/cms.ts").CmsPreview;
  }
}
