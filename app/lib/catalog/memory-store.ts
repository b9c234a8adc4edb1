import type { CatalogStore } from "./storage.ts";

/**
 * A CatalogStore in memory, for code that runs the real publish and read
 * paths without KV: the catalog benchmark and tests outside workerd. It
 * counts writes, as KV bills them.
 */
export function createMemoryStore(): CatalogStore & { readonly writes: number } {
  const values = new Map<string, string>();
  const encoder = new TextEncoder();
  let writes = 0;
  return {
    get writes() {
      return writes;
    },
    get: (async (key: string, { type }: { type: "text" | "arrayBuffer" }) => {
      const value = values.get(key);
      if (value === undefined) return null;
      return type === "text" ? value : encoder.encode(value).buffer;
    }) as CatalogStore["get"],
    async put(key, value) {
      writes += 1;
      values.set(key, value);
    },
    async delete(key) {
      values.delete(key);
    },
  };
}
