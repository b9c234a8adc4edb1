/**
 * The ratings a publish carries (decision 0066): each recipe's tally as
 * Directus last gave it, kept in the coordinator's SQLite beside the stage,
 * and the read that brings it up to date, a few requests a step.
 *
 * Every publish reads the signature (one request); only when it differs
 * from the one the stage holds are the tallies read, in pages by recipe id,
 * and only the rows whose tally changed are written (Durable Objects bill
 * rows written). A read that fails or meets garbage ends there: what it had
 * taken stays (each row is a tally Directus gave), the signature is not
 * moved, so the next publish reads again, and the publish goes on with the
 * tallies the stage holds. Ratings never hold up a recipe's publish.
 */
import { CATALOG_FORMAT_VERSION, type RatingTally } from "../recipes/types.ts";
import { SettingTable, type SqlDatabase } from "./ledger.ts";
import type { RatingSource } from "./rating-source.ts";

/** Tallies per Directus request; Directus answers at most QUERY_LIMIT_MAX (1,000 here) rows. */
export const RATING_PAGE = 1_000;

const SCHEMA = [
  "CREATE TABLE IF NOT EXISTS stage_rating (recipe INTEGER PRIMARY KEY, count INTEGER NOT NULL, sum INTEGER NOT NULL)",
  "CREATE TABLE IF NOT EXISTS stage_rating_setting (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
];

/** A read of the ratings under way, carried from step to step (plain JSON). */
export interface RatingRead {
  /** The signature Directus gave at the start; null until it is read. */
  signature: string | null;
  /** Keyset: the last recipe id read. */
  afterRecipe: number;
  done: boolean;
  /** Directus requests made, and the recipes whose tally changed in the stage. */
  requests: number;
  changed: number;
  /** Why the read ended early (Directus down, garbage): the tallies held are published. */
  failed?: string;
}

export function startRatingRead(): RatingRead {
  return { signature: null, afterRecipe: 0, done: false, requests: 0, changed: 0 };
}

type Row = Record<string, string | number | null>;

/** The stage's ratings in SQLite. */
export class RatingStage {
  readonly #db: SqlDatabase;
  readonly #settings: SettingTable;

  constructor(db: SqlDatabase) {
    this.#db = db;
    this.#settings = new SettingTable(db, "stage_rating_setting");
    for (const statement of SCHEMA) db.exec(statement);
  }

  #rows(query: string, ...bindings: (string | number | null)[]): Row[] {
    return this.#db.exec<Row>(query, ...bindings).toArray();
  }

  /** The signature of the last complete read; null before the first. */
  signature(): string | null {
    return this.#settings.text("signature") ?? null;
  }

  /**
   * The ratings column the last build made (its pieces' hashes), while no
   * tally changed since and in this code's catalog format: a build whose
   * order held takes it as it is.
   */
  builtColumn(): string[] | undefined {
    const built = this.#settings.json<{ format: number; hashes: string[] }>("built");
    return built?.format === CATALOG_FORMAT_VERSION ? built.hashes : undefined;
  }

  setBuiltColumn(hashes: string[] | undefined): void {
    this.#settings.setJson("built", hashes === undefined ? undefined : { format: CATALOG_FORMAT_VERSION, hashes });
  }

  setSignature(signature: string): void {
    this.#settings.setText("signature", signature);
  }

  /**
   * Takes a page of tallies for the recipes above `after` up to `upTo`
   * (inclusive; null: every recipe above `after`): writes those that
   * changed, drops the recipes of that range the page does not hold (their
   * ratings are gone). Answers how many recipes' tallies changed.
   */
  takePage(after: number, upTo: number | null, tallies: readonly { recipe: number; count: number; sum: number }[]) {
    let changed = 0;
    for (const { recipe, count, sum } of tallies) {
      const [row] = this.#rows(
        `INSERT INTO stage_rating (recipe, count, sum) VALUES (?, ?, ?)
         ON CONFLICT (recipe) DO UPDATE SET count = excluded.count, sum = excluded.sum
         WHERE count != excluded.count OR sum != excluded.sum
         RETURNING recipe`,
        recipe,
        count,
        sum,
      );
      if (row) changed++;
    }
    const range = upTo === null ? "recipe > ?" : "recipe > ? AND recipe <= ?";
    const bounds = upTo === null ? [after] : [after, upTo];
    const kept = tallies.map(({ recipe }) => recipe);
    // The page's own recipes stay: one binding of a JSON list, as SQLite takes only so many bindings.
    const [gone] = this.#rows(
      `SELECT COUNT(*) AS n FROM stage_rating WHERE ${range} AND recipe NOT IN (SELECT value FROM json_each(?))`,
      ...bounds,
      JSON.stringify(kept),
    );
    if (Number(gone?.n ?? 0) > 0) {
      this.#db.exec(
        `DELETE FROM stage_rating WHERE ${range} AND recipe NOT IN (SELECT value FROM json_each(?))`,
        ...bounds,
        JSON.stringify(kept),
      );
      changed += Number(gone?.n ?? 0);
    }
    // A tally changed: the column the last build made is not this one.
    if (changed > 0) this.setBuiltColumn(undefined);
    return changed;
  }

  /** Every tally by recipe id: for a build in memory (tests, the bench's checks). */
  tallies(): Map<number, RatingTally> {
    return new Map(
      this.#rows("SELECT recipe, count, sum FROM stage_rating ORDER BY recipe").map((row) => [
        Number(row.recipe),
        { count: Number(row.count), sum: Number(row.sum) },
      ]),
    );
  }

  /**
   * The tallies of the build's recipes (the stage's `build_recipe`: position
   * and id) with at least `from` ratings, by position: what the version's
   * ratings column holds.
   */
  *builtTallies(from: number): Generator<{ position: number; count: number; sum: number }> {
    const chunk = 5_000;
    let after = -1;
    for (;;) {
      const rows = this.#rows(
        `SELECT b.position, r.count, r.sum FROM build_recipe b JOIN stage_rating r ON r.recipe = b.id
         WHERE b.position > ? AND r.count >= ? ORDER BY b.position LIMIT ?`,
        after,
        from,
        chunk,
      );
      for (const row of rows) yield { position: Number(row.position), count: Number(row.count), sum: Number(row.sum) };
      if (rows.length < chunk) return;
      after = Number(rows.at(-1)?.position);
    }
  }
}

/**
 * Reads on for at most `requests` Directus requests. Never throws: a
 * failure ends the read with `failed` and leaves the signature as it was.
 */
export async function ratingReadStep(
  read: RatingRead,
  source: RatingSource,
  stage: RatingStage,
  requests: number,
): Promise<RatingRead> {
  const state = { ...read };
  try {
    while (!state.done && state.requests - read.requests < requests) {
      if (state.signature === null) {
        const signature = await source.signature();
        state.requests++;
        if (signature === stage.signature()) return { ...state, signature, done: true };
        state.signature = signature;
        continue;
      }
      const page = await source.groups(state.afterRecipe, RATING_PAGE);
      state.requests++;
      const last = page.length < RATING_PAGE ? null : (page.at(-1)?.recipe ?? null);
      state.changed += stage.takePage(state.afterRecipe, last, page);
      if (last === null) {
        stage.setSignature(state.signature);
        state.done = true;
      } else state.afterRecipe = last;
    }
    return state;
  } catch (error) {
    return { ...state, done: true, failed: error instanceof Error ? error.message : String(error) };
  }
}
