/**
 * `npm run bench`: builds the site and measures what the project promises
 * about size and speed, side by side in one run. Writes reports/bench.md (for
 * people) and reports/bench.json (for comparing runs).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { benchCatalog } from "./bench/catalog.ts";
import { clientJsPerRoute } from "./bench/client-js.ts";
import { benchDirectusSync } from "./bench/directus-sync.ts";
import { kb } from "./bench/sizes.ts";
import { workerBundleSize } from "./bench/worker-bundle.ts";

const CLIENT_JS_GOAL_KB = 100;

const build = spawnSync("react-router", ["build"], { stdio: ["ignore", "ignore", "inherit"] });
if (build.status !== 0) {
  console.error("bench: the build failed");
  process.exit(1);
}

const routes = clientJsPerRoute();
const worker = workerBundleSize();
const catalogs = [1_000, 10_000, 50_000].map((size) => benchCatalog(size));
console.log("bench: filling a scratch Directus with 10,000 recipes for the sync benchmark …");
const directusSync = await benchDirectusSync(10_000, (line) => process.stdout.write(`\r${line}`));
console.log("");
const ms = (value: number) => value.toFixed(value < 10 ? 2 : 0);
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

const lines = [
  `# Benchmark report`,
  "",
  `Run ${new Date().toISOString()} on Node ${process.version}.`,
  "",
  `## Client JavaScript per route (first visit)`,
  "",
  `Goal: at most ${CLIENT_JS_GOAL_KB} KB gzip. Every file compressed on its own, as served.`,
  "",
  "| route | files | raw KB | gzip KB | brotli KB | goal |",
  "| --- | ---: | ---: | ---: | ---: | --- |",
  ...routes.map(
    ({ routeId, files, size }) =>
      `| ${routeId} | ${files} | ${kb(size.raw)} | ${kb(size.gzip)} | ${kb(size.brotli)} | ${
        size.gzip <= CLIENT_JS_GOAL_KB * 1000 ? "met" : "missed"
      } |`,
  ),
  "",
  `## Worker bundle`,
  "",
  "| files | raw KB | gzip KB |",
  "| ---: | ---: | ---: |",
  `| ${worker.files} | ${kb(worker.size.raw)} | ${kb(worker.size.gzip)} |`,
  "",
  `## Catalog and search (synthetic catalogs)`,
  "",
  "Goals at 10k recipes: query p99 ≤ 5 ms, cold load ≤ 150 ms, heap ≤ 40 MB. Cold load is what an isolate",
  "does for a new version: parse the catalog JSON, revive the MiniSearch index, build the lookups. Heap is",
  "measured with `--expose-gc` around that load. Queries: 300 name searches (10 terms, some with typos or",
  "umlaut spellings) and 300 ingredient matches with 5 random ingredients.",
  "",
  "| recipes | build ms | catalog MB | index MB | cold load ms | heap MB | search p50 / p99 ms | match p50 / p99 ms |",
  "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ...catalogs.map(
    (bench) =>
      `| ${bench.recipes} | ${ms(bench.buildMs)} | ${mb(bench.catalogBytes)} | ${mb(bench.indexBytes)} | ${ms(bench.coldLoadMs)} | ${bench.heapMb.toFixed(1)} | ${ms(bench.searchP50Ms)} / ${ms(bench.searchP99Ms)} | ${ms(bench.matchP50Ms)} / ${ms(bench.matchP99Ms)} |`,
  ),
  "",
  `## Sync from a real Directus`,
  "",
  "Goal: 10k recipes in at most 60 s. A scratch Directus 11 on SQLite, filled through the admin API, read",
  "through the public API page by page, published into an empty local KV; then a second run over the",
  "same content.",
  "",
  "| recipes | fill s | first sync s | KV writes | second sync s | KV writes |",
  "| ---: | ---: | ---: | ---: | ---: | ---: |",
  `| ${directusSync.recipes} | ${directusSync.fillSeconds.toFixed(0)} | ${directusSync.syncSeconds.toFixed(1)} | ${directusSync.writes} | ${directusSync.resyncSeconds.toFixed(1)} | ${directusSync.resyncWrites} |`,
  "",
];

mkdirSync("reports", { recursive: true });
writeFileSync("reports/bench.md", lines.join("\n"));
writeFileSync(
  "reports/bench.json",
  `${JSON.stringify({ date: new Date().toISOString(), routes, worker, catalogs, directusSync }, null, 2)}\n`,
);
console.log(lines.join("\n"));
console.log("bench: written to reports/bench.md and reports/bench.json");
