import type { CatalogStore } from "./storage.ts";

/**
 * A CatalogStore in memory, for code that runs the real publish and read
 * paths without KV: the catalog benchmark and tests outside workerd. It
 * counts writes, as KV bills them. Values are kept as UTF-8 bytes, outside
 * the JavaScript heap, as KV keeps them outside the isolate's: a benchmark
 * of fifty thousand recipes would otherwise hold a hundred megabytes of
 * strings that every garbage collection of its queries has to look at.
 *
 * `initial` values are there from the start and are not counted as writes:
 * `put` is asynchronous, and a view held in memory (catalog-view.ts) is made
 * synchronously.
 */
export function createMemoryStore(
  initial: Iterable<readonly [key: string, value: string]> = [],
): CatalogStore & { readonly writes: number } {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const values = new Map<string, Uint8Array>();
  for (const [key, value] of initial) values.set(key, encoder.encode(value));
  let writes = 0;
  return {
    get writes() {
      return writes;
    },
    get: (async (key: string, { type }: { type: "text" | "arrayBuffer" }) => {
      const value = values.get(key);
      if (value === undefined) return null;
      // A copy, as each KV read returns a buffer of its own.
      return type === "text" ? decoder.decode(value) : value.slice().buffer;
    }) as CatalogStore["get"],
    async put(key, value) {
      writes += 1;
      values.set(key, encoder.encode(value));
    },
    async delete(key) {
      values.delete(key);
    },
  };
}
