/**
 * The sharded search index at a catalog size, in a Node process of its own:
 * `npx node --expose-gc scripts/bench/search-shards.ts build|read|whole <size>...`
 * prints the figures of decision 0054 as JSON: `build` builds and keeps the
 * blobs in /tmp, `read` opens them as an isolate and searches, `whole` is the
 * index of decision 0018 for comparison, `change` counts the blobs one
 * recipe's change writes. The recipes are staged in an SQLite
 * table first (node:sqlite, standing in for the coordinator's), then the
 * index is built as the coordinator would: chunks of the stage into a
 * posting table, then the blobs from `ORDER BY term, field, position`. The
 * blobs are kept in a file; the reader opens them from a store in memory
 * (outside the heap, as KV's are outside an isolate's) and searches.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { createMemoryStore } from "../../catalog/format/memory-store.ts";
import { readTextBlob } from "../../catalog/format/storage.ts";
import { storedOrder } from "../../catalog/format/stored-catalog.ts";
import {
  type DocumentLengths,
  type IndexedChunk,
  type Posting,
  termSortKey,
} from "../../catalog/search/engine/sharded-builder.ts";
import { DEFAULT_LAYOUT, type ShardedLayout } from "../../catalog/search/engine/sharded-format.ts";
import {
  addRecipes,
  buildSearchIndex,
  buildSearchShards,
  type IndexedRecipe,
  loadSearchIndex,
  openSearchShards,
  writeSearchShards,
} from "../../catalog/search/search-index.ts";
import { ingredientKinds } from "../../catalog/search/search-words.ts";
import { COMMON_SEARCH_TERMS, random, seedIngredients, syntheticRecipes } from "./catalog.ts";
import { percentile } from "./statistics.ts";

/**
 * The layout the index is written with: the site's, or, to weigh others,
 * the sizes BENCH_SEARCH_LAYOUT (JSON) gives over it.
 */
const LAYOUT: ShardedLayout = {
  ...DEFAULT_LAYOUT,
  ...(JSON.parse(process.env.BENCH_SEARCH_LAYOUT ?? "{}") as Partial<ShardedLayout>),
};

/** Recipes per chunk of the builder: a coordinator step's page of the stage. */
const CHUNK = 1000;
/** What an isolate keeps of the shards: catalog-view.ts's SEARCH_SHARDS_KEPT_CHARS. */
const KEPT_CHARS = 4 * 1024 * 1024;

const gc = (globalThis as { gc?: () => void }).gc;
/**
 * The heap and external memory live after a collection: what an isolate's
 * limit counts. External, as Node keeps a large decoded one-byte string
 * outside the heap, and typed arrays' buffers are there too.
 */
function liveHeap(): number {
  gc?.();
  gc?.();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 100) / 100;

/** Peaks of the heap while building: as sampled (garbage and all), and live after a collection. */
class Peaks {
  sampled = 0;
  live = 0;
  private samples = 0;
  private readonly base: number;
  constructor(base: number) {
    this.base = base;
  }
  sample(collect: boolean): void {
    this.sampled = Math.max(this.sampled, process.memoryUsage().heapUsed - this.base);
    if (collect || ++this.samples % 5 === 0) this.live = Math.max(this.live, liveHeap() - this.base);
  }
}

/**
 * The stage: what the coordinator's read step keeps of each recipe, in stored
 * order. A function of its own, not async, so the recipes are garbage when
 * it returns.
 */
function stage(db: DatabaseSync, count: number): void {
  const recipes = storedOrder(syntheticRecipes(count));
  const insert = db.prepare("INSERT INTO stage (position, recipe) VALUES (?, ?)");
  db.exec("BEGIN");
  recipes.forEach((recipe, position) => {
    const indexed: IndexedRecipe = {
      name: recipe.name,
      ingredients: recipe.ingredients,
      cuisine: recipe.cuisine,
      type: recipe.type,
    };
    insert.run(position, JSON.stringify(indexed));
  });
  db.exec("COMMIT");
}

