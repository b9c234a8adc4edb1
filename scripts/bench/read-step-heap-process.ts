/**
 * What the coordinator's read step holds at its largest, in a Node process
 * of its own: `node --expose-gc scripts/bench/read-step-heap-process.ts
 * <size>` prints the figure as JSON. The step reads a synthetic catalog of
 * that size through the real reading, validation, build and plan code from a
 * content source in memory, and the heap is measured after a full garbage
 * collection before the read (what the source holds, subtracted) and during
 * the plan, every few blobs: the live objects of the step, which must fit an
 * isolate's 128 MB together with the Worker's own code and data. (workerd's
 * inspector cannot collect garbage in the middle of a step, so the publish
 * part's samples there hold garbage too.)
 */

import { planVersion } from "../../catalog/sync/plan-version.ts";
import { readCatalog } from "../../catalog/sync/read-catalog.ts";
import { memorySource } from "../../tests/stand-ins/raw-content.ts";
import { seedIngredients, syntheticRecipes } from "./catalog.ts";
import { rawIngredient, rawRecipe } from "./directus-read-stand-in.ts";

const size = Number(process.argv[2]);
const gc = (globalThis as unknown as { gc?: () => void }).gc;
if (!gc) throw new Error("bench: run with --expose-gc");
const heapUsed = () => {
  gc();
  return process.memoryUsage().heapUsed;
};
// Directus' records, as the source serves them; they are Directus', not the step's.
const held = { recipes: syntheticRecipes(size).map(rawRecipe), ingredients: seedIngredients.map(rawIngredient) };
const before = heapUsed();
const read = await readCatalog(memorySource(() => held, 500));
let largest = heapUsed();
let blobs = 0;
await planVersion(read.built, () => {
  if (blobs++ % 25 === 0) largest = Math.max(largest, heapUsed());
});
largest = Math.max(largest, heapUsed());
process.stdout.write(JSON.stringify({ recipes: size, stepHeapBytes: largest - before, blobs }));
