/**
 * The import bench's importer, in a process of its own so its memory is the
 * import's alone: `node --expose-gc import-process.ts <directus> <file> <marks>`
 * (DIRECTUS_TOKEN in the environment) reads the file as `npm run import` does,
 * writes every recipe, and prints its figures as JSON: the time, the counts,
 * the peak RSS and heap (sampled every 20 ms), and at each mark (recipes done)
 * the heap after a garbage collection, which grows only if something keeps
 * what was imported.
 */
import { connectImportTarget } from "../import/directus-target.ts";
import { readRecipes } from "../import/read-recipes.ts";
import { type ImportCounts, importRecipes } from "../import/run-import.ts";

export interface ImportProcessFigures {
  seconds: number;
  counts: ImportCounts;
  peakRssBytes: number;
  peakHeapBytes: number;
  marks: { recipes: number; seconds: number; rssBytes: number; heapBytes: number }[];
}

const [directusUrl, file, markList] = process.argv.slice(2);
if (!directusUrl || !file) throw new Error("import-process: <directus> <file> [marks]");
const marks = new Set((markList ?? "").split(",").filter(Boolean).map(Number));
const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});

const target = await connectImportTarget({ url: directusUrl, token: process.env.DIRECTUS_TOKEN });
const known = await target.knownIngredients();
let peakRssBytes = 0;
let peakHeapBytes = 0;
const sample = () => {
  const memory = process.memoryUsage();
  peakRssBytes = Math.max(peakRssBytes, memory.rss);
  peakHeapBytes = Math.max(peakHeapBytes, memory.heapUsed);
};
const sampler = setInterval(sample, 20);
const figures: ImportProcessFigures["marks"] = [];
const started = performance.now();
const counts = await importRecipes(readRecipes([file], known), target, (_event, sofar) => {
  const done = sofar.read + sofar.skipped;
  if (!marks.has(done)) return;
  sample();
  collect();
  const memory = process.memoryUsage();
  figures.push({
    recipes: done,
    seconds: (performance.now() - started) / 1000,
    rssBytes: memory.rss,
    heapBytes: memory.heapUsed,
  });
});
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
sample();
process.stdout.write(
  JSON.stringify({ seconds, counts, peakRssBytes, peakHeapBytes, marks: figures } satisfies ImportProcessFigures),
);
