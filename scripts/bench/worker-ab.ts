/**
 * Compares two or more builds in workerd, page by page, as the bench's edge
 * part measures one: `node scripts/bench/worker-ab.ts <build dir> <build dir> …
 * -- <paths> <paths> …`, where each argument after `--` is one page type,
 * its addresses joined by commas (`/suche?q=suppe,/suche?q=pasta`). Build
 * each with `BUILD_DIRECTORY=… npx react-router build`.
 *
 * Every build's Worker runs in workerd processes of its own (built-worker.ts) on the
 * same synthetic catalog (RECIPES, 10,000 by default) in one local KV, and
 * each workerd's own process CPU is read, so the builds can take turns in
 * every round: a busy machine weighs on all alike. Requests are sent as the
 * bench's "Worker's own" pass sends them (decision 0028): past the page
 * cache, without compression.
 *
 * With AS_SERVED=1 every round also sends each page as the edge part's "as
 * served" pass does (page cache on, compression accepted), and after each
 * round times the reference workload (reference-workload.ts, decision 0055):
 * the table then gives, per build, the Worker's own and as served above
 * `/robots.txt` measured alike, and both at the reference speed, all from the
 * same rounds.
 *
 * What it is for: render-ab.ts shows a direction in Node; this shows whether
 * the change is visible in workerd at all. Two workerd processes of the very
 * same build differ by up to 0.4 ms per request, and keep that difference
 * through a whole run (measured 2026-11-26; two changes that looked like
 * gains in one process per build were such differences). So each build runs
 * in COPIES processes (two by default), shown as `build` and `build′`: a
 * difference between builds counts where it is larger than the one between
 * a build's copies. Compare each page with `/robots.txt` of the same column.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { publishWithoutCoordinator } from "../../catalog/sync/plan-version.ts";
import { withLocalCatalogStore } from "../local-stack/local-kv.ts";
import { abArguments } from "./ab-arguments.ts";
import { type BuiltWorker, startBuiltWorker } from "./built-worker.ts";
import { syntheticCatalog } from "./catalog.ts";
import { normalisedCpuMs, REFERENCE_WORKLOAD_MS, timeReferenceWorkloadApart } from "./reference-workload.ts";
import { median } from "./statistics.ts";

const { builds, rest } = abArguments("node scripts/bench/worker-ab.ts <build dir>… -- <path>[,<path>…]…");
const pageTypes = [["/robots.txt"], ...rest.map((type) => type.split(","))];
const ROUNDS = Number(process.env.ROUNDS ?? 10);
const REQUESTS_PER_ROUND = Number(process.env.REQUESTS ?? 60);
const WARM_UP_REQUESTS = 40;
/** Processes per build (see above). */
const COPIES = Number(process.env.COPIES ?? 2);
/** Whether each round also measures the pages as served, and the reference workload. */
const AS_SERVED = process.env.AS_SERVED === "1";
/** What the bench's edge part adds to keep the page cache out (scripts/bench/edge.ts). */
const UNCACHED_PARAM = "bench-ohne-cache";

