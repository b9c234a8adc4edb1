/**
 * The coordinator's steps at one catalog size, in a Node process of its
 * own: `node --expose-gc scripts/bench/publish-steps-process.ts <size>`
 * prints the figures as JSON. The coordinator's real code runs on
 * node:sqlite over the in-memory KV (its values outside the heap, as KV's
 * are outside the isolate's), reading a synthetic catalog from a Directus
 * stand-in in memory that filters by `date_updated` as Directus does. Its
 * records are kept as UTF-8 bytes outside the heap too, so what the heap
 * holds is the coordinator's.
 *
 * Measured for a first publish into an empty KV, then for the publish after
 * one recipe's description changed (nothing the search index reads), after
 * one recipe's ingredients changed (its name kept: no position moves),
 * after a recipe was added (every position after its place moves), and
 * after a recipe was removed (every position after it moves back), after one recipe's rating changed
 * and after a burst of 1,000 ratings on as many recipes (nothing of the content changed: decision 0066;
 * a tenth of the recipes have 3 to 5 ratings from the start): the steps, the most KV operations one
 * of them made, the KV writes, the Directus requests and the records they
 * gave, the wall time, and the coordinator's heap per step: its live
 * objects after a full garbage collection, sampled at every Directus
 * request and KV operation and every few hundred SQL statements within the
 * step (and at its end), less the heap before the publish; the most any
 * step held. The search index's steps (its postings into SQLite, then its
 * shards from there: catalog/sync/stage-build.ts) are reported apart, and
 * each part of the publish with its steps, most heap and longest step.
 */

import { packedText, readPack } from "../../catalog/format/blob-pack.ts";
import { createMemoryStore } from "../../catalog/format/memory-store.ts";
import { sha256 } from "../../catalog/format/sha256.ts";
import {
  blobKey,
  type CatalogStore,
  contentManifest,
  type Manifest,
  manifestKey,
  readManifest,
} from "../../catalog/format/storage.ts";
import type { CatalogRecipe } from "../../catalog/recipes/types.ts";
import { Coordinator, type RequestView, type SyncSummary } from "../../catalog/sync/coordinator.ts";
import type { ContentSource, PageQuery } from "../../catalog/sync/directus-source.ts";
import type { SqlDatabase } from "../../catalog/sync/ledger.ts";
import { createCatalogView } from "../../catalog/view/catalog-view.ts";
import { readPublished } from "../../catalog/view/published-catalog.ts";
import { searchRecipes } from "../../catalog/view/queries.ts";
import { openNodeSql } from "../../tests/model/node-sql.ts";
import { RatingsStandIn } from "../../tests/stand-ins/ratings-stand-in.ts";
import { seedIngredients, syntheticRecipes } from "./catalog.ts";
import { rawIngredient, rawRecipe } from "./directus-read-stand-in.ts";
import type { StepsFigures } from "./publish.ts";

