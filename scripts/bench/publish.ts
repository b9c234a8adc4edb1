/**
 * The bench's `publish` part: the production path of publishing at each
 * catalog size. The built Worker runs in workerd (built-worker.ts) with its
 * catalog coordinator as a Durable Object on a fresh local state; a Directus
 * read stand-in serves a synthetic catalog; POST /sync asks for a publish
 * as the cron or a save does, and GET /sync follows it. Measured: the first
 * publish into an empty KV and, after one recipe's description changed,
 * the next one: wall time from the request to its end (the settling second
 * included), the coordinator's steps and the most KV operations one of them
 * made, the KV writes, workerd's CPU over the publish, and the largest heap
 * the isolate was seen holding meanwhile (up to WORKERD_MOST recipes: a
 * first publish of more takes longer than a bench run should); and, in a
 * Node process of its own (publish-steps-process.ts), the coordinator's
 * steps with their live heap, the Directus requests and records a publish
 * reads (from 10,000 recipes on).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CatalogRecipe } from "../../catalog/recipes/types.ts";
import type { RequestView } from "../../catalog/sync/coordinator.ts";
import { followRequest, requestSync } from "../local-stack/site-sync.ts";
import { BUILT_WORKER_NAME, startBuiltWorker } from "./built-worker.ts";
import { seedIngredients, syntheticRecipes } from "./catalog.ts";
import { startDirectusReadStandIn } from "./directus-read-stand-in.ts";
import { sampleHeapPeak } from "./isolate-heap.ts";
import { workerdCpuSeconds } from "./workerd-cpu.ts";

/** One publish as measured. */
export interface PublishFigures {
  /** From POST /sync to the request's end, as the caller waits. */
  seconds: number;
  /** The coordinator's own time from reading Directus to the flip. */
  coordinatorSeconds: number;
  steps: number;
  maxOperations: number;
  writes: number;
  workerdCpuSeconds: number;
  /** The most heap the Worker's isolate was seen holding (sampled every 100 ms); null when not measured. */
  peakHeapBytes: number | null;
}

/** One publish's steps in the Node harness (publish-steps-process.ts). */
export interface StepsFigures {
  /** Steps up to the flip (the request's), and the steps after it that settled the version's statuses. */
  steps: number;
  settlingSteps: number;
  maxOperations: number;
  writes: number;
  /** Directus requests (pages, counts, pages of ids) and the records they gave. */
  requests: number;
  rows: number;
  /** Whether it read every recipe. */
  full: boolean;
  /** List pieces made again, of all. */
  rebuilt: number;
  pieces: number;
  /** Node's wall time, garbage collections for the samples taken off; its CPU time alike. */
  seconds: number;
  cpuSeconds: number;
  /** The most live heap a step held (after garbage collection), the search index's steps aside; and theirs. */
  stepHeapBytes: number;
  searchStepHeapBytes: number;
  largestStep: string;
  longestStepSeconds: number;
  longestStepCpuSeconds: number;
  /** Per part of the publish: its steps, most heap, longest step and most CPU time a step took. */
  parts: Record<string, { steps: number; heapBytes: number; seconds: number; cpuSeconds: number }>;
}

export interface StepsBench {
  first: StepsFigures;
  /** One recipe's description changed. */
  oneRecipe: StepsFigures;
  /** One recipe's ingredients changed, its name kept. */
  ingredientEdit: StepsFigures;
  /** A recipe added, sorted among the others. */
  added: StepsFigures;
  /** A recipe removed (deleted in Directus), a quarter of the way through the ids. */
  removed: StepsFigures;
  /** One recipe's rating changed, nothing else (decision 0066); missing in reports before ratings. */
  ratingOne?: StepsFigures;
  /** 1,000 ratings on 1,000 recipes spread over the catalog, published once. */
  ratingBurst?: StepsFigures;
}

export interface PublishSizeBench {
  recipes: number;
  /** Through workerd; null when not measured (above WORKERD_MOST). */
  first: PublishFigures | null;
  oneRecipe: PublishFigures | null;
  /** The coordinator's steps in Node; null when not measured (below STEPS_LEAST). */
  steps: StepsBench | null;
  error?: string;
}

