/**
 * The bench's `edge` part: the built Worker in workerd, served by Miniflare
 * with nothing in front (built-worker.ts), on synthetic catalogs published
 * through the real publish code into a local KV. For each page type: the
 * CPU workerd spends per request above an empty route, and the bytes of the
 * answer and of its hydration data; for each catalog size: the first
 * request of a cold isolate per page type, and the isolate's heap after it
 * has served every page type.
 *
 * CPU is workerd's process time (user + system, /proc) over many sequential
 * requests, divided by their number, minus the same for /robots.txt, which
 * passes the same middleware, page cache and React Router without reading
 * the catalog. Page types take turns in rounds, so a drift of the machine's
 * speed or of the JIT's warmth spreads over all of them alike. Each round
 * measures every type twice: as served, and as the Worker alone, without
 * what Miniflare does in its process in place of Cloudflare's edge (the
 * cache store and the compression).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { Catalog } from "../../catalog/recipes/types.ts";
import { buildCatalog } from "../../catalog/sync/build-catalog.ts";
import { PACK_CHARS_BOUND } from "../../catalog/sync/delta-packing.ts";
import { publishWithoutCoordinator } from "../../catalog/sync/plan-version.ts";
import { errorMessage } from "../../logging/error-message.ts";
import { withLocalCatalogStore } from "../local-stack/local-kv.ts";
import { BUILT_WORKER_NAME, type BuiltWorker, startBuiltWorker } from "./built-worker.ts";
import { seedIngredients, syntheticCatalog, syntheticRecipes } from "./catalog.ts";
import { hydrationDataBytes } from "./hydration-data.ts";
import { isolateHeapBytes } from "./isolate-heap.ts";
import { type PageProfile, profilePages } from "./page-profile.ts";
import { timeReferenceWorkloadApart } from "./reference-workload.ts";
import { median } from "./statistics.ts";
import { workerdCpuSeconds } from "./workerd-cpu.ts";

/** Requests per page type before any is counted: every URL once (its sizes are read then), then more for the JIT. */
const WARM_UP_REQUESTS = 30;
/**
 * Counted requests per page type: enough for about TARGET_CPU_SECONDS of
 * workerd's CPU (estimated from the warm-up), so that 10 ms clock ticks stay
 * small against the sum, within MIN_REQUESTS and MAX_REQUESTS; spread over
 * ROUNDS turns.
 */
const TARGET_CPU_SECONDS = 4;
const MIN_REQUESTS = 200;
const MAX_REQUESTS = 1000;
const ROUNDS = 8;
/** Requests per page type and pass in a CPU profile (`--profile`): each type's addresses take turns. */
const PROFILED_REQUESTS = 200;
/** Nothing listens on port 9: anonymous pages never ask Directus. */
const NO_DIRECTUS = "http://127.0.0.1:9";

/**
 * A query parameter no page reads: the page cache answers such an address
 * without the cache (no lookup, no stored copy) and renders it as usual.
 * Miniflare's stand-in for the Cache API is a Worker in the same process
 * that drains every stored copy through a JavaScript WritableStream, which
 * costs workerd's process about 1 ms per 64 KB page; on Cloudflare the
 * store is the runtime's own I/O.
 */
const UNCACHED_PARAM = "bench-ohne-cache";

/**
 * What the Worker-only pass sends instead of Node's `gzip, deflate`.
 * Miniflare's entry Worker plays Cloudflare's edge: it marks a response for
 * the encoding the client accepts, and workerd then compresses the page in
 * the same process (about 0.5–1 ms per 60 KB page). On Cloudflare the edge
 * compresses after the Worker has answered, outside its CPU time.
 */
const NO_COMPRESSION = { "accept-encoding": "identity" };