/** CPU seconds (user + system) of one process, from /proc (10 ms ticks). */
function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The workerd processes this process started. */
function workerdChildren(): Set<number> {
  const children = new Set<number>();
  for (const name of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (stat.includes("(workerd)") && parent === process.pid) children.add(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/**
 * CATALOG_DIR: a local KV that already holds a published catalog (as withLocalCatalogStore writes it), used
 * as it is and kept, so a run at 350,000 recipes need not publish them again; RECIPES is then not read.
 */
const keptCatalog = process.env.CATALOG_DIR;
const persistDir = keptCatalog ?? mkdtempSync(join(tmpdir(), "worker-ab-"));
const running: { label: string; worker: BuiltWorker; pid: number }[] = [];
try {
  if (!keptCatalog) {
    await withLocalCatalogStore(persistDir, (store) =>
      publishWithoutCoordinator(store, syntheticCatalog(Number(process.env.RECIPES ?? 10_000))),
    );
  }
  for (const [copy, build] of builds.flatMap((build) =>
    Array.from({ length: COPIES }, (_, copy) => [copy, build] as const),
  )) {
    const before = workerdChildren();
    const worker = await startBuiltWorker({
      buildDir: build,
      persistDir,
      directusUrl: "http://127.0.0.1:9",
      inspector: false,
    });
    const pid = [...workerdChildren()].find((candidate) => !before.has(candidate));
    if (pid === undefined) throw new Error(`worker-ab: no workerd process of its own for ${build}`);
    running.push({ label: `${build}${"′".repeat(copy)}`, worker, pid });
  }

  const send = async (worker: BuiltWorker, path: string, served = false) => {
    const url = served
      ? `${worker.url}${path}`
      : `${worker.url}${path}${path.includes("?") ? "&" : "?"}${UNCACHED_PARAM}=1`;
    const response = await fetch(url, served ? {} : { headers: { "accept-encoding": "identity" } });
    if (response.status !== 200) throw new Error(`worker-ab: ${path} answered ${response.status}`);
    await response.arrayBuffer();
  };
  for (const { worker } of running)
    for (const paths of pageTypes)
      for (let i = 0; i < WARM_UP_REQUESTS; i++) await send(worker, paths[i % paths.length] ?? "/");

  const seconds = running.map(() => pageTypes.map(() => 0));
  const servedSeconds = running.map(() => pageTypes.map(() => 0));
  const workloadMs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Every other round the other way round, as render-ab.ts does.
    const order = round % 2 === 0 ? [...running.keys()] : [...running.keys()].reverse();
    // The passes take turns going first, as in the edge part (decision 0028): the first requests of a type after
    // the others' run slower code for a while.
    const passes = AS_SERVED ? (round % 2 === 0 ? [false, true] : [true, false]) : [false];
    for (const [type, paths] of pageTypes.entries()) {
      for (const index of order) {
        const { worker, pid } = running[index] as (typeof running)[number];
        for (const served of passes) {
          const before = processCpuSeconds(pid);
          for (let i = 0; i < REQUESTS_PER_ROUND; i++) await send(worker, paths[i % paths.length] ?? "/", served);
          const row = (served ? servedSeconds : seconds)[index] as number[];
          row[type] = (row[type] ?? 0) + processCpuSeconds(pid) - before;
        }
      }
    }
    // The host's speed in this round, while every workerd is idle.
    if (AS_SERVED) workloadMs.push(timeReferenceWorkloadApart());
  }

  const requests = ROUNDS * REQUESTS_PER_ROUND;
  if (AS_SERVED) {
    const workload = median(workloadMs) ?? REFERENCE_WORKLOAD_MS;
    const perRequest = (table: number[][], index: number, type: number) =>
      ((table[index]?.[type] ?? 0) * 1000) / requests;
    console.log(
      `ms per request above /robots.txt, ${ROUNDS} rounds of ${REQUESTS_PER_ROUND}; reference workload ${workload.toFixed(0)} ms (median of ${workloadMs.length}), so × ${(REFERENCE_WORKLOAD_MS / workload).toFixed(2)} at the reference speed:`,
    );
    console.log(
      ["page type", ...running.map(({ label }) => `${label}: own / served (at reference: own / served)`)].join(" | "),
    );
    for (const [type, paths] of pageTypes.entries()) {
      if (type === 0) continue;
      const cells = running.map((_, index) => {
        const own = perRequest(seconds, index, type) - perRequest(seconds, index, 0);
        const served = perRequest(servedSeconds, index, type) - perRequest(servedSeconds, index, 0);
        const at = (value: number) => normalisedCpuMs(value, workload).toFixed(2);
        return `${own.toFixed(2)} / ${served.toFixed(2)} (${at(own)} / ${at(served)})`;
      });
      console.log([paths[0], ...cells].join(" | "));
    }
  }
  console.log(`workerd CPU ms per request, the Worker's own, ${ROUNDS} rounds of ${REQUESTS_PER_ROUND}:`);
  console.log(["page type", ...running.map(({ label }) => label)].join(" | "));
  for (const [type, paths] of pageTypes.entries()) {
    const cells = running.map((_, index) => (((seconds[index]?.[type] ?? 0) * 1000) / requests).toFixed(2));
    console.log([paths[0], ...cells].join(" | "));
  }
} finally {
  for (const { worker } of running) await worker.stop();
  if (!keptCatalog) rmSync(persistDir, { recursive: true, force: true });
}