const size = Number(process.argv[2]);
const gc = (globalThis as unknown as { gc?: () => void }).gc;
if (!gc) throw new Error("bench: run with --expose-gc");
/** Time spent collecting garbage for the samples, wall and CPU: taken off the durations. */
let samplingMs = 0;
let samplingCpuMs = 0;
/** The process's CPU time (user and system), ms: on a machine shared with other work, steadier than wall time. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const heapUsed = () => {
  const started = performance.now();
  const startedCpu = cpuMs();
  gc();
  const used = process.memoryUsage().heapUsed;
  samplingMs += performance.now() - started;
  samplingCpuMs += cpuMs() - startedCpu;
  return used;
};

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Directus' records as bytes, with their ids and change times beside them. */
class EncodedRecords {
  readonly ids: number[];
  changedAt: Float64Array;
  readonly bytes: Uint8Array[];
  constructor(records: Record<string, unknown>[]) {
    this.ids = records.map((record) => Number(record.id));
    this.changedAt = Float64Array.from(records, (record) =>
      Date.parse(String(record.date_updated ?? record.date_created)),
    );
    this.bytes = records.map((record) => encoder.encode(JSON.stringify(record)));
  }
  /** A record with an id above every other's (ids stay ascending). */
  add(record: Record<string, unknown>): void {
    this.ids.push(Number(record.id));
    this.changedAt = Float64Array.from([
      ...this.changedAt,
      Date.parse(String(record.date_updated ?? record.date_created)),
    ]);
    this.bytes.push(encoder.encode(JSON.stringify(record)));
  }
  /** Deletes the record with this id (Directus then counts one fewer, and its id is missing from the id pages). */
  remove(id: number): void {
    const index = this.ids.indexOf(id);
    this.ids.splice(index, 1);
    this.changedAt = Float64Array.from([...this.changedAt.subarray(0, index), ...this.changedAt.subarray(index + 1)]);
    this.bytes.splice(index, 1);
  }
  replace(record: Record<string, unknown>): void {
    const index = this.ids.indexOf(Number(record.id));
    this.bytes[index] = encoder.encode(JSON.stringify(record));
    this.changedAt[index] = Date.parse(String(record.date_updated ?? record.date_created));
  }
  page({ afterId, changedSince }: PageQuery, limit: number): Record<string, unknown>[] {
    const since = changedSince === null ? null : Date.parse(changedSince);
    const page: Record<string, unknown>[] = [];
    for (let index = lowerBound(this.ids, afterId); index < this.ids.length && page.length < limit; index++) {
      if (since !== null && (this.changedAt[index] as number) < since) continue;
      page.push(JSON.parse(decoder.decode(this.bytes[index])) as Record<string, unknown>);
    }
    return page;
  }
  idPage(afterId: number, limit: number): number[] {
    const start = lowerBound(this.ids, afterId);
    return this.ids.slice(start, start + limit);
  }
}

/** The first index whose id is above `afterId` (ids ascending). */
function lowerBound(ids: readonly number[], afterId: number): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((ids[middle] as number) <= afterId) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Heap samples: the most seen since the last `take`. */
let baseline = 0;
let most = 0;
let sqlStatements = 0;
let kvOperations = 0;
const sample = () => {
  most = Math.max(most, heapUsed() - baseline);
};
const take = () => {
  sample();
  const taken = most;
  most = 0;
  return taken;
};

// Directus' content, generated once (the generator holds every recipe), then kept as bytes.
let synthetic: CatalogRecipe[] | null = syntheticRecipes(size);
const recipes = new EncodedRecords(synthetic.map(rawRecipe));
const middle = synthetic[Math.floor(synthetic.length / 2)] as CatalogRecipe;
const other = synthetic[Math.floor(synthetic.length / 3)] as CatalogRecipe;
synthetic = null;
const ingredients = new EncodedRecords(
  seedIngredients.map((ingredient, index) => rawIngredient(ingredient, index + 1)),
);
const read = { requests: 0, rows: 0 };

/** A request to the stand-in: counted, its records counted, a heap sample taken. */
function request<T>(answer: T): Promise<T> {
  read.requests += 1;
  if (Array.isArray(answer) && typeof answer[0] === "object") read.rows += answer.length;
  sample();
  return Promise.resolve(answer);
}

const source: ContentSource = {
  countRecipes: () => request(recipes.ids.length),
  countIngredients: () => request(ingredients.ids.length),
  recipePage: (query) => request(recipes.page(query, 500)),
  ingredientPage: (query) => request(ingredients.page(query, 500)),
  recipeIds: (afterId) => request(recipes.idPage(afterId, 1000)),
  ingredientIds: (afterId) => request(ingredients.idPage(afterId, 1000)),
};