/** The largest catalog published through workerd, and the smallest measured in the Node harness. */
export const WORKERD_MOST = 50_000;
export const STEPS_LEAST = 10_000;

/** The coordinator's steps at `recipes`, measured in a Node process of its own. */
function coordinatorSteps(recipes: number): StepsBench {
  const run = spawnSync(
    process.execPath,
    ["--expose-gc", "--max-old-space-size=12000", "scripts/bench/publish-steps-process.ts", String(recipes)],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 1 << 20 },
  );
  if (run.status !== 0)
    throw new Error(`the coordinator's steps could not be measured (exit ${run.status ?? run.signal})`);
  return JSON.parse(run.stdout) as StepsBench;
}

const TOKEN = "bench-sync-token-0123456789abcdef0123456789";

async function measure(
  worker: { url: string; inspectorUrl: URL | undefined },
  log: (line: string) => void,
): Promise<PublishFigures> {
  const site = { url: worker.url, token: TOKEN };
  const heap = worker.inspectorUrl ? await sampleHeapPeak(worker.inspectorUrl, BUILT_WORKER_NAME) : undefined;
  const cpuBefore = workerdCpuSeconds({ parent: process.pid });
  const started = performance.now();
  let view: RequestView;
  try {
    const id = await requestSync(site, "publish");
    view = await followRequest(site, id, (update) => {
      const progress = update.progress;
      if (progress && "done" in progress && "total" in progress)
        log(`${progress.phase} ${progress.done}/${progress.total}`);
      else if (progress) log(progress.phase);
    });
  } catch (error) {
    await heap?.stop();
    throw error;
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = workerdCpuSeconds({ parent: process.pid }) - cpuBefore;
  const peak = heap ? await heap.stop() : null;
  if (!view.summary) throw new Error(`the publish failed: ${view.error?.message}`);
  return {
    seconds,
    coordinatorSeconds: view.summary.durationMs / 1000,
    steps: view.summary.steps,
    maxOperations: view.summary.maxOperations,
    writes: view.summary.writes,
    workerdCpuSeconds: cpu,
    peakHeapBytes: peak,
  };
}

/** A first publish and a one-recipe change through the built Worker in workerd, on a fresh state. */
async function publishInWorkerd(
  buildDir: string,
  result: PublishSizeBench,
  progress: (line: string) => void,
): Promise<void> {
  const { recipes } = result;
  const persistDir = mkdtempSync(join(tmpdir(), "bench-publish-"));
  const catalog = syntheticRecipes(recipes);
  const directus = await startDirectusReadStandIn(catalog, seedIngredients);
  try {
    const worker = await startBuiltWorker({
      buildDir,
      persistDir,
      directusUrl: directus.url,
      inspector: true,
      vars: { SYNC_TOKEN: TOKEN },
    });
    try {
      const log = (stage: string) => (line: string) => progress(`bench: publish ${recipes} recipes, ${stage}: ${line}`);
      result.first = await measure(worker, log("first publish"));
      const middle = catalog[Math.floor(catalog.length / 2)] as CatalogRecipe;
      directus.save({ ...middle, description: `${middle.description ?? ""} Neu.` });
      result.oneRecipe = await measure(worker, log("one recipe changed"));
    } finally {
      await worker.stop();
    }
  } finally {
    await directus.stop();
    rmSync(persistDir, { recursive: true, force: true });
  }
}

/** The publish part at each size in `sizes`, one after the other, each on a fresh state. */
export async function benchPublish(
  buildDir: string,
  sizes: readonly number[],
  progress: (line: string) => void,
): Promise<PublishSizeBench[]> {
  const results: PublishSizeBench[] = [];
  for (const recipes of sizes) {
    const result: PublishSizeBench = { recipes, first: null, oneRecipe: null, steps: null };
    results.push(result);
    try {
      if (recipes <= WORKERD_MOST) await publishInWorkerd(buildDir, result, progress);
      if (recipes >= STEPS_LEAST) {
        progress(`bench: publish ${recipes} recipes, the coordinator's steps in Node …`);
        result.steps = coordinatorSteps(recipes);
      }
    } catch (error) {
      result.error = error instanceof Error ? error.message : String(error);
    }
  }
  return results;
}