/** `path` with UNCACHED_PARAM added to its query. */
function uncachedPath(path: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}${UNCACHED_PARAM}=1`;
}

/** A kind of page, as a handful of distinct addresses that take turns. */
interface PageType {
  id: string;
  /** What the report calls it. */
  label: string;
  paths: string[];
  /** Whether the first request of a cold isolate is measured for it. */
  cold: boolean;
}

/** The empty route every page type is measured against. */
const BASELINE: PageType = { id: "robots", label: "empty route (baseline)", paths: ["/robots.txt"], cold: true };

export interface EdgePageFigures {
  id: string;
  label: string;
  /** Whether this is the empty route the others are measured against. */
  baseline: boolean;
  paths: string[];
  requests: number;
  /** workerd's CPU per request, everything included. */
  cpuMsPerRequest: number;
  /** The same above the baseline's: what the page itself costs. 0 for the baseline. */
  cpuMsAboveBaseline: number;
  /**
   * The same addresses measured in the same rounds as the Worker alone, above
   * the baseline measured so: without Miniflare's stand-ins for the edge, its
   * cache store (UNCACHED_PARAM) and its compression (NO_COMPRESSION): as
   * near as this machine gets to the CPU Cloudflare counts for the Worker.
   * Absent in reports from before it was measured.
   */
  workerOnlyCpuMsAboveBaseline?: number;
  /**
   * The figure of each round on its own (above the baseline's in the same
   * round; the baseline's own per request). They spread: a major garbage
   * collection lands in one round or another, and the machine is shared.
   */
  roundsMs: number[];
  /** Mean bytes of the answer's body over the paths (HTML, turbo-stream data, XML or text, uncompressed). */
  bodyBytes: number;
  /** Mean bytes of hydration data in it: the inline turbo-stream scripts of HTML, a `.data` answer whole. */
  hydrationBytes: number;
}

export interface EdgeColdFigures {
  id: string;
  path: string;
  /** Wall time of the first request of a new workerd, sent to the body's last byte: the median of its runs. */
  firstRequestMs: number;
  /** workerd's CPU over that request (10 ms resolution), Miniflare's local KV included: the median. */
  cpuMs: number;
  /** Each cold isolate's wall time, in the order measured. */
  runsMs: number[];
}

export interface EdgeSizeBench {
  recipes: number;
  /** Why the size has no (or only some) figures; null when it was measured whole. */
  error: string | null;
  /** Load average (1, 5, 15 min) when the size started: the machine is shared. */
  loadAverage: number[];
  publishSeconds: number | null;
  pages: EdgePageFigures[];
  cold: EdgeColdFigures[];
  /** The Worker isolate's heap in use after a full collection, having served every page type. */
  heapBytes: number | null;
  /**
   * The reference workload's CPU time in the bench's process after each round of the pages (reference-workload.ts):
   * how fast this host was while it measured them. Absent in reports from before issue 44.
   */
  referenceWorkloadMs?: number[];
  /**
   * With `--profile`: where each page type's CPU goes in the Worker's isolate,
   * as served and as the Worker alone (page-profile.ts). Taken after the CPU
   * rounds, so the profiler's own cost never touches those figures.
   */
  profiles?: PageProfile[];
}

export interface EdgeBench {
  /** How the CPU figures were counted: the warm-up per page type, the rounds, and the bounds of the counted requests. */
  method: {
    warmUpRequests: number;
    rounds: number;
    targetCpuSeconds: number;
    minRequests: number;
    maxRequests: number;
  };
  cpus: number;
  seconds: number;
  sizes: EdgeSizeBench[];
}

/** The slug of the ingredient called `name` in `catalog`: the seed's names, slugged as the sync slugs them. */
function ingredientSlug(catalog: Catalog, name: string): string {
  const ingredient = catalog.ingredients.find((candidate) => candidate.name === name);
  if (!ingredient) throw new Error(`bench: the synthetic catalog has no ingredient ${name}`);
  return ingredient.slug;
}

/** The page types with their addresses for a catalog of `recipes`, slugs taken from `catalog`. */
function pageTypes(catalog: Catalog, recipes: number): PageType[] {
  const query = (path: string, params: [string, string][]) => `${path}?${new URLSearchParams(params)}`;
  const searches = ["suppe", "pasta", "kürbis", "spagetti", "salat mit"].map((term): [string, string][] => [
    ["q", term],
  ]);
  const ingredientSearches = [
    ["Tomate", "Knoblauch"],
    ["Zwiebel", "Paprika", "Kartoffel"],
    ["Spaghetti", "Parmesan"],
    ["Ei", "Milch", "Mehl"],
    ["Kürbis", "Ingwer", "Kokosmilch"],
  ].map((names) => names.map((name): [string, string] => ["z", ingredientSlug(catalog, name)]));
  // Spread over the catalog, first and last included.
  const recipeIds = [0, 0.2, 0.4, 0.6, 0.8, 1].map((share) => Math.max(1, Math.round(share * recipes)));
  return [
    { id: "home", label: "home", paths: ["/"], cold: true },
    { id: "recipe", label: "recipe", paths: recipeIds.map((id) => `/rezepte/rezept-${id}`), cold: true },
    {
      id: "category",
      label: "category (page 1 and later)",
      paths: [
        "/kategorie/pasta",
        "/kategorie/pasta?seite=3",
        "/kategorie/soup",
        "/kategorie/salad?seite=2",
        "/kategorie/dish",
      ],
      cold: true,
    },
    { id: "search", label: "search", paths: searches.map((params) => query("/suche", params)), cold: true },
    {
      id: "ingredient-search",
      label: "ingredient search",
      paths: ingredientSearches.map((params) => query("/zutatensuche", params)),
      cold: true,
    },
    {
      // The first is a category page of a cold isolate's first filter: it reads the traits column.
      id: "filtered",
      label: "filtered lists (category, search, ingredient search)",
      paths: [
        "/kategorie/pasta?ernaehrung=vegan&zeit=20",
        "/kategorie/soup?ernaehrung=vegetarisch&seite=2",
        query("/suche", [
          ["q", "suppe"],
          ["ernaehrung", "vegan"],
        ]),
        query("/suche", [
          ["q", "pasta"],
          ["zeit", "15"],
        ]),
        query("/zutatensuche", [...(ingredientSearches[0] ?? []), ["ernaehrung", "vegetarisch"], ["zeit", "20"]]),
      ],
      cold: true,
    },
    {
      // "Plan meine Woche" (decision 0071): the proposal for the pantries above, never from the edge cache.
      id: "week-plan",
      label: "Plan meine Woche (5 days)",
      paths: ingredientSearches.map((params) => query("/wochenplan/vorschlag", [["tage", "5"], ...params])),
      cold: true,
    },
    { id: "sitemap", label: "recipe sitemap", paths: ["/sitemap/rezepte-1.xml"], cold: false },
    {
      id: "search-data",
      label: "search, client navigation",
      paths: searches.map((params) => query("/suche.data", params)),
      cold: false,
    },
    {
      id: "ingredient-search-data",
      label: "ingredient search, client navigation",
      paths: ingredientSearches.map((params) => query("/zutatensuche.data", params)),
      cold: false,
    },
    BASELINE,
  ];
}

/**
 * Requests `path` and checks the answer: the page itself (a redirect, say to
 * the home page for an unknown recipe, would measure another page), rendered,
 * never one from the Cache API (which is off).
 */
async function request(worker: BuiltWorker, path: string, headers: HeadersInit = {}): Promise<Response> {
  const response = await fetch(`${worker.url}${path}`, {
    headers,
    redirect: "manual",
    signal: AbortSignal.timeout(120_000),
  });
  const cacheStatus = response.headers.get("cache-status") ?? "";
  if (response.status !== 200 || /\bhit\b/.test(cacheStatus)) {
    await response.body?.cancel();
    const log = worker.logTail();
    throw new Error(
      `${path} answered ${response.status} (Cache-Status "${cacheStatus}")${log ? `; the Worker logged:\n${log}` : ""}`,
    );
  }
  return response;
}

/** The bytes of an answer's body and of the hydration data in it. */
async function answerSizes(worker: BuiltWorker, path: string): Promise<{ body: number; hydration: number }> {
  const response = await request(worker, path);
  const body = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get("content-type") ?? "";
  if (type.startsWith("text/html")) return { body: body.length, hydration: hydrationDataBytes(body.toString("utf8")) };
  // A `.data` answer is nothing but the turbo-stream a client navigation hydrates from.
  if (path.includes(".data")) return { body: body.length, hydration: body.length };
  return { body: body.length, hydration: 0 };
}

/** The `index`th request of a type's turn, as served or to the Worker alone: its addresses take turns. */
async function sendCounted(worker: BuiltWorker, type: PageType, index: number, workerOnly = false): Promise<void> {
  const path = type.paths[index % type.paths.length] ?? "/";
  const answer = workerOnly ? await request(worker, uncachedPath(path), NO_COMPRESSION) : await request(worker, path);
  await answer.arrayBuffer();
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

/** Warms the Worker up, then counts CPU per page type over rounds in which every type takes its turn. */
async function measurePages(
  worker: BuiltWorker,
  types: PageType[],
  progress: (line: string) => void,
  workloadMs: number[],
): Promise<EdgePageFigures[]> {
  const sizes = new Map<string, { body: number; hydration: number }>();
  const perRound = new Map<string, number>();
  for (const type of types) {
    progress(`warming up ${type.label}`);
    const answers = [];
    for (const path of type.paths) answers.push(await answerSizes(worker, path));
    sizes.set(type.id, {
      body: mean(answers.map((answer) => answer.body)),
      hydration: mean(answers.map((answer) => answer.hydration)),
    });
    const before = workerdCpuSeconds({ parent: process.pid });
    for (let i = 0; i < WARM_UP_REQUESTS; i++) await sendCounted(worker, type, i);
    const estimate = Math.max(0.001, (workerdCpuSeconds({ parent: process.pid }) - before) / WARM_UP_REQUESTS);
    const requests = Math.min(MAX_REQUESTS, Math.max(MIN_REQUESTS, TARGET_CPU_SECONDS / estimate));
    perRound.set(type.id, Math.ceil(requests / ROUNDS));
  }
  /** CPU ms per request of each type in each round. */
  const rounds = new Map<string, number[]>(types.map((type) => [type.id, []]));
  const workerOnlyRounds = new Map<string, number[]>(types.map((type) => [type.id, []]));
  /** CPU ms per request of `requests` requests of `type`. */
  const measure = async (type: PageType, requests: number, workerOnly: boolean) => {
    const before = workerdCpuSeconds({ parent: process.pid });
    for (let i = 0; i < requests; i++) await sendCounted(worker, type, i, workerOnly);
    return ((workerdCpuSeconds({ parent: process.pid }) - before) * 1000) / requests;
  };
  for (let round = 1; round <= ROUNDS; round++) {
    // The first requests of a type after the others' run slower code for a while, as after garbage collections
    // (decision 0028): the two passes take turns going first, so each carries that in half the rounds.
    const workerOnlyFirst = round % 2 === 0;
    for (const type of types) {
      progress(`round ${round}/${ROUNDS}, ${type.label}`);
      const requests = perRound.get(type.id) ?? 0;
      for (const workerOnly of workerOnlyFirst ? [true, false] : [false, true]) {
        (workerOnly ? workerOnlyRounds : rounds).get(type.id)?.push(await measure(type, requests, workerOnly));
      }
    }
    // The host's speed in this round, taken while workerd is idle, so the two do not share the CPU.
    progress(`round ${round}/${ROUNDS}, the reference workload`);
    workloadMs.push(timeReferenceWorkloadApart());
  }
  // Every round has the same requests per type, so the mean of the rounds is the total over the requests.
  const perRequestMs = (id: string) => mean(rounds.get(id) ?? []);
  const workerOnlyMs = (id: string) => mean(workerOnlyRounds.get(id) ?? []);
  const baselineRounds = rounds.get(BASELINE.id) ?? [];
  return types.map((type) => ({
    id: type.id,
    label: type.label,
    baseline: type === BASELINE,
    paths: type.paths,
    requests: ROUNDS * (perRound.get(type.id) ?? 0),
    cpuMsPerRequest: perRequestMs(type.id),
    cpuMsAboveBaseline: type === BASELINE ? 0 : perRequestMs(type.id) - perRequestMs(BASELINE.id),
    workerOnlyCpuMsAboveBaseline: type === BASELINE ? 0 : workerOnlyMs(type.id) - workerOnlyMs(BASELINE.id),
    roundsMs: (rounds.get(type.id) ?? []).map((ms, round) =>
      type === BASELINE ? ms : ms - (baselineRounds[round] ?? 0),
    ),
    bodyBytes: sizes.get(type.id)?.body ?? 0,
    hydrationBytes: sizes.get(type.id)?.hydration ?? 0,
  }));
}

/**
 * Cold isolates per page type. One first request is one sample on a shared machine: a single slow one made a
 * goal look missed (387 ms wall for 220 ms of CPU, 179 ms when measured again), so the figure is the median.
 */
const COLD_STARTS = 3;

/**
 * The first request of a new workerd (a cold isolate) to the first address of each type, one workerd each,
 * COLD_STARTS times in turns: the median of each type's wall and CPU times.
 */
async function measureCold(
  buildDir: string,
  persistDir: string,
  types: PageType[],
  progress: (line: string) => void,
): Promise<EdgeColdFigures[]> {
  const coldTypes = types.filter((candidate) => candidate.cold);
  const samples = new Map<string, { wallMs: number; cpuMs: number }[]>(coldTypes.map((type) => [type.id, []]));
  for (let start = 1; start <= COLD_STARTS; start++) {
    for (const type of coldTypes) {
      progress(`cold isolate ${start} of ${COLD_STARTS}, ${type.label}`);
      const worker = await startBuiltWorker({ buildDir, persistDir, directusUrl: NO_DIRECTUS, inspector: false });
      try {
        const cpuBefore = workerdCpuSeconds({ parent: process.pid });
        const started = performance.now();
        await (await request(worker, type.paths[0] ?? "/")).arrayBuffer();
        samples.get(type.id)?.push({
          wallMs: performance.now() - started,
          cpuMs: (workerdCpuSeconds({ parent: process.pid }) - cpuBefore) * 1000,
        });
      } finally {
        await worker.stop();
      }
    }
  }
  return coldTypes.map((type) => {
    const runs = samples.get(type.id) ?? [];
    return {
      id: type.id,
      path: type.paths[0] ?? "/",
      firstRequestMs: median(runs.map((run) => run.wallMs)) ?? Number.NaN,
      cpuMs: median(runs.map((run) => run.cpuMs)) ?? Number.NaN,
      runsMs: runs.map((run) => Math.round(run.wallMs)),
    };
  });
}

/** Publishes a synthetic catalog of `recipes` and measures the built Worker on it; a failure is the size's `error`. */
async function benchSize(
  buildDir: string,
  recipes: number,
  profile: { keepIn: string } | undefined,
  log: (line: string) => void,
): Promise<EdgeSizeBench> {
  const result: EdgeSizeBench = {
    recipes,
    error: null,
    loadAverage: loadavg(),
    publishSeconds: null,
    pages: [],
    cold: [],
    heapBytes: null,
    referenceWorkloadMs: [],
  };
  const progress = (line: string) => log(`bench: edge, ${recipes.toLocaleString("en")} recipes: ${line} …`);
  const persistDir = mkdtempSync(join(tmpdir(), "bench-edge-"));
  try {
    progress("publishing a synthetic catalog");
    const started = performance.now();
    const built = syntheticCatalog(recipes);
    if (process.env.BENCH_EDGE_DELTA) {
      // The catalog published over a base that lacks its middle recipe: the pages read a version whose
      // changed blobs lie in a delta pack (decision 0069), as a live site's do between full writes.
      const base = syntheticRecipes(recipes).filter((recipe) => recipe.id !== Math.ceil(recipes / 2));
      await withLocalCatalogStore(persistDir, (store) =>
        publishWithoutCoordinator(store, buildCatalog(base, seedIngredients)),
      );
      const packed = await withLocalCatalogStore(persistDir, (store) =>
        publishWithoutCoordinator(store, built, new Date(), { packChars: PACK_CHARS_BOUND }),
      );
      log(`bench: edge, ${recipes.toLocaleString("en")} recipes: published over a base in ${packed.writes} writes\n`);
    } else {
      await withLocalCatalogStore(persistDir, (store) => publishWithoutCoordinator(store, built));
    }
    result.publishSeconds = (performance.now() - started) / 1000;
    const types = pageTypes(built.catalog, recipes);

    progress("starting workerd");
    const worker = await startBuiltWorker({ buildDir, persistDir, directusUrl: NO_DIRECTUS, inspector: true });
    try {
      result.pages = await measurePages(worker, types, progress, result.referenceWorkloadMs ?? []);
      progress("the isolate's heap");
      if (!worker.inspectorUrl) throw new Error("bench: workerd started without its inspector");
      result.heapBytes = await isolateHeapBytes(worker.inspectorUrl, BUILT_WORKER_NAME, async () => {
        await (await request(worker, BASELINE.paths[0] ?? "/robots.txt")).arrayBuffer();
      });
      if (profile) {
        const inspectorUrl = worker.inspectorUrl;
        result.profiles = await profilePages({
          inspectorUrl,
          workerName: BUILT_WORKER_NAME,
          buildDir,
          types: types.map((type) => ({
            id: type.id,
            send: (index, pass) => sendCounted(worker, type, index, pass === "worker only"),
          })),
          requests: PROFILED_REQUESTS,
          enter: async () => {
            await (await request(worker, BASELINE.paths[0] ?? "/robots.txt")).arrayBuffer();
          },
          processCpuSeconds: () => workerdCpuSeconds({ parent: process.pid }),
          progress,
          keepIn: join(profile.keepIn, String(recipes)),
        });
      }
    } finally {
      await worker.stop();
    }
    result.cold = await measureCold(buildDir, persistDir, types, progress);
  } catch (error) {
    result.error = errorMessage(error);
  } finally {
    rmSync(persistDir, { recursive: true, force: true });
  }
  return result;
}

/** Every size in turn; a size that fails reports its error and the next one still runs. */
export async function benchEdge(
  buildDir: string,
  sizes: readonly number[],
  log: (line: string) => void,
  /** `profile`: take CPU profiles too, and keep the raw ones in `keepIn`, a folder per size. */
  options: { profile?: { keepIn: string } } = {},
): Promise<EdgeBench> {
  const started = performance.now();
  const results: EdgeSizeBench[] = [];
  for (const recipes of sizes) results.push(await benchSize(buildDir, recipes, options.profile, log));
  return {
    method: {
      warmUpRequests: WARM_UP_REQUESTS,
      rounds: ROUNDS,
      targetCpuSeconds: TARGET_CPU_SECONDS,
      minRequests: MIN_REQUESTS,
      maxRequests: MAX_REQUESTS,
    },
    cpus: availableParallelism(),
    seconds: (performance.now() - started) / 1000,
    sizes: results,
  };
}