const kv = createMemoryStore();
/** Every 20th KV operation: a step writes 250 at most, in batches of six. */
const sampleKv = () => {
  if (++kvOperations % 20 === 0) sample();
};
const store: CatalogStore = {
  get: ((key: string, options: never) => {
    sampleKv();
    return kv.get(key, options);
  }) as CatalogStore["get"],
  put: (key, value, options) => {
    sampleKv();
    return kv.put(key, value, options);
  },
  delete: (key) => {
    sampleKv();
    return kv.delete(key);
  },
  list: (options) => kv.list(options),
};
const sql = openNodeSql();
const sqlTimes = new Map<string, { ms: number; calls: number }>();
const db: SqlDatabase = {
  exec(query, ...bindings) {
    if (++sqlStatements % 1000 === 0) sample();
    if (!process.env.BENCH_SQL) return sql.exec(query, ...bindings);
    const started = performance.now();
    const result = sql.exec<never>(query, ...bindings);
    const key = query.replace(/\s+/g, " ").slice(0, 90);
    const entry = sqlTimes.get(key) ?? { ms: 0, calls: 0 };
    entry.ms += performance.now() - started;
    entry.calls += 1;
    sqlTimes.set(key, entry);
    return result;
  },
};

let now = Date.parse("2026-11-28T12:00:00Z");
let alarmAt: number | null = null;
// Visitors' ratings: a tenth of the recipes with 3 to 5 each, as Directus' aggregates give them.
const ratings = new RatingsStandIn(() => now);
for (let index = 0; index < recipes.ids.length; index += 10) {
  const recipe = recipes.ids[index] as number;
  for (let rating = 0; rating < 3 + (index % 3); rating++)
    ratings.rate(`konto-${rating}`, recipe, 1 + ((index + rating) % 5));
}
const coordinator = new Coordinator({
  db,
  store,
  source: () => source,
  ratings: () => {
    const rated = ratings.source();
    return {
      signature: () => request(null).then(() => rated.signature()),
      groups: (after, limit) => request(null).then(() => rated.groups(after, limit)),
    };
  },
  clock: () => now,
  log: () => {},
  alarm: {
    get: async () => alarmAt,
    set: async (at) => {
      alarmAt = at;
    },
    delete: async () => {
      alarmAt = null;
    },
  },
});

/** One publish's figures as the bench reports them (publish.ts), and what the version it made holds. */
interface PublishFigures extends StepsFigures {
  /** The blobs of the version the last publish did not have, by kind of the manifest (what the writes were). */
  newBlobs: Record<string, number>;
  /** The version the publish made live. */
  manifest: string;
  /**
   * The version's delta pack (decision 0069): how many blobs it holds, its
   * characters, and theirs by kind of the manifest; null after a full write.
   */
  pack: { blobs: number; chars: number; byKind: Record<string, number> } | null;
}

/** The live version's manifest, to tell which blobs a publish wrote by kind. */
let lastManifest: Manifest | null = null;

/** The blobs `manifest` names that `before` did not, by kind. */
function newBlobsByKind(manifest: Manifest, before: Manifest | null): Record<string, number> {
  const kept = new Set<string>();
  const hashesOf = (value: unknown): string[] =>
    typeof value === "string" ? [value] : Array.isArray(value) ? (value as string[]) : [];
  if (before) for (const value of Object.values(before)) for (const hash of hashesOf(value)) kept.add(hash);
  const counts: Record<string, number> = {};
  for (const [kind, value] of Object.entries(manifest)) {
    const fresh = hashesOf(value).filter((hash) => !kept.has(hash)).length;
    if (fresh > 0) counts[kind] = fresh;
  }
  return counts;
}

/** The characters of a pack's blobs by the kind of the manifest that names them. */
function packByKind(manifest: Manifest, text: string): Record<string, number> {
  const blobs = readPack(new TextEncoder().encode(text), manifest.delta?.blobs ?? []);
  const chars: Record<string, number> = {};
  for (const [kind, value] of Object.entries(contentManifest(manifest))) {
    const hashes = typeof value === "string" ? [value] : Array.isArray(value) ? (value as string[]) : [];
    for (const hash of new Set(hashes)) {
      const blob = blobs.get(hash);
      if (blob !== undefined) chars[kind] = (chars[kind] ?? 0) + packedText(blob).length;
    }
  }
  return chars;
}