async function benchSize(count: number) {
  const db = new DatabaseSync(":memory:");
  db.exec(`
    CREATE TABLE stage (position INTEGER PRIMARY KEY, recipe TEXT NOT NULL);
    CREATE TABLE postings (key BLOB NOT NULL, term TEXT NOT NULL, field INTEGER NOT NULL, position INTEGER NOT NULL, count INTEGER NOT NULL);
    CREATE TABLE lengths (position INTEGER PRIMARY KEY, lengths TEXT NOT NULL);
    CREATE TABLE blobs (place INTEGER PRIMARY KEY, text TEXT NOT NULL);
  `);
  stage(db, count);
  const kinds = ingredientKinds(seedIngredients);

  // The builder, a chunk at a time, into SQLite.
  const base = liveHeap();
  const peaks = new Peaks(base);
  const addPosting = db.prepare("INSERT INTO postings (key, term, field, position, count) VALUES (?, ?, ?, ?, ?)");
  const addLengths = db.prepare("INSERT INTO lengths (position, lengths) VALUES (?, ?)");
  const sink = {
    add({ postings, lengths }: IndexedChunk) {
      db.exec("BEGIN");
      // The bench numbers recipes by position: the order is the identity.
      for (const { term, field, number, count } of postings) {
        addPosting.run(termSortKey(term), term, field, number, count);
      }
      for (const { number, lengths: text } of lengths) addLengths.run(number, text);
      db.exec("COMMIT");
    },
  };
  const readChunk = db.prepare(
    "SELECT position, recipe FROM stage WHERE position >= ? AND position < ? ORDER BY position",
  );
  let started = performance.now();
  const cpuStarted = cpuMs();
  for (let start = 0; start < count; start += CHUNK) {
    const rows = readChunk.all(start, start + CHUNK) as { position: number; recipe: string }[];
    await addRecipes(
      rows.map(({ position, recipe }) => ({ number: position, recipe: JSON.parse(recipe) as IndexedRecipe })),
      kinds,
      sink,
    );
    peaks.sample(false);
  }
  const chunksMs = performance.now() - started;
  started = performance.now();
  db.exec("CREATE INDEX postings_by_term ON postings (key, field, position)");
  const sortMs = performance.now() - started;
  const postingRows = (db.prepare("SELECT count(*) AS n FROM postings").get() as { n: number }).n;

  // The blobs, from the postings ordered by term, into a table (KV stands outside the heap as SQLite does);
  // stopping after a few shards and resuming, as steps would.
  const putBlob = db.prepare("INSERT INTO blobs (place, text) VALUES (?, ?)");
  const blobText = (place: number) =>
    (db.prepare("SELECT text FROM blobs WHERE place = ?").get(place) as { text: string }).text;
  let blobCount = 0;
  const sizes = { lengths: [] as number[], terms: [] as number[], shards: [] as number[] };
  const byTerm = db.prepare(
    "SELECT term, field, position AS number, count FROM postings WHERE ? IS NULL OR key > ? ORDER BY key, field, position",
  );
  const source = {
    *postingsByTerm(after?: string): Iterable<Posting> {
      const key = after === undefined ? null : termSortKey(after);
      for (const row of byTerm.iterate(key, key)) yield row as unknown as Posting;
    },
    *lengthsByNumber(): Iterable<DocumentLengths> {
      for (const row of db.prepare("SELECT position AS number, lengths FROM lengths ORDER BY position").iterate()) {
        yield row as unknown as DocumentLengths;
      }
    },
    *numbersByPosition(): Iterable<number> {
      for (let position = 0; position < count; position++) yield position;
    },
  };
  const emit = ({ place, text }: { place: number; text: string }) => {
    putBlob.run(place, text);
    blobCount = Math.max(blobCount, place + 1);
    peaks.sample(false);
  };
  started = performance.now();
  let steps = 1;
  let shardsThisStep = 0;
  // A step writes about 16 shards.
  const stop = () => ++shardsThisStep % 16 === 0;
  let result = await writeSearchShards(source, emit, { stop, layout: LAYOUT });
  while (!result.done) {
    peaks.sample(true);
    result = await writeSearchShards(source, emit, {
      stop,
      layout: LAYOUT,
      resume: JSON.parse(JSON.stringify(result.state)),
    });
    steps++;
  }
  const writeMs = performance.now() - started;
  const buildCpuMs = cpuMs() - cpuStarted;
  peaks.sample(true);
  const headerText = blobText(blobCount - 1);
  const header = JSON.parse(headerText) as {
    lengths: number[];
    terms: [number, number][];
    shards: [number, number, number][];
  };
  for (const place of header.lengths) sizes.lengths.push(blobText(place).length);
  for (const [place] of header.terms) sizes.terms.push(blobText(place).length);
  for (const [, , chars] of header.shards) sizes.shards.push(chars);
  writeFileSync(blobsFile(count), JSON.stringify(Array.from({ length: blobCount }, (_, place) => blobText(place))));
  db.close();

  return {
    recipes: count,
    postingRows,
    build: {
      chunksMs: Math.round(chunksMs),
      sortMs: Math.round(sortMs),
      writeMs: Math.round(writeMs),
      writeSteps: steps,
      cpuMs: Math.round(buildCpuMs),
      peakHeapSampledMb: mb(peaks.sampled),
      peakHeapLiveMb: mb(peaks.live),
    },
    blobs: {
      count: blobCount,
      headerChars: headerText.length,
      lengthPieces: sizes.lengths.length,
      lengthChars: sizes.lengths.reduce((sum, size) => sum + size, 0),
      termPieces: sizes.terms.length,
      termChars: sizes.terms.reduce((sum, size) => sum + size, 0),
      terms: header.terms.reduce((sum, [, terms]) => sum + terms, 0),
      shards: sizes.shards.length,
      shardChars: sizes.shards.reduce((sum, size) => sum + size, 0),
      shardCharsMin: Math.min(...sizes.shards),
      shardCharsP50: percentile(sorted(sizes.shards), 0.5),
      shardCharsMax: Math.max(...sizes.shards),
    },
  };
}

