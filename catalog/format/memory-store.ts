import type { CatalogStore, WrittenMetadata } from "./storage.ts";

/** Keys per page of `list`: KV's own largest page. */
const LIST_PAGE = 1000;

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
  const metadataOf = new Map<string, WrittenMetadata>();
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
    async put(key, value, options) {
      writes += 1;
      values.set(key, encoder.encode(value));
      if (options) metadataOf.set(key, options.metadata);
      else metadataOf.delete(key);
    },
    async delete(key) {
      values.delete(key);
      metadataOf.delete(key);
    },
    // KV lists keys in byte order, a page at a time; so does this, in pages of LIST_PAGE.
    async list({ prefix, cursor }) {
      const names = [...values.keys()].filter((name) => name.startsWith(prefix)).sort();
      const start = cursor === undefined ? 0 : names.findIndex((name) => name > cursor);
      const page = start === -1 ? [] : names.slice(start, start + LIST_PAGE);
      const keys = page.map((name) => {
        const metadata = metadataOf.get(name);
        return metadata === undefined ? { name } : { name, metadata };
      });
      const complete = start === -1 || start + LIST_PAGE >= names.length;
      return complete ? { keys, list_complete: true } : { keys, list_complete: false, cursor: page.at(-1) };
    },
  };
}