async function publish(): Promise<PublishFigures> {
  read.requests = 0;
  read.rows = 0;
  baseline = heapUsed();
  most = 0;
  const started = performance.now();
  const startedCpu = cpuMs();
  samplingMs = 0;
  samplingCpuMs = 0;
  let longestCpuMs = 0;
  const { id } = await coordinator.request({ action: "publish", trigger: "api" });
  let stepHeap = 0;
  let searchHeap = 0;
  let largestStep = "";
  let longestMs = 0;
  const parts: PublishFigures["parts"] = {};
  let view: RequestView | undefined;
  for (;;) {
    view = coordinator.requestStatus(id);
    const ended = view && (view.state === "done" || view.state === "failed");
    // After the flip, the version's statuses are settled in steps that run at once: they count to the publish.
    if (ended && (alarmAt === null || alarmAt > now)) break;
    if (alarmAt === null) throw new Error("bench: the publish waits, but no alarm is set");
    now = Math.max(now, alarmAt);
    alarmAt = null;
    const progress = coordinator.requestStatus(id)?.progress ?? null;
    const part = progress && "part" in progress && progress.part ? `:${progress.part}` : "";
    const phase = ended ? "settling" : progress ? `${progress.phase}${part}` : "start";
    const stepStarted = performance.now();
    const stepStartedCpu = cpuMs();
    const sampledBefore = samplingMs;
    const sampledCpuBefore = samplingCpuMs;
    await coordinator.step();
    const ms = performance.now() - stepStarted - (samplingMs - sampledBefore);
    const stepCpuMs = cpuMs() - stepStartedCpu - (samplingCpuMs - sampledCpuBefore);
    const held = take();
    if (process.env.BENCH_STEPS)
      process.stderr.write(
        `step ${phase} ${ms.toFixed(0)} ms ${stepCpuMs.toFixed(0)} ms CPU ${(held / 1e6).toFixed(1)} MB\n`,
      );
    longestMs = Math.max(longestMs, ms);
    longestCpuMs = Math.max(longestCpuMs, stepCpuMs);
    const figures = parts[phase] ?? { steps: 0, heapBytes: 0, seconds: 0, cpuSeconds: 0 };
    parts[phase] = figures;
    figures.steps += 1;
    figures.heapBytes = Math.max(figures.heapBytes, held);
    figures.seconds = Math.max(figures.seconds, ms / 1000);
    figures.cpuSeconds = Math.max(figures.cpuSeconds, stepCpuMs / 1000);
    // The search index's steps: reported apart.
    if (phase === "building:index" || phase === "building:search") searchHeap = Math.max(searchHeap, held);
    else if (held > stepHeap) {
      stepHeap = held;
      largestStep = phase;
    }
  }
  const seconds = (performance.now() - started - samplingMs) / 1000;
  const cpuSeconds = (cpuMs() - startedCpu - samplingCpuMs) / 1000;
  const summary = view?.summary as SyncSummary | null;
  if (!summary) throw new Error(`bench: the publish failed: ${view?.error?.message}`);
  const manifest = await readManifest(kv, summary.manifest);
  const newBlobs = newBlobsByKind(manifest, lastManifest);
  lastManifest = manifest;
  const packText = manifest.delta ? await kv.get(blobKey(manifest.delta.pack), { type: "text" }) : null;
  return {
    manifest: summary.manifest,
    newBlobs,
    pack:
      manifest.delta && packText
        ? { blobs: manifest.delta.blobs.length, chars: packText.length, byKind: packByKind(manifest, packText) }
        : null,
    steps: summary.steps,
    settlingSteps: parts.settling?.steps ?? 0,
    maxOperations: summary.maxOperations,
    writes: summary.writes,
    requests: read.requests,
    rows: read.rows,
    full: summary.read?.full ?? false,
    rebuilt: summary.built?.rebuilt ?? 0,
    pieces: summary.built?.pieces ?? 0,
    seconds,
    cpuSeconds,
    longestStepCpuSeconds: longestCpuMs / 1000,
    stepHeapBytes: stepHeap,
    searchStepHeapBytes: searchHeap,
    largestStep,
    longestStepSeconds: longestMs / 1000,
    parts,
  };
}