function blobsFile(count: number): string {
  return `/tmp/search-shards-${count}.json`;
}

const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * The blobs the build left, in a store in memory. A function of its own, not
 * async: an async function's frame could keep the texts alive across its
 * awaits, and the heap figures would count them.
 */
function storedBlobs(count: number) {
  const texts = JSON.parse(readFileSync(blobsFile(count), "utf8")) as string[];
  const store = createMemoryStore(texts.map((text, place) => [`catalog/blob/blob-${place}`, text] as const));
  return { store, blobs: texts.map((_, place) => `blob-${place}`) };
}

/** An isolate: opens the blobs the build left, then searches. */
async function benchRead(count: number) {
  const { store, blobs } = storedBlobs(count);
  let shardReads = 0;
  const read = (place: number) => {
    shardReads++;
    return readTextBlob(store, blobs[place] ?? "");
  };
  let started: number;
  const heapBefore = liveHeap();
  started = performance.now();
  const index = await openSearchShards(blobs.length, read, KEPT_CHARS);
  const openMs = performance.now() - started;
  const heapAfterOpen = liveHeap() - heapBefore;
  const openReads = shardReads;
  const firstSearch: Record<string, number> = {};
  // Blobs each common word's first search read (a KV read each in an isolate).
  const firstReads: Record<string, number> = {};
  for (const term of COMMON_SEARCH_TERMS) {
    const readsBefore = shardReads;
    started = performance.now();
    (await index.prepare(term)).search(term).slice(0, 24);
    firstSearch[term] = Math.round((performance.now() - started) * 100) / 100;
    firstReads[term] = shardReads - readsBefore;
  }
  const times: number[] = [];
  const cpu: number[] = [];
  const warmUp = 50;
  const queries = 500;
  let readsBefore = 0;
  for (let i = 0; i < warmUp + queries; i++) {
    if (i === warmUp) readsBefore = shardReads;
    const term = COMMON_SEARCH_TERMS[i % COMMON_SEARCH_TERMS.length] ?? "suppe";
    started = performance.now();
    const cpuStarted = cpuMs();
    (await index.prepare(term)).search(term).slice(0, 24);
    if (i >= warmUp) {
      times.push(performance.now() - started);
      cpu.push(cpuMs() - cpuStarted);
    }
  }
  const readsAfter = shardReads - readsBefore;
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const heapAfterSearches = liveHeap() - heapBefore;
  const shardsKept = index.keptChars;

  // Varied queries: every seed ingredient's name and its first four letters (a word being typed), in a
  // shuffled order, so the shards a query needs are often not kept.
  const rand = random(11);
  const varied = seedIngredients.flatMap((ingredient) => [ingredient.name, ingredient.name.slice(0, 4)]);
  for (let at = varied.length - 1; at > 0; at--) {
    const other = Math.floor(rand() * (at + 1));
    [varied[at], varied[other]] = [varied[other] ?? "", varied[at] ?? ""];
  }
  const variedCpu: number[] = [];
  const variedReadsBefore = shardReads;
  for (const term of varied) {
    const cpuStarted = cpuMs();
    (await index.prepare(term)).search(term).slice(0, 24);
    variedCpu.push(cpuMs() - cpuStarted);
  }
  variedCpu.sort((a, b) => a - b);
  const variedReads = shardReads - variedReadsBefore;
  const heapAfterVaried = liveHeap() - heapBefore;

  return {
    recipes: count,
    openMs: Math.round(openMs * 10) / 10,
    heapAfterOpenMb: mb(heapAfterOpen),
    openReads,
    firstSearchMs: firstSearch,
    firstReads,
    searchP50Ms: Math.round(percentile(times, 0.5) * 100) / 100,
    searchP99Ms: Math.round(percentile(times, 0.99) * 100) / 100,
    searchMaxMs: Math.round((times.at(-1) ?? 0) * 100) / 100,
    searchCpuP50Ms: Math.round(percentile(cpu, 0.5) * 100) / 100,
    searchCpuP99Ms: Math.round(percentile(cpu, 0.99) * 100) / 100,
    readsPerQuery: Math.round((readsAfter / queries) * 100) / 100,
    heapAfterSearchesMb: mb(heapAfterSearches),
    keptShardMb: mb(shardsKept),
    varied: {
      queries: varied.length,
      cpuP50Ms: Math.round(percentile(variedCpu, 0.5) * 100) / 100,
      cpuP99Ms: Math.round(percentile(variedCpu, 0.99) * 100) / 100,
      shardReadsPerQuery: Math.round((variedReads / varied.length) * 100) / 100,
      heapAfterMb: mb(heapAfterVaried),
      keptShardMb: mb(index.keptChars),
    },
  };
}

