/**
 * `GET /healthz` for uptime monitors: which catalog version is live, how old
 * it is, and whether the sync still confirms it. 503 when nothing is
 * published, KV cannot be read, or no sync has confirmed the live version
 * for longer than HEALTHY_SYNC_AGE_MS (the cron runs every 15 minutes and
 * marks an unchanged version at most hourly, publish.ts). While a rollback
 * holds the live version, syncs leave it alone on purpose: that is healthy.
 */
import { type CatalogStore, readPointer } from "../app/lib/catalog/storage.ts";
import { jsonResponse } from "./json-response.ts";

/** Longer without a confirming sync means the sync is broken. */
const HEALTHY_SYNC_AGE_MS = 2 * 60 * 60 * 1000;

/** The health answer for the catalog in `store` at `now`. */
export async function healthResponse(store: CatalogStore, now = Date.now()): Promise<Response> {
  let pointer: Awaited<ReturnType<typeof readPointer>>;
  try {
    pointer = await readPointer(store);
  } catch {
    return jsonResponse(503, { status: "error", error: "the catalog pointer cannot be read" });
  }
  if (!pointer) return jsonResponse(503, { status: "no-catalog" });
  const verifiedAt = pointer.verifiedAt ?? pointer.publishedAt;
  const syncAgeMs = now - Date.parse(verifiedAt);
  const stale = !pointer.held && !(syncAgeMs <= HEALTHY_SYNC_AGE_MS);
  return jsonResponse(stale ? 503 : 200, {
    status: stale ? "stale" : "ok",
    version: pointer.manifest,
    publishedAt: pointer.publishedAt,
    verifiedAt,
    catalogAgeSeconds: Math.round((now - Date.parse(pointer.publishedAt)) / 1000),
    syncAgeSeconds: Math.round(syncAgeMs / 1000),
    recipes: pointer.counts.recipes,
    ingredients: pointer.counts.ingredients,
    held: pointer.held ?? null,
  });
}