const first = await publish();
now += 60_000;
recipes.replace({
  ...rawRecipe({ ...middle, description: `${middle.description ?? ""} Neu.` }),
  date_updated: new Date(now).toISOString(),
});
sqlTimes.clear();
const oneRecipe = await publish();
// Another recipe's ingredients: its first line swapped for an ingredient it lacks, its name kept.
now += 60_000;
const swapped = seedIngredients.find((ingredient) => !other.ingredients.includes(ingredient.name))?.name ?? "Salz";
const [firstLine, ...restLines] = other.ingredientLines;
if (!firstLine) throw new Error("bench: a recipe without ingredients");
recipes.replace({
  ...rawRecipe({
    ...other,
    ingredients: [swapped, ...other.ingredients.slice(1)],
    ingredientLines: [{ ...firstLine, name: swapped, plural: null }, ...restLines],
  }),
  date_updated: new Date(now).toISOString(),
});
const ingredientEdit = await publish();
// A recipe added: a copy of the middle one under a new id, slug and name, sorted among the others.
now += 60_000;
const addedId = size + 1;
recipes.add({
  ...rawRecipe({
    ...middle,
    id: addedId,
    slug: `rezept-${addedId}`,
    name: middle.name.replace(/Nr\. \d+$/, `Nr. ${addedId}`),
    published: new Date(now).toISOString(),
  }),
  date_created: new Date(now).toISOString(),
});
const added = await publish();
// A recipe removed: one a quarter of the way through the ids, so its position lies early in its category.
now += 60_000;
recipes.remove(recipes.ids[Math.floor(size / 4)] as number);
const removed = await publish();
// One recipe's rating changed, nothing else: its ratings piece, the manifest and the pointer.
now += 60_000;
ratings.rate("konto-0", recipes.ids[0] as number, 5);
const ratingOne = await publish();
// A burst of 1,000 ratings on 1,000 recipes spread over the catalog, published once.
now += 60_000;
for (let rating = 0; rating < 1_000; rating++) {
  const recipe = recipes.ids[Math.floor((rating * recipes.ids.length) / 1_000)] as number;
  ratings.rate(`burst-${rating}`, recipe, 1 + (rating % 5));
}
const ratingBurst = await publish();
if (process.env.BENCH_SQL) {
  for (const [query, { ms, calls }] of [...sqlTimes].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12)) {
    process.stderr.write(`${ms.toFixed(0)} ms ${calls} × ${query}\n`);
  }
}

/** The middle of some numbers. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * What a page isolate pays for a delta pack (decision 0069): the live
 * version, packed, against the same content written in full (the pack's
 * blobs under their own keys, the manifest without its delta), each opened
 * in a fresh view and searched, one after the other a few times: CPU ms to
 * open (the meta, and the pack), the first search (its columns and index
 * read) and a search after (median of the queries). Null when the live
 * version has no pack.
 */
