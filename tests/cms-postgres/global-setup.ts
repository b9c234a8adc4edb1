import type { TestProject } from "vitest/node";
import { startScratchCms } from "../../scripts/local-stack/cms.ts";
import { startScratchPostgres } from "../../scripts/local-stack/postgres.ts";
import { TEST_SITE } from "../cms/directus-clients.ts";

/**
 * A throwaway PostgreSQL and, on it, a fresh CMS (bootstrap, schema, our
 * migrations, access policies, seed, flows). No site sync is configured, as
 * on a CMS whose operator has not set SYNC_URL: the flow must then stay quiet.
 * The seed shares one image among its recipes: uploads are not what this stage tests.
 */
export default async function setup(project: TestProject) {
  const log = (line: string) => console.log(line);
  const started = Date.now();
  const postgres = await startScratchPostgres(log);
  log(`postgres: cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s on port ${postgres.database.port}`);
  const cms = await startScratchCms({
    redirectAllowList: [TEST_SITE],
    database: postgres.database,
    seedImages: "shared",
    log,
  }).catch(async (error) => {
    await postgres.stop();
    throw error;
  });
  log(`cms: on Postgres in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide("directusUrl", cms.directus.url);
  project.provide("standInUrl", cms.standIn.issuerUrl);
  project.provide("cmsDataDir", cms.dataDir);
  project.provide("cmsDatabase", cms.database);
  project.provide("siteSync", null);
  project.provide("statusToken", null);
  return async () => {
    await cms.stop();
    await postgres.stop();
  };
}
