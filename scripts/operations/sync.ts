/**
 * `npm run sync`: asks a site's catalog coordinator to publish Directus'
 * content (or roll back, release, check) and follows it with a progress bar
 * to its summary. The coordinator is the catalog's one writer
 * (catalog/sync/coordinator.ts); this command never writes KV itself.
 *
 *   npm run sync                    the local site: the one `npm start` serves, or else the
 *                                   build served on the local state for the while
 *   npm run sync -- --dry-run       read, validate and build, but publish nothing
 *   npm run sync -- --allow-shrink  publish even if half the recipes are gone
 *   npm run sync -- --full          read every recipe from Directus, not only what changed
 *   npm run sync -- --rollback      go back to the version live before; syncs then hold it
 *   npm run sync -- --release       publish what Directus holds and lift a rollback's hold
 *   npm run sync -- --versions      list the live version and the ones kept for a rollback
 *   npm run sync -- --site <url>    any of these on a deployed site (token in SYNC_TOKEN)
 *   npm run sync -- --dry-run --directus <url>
 *                                   check another Directus, on a scratch state of its own
 *
 * Exits with 1 if the request failed or was refused; the live catalog then stays.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { CoordinatorStatus, RequestView, RunProgress, SyncSummary } from "../../catalog/sync/coordinator.ts";
import type { SyncAction } from "../../catalog/sync/ledger.ts";
import { errorMessage } from "../../logging/error-message.ts";
import { runningSite } from "../local-stack/running-site.ts";
import { type ServedSite, serveBuild } from "../local-stack/site.ts";
import { type SiteSync, siteStatus, syncSite } from "../local-stack/site-sync.ts";

/** Where `wrangler dev` (and so `npm start`) keeps the local KV and the coordinator's storage. */
const LOCAL_STATE = ".wrangler/state";

const { values: args } = parseArgs({
  options: {
    "dry-run": { type: "boolean", default: false },
    "allow-shrink": { type: "boolean", default: false },
    full: { type: "boolean", default: false },
    directus: { type: "string" },
    rollback: { type: "boolean", default: false },
    release: { type: "boolean", default: false },
    versions: { type: "boolean", default: false },
    site: { type: "string" },
  },
});

const interactive = Boolean(process.stderr.isTTY);
let lastLine = "";

function bar(done: number, total: number): string {
  const share = total > 0 ? Math.min(1, done / total) : 1;
  const width = 30;
  const filled = Math.round(share * width);
  return `[${"█".repeat(filled)}${"░".repeat(width - filled)}] ${done}/${total}`;
}

/** One line, redrawn in place on a terminal; in logs only when the phase changes. */
function showProgress(view: RequestView): void {
  const progress: RunProgress | { phase: "queued" } | null =
    view.state === "queued" ? { phase: "queued" } : view.progress;
  if (!progress) return;
  const label = {
    queued: "Waiting for the coordinator",
    reading: "Reading what changed in Directus",
    recipes: "Reading recipes",
    ingredients: "Reading ingredients",
    building: "Building catalog and search index",
    writing: "Writing to KV",
    flipping: "Making it live",
  }[progress.phase];
  if (!interactive) {
    if (label !== lastLine) console.error(`sync: ${label} …`);
    lastLine = label;
    return;
  }
  let line = label;
  if (progress.phase === "recipes" || progress.phase === "writing")
    line = `${label} ${bar(progress.done, progress.total)}`;
  else if (progress.phase === "ingredients") line = `${label} ${progress.done}`;
  else if (progress.phase === "reading") line = `${label}: ${progress.rows} records, ${progress.requests} requests`;
  process.stderr.write(`\r\x1b[2K${line}`);
}

function report(summary: SyncSummary): void {
  if (interactive) process.stderr.write("\r\x1b[2K");
  const verdict = {
    published: "published a new catalog version",
    unchanged: "nothing changed, nothing written",
    "dry-run": "dry run: this version would be published",
    held: "a rollback holds the live version; nothing read or written (lift it with --release)",
    "rolled-back": "rolled back to the version live before; syncs now hold it until --release",
  }[summary.status];
  const before = summary.previousRecipes === null ? "none live before" : `${summary.previousRecipes} live before`;
  console.log(`sync: ${verdict}
  version      ${summary.manifest.slice(0, 16)}
  recipes      ${summary.recipes} (${before})
  ingredients  ${summary.ingredients}
  skipped      ${summary.skippedCount}
  KV writes    ${summary.writes}, deletes ${summary.deletes}
  steps        ${summary.steps}, at most ${summary.maxOperations} KV operations in one
  took         ${(summary.durationMs / 1000).toFixed(1)} s`);
  const changes = summary.changes;
  if (changes) {
    console.log(
      `  changes      ${changes.counts.added} added, ${changes.counts.changed} changed, ${changes.counts.removed} removed (since the last sync)`,
    );
    const list = (label: string, slugs: string[]) => {
      if (slugs.length > 0)
        console.log(`    ${label}: ${slugs.slice(0, 10).join(", ")}${slugs.length > 10 ? ", …" : ""}`);
    };
    list("added", changes.added);
    list("changed", changes.changed);
    list("removed", changes.removed);
  }
  for (const record of summary.skipped) {
    console.log(`  ! ${record.kind} ${String(record.id)} "${record.label}": ${record.problems.join("; ")}`);
  }
  if (summary.skippedCount > summary.skipped.length) {
    console.log(`  ! … and ${summary.skippedCount - summary.skipped.length} more (see the Worker's logs)`);
  }
}

