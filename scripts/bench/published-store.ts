/**
 * A published synthetic catalog in a store in memory, for the benches that
 * read a version as an isolate does (view-heap.ts, name-search.ts). A
 * published store is kept in .cache/view-heap/ per size, catalog format,
 * search index version and writer code, so iterating on the reading side
 * does not rebuild a catalog of hundreds of thousands of recipes each time.
 */
import { createHash } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, writeSync } from "node:fs";
import { join } from "node:path";
import { createMemoryStore } from "../../catalog/format/memory-store.ts";
import type { CatalogStore } from "../../catalog/format/storage.ts";
import { CATALOG_FORMAT_VERSION } from "../../catalog/recipes/types.ts";
import { SEARCH_INDEX_VERSION } from "../../catalog/search/search-index.ts";
import { publishWithoutCoordinator } from "../../catalog/sync/plan-version.ts";
import { syntheticCatalog } from "./catalog.ts";

const CACHE = ".cache/view-heap";

/** A store holding a published synthetic catalog of `recipes`, from the cache when it has one of this format. */
export async function publishedStore(recipes: number): Promise<CatalogStore> {
  // Named by the code that writes a version too: a format changed under the same number is not read as the old one.
  const writer = createHash("sha256")
    .update(readFileSync("catalog/format/stored-catalog.ts"))
    .update(readFileSync("catalog/sync/plan-version.ts"))
    .digest("hex")
    .slice(0, 12);
  const file = join(CACHE, `${recipes}-format${CATALOG_FORMAT_VERSION}-index${SEARCH_INDEX_VERSION}-${writer}.ndjson`);
  if (existsSync(file)) {
    return createMemoryStore(readLines(file));
  }
  const written: [string, string][] = [];
  const store = createMemoryStore();
  const recording: CatalogStore = {
    ...store,
    get: store.get,
    async put(key, value, options) {
      written.push([key, value]);
      await store.put(key, value, options);
    },
  };
  const started = performance.now();
  await publishWithoutCoordinator(recording, syntheticCatalog(recipes));
  console.error(`published ${recipes} recipes in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  mkdirSync(CACHE, { recursive: true });
  // A line at a time: the whole would pass the longest string V8 makes.
  const fd = openSync(file, "w");
  for (const entry of written) writeSync(fd, `${JSON.stringify(entry)}\n`);
  closeSync(fd);
  return store;
}

/** The entries of a cached store, a line at a time: the file is larger than the longest string V8 makes. */
function* readLines(file: string): Generator<[string, string]> {
  const fd = openSync(file, "r");
  const chunk = Buffer.alloc(1 << 24);
  let rest = "";
  try {
    for (let read = readSync(fd, chunk); read > 0; read = readSync(fd, chunk)) {
      const lines = (rest + chunk.toString("utf8", 0, read)).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) if (line !== "") yield JSON.parse(line) as [string, string];
    }
  } finally {
    closeSync(fd);
  }
  if (rest !== "") yield JSON.parse(rest) as [string, string];
}
