/**
 * `npm start`: the whole local stack in one command. Builds the site, brings
 * up the Google stand-in and Directus (bootstrap, schema, access policies,
 * seed on a new database, the publish-on-save flow), opens the editors' door to
 * the Data Studio, serves the site with `wrangler dev` at
 * http://localhost:8787 and has its catalog coordinator publish the catalog
 * into the local KV. An edit in the Data Studio reaches the site within
 * seconds: Directus' flow calls POST /sync with a token made for this run
 * (the cron: GET /cdn-cgi/local/scheduled). `npm run sync` finds this site
 * through .wrangler/running-site.json.
 * Ctrl-C stops everything; data stays in cms/data/ (gitignored).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import type { RequestView } from "../../catalog/sync/coordinator.ts";
import { parseDropAllowList } from "../../cms/ops/schema-guard.mjs";
import { errorMessage } from "../../logging/error-message.ts";
import { openAdminDoor } from "./admin-door.ts";
import { startCms } from "./cms.ts";
import { LOCAL_ADMIN, LOCAL_DIRECTUS_PORT } from "./directus.ts";
import { announceRunningSite, forgetRunningSite } from "./running-site.ts";
import { writeSecretsFile } from "./secrets-file.ts";
import { waitForOk } from "./site.ts";
import { syncSite } from "./site-sync.ts";
import { warmRecipeImages } from "./warm-images.ts";

const SITE_PORT = 8787;
const SITE = `http://localhost:${SITE_PORT}`;
const PORTS = { adminDoor: 8055, directus: LOCAL_DIRECTUS_PORT, standIn: 9011 } as const;

function log(line: string): void {
  console.log(`start: ${line}`);
}

let lastPhase = "";
/** The first sync's phases, one line each. */
function firstSyncProgress(view: RequestView): void {
  const phase = view.state === "queued" ? "queued" : (view.progress?.phase ?? "");
  if (phase && phase !== lastPhase && phase !== "queued") log(`sync: ${phase} …`);
  lastPhase = phase;
}

log("building the site …");
if (spawnSync("react-router", ["build"], { stdio: ["ignore", "ignore", "inherit"] }).status !== 0) {
  console.error("start: the build failed");
  process.exit(1);
}

log("starting the local CMS (Google stand-in, Directus) …");
const started = Date.now();
// Publish on save: Directus' flow calls the site's /sync with this token; a new one every run.
const syncToken = randomBytes(32).toString("hex");
// The site writes each recipe's publication status back to Directus with this one (also new every run).
const statusToken = randomBytes(32).toString("hex");
// The editors' draft preview (decision 0051): Directus signs preview links with the secret, the site reads
// drafts with the token; both new every run.
const preview = {
  secret: randomBytes(32).toString("hex"),
  siteUrl: SITE,
  directusToken: randomBytes(32).toString("hex"),
};
const cms = await startCms({
  dataDir: resolve(import.meta.dirname, "../../cms/data"),
  directusPort: PORTS.directus,
  standInPort: PORTS.standIn,
  publicUrl: `${SITE}/directus`,
  // Where Directus sends a visitor after Google sign-in (workers/auth-routes.ts).
  redirectAllowList: [`${SITE}/login/zurueck`],
  siteSync: { url: `http://127.0.0.1:${SITE_PORT}/sync`, token: syncToken },
  statusToken,
  preview,
  // A field an editor added in the Data Studio stops the start instead of being deleted (docs/operations.md, 5).
  schemaDropAllow: parseDropAllowList(process.env.SCHEMA_DROP_ALLOW),
  log,
});
const adminDoor = await openAdminDoor(PORTS.adminDoor, cms.directus.url);
log(`CMS ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

// `GTM_ID=GTM-XXXXXXX npm start` tries the tag manager locally (it still loads only after consent).
const gtmVar = process.env.GTM_ID ? ["--var", `GTM_ID:${process.env.GTM_ID}`] : [];
// The secrets go in a file only this user can read; one form-token key for the run, as production has one.
const secrets = writeSecretsFile({
  SYNC_TOKEN: syncToken,
  DIRECTUS_STATUS_TOKEN: statusToken,
  FORM_TOKEN_SECRET: randomBytes(32).toString("hex"),
  PREVIEW_SECRET: preview.secret,
  DIRECTUS_PREVIEW_TOKEN: preview.directusToken,
});
// The one origin that may frame a preview: the editors' door to the Data Studio. An address, not a secret.
const studioVar = ["--var", `STUDIO_ORIGIN:http://127.0.0.1:${PORTS.adminDoor}`];
const wrangler: ChildProcess = spawn(
  "wrangler",
  ["dev", "--port", String(SITE_PORT), "--ip", "127.0.0.1", ...gtmVar, ...studioVar, "--env-file", secrets.path],
  {
    stdio: "inherit",
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
  },
);
const site = { url: `http://127.0.0.1:${SITE_PORT}`, token: syncToken };

let stopping = false;
async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    log("stopping …");
    forgetRunningSite();
    if (wrangler.exitCode === null) wrangler.kill("SIGINT");
    secrets.remove();
    await Promise.allSettled([adminDoor.close(), cms.stop()]);
  }
  process.exit(code);
}

process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));
wrangler.on("exit", (code) => {
  if (!stopping) log(`wrangler dev exited (${code}); shutting down`);
  void stop(code ?? 1);
});

// The first sync goes the way every later one goes: the site's catalog
// coordinator reads Directus and publishes. A failure is reported, and the
// site serves whatever catalog the local KV already holds.
log("syncing the catalog …");
try {
  // wrangler dev prints to this terminal itself: a failure points there.
  await waitForOk(`${site.url}/impressum`, wrangler, () => "(see wrangler's output above)");
  const first = await syncSite(site, "publish", { onUpdate: firstSyncProgress });
  if (first.summary) {
    log(
      `catalog: ${first.summary.status}, ${first.summary.recipes} recipes, ` +
        `${first.summary.writes} KV writes in ${first.summary.steps} step(s), ${(first.summary.durationMs / 1000).toFixed(1)} s`,
    );
  } else log(`the first sync failed: ${first.error?.message}; the site serves the last published catalog, if any`);
} catch (error) {
  log(`the first sync failed: ${errorMessage(error)}; the site serves the last published catalog, if any`);
}
// `npm run sync` asks this site's coordinator from now on instead of starting its own.
announceRunningSite(site);

// In the background: the first visitor to each recipe then gets its image at once.
// Directus keeps the transforms, so later starts are quick.
warmRecipeImages(cms.directus.url).then(
  ({ images, failed, seconds }) =>
    log(`${images} recipe images prepared in ${seconds.toFixed(0)} s${failed ? ` (${failed} failed)` : ""}`),
  (error: unknown) => log(`preparing the recipe images failed: ${errorMessage(error)}`),
);

console.log(`
  Site:            ${SITE}
  CMS (editors):   ${adminDoor.url}   login ${LOCAL_ADMIN.email} / ${LOCAL_ADMIN.password}
  Google stand-in: ${cms.standIn.issuerUrl}
  Edits in the CMS are on the site within seconds (publish on save); by hand: npm run sync
  Stop with Ctrl-C.
`);
