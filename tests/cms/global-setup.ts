import type { TestProject } from "vitest/node";
import { startScratchCms } from "../../scripts/local-stack/cms.ts";
import { TEST_SITE } from "./directus-clients.ts";

/** A fresh CMS (bootstrap, schema, access policies, seed) in a temporary folder for this run. */
export default async function setup(project: TestProject) {
  const cms = await startScratchCms({ redirectAllowList: [TEST_SITE], log: (line) => console.log(line) });
  project.provide("directusUrl", cms.directus.url);
  project.provide("standInUrl", cms.standIn.issuerUrl);
  project.provide("cmsDataDir", cms.dataDir);
  return () => cms.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    directusUrl: string;
    standInUrl: string;
    cmsDataDir: string;
  }
}
