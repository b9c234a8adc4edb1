/**
 * Directus' `recipe_publication` in memory, for the coordinator's tests and
 * the network model: one row per recipe, as the real writer
 * (catalog/sync/publication-writer.ts) keeps it, with failures on demand:
 * refused before anything is stored, or lost after it took effect (a
 * timeout on the answer).
 */
import type { PublicationRow } from "../../catalog/sync/publication.ts";
import type { PublicationWriter } from "../../catalog/sync/publication-writer.ts";
import { PublicationWriteError } from "../../catalog/sync/publication-writer.ts";

export type WriteFault = "none" | "refused" | "lost-answer";

export class MemoryPublications implements PublicationWriter {
  /** The rows Directus holds, by recipe. */
  readonly rows = new Map<number, PublicationRow>();
  /** Recipes Directus no longer has (deleted): a write for one of them reports it gone. */
  readonly deleted = new Set<number>();
  fault: WriteFault = "none";
  /** Calls of `write`, and rows each carried. */
  readonly calls: number[] = [];

  async write(rows: readonly PublicationRow[]): Promise<{ gone: number[] }> {
    this.calls.push(rows.length);
    if (this.fault === "refused")
      throw new PublicationWriteError("directus: updating publication rows failed: HTTP 403");
    const gone: number[] = [];
    for (const row of rows) {
      if (this.deleted.has(row.recipe)) gone.push(row.recipe);
      else this.rows.set(row.recipe, { ...row });
    }
    if (this.fault === "lost-answer")
      throw new PublicationWriteError("directus: creating publication rows failed: timeout");
    return { gone };
  }

  /** The state and reason of a recipe's row, as an editor reads it. */
  of(recipe: number): Pick<PublicationRow, "state" | "reason"> | undefined {
    const row = this.rows.get(recipe);
    return row ? { state: row.state, reason: row.reason } : undefined;
  }
}