/** The whole index of decision 0018 over the same recipes, serialized. */
function wholeText(count: number): { text: string; buildMs: number } {
  const recipes = storedOrder(syntheticRecipes(count));
  const started = performance.now();
  const text = buildSearchIndex(recipes, ingredientKinds(seedIngredients));
  return { text, buildMs: performance.now() - started };
}

/** The whole index for comparison: its heap when loaded and searched, its query times. */
function benchWhole(count: number) {
  const { text, buildMs } = wholeText(count);
  const heapBefore = liveHeap();
  const index = loadSearchIndex(text);
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < 550; i++) {
    const term = COMMON_SEARCH_TERMS[i % COMMON_SEARCH_TERMS.length] ?? "suppe";
    const started = performance.now();
    const cpuStarted = cpuMs();
    index.search(term).slice(0, 24);
    if (i >= 50) {
      times.push(performance.now() - started);
      cpu.push(cpuMs() - cpuStarted);
    }
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    recipes: count,
    buildMs: Math.round(buildMs),
    chars: text.length,
    // The text is counted: the index keeps slices of it.
    heapAfterSearchesMb: mb(liveHeap() - heapBefore + text.length),
    searchP50Ms: Math.round(percentile(times, 0.5) * 100) / 100,
    searchP99Ms: Math.round(percentile(times, 0.99) * 100) / 100,
    searchCpuP50Ms: Math.round(percentile(cpu, 0.5) * 100) / 100,
    searchCpuP99Ms: Math.round(percentile(cpu, 0.99) * 100) / 100,
  };
}

/** The kind of each blob of an index, by its place, from its header (the last blob). */
function blobKinds(blobs: readonly string[]): string[] {
  const header = JSON.parse(blobs.at(-1) ?? "{}") as {
    lengths: number[];
    order: [number, number][];
    terms: [number, number][];
    shards: [number, number, number][];
    parts?: [number, number[], [number, number][]][];
  };
  const kinds = blobs.map(() => "unknown");
  kinds[blobs.length - 1] = "header";
  for (const place of header.lengths) kinds[place] = "lengths";
  for (const [place] of header.order) kinds[place] = "order";
  for (const [place] of header.terms) kinds[place] = "term pieces";
  // A shard of one term larger than the layout's target: a kind or category token's, or a very common word's.
  for (const [place, terms, chars] of header.shards) {
    kinds[place] = terms === 1 && chars > LAYOUT.shardChars ? "shard of a large term" : "other shards";
  }
  for (const [, , parts] of header.parts ?? []) for (const [place] of parts) kinds[place] = "part of a cut term";
  return kinds;
}

