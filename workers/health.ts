/**
 * `GET /healthz` for uptime monitors: which catalog version this location
 * serves (the pointer in KV, as pages read it), and whether the sync still
 * confirms it (the coordinator's own record, strongly consistent). 503 when
 * nothing is published, KV or the coordinator cannot be asked, or no sync
 * has confirmed the live version for longer than HEALTHY_SYNC_AGE_MS (the
 * cron asks for one every 15 minutes). While a rollback holds the live
 * version, syncs leave it alone on purpose: that is healthy.
 */
import { type CatalogStore, readPointer } from "../app/lib/catalog/storage.ts";
import { jsonResponse } from "./json-response.ts";
import type { CoordinatorStatus } from "./sync/coordinator.ts";

/** Longer without a confirming sync means the sync is broken. */
const HEALTHY_SYNC_AGE_MS = 2 * 60 * 60 * 1000;

/** What the health answer needs of the coordinator. */
export type CoordinatorHealth = Pick<CoordinatorStatus, "live" | "verifiedAt" | "held" | "running">;

/** The health answer for the catalog in `store` and the coordinator's view, at `now`. */
export async function healthResponse(
  store: CatalogStore,
  /** The coordinator's view, asked with the version this location's pointer names. */
  coordinator: (version: string) => Promise<CoordinatorHealth>,
  now = Date.now(),
): Promise<Response> {
  let pointer: Awaited<ReturnType<typeof readPointer>>;
  try {
    pointer = await readPointer(store);
  } catch {
    return jsonResponse(503, { status: "error", error: "the catalog pointer cannot be read" });
  }
  if (!pointer) return jsonResponse(503, { status: "no-catalog" });
  let health: CoordinatorHealth;
  try {
    health = await coordinator(pointer.manifest);
  } catch {
    return jsonResponse(503, {
      status: "error",
      error: "the catalog coordinator cannot be asked",
      version: pointer.manifest,
    });
  }
  const verifiedAt = health.verifiedAt ?? pointer.verifiedAt ?? pointer.publishedAt;
  const syncAgeMs = now - Date.parse(verifiedAt);
  const stale = !health.held && !(syncAgeMs <= HEALTHY_SYNC_AGE_MS);
  return jsonResponse(stale ? 503 : 200, {
    status: stale ? "stale" : "ok",
    version: pointer.manifest,
    // What the coordinator made live; it differs from `version` while a new version reaches this location.
    liveVersion: health.live?.manifest ?? null,
    publishedAt: pointer.publishedAt,
    verifiedAt,
    catalogAgeSeconds: Math.round((now - Date.parse(pointer.publishedAt)) / 1000),
    syncAgeSeconds: Math.round(syncAgeMs / 1000),
    recipes: pointer.counts.recipes,
    ingredients: pointer.counts.ingredients,
    held: health.held ?? null,
    publishing: health.running ? { request: health.running.id, progress: health.running.progress } : null,
  });
}
