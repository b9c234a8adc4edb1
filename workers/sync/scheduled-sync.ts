import type { CatalogStore } from "../../app/lib/catalog/storage.ts";
import { createDirectusSource } from "./directus-source.ts";
import { runSync, type SyncSummary } from "./run-sync.ts";

/** The one log line of a sync run, as JSON, so Workers Logs can filter and count by field. */
export interface SyncLogLine {
  event: "sync";
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

/** The log line of a finished run. */
export function syncLogLine(summary: SyncSummary): SyncLogLine {
  return {
    event: "sync",
    outcome: summary.status,
    version: summary.manifest,
    recipes: summary.recipes,
    ingredients: summary.ingredients,
    skipped: summary.skipped.length,
    writes: summary.writes,
    deletes: summary.deletes,
    durationMs: summary.durationMs,
  };
}

/**
 * The cron trigger's sync: one run, one JSON log line either way (and one
 * per skipped record). A failure is logged and then thrown, so the cron run
 * itself is marked failed where operators look (Workers Logs, the cron
 * events); the live catalog stays, and the next run tries again.
 */
export async function scheduledSync(store: CatalogStore, directusUrl: string): Promise<void> {
  const started = Date.now();
  let summary: SyncSummary;
  try {
    summary = await runSync({ source: createDirectusSource({ url: directusUrl }), store });
  } catch (error) {
    const failed: SyncLogLine = {
      event: "sync",
      outcome: "failed",
      version: null,
      recipes: null,
      ingredients: null,
      skipped: null,
      writes: null,
      deletes: null,
      durationMs: Date.now() - started,
      error: error instanceof Error ? error.message : String(error),
    };
    console.error(JSON.stringify(failed));
    throw error;
  }
  console.log(JSON.stringify(syncLogLine(summary)));
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
}