/** What a change to one recipe writes of the index: the blobs that are new, and their characters, by kind. */
async function benchChange(count: number) {
  const ordered = storedOrder(syntheticRecipes(count));
  const recipes = ordered.map(
    (recipe): IndexedRecipe => ({
      name: recipe.name,
      ingredients: recipe.ingredients,
      cuisine: recipe.cuisine,
      type: recipe.type,
    }),
  );
  // Numbered by id, as the site publishes them (decision 0061).
  const ids = ordered.map((recipe) => recipe.id);
  const kinds = ingredientKinds(seedIngredients);
  const cpuStarted = cpuMs();
  const before = await buildSearchShards(recipes, kinds, LAYOUT, ids);
  const buildCpuMs = cpuMs() - cpuStarted;
  const kept = new Set(before);
  const written = (after: readonly string[]) => {
    const kindOf = blobKinds(after);
    const byKind: Record<string, { blobs: number; chars: number }> = {};
    let blobs = 0;
    let chars = 0;
    after.forEach((blob, place) => {
      if (kept.has(blob)) return;
      const kind = kindOf[place] ?? "unknown";
      const entry = byKind[kind] ?? { blobs: 0, chars: 0 };
      entry.blobs++;
      entry.chars += blob.length;
      byKind[kind] = entry;
      blobs++;
      chars += blob.length;
    });
    return { blobs, chars, of: after.length, byKind };
  };
  const middle = Math.floor(count / 2);
  const middleRecipe = recipes[middle] as IndexedRecipe;
  // An ingredient more that the recipe did not have (one of the seed's, so no new term), its name kept.
  const extra =
    seedIngredients.find((ingredient) => !middleRecipe.ingredients.includes(ingredient.name))?.name ?? "Salz";
  const edited = written(
    await buildSearchShards(
      recipes.map((recipe, position) =>
        position === middle ? { ...recipe, ingredients: [...recipe.ingredients, extra] } : recipe,
      ),
      kinds,
      LAYOUT,
      ids,
    ),
  );
  // A recipe added in the middle of the stored order under a new id (the next one, as Directus gives it).
  const added = written(
    await buildSearchShards(
      [...recipes.slice(0, middle), { ...middleRecipe, name: `${middleRecipe.name} neu` }, ...recipes.slice(middle)],
      kinds,
      LAYOUT,
      [...ids.slice(0, middle), ids.reduce((largest, id) => Math.max(largest, id), 0) + 1, ...ids.slice(middle)],
    ),
  );
  // The recipe a quarter of the way through the ids removed, as the publish bench removes one.
  const removedId = [...ids].sort((a, b) => a - b)[Math.floor(count / 4)];
  const removedAt = ids.indexOf(removedId as number);
  const removed = written(
    await buildSearchShards(
      recipes.filter((_, position) => position !== removedAt),
      kinds,
      LAYOUT,
      ids.filter((_, position) => position !== removedAt),
    ),
  );
  const firstHeader = JSON.parse(before.at(-1) ?? "{}") as {
    shards: unknown[];
    parts?: [number, number[], unknown[]][];
  };
  return {
    recipes: count,
    layout: LAYOUT,
    blobs: before.length,
    chars: before.reduce((sum, blob) => sum + blob.length, 0),
    shards: firstHeader.shards.length,
    cutTerms: firstHeader.parts?.length ?? 0,
    parts: (firstHeader.parts ?? []).reduce((sum, [, , parts]) => sum + parts.length, 0),
    headerChars: before.at(-1)?.length,
    buildCpuMs: Math.round(buildCpuMs),
    edited,
    added,
    removed,
  };
}

const [mode, ...sizes] = process.argv.slice(2);
for (const size of sizes.map(Number)) {
  const modes: Record<string, (count: number) => unknown> = {
    build: benchSize,
    read: benchRead,
    whole: benchWhole,
    change: benchChange,
  };
  const bench = modes[mode ?? ""];
  if (!bench) throw new Error(`bench: build, read, whole or change, not ${mode}`);
  const result = await bench(size);
  process.stdout.write(`${JSON.stringify(result, null, 1)}\n`);
}