/** The live version and those kept for a rollback, newest first. */
function listVersions(status: CoordinatorStatus): void {
  if (!status.live) {
    console.log("sync: nothing is published yet");
    return;
  }
  const counts = (recipes: number) => `${recipes} recipes`;
  const live = status.live;
  console.log(`  live         ${live.manifest.slice(0, 16)}  ${counts(live.recipes)}, published ${live.publishedAt}`);
  if (status.held) console.log(`               held since ${status.held.since} (a rollback; lift it with --release)`);
  for (const entry of status.kept) {
    const mark = entry.rolledBack ? ", rolled back (skipped by --rollback)" : "";
    console.log(
      `  kept         ${entry.manifest.slice(0, 16)}  ${counts(entry.recipes)}, retired ${entry.retiredAt}${mark}`,
    );
  }
  if (status.running) console.log(`  running      request ${status.running.id} (${status.running.action})`);
  listFaults(status.faults);
}

/** What the coordinator's logs say of its faults, for whoever only asks it: nothing when all is well. */
function listFaults(faults: CoordinatorStatus["faults"]): void {
  const what = (work: string, request: number | null) => (request === null ? work : `request ${request}`);
  const { stepUnderWay, failing, gaveUp } = faults;
  if (stepUnderWay) {
    console.log(
      `  step         ${what(stepUnderWay.work, stepUnderWay.request)} since ${stepUnderWay.startedAt}` +
        " (running, or cut off: the next step counts it as failed)",
    );
  }
  if (failing) {
    const how = failing.killed ? "cut off" : "failed";
    console.log(
      `  failing      ${what(failing.work, failing.request)}: ${failing.failures} of ${failing.giveUpAt} attempts ` +
        `failed, the last ${how} at ${failing.at}: ${failing.error}`,
    );
  }
  if (gaveUp) {
    console.log(
      `  gave up      ${what(gaveUp.work, gaveUp.request)} at ${gaveUp.at}, after ${gaveUp.failures} failed steps: ${gaveUp.error}`,
    );
  }
  for (const doubt of faults.pointerInDoubt) {
    const state =
      doubt.keptUntil === null
        ? `a pointer write naming it may have landed; the pointer is written again${faults.pointerRepairAt ? ` at ${faults.pointerRepairAt}` : ""}`
        : `a pointer write may have named it; its keys stay until ${doubt.keptUntil}`;
    console.log(`  in doubt     ${doubt.manifest.slice(0, 16)}  ${state}`);
  }
}

/** What to ask for. */
function action(): SyncAction {
  if (args.rollback) return "rollback";
  if (args.release) return "release";
  if (args["dry-run"]) return "dry-run";
  return "publish";
}

async function ask(site: SiteSync): Promise<void> {
  if (args.versions) return listVersions(await siteStatus(site));
  const view = await syncSite(site, action(), {
    allowShrink: args["allow-shrink"],
    full: args.full,
    onUpdate: showProgress,
  });
  if (view.summary) return report(view.summary);
  throw new Error(view.error?.message ?? `sync: request ${view.id} failed`);
}

/** Serves the build on `persistDir` for the while, with a token made for it; unless told another, it reads the Directus of its [vars]. */
async function withServedSite<T>(
  persistDir: string,
  directusUrl: string | undefined,
  use: (site: SiteSync) => Promise<T>,
): Promise<T> {
  if (!existsSync("build/server/wrangler.json")) {
    console.error("sync: building the site first …");
    if (spawnSync("react-router", ["build"], { stdio: ["ignore", "ignore", "inherit"] }).status !== 0) {
      throw new Error("sync: the build failed");
    }
  }
  const token = randomBytes(32).toString("hex");
  let served: ServedSite | undefined;
  try {
    served = await serveBuild({ persistDir, directusUrl, secrets: { SYNC_TOKEN: token } });
    return await use({ url: served.url, token });
  } finally {
    await served?.stop();
  }
}

async function local(): Promise<void> {
  if (args.directus) {
    const scratch = mkdtempSync(join(tmpdir(), "sync-check-"));
    try {
      await withServedSite(scratch, args.directus, ask);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    return;
  }
  const running = runningSite();
  if (running) return ask(running);
  await withServedSite(LOCAL_STATE, undefined, ask);
}

try {
  if ([args.rollback, args.release, args.versions, args["dry-run"]].filter(Boolean).length > 1) {
    throw new Error("sync: --rollback, --release, --versions and --dry-run each stand alone");
  }
  if (args.directus && !args["dry-run"]) {
    throw new Error("sync: --directus checks another Directus and needs --dry-run; the local site reads its own");
  }
  if (args.site && args.directus) throw new Error("sync: --site asks a deployed site, which reads its own Directus");
  if (args.site) {
    const token = process.env.SYNC_TOKEN;
    if (!token) throw new Error("sync: --site needs the site's SYNC_TOKEN in the environment variable SYNC_TOKEN");
    console.error(`sync: asking ${new URL(args.site).origin} …`);
    await ask({ url: args.site, token });
  } else await local();
} catch (error) {
  if (interactive) process.stderr.write("\r\x1b[2K");
  console.error(errorMessage(error));
  process.exitCode = 1;
}
