/**
 * A sync run inside the Worker (the cron trigger, POST /sync): one run, one
 * JSON log line either way, plus one per skipped record, so Workers Logs can
 * filter and count by field. A failure is logged and then thrown: a failed
 * cron run is marked failed where operators look, and /sync answers with
 * an error; the live catalog stays, and the next run tries again.
 */
import type { CatalogStore } from "../../app/lib/catalog/storage.ts";
import type { DirectusOrigin } from "../../app/lib/directus/directus-origin.ts";
import { errorMessage } from "../../app/lib/error-message.ts";
import { createDirectusSource } from "./directus-source.ts";
import { rollback } from "./rollback.ts";
import { runSync, type SyncSummary } from "./run-sync.ts";

/** What a run does: publish what Directus holds, go back one version, or publish and lift a rollback's hold. */
export type SyncAction = "publish" | "rollback" | "release";

/** Who started a run. */
type SyncTrigger = "cron" | "api";

/** The one log line of a sync run. */
interface SyncLogLine {
  event: "sync";
  trigger: SyncTrigger;
  action: SyncAction;
  outcome: SyncSummary["status"] | "failed";
  version: string | null;
  recipes: number | null;
  ingredients: number | null;
  skipped: number | null;
  /** Unknown (null) after a failure. */
  writes: number | null;
  deletes: number | null;
  durationMs: number;
  error?: string;
}

interface LoggedSyncOptions {
  trigger: SyncTrigger;
  action: SyncAction;
  /** Let a catalog (or a rollback) below SHRINK_LIMIT of the live recipes go live: an operator's decision. */
  allowShrink?: boolean;
  store: CatalogStore;
  directus: DirectusOrigin;
}

/** Runs one sync action and logs it; resolves with its summary or throws after logging the failure. */
export async function loggedSync({
  trigger,
  action,
  allowShrink = false,
  store,
  directus,
}: LoggedSyncOptions): Promise<SyncSummary> {
  const started = Date.now();
  let summary: SyncSummary;
  try {
    summary =
      action === "rollback"
        ? await rollback(store, { allowShrink })
        : await runSync({
            source: createDirectusSource({ url: directus.url, headers: directus.headers }),
            store,
            allowShrink,
            release: action === "release",
          });
  } catch (error) {
    const failed: SyncLogLine = {
      event: "sync",
      trigger,
      action,
      outcome: "failed",
      version: null,
      recipes: null,
      ingredients: null,
      skipped: null,
      writes: null,
      deletes: null,
      durationMs: Date.now() - started,
      error: errorMessage(error),
    };
    console.error(JSON.stringify(failed));
    throw error;
  }
  const line: SyncLogLine = {
    event: "sync",
    trigger,
    action,
    outcome: summary.status,
    version: summary.manifest,
    recipes: summary.recipes,
    ingredients: summary.ingredients,
    skipped: summary.skipped.length,
    writes: summary.writes,
    deletes: summary.deletes,
    durationMs: summary.durationMs,
  };
  console.log(JSON.stringify(line));
  for (const record of summary.skipped) {
    console.warn(
      JSON.stringify({
        event: "sync.skipped",
        kind: record.kind,
        id: record.id,
        label: record.label,
        problems: record.problems,
      }),
    );
  }
  return summary;
}
