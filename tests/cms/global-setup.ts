import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startCms } from "../../scripts/local-stack/cms.ts";
import { freePort } from "../../scripts/local-stack/free-port.ts";
import { TEST_SITE } from "./directus-clients.ts";

/** A fresh CMS (bootstrap, schema, access policies, seed) in a temporary folder for this run. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), "cms-test-"));
  const directusPort = await freePort();
  const cms = await startCms({
    dataDir,
    directusPort,
    standInPort: await freePort(),
    publicUrl: `http://127.0.0.1:${directusPort}`,
    redirectAllowList: [TEST_SITE],
    log: (line) => console.log(line),
  });
  project.provide("directusUrl", cms.directus.url);
  project.provide("standInUrl", cms.standIn.issuerUrl);
  project.provide("cmsDataDir", dataDir);
  return async () => {
    await cms.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    directusUrl: string;
    standInUrl: string;
    cmsDataDir: string;
  }
}
