/**
 * `npm run sync`: publishes Directus' published content to the catalog in KV,
 * with a progress bar and a summary. The same core as the Worker's cron
 * trigger (workers/sync/run-sync.ts).
 *
 *   npm run sync                  sync into the local KV that `npm start` serves
 *   npm run sync -- --dry-run     read, validate and build, but write nothing
 *   npm run sync -- --allow-shrink  publish even if half the recipes are gone
 *   npm run sync -- --directus <url>  read another Directus than DIRECTUS_URL
 *   npm run sync -- --rollback    go back to the version live before; syncs then hold it
 *   npm run sync -- --release     publish what Directus holds and lift a rollback's hold
 *   npm run sync -- --versions    list the live version and the ones kept for a rollback
 *   npm run sync -- --site <url>  do it on a deployed site instead (POST <url>/sync,
 *                                 token from the SYNC_TOKEN environment variable)
 *
 * Exits with 1 if the sync failed or was refused; the live catalog then stays.
 */
import { parseArgs } from "node:util";
import { getPlatformProxy } from "wrangler";
import { type CatalogStore, readPointer } from "../app/lib/catalog/storage.ts";
import { errorMessage } from "../app/lib/error-message.ts";
import { createDirectusSource } from "../workers/sync/directus-source.ts";
import { rollback } from "../workers/sync/rollback.ts";
import { runSync, type SyncProgress, type SyncSummary } from "../workers/sync/run-sync.ts";

const { values: args } = parseArgs({
  options: {
    "dry-run": { type: "boolean", default: false },
    "allow-shrink": { type: "boolean", default: false },
    directus: { type: "string" },
    persist: { type: "string", default: ".wrangler/state/v3" },
    rollback: { type: "boolean", default: false },
    release: { type: "boolean", default: false },
    versions: { type: "boolean", default: false },
    site: { type: "string" },
  },
});

const interactive = Boolean(process.stderr.isTTY);
let lastPhase = "";

/** One line, redrawn in place on a terminal; phase changes only in logs. */
function showProgress(progress: SyncProgress): void {
  const label = {
    recipes: "Reading recipes",
    ingredients: "Reading ingredients",
    building: "Building catalog and search index",
    publishing: "Publishing to KV",
  }[progress.phase];
  if (!interactive) {
    if (progress.phase !== lastPhase) console.error(`sync: ${label} …`);
    lastPhase = progress.phase;
    return;
  }
  let line = label;
  if (progress.phase === "recipes") {
    const share = progress.total > 0 ? progress.done / progress.total : 1;
    const width = 30;
    const filled = Math.round(share * width);
    line = `${label} [${"█".repeat(filled)}${"░".repeat(width - filled)}] ${progress.done}/${progress.total}`;
  } else if (progress.phase === "ingredients") {
    line = `${label} ${progress.done}`;
  }
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
  skipped      ${summary.skipped.length}
  KV writes    ${summary.writes}, deletes ${summary.deletes}
  took         ${(summary.durationMs / 1000).toFixed(1)} s`);
  const changes = summary.changes;
  if (changes) {
    console.log(
      `  changes      ${changes.added.length} added, ${changes.changed.length} changed, ${changes.removed.length} removed`,
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
}

/** The same actions on a deployed site, through its POST /sync. */
async function remote(site: string): Promise<void> {
  const token = process.env.SYNC_TOKEN;
  if (!token) throw new Error("sync: --site needs the site's SYNC_TOKEN in the environment variable SYNC_TOKEN");
  const action = args.rollback ? "rollback" : args.release ? "release" : "publish";
  const url = new URL("/sync", site);
  console.error(`sync: asking ${url.origin} to ${action} …`);
  const response = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded" },
    body: `action=${action}${args["allow-shrink"] ? "&allow_shrink=1" : ""}`,
  });
  const body = (await response.json().catch(() => ({}))) as SyncSummary & { error?: string };
  if (!response.ok) {
    const wait = response.headers.get("retry-after");
    throw new Error(
      `sync: ${url.origin} answered ${response.status}: ${body.error ?? "no reason given"}${wait ? ` (try again in ${wait} s)` : ""}`,
    );
  }
  report(body);
}

/** The live version and those kept for a rollback, newest first. */
async function listVersions(store: CatalogStore): Promise<void> {
  const pointer = await readPointer(store);
  if (!pointer) {
    console.log("sync: nothing is published yet");
    return;
  }
  const counts = (value?: { recipes: number }) => (value ? `${value.recipes} recipes` : "counts unknown");
  console.log(
    `  live         ${pointer.manifest.slice(0, 16)}  ${counts(pointer.counts)}, published ${pointer.publishedAt}`,
  );
  if (pointer.held) console.log(`               held since ${pointer.held.since} (a rollback; lift it with --release)`);
  for (const entry of [...pointer.retired].reverse()) {
    const mark = entry.rolledBack ? ", rolled back (skipped by --rollback)" : "";
    console.log(
      `  kept         ${entry.manifest.slice(0, 16)}  ${counts(entry.counts)}, retired ${entry.retiredAt}${mark}`,
    );
  }
}

async function local(): Promise<void> {
  const platform = await getPlatformProxy<{ CATALOG: CatalogStore; DIRECTUS_URL: string }>({
    configPath: "wrangler.toml",
    persist: { path: args.persist },
  });
  try {
    const store = platform.env.CATALOG;
    if (args.versions) return await listVersions(store);
    if (args.rollback) return report(await rollback(store, { allowShrink: args["allow-shrink"] }));
    const url = args.directus ?? platform.env.DIRECTUS_URL;
    const summary = await runSync({
      source: createDirectusSource({ url }),
      store,
      dryRun: args["dry-run"],
      allowShrink: args["allow-shrink"],
      release: args.release,
      compare: true,
      onProgress: showProgress,
    });
    report(summary);
  } finally {
    await platform.dispose();
  }
}

try {
  if ([args.rollback, args.release, args.versions, args["dry-run"]].filter(Boolean).length > 1) {
    throw new Error("sync: --rollback, --release, --versions and --dry-run each stand alone");
  }
  if (args.site && (args.versions || args["dry-run"] || args.directus)) {
    throw new Error("sync: with --site only --rollback, --release and --allow-shrink apply; the rest runs locally");
  }
  if (args.site) await remote(args.site);
  else await local();
} catch (error) {
  if (interactive) process.stderr.write("\r\x1b[2K");
  console.error(errorMessage(error));
  process.exitCode = 1;
}
