/**
 * Compares two or more builds of the Worker page by page, with less noise
 * than workerd allows: `node scripts/bench/render-ab.ts <build dir> <build dir> …
 * -- <path> <path> …` (build dirs as `BUILD_DIRECTORY=… npx react-router
 * build` writes them; paths such as `/kategorie/pasta`).
 *
 * Each build's Worker runs in this Node process, its `fetch` called
 * directly on a synthetic catalog of 10,000 recipes (RECIPES to change it)
 * published into a memory store; `/robots.txt` is measured with the pages.
 * Builds take turns in every round, so a busy machine weighs on all alike,
 * and the process CPU (user + system) per request is printed per build.
 *
 * What it is for: deciding whether a change to rendering pays, which
 * workerd's process CPU (the bench's edge part) shows only when the change
 * is well above its ±0.5 ms noise. What it is not: the figure the goals are
 * judged by. Node renders these pages about twice as fast as workerd, and
 * it has no share of workerd's native work (streams, the Cache API's
 * stand-in), so a gain here is a direction, not a number of milliseconds.
 */
import { readFileSync } from "node:fs";
import { register } from "node:module";

import { pathToFileURL } from "node:url";
import { createMemoryStore } from "../../catalog/format/memory-store.ts";
import { publishWithoutCoordinator } from "../../catalog/sync/plan-version.ts";
import { abArguments } from "./ab-arguments.ts";
import { syntheticCatalog } from "./catalog.ts";

interface WorkerModule {
  fetch(request: Request, env: unknown, context: unknown): Promise<Response>;
}

const { builds, rest } = abArguments("node scripts/bench/render-ab.ts <build dir>… -- <path>…");
const paths = ["/robots.txt", ...rest];
const ROUNDS = Number(process.env.ROUNDS ?? 8);
const REQUESTS_PER_ROUND = Number(process.env.REQUESTS ?? 100);
const WARM_UP_REQUESTS = 150;

// The built Worker imports its bindings from `cloudflare:workers`; render-ab-hooks.ts makes that module.
register("./render-ab-hooks.ts", import.meta.url);
const vars = JSON.parse(readFileSync(`${builds[0]}/server/wrangler.json`, "utf8")).vars as Record<string, string>;
const store = createMemoryStore();
await publishWithoutCoordinator(store, syntheticCatalog(Number(process.env.RECIPES ?? 10_000)));
// The version-metadata binding names each answer's Worker version (workers/worker-version.ts).
const env = { ...vars, CATALOG: store, CF_VERSION_METADATA: { id: "render-ab", tag: "", timestamp: "" } };
Object.assign(globalThis, {
  renderAbEnv: env,
  // No page is ever found in this cache; a stored copy is read to its end, as a cache would.
  caches: {
    open: async () => ({
      match: async () => undefined,
      put: async (_key: unknown, response: Response) => void (await response.arrayBuffer()),
    }),
  },
});

const workers: WorkerModule[] = [];
for (const build of builds) {
  workers.push((await import(pathToFileURL(`${build}/server/index.js`).href)).default as WorkerModule);
}
const context = { waitUntil() {}, passThroughOnException() {} };
async function send(worker: WorkerModule, path: string): Promise<number> {
  const response = await worker.fetch(new Request(`${vars.SITE_URL ?? "http://localhost"}${path}`), env, context);
  return (await response.arrayBuffer()).byteLength;
}

for (const worker of workers)
  for (const path of paths) for (let i = 0; i < WARM_UP_REQUESTS; i++) await send(worker, path);
const cpuMs = workers.map(() => new Map<string, number>());
for (let round = 0; round < ROUNDS; round++) {
  // Every other round the other way round: whoever goes second may find the garbage of the first.
  const order = round % 2 === 0 ? [...workers.keys()] : [...workers.keys()].reverse();
  for (const path of paths) {
    for (const index of order) {
      const worker = workers[index] as WorkerModule;
      const before = process.cpuUsage();
      for (let i = 0; i < REQUESTS_PER_ROUND; i++) await send(worker, path);
      const used = process.cpuUsage(before);
      const ms = (used.user + used.system) / 1000 / REQUESTS_PER_ROUND / ROUNDS;
      cpuMs[index]?.set(path, (cpuMs[index]?.get(path) ?? 0) + ms);
    }
  }
}

console.log(`CPU ms per request (bytes of the answer), ${ROUNDS} rounds of ${REQUESTS_PER_ROUND}:`);
console.log(["path", ...builds].join(" | "));
for (const path of paths) {
  const cells = await Promise.all(
    workers.map(async (worker, index) => `${(cpuMs[index]?.get(path) ?? 0).toFixed(3)} (${await send(worker, path)})`),
  );
  console.log([path, ...cells].join(" | "));
}
