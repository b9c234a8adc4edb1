import type { CatalogStore } from "../../app/lib/catalog/storage.ts";
import { createDirectusSource } from "./directus-source.ts";
import { runSync } from "./run-sync.ts";

/**
 * The cron trigger's sync: one run, logged in one line either way. A failure
 * is logged and swallowed: the live catalog stays, and the next run tries again.
 */
export async function scheduledSync(store: CatalogStore, directusUrl: string): Promise<void> {
  try {
    const summary = await runSync({ source: createDirectusSource({ url: directusUrl }), store });
    console.log(
      `sync: ${summary.status} ${summary.manifest.slice(0, 12)} – ${summary.recipes} recipes, ` +
        `${summary.ingredients} ingredients, ${summary.skipped.length} skipped, ${summary.writes} writes, ` +
        `${summary.deletes} deletes, ${summary.durationMs} ms`,
    );
    for (const record of summary.skipped) {
      console.warn(
        `sync: skipped ${record.kind} ${String(record.id)} (${record.label}): ${record.problems.join("; ")}`,
      );
    }
  } catch (error) {
    console.error(`sync: failed, the live catalog stays: ${error instanceof Error ? error.message : String(error)}`);
  }
}
