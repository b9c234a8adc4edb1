/**
 * The catalog part in a Node process of its own: `node --expose-gc
 * scripts/bench/catalog-process.ts <queries> <size>...` prints the figures
 * of each size as JSON. The bench's own process has loaded Lighthouse,
 * Playwright and wrangler by then; in that heap every major garbage
 * collection took long enough to make the queries' p99 three times what it
 * is in a heap the size of an isolate's.
 */
import { benchCatalog, type CatalogBench } from "./catalog.ts";

const [queries = 1000, ...sizes] = process.argv.slice(2).map(Number);
const results: CatalogBench[] = [];
// One size after another: measured side by side, they would share the heap.
for (const size of sizes) results.push(await benchCatalog(size, queries));
process.stdout.write(JSON.stringify(results));
