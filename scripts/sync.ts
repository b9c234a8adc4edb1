/**
 * `npm run sync`: publishes Directus' published content to the catalog in KV,
 * with a progress bar and a summary. The same core as the Worker's cron
 * trigger (workers/sync/run-sync.ts).
 *
 *   npm run sync                  sync into the local KV that `npm start` serves
 *   npm run sync -- --dry-run     read, validate and build, but write nothing
 *   npm run sync -- --allow-shrink  publish even if half the recipes are gone
 *   npm run sync -- --directus <url>  read another Directus than DIRECTUS_URL
 *
 * Exits with 1 if the sync failed or was refused; the live catalog then stays.
 */
import { parseArgs } from "node:util";
import { getPlatformProxy } from "wrangler";
import type { CatalogStore } from "../app/lib/catalog/storage.ts";
import { createDirectusSource } from "../workers/sync/directus-source.ts";
import { runSync, type SyncProgress, type SyncSummary } from "../workers/sync/run-sync.ts";

const { values: args } = parseArgs({
  options: {
    "dry-run": { type: "boolean", default: false },
    "allow-shrink": { type: "boolean", default: false },
    directus: { type: "string" },
    persist: { type: "string", default: ".wrangler/state/v3" },
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

const platform = await getPlatformProxy<{ CATALOG: CatalogStore; DIRECTUS_URL: string }>({
  configPath: "wrangler.toml",
  persist: { path: args.persist },
});
try {
  const url = args.directus ?? platform.env.DIRECTUS_URL;
  const summary = await runSync({
    source: createDirectusSource({ url }),
    store: platform.env.CATALOG,
    dryRun: args["dry-run"],
    allowShrink: args["allow-shrink"],
    compare: true,
    onProgress: showProgress,
  });
  report(summary);
} catch (error) {
  if (interactive) process.stderr.write("\r\x1b[2K");
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await platform.dispose();
}
