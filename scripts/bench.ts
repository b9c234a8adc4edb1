/**
 * `npm run bench`: builds the site and measures what the project promises
 * about size and speed, side by side in one run. Writes reports/bench.md (for
 * people) and reports/bench.json (for comparing runs).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { clientJsPerRoute } from "./bench/client-js.ts";
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
];

mkdirSync("reports", { recursive: true });
writeFileSync("reports/bench.md", lines.join("\n"));
writeFileSync("reports/bench.json", `${JSON.stringify({ date: new Date().toISOString(), routes, worker }, null, 2)}\n`);
console.log(lines.join("\n"));
console.log("bench: written to reports/bench.md and reports/bench.json");