async function deltaReadCost(name: string) {
  const packed = await readManifest(kv, name);
  if (!packed.delta) return null;
  const packBytes = new TextEncoder().encode((await kv.get(blobKey(packed.delta.pack), { type: "text" })) ?? "");
  const pack = readPack(packBytes, packed.delta.blobs);
  for (const [hash, bytes] of pack) await kv.put(blobKey(hash), packedText(bytes));
  const content = contentManifest(packed);
  const fullName = await sha256(JSON.stringify(content));
  await kv.put(manifestKey(fullName), JSON.stringify(content));
  const queries = ["kartoffel", "suppe mit", "nudeln", "hähnchen curry", "zwiebl", "salat"];
  const once = async (manifest: string) => {
    const start = cpuMs();
    const view = createCatalogView(await readPublished(kv, manifest));
    const opened = cpuMs();
    (await searchRecipes(view, "kartoffel")).slice(0, 24);
    const searched = cpuMs();
    const after: number[] = [];
    for (const query of queries) {
      const before = cpuMs();
      (await searchRecipes(view, query)).slice(0, 24);
      after.push(cpuMs() - before);
    }
    return { openMs: opened - start, firstSearchMs: searched - opened, searchMs: median(after) };
  };
  const runs: Record<"packed" | "full", Awaited<ReturnType<typeof once>>[]> = { packed: [], full: [] };
  for (let round = 0; round < 5; round++) {
    runs.packed.push(await once(name));
    runs.full.push(await once(fullName));
  }
  const summary = (list: Awaited<ReturnType<typeof once>>[]) => ({
    openMs: median(list.map((run) => run.openMs)),
    firstSearchMs: median(list.map((run) => run.firstSearchMs)),
    searchMs: median(list.map((run) => run.searchMs)),
  });
  return { packBlobs: pack.size, packed: summary(runs.packed), full: summary(runs.full) };
}

/**
 * A run of BENCH_CHANGES more changes (none unless set): a recipe added (a
 * copy of one a seeded draw picks, under a new id and name), one removed
 * and one's description edited, in turn, each published: the KV writes of
 * each publish, how often the delta pack was folded into a full write
 * (decision 0069), and the largest pack. What a day of such saves costs.
 */
async function changeRun(changes: number) {
  let seed = 7;
  const draw = (below: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return Math.floor((seed / 2 ** 31) * below);
  };
  const recordAt = (index: number) =>
    JSON.parse(decoder.decode(recipes.bytes[index] as Uint8Array)) as Record<string, unknown>;
  const writes: number[] = [];
  /** Each publish's pack in characters (0 after a full write), and the largest pack's characters by kind. */
  const packs: number[] = [];
  let largestByKind: Record<string, number> = {};
  let folds = 0;
  let largestPack = 0;
  let nextId = size + 2;
  for (let change = 0; change < changes; change++) {
    now += 60_000;
    const at = draw(recipes.ids.length);
    const time = new Date(now).toISOString();
    if (change % 3 === 0) {
      const record = recordAt(at);
      const id = nextId++;
      recipes.add({
        ...record,
        id,
        slug: `rezept-${id}`,
        name: `${record.name} neu`,
        date_created: time,
        date_updated: null,
      });
    } else if (change % 3 === 1) {
      recipes.remove(recipes.ids[at] as number);
    } else {
      const record = recordAt(at);
      recipes.replace({ ...record, description: `${record.description ?? ""} Neu.`, date_updated: time });
    }
    const figures = await publish();
    writes.push(figures.writes);
    if (figures.pack === null && figures.writes > 3) folds += 1;
    packs.push(figures.pack?.chars ?? 0);
    if ((figures.pack?.chars ?? 0) > largestPack) largestByKind = figures.pack?.byKind ?? {};
    largestPack = Math.max(largestPack, figures.pack?.chars ?? 0);
    if (process.env.BENCH_STEPS || process.env.BENCH_CHANGES_LOG)
      process.stderr.write(
        `change ${change + 1}: ${figures.writes} writes, pack ${figures.pack?.blobs ?? 0} blobs ${figures.pack?.chars ?? 0} chars, ${figures.cpuSeconds.toFixed(1)} s CPU, new blobs ${JSON.stringify(figures.newBlobs)}\n`,
      );
  }
  return {
    changes,
    writes: writes.reduce((sum, count) => sum + count, 0),
    folds,
    largestPack,
    largestByKind,
    each: writes,
    packs,
  };
}

const deltaRead = await deltaReadCost(removed.manifest);
const changes = Number(process.env.BENCH_CHANGES ?? 0);
const run = changes > 0 ? await changeRun(changes) : null;
process.stdout.write(
  JSON.stringify({
    recipes: size,
    first,
    oneRecipe,
    ingredientEdit,
    added,
    removed,
    ratingOne,
    ratingBurst,
    deltaRead,
    run,
  }),
);
