/**
 * The local KV that `wrangler dev --persist-to <folder>` and the bench's
 * Miniflare read, opened from Node with wrangler's platform proxy: where the
 * sync and the bench publish a catalog before a server starts on it.
 */
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import type { CatalogStore } from "../../catalog/format/storage.ts";

/** Where wrangler keeps the state of `--persist-to <persistDir>` (KV, caches …): Miniflare's resourcePersistencePath. */
export function persistedState(persistDir: string): string {
  return join(persistDir, "v3");
}

/** Opens the CATALOG namespace persisted in `persistDir`, hands it to `use`, and closes it again. */
export async function withLocalCatalogStore<T>(
  persistDir: string,
  use: (store: CatalogStore) => Promise<T>,
): Promise<T> {
  const platform = await getPlatformProxy<{ CATALOG: CatalogStore }>({
    configPath: "wrangler.toml",
    persist: { path: persistedState(persistDir) },
  });
  try {
    return await use(platform.env.CATALOG);
  } finally {
    await platform.dispose();
  }
}
