/**
 * The coordinator's copy of what it can see in Directus: every published
 * recipe and every ingredient, each as the sync checked it (valid, with its
 * publish times, or left out with its problems), in the coordinator's
 * SQLite next to its ledger (ledger.ts). A publish reads from Directus only
 * what changed since the last read (stage-read.ts) and builds the catalog
 * from this stage, so a one-recipe change reads one recipe, not the catalog.
 *
 * Records are kept as checked, not as Directus sent them: the stage is only
 * good for the code that checked it, so it names its format (STAGE_FORMAT)
 * and a stage of another format is read again in full.
 */

import { CATALOG_FORMAT_VERSION } from "../recipes/types.ts";
import type { SqlDatabase } from "./ledger.ts";
import type { CheckedIngredientRecord, CheckedRecipeRecord } from "./read-catalog.ts";

/**
 * What a staged record's form depends on: the catalog's format, and this
 * number, bumped whenever validation (validate.ts) or the checked records'
 * shape changes without a new catalog format. A stage of another format is
 * read again in full.
 */
const STAGE_VERSION = 1;
export const STAGE_FORMAT = `${CATALOG_FORMAT_VERSION}.${STAGE_VERSION}`;

/** The two collections the sync reads. */
export type StagedCollection = "recipes" | "ingredients";

/**
 * Where the reads stand: the newest change each collection showed
 * (Directus' `date_updated` or `date_created`, as Directus wrote it), from
 * which the next read goes on; none when the stage is empty or of another
 * format (then a read reads everything).
 */
export interface StageMarks {
  format: string;
  recipes: string | null;
  ingredients: string | null;
}

/** Rows per query when the stage is walked: what one query holds in memory. */
const WALK_ROWS = 1_000;

const SCHEMA = [
  // `seen`: the read that last saw the record (a run's request id); a read of everything drops the records it
  // did not see. `record`: the checked record (CheckedRecipeRecord) as JSON.
  `CREATE TABLE IF NOT EXISTS stage_recipe (id INTEGER PRIMARY KEY, seen INTEGER NOT NULL, record TEXT NOT NULL)`,
  // `embedded`: what recipes embed of the ingredient (its name, plural and whole pieces, as read), to tell when
  // the recipes must be read again.
  `CREATE TABLE IF NOT EXISTS stage_ingredient (
    id INTEGER PRIMARY KEY,
    seen INTEGER NOT NULL,
    embedded TEXT NOT NULL,
    record TEXT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS stage_setting (name TEXT PRIMARY KEY, value TEXT NOT NULL)`,
];

const TABLES: Record<StagedCollection, string> = { recipes: "stage_recipe", ingredients: "stage_ingredient" };

type Row = Record<string, string | number | null | ArrayBuffer>;

/** Typed access to the stage's tables. */
export class SourceStage {
  readonly #db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.#db = db;
    for (const statement of SCHEMA) db.exec(statement);
  }

  #rows(query: string, ...bindings: (string | number | null)[]): Row[] {
    return this.#db.exec<Row>(query, ...bindings).toArray();
  }

  /** Where the reads stand; undefined when the stage must be read in full (empty, or of another format). */
  marks(): StageMarks | undefined {
    const [row] = this.#rows("SELECT value FROM stage_setting WHERE name = 'marks'");
    const marks = row ? (JSON.parse(String(row.value)) as StageMarks) : undefined;
    return marks?.format === STAGE_FORMAT ? marks : undefined;
  }

  setMarks(marks: StageMarks | undefined): void {
    if (marks === undefined) this.#db.exec("DELETE FROM stage_setting WHERE name = 'marks'");
    else
      this.#db.exec(
        "INSERT INTO stage_setting (name, value) VALUES ('marks', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
        JSON.stringify(marks),
      );
  }

  putRecipe(id: number, record: CheckedRecipeRecord, seen: number): void {
    this.#db.exec(
      `INSERT INTO stage_recipe (id, seen, record) VALUES (?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET seen = excluded.seen, record = excluded.record`,
      id,
      seen,
      JSON.stringify(record),
    );
  }

  putIngredient(id: number, record: CheckedIngredientRecord, embedded: string, seen: number): void {
    this.#db.exec(
      `INSERT INTO stage_ingredient (id, seen, embedded, record) VALUES (?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET seen = excluded.seen, embedded = excluded.embedded, record = excluded.record`,
      id,
      seen,
      embedded,
      JSON.stringify(record),
    );
  }

  /** What recipes embed of a staged ingredient, or undefined when it is not staged. */
  embedded(id: number): string | undefined {
    const [row] = this.#rows("SELECT embedded FROM stage_ingredient WHERE id = ?", id);
    return row ? String(row.embedded) : undefined;
  }

  count(collection: StagedCollection): number {
    const [row] = this.#rows(`SELECT COUNT(*) AS n FROM ${TABLES[collection]}`);
    return Number(row?.n ?? 0);
  }

  /** The staged ids above `afterId`, up to `upTo` (inclusive; none: all). */
  idsBetween(collection: StagedCollection, afterId: number, upTo = Number.MAX_SAFE_INTEGER): number[] {
    return this.#rows(`SELECT id FROM ${TABLES[collection]} WHERE id > ? AND id <= ? ORDER BY id`, afterId, upTo).map(
      (row) => Number(row.id),
    );
  }

  delete(collection: StagedCollection, id: number): void {
    this.#db.exec(`DELETE FROM ${TABLES[collection]} WHERE id = ?`, id);
  }

  /** Drops the records the read `seen` did not see (after a read of everything); answers how many. */
  deleteUnseen(collection: StagedCollection, seen: number): number {
    const [row] = this.#rows(`SELECT COUNT(*) AS n FROM ${TABLES[collection]} WHERE seen <> ?`, seen);
    this.#db.exec(`DELETE FROM ${TABLES[collection]} WHERE seen <> ?`, seen);
    return Number(row?.n ?? 0);
  }

  /** Every staged recipe, in id order, a few rows at a time. */
  *recipes(): Generator<CheckedRecipeRecord> {
    yield* this.#walk("stage_recipe", (row) => JSON.parse(String(row.record)) as CheckedRecipeRecord);
  }

  /** Every staged ingredient, in id order. */
  *ingredients(): Generator<CheckedIngredientRecord> {
    yield* this.#walk("stage_ingredient", (row) => JSON.parse(String(row.record)) as CheckedIngredientRecord);
  }

  *#walk<T>(table: string, read: (row: Row) => T): Generator<T> {
    let afterId = Number.MIN_SAFE_INTEGER;
    for (;;) {
      const rows = this.#rows(`SELECT id, record FROM ${table} WHERE id > ? ORDER BY id LIMIT ?`, afterId, WALK_ROWS);
      for (const row of rows) yield read(row);
      if (rows.length < WALK_ROWS) return;
      afterId = Number(rows.at(-1)?.id);
    }
  }

  /** Forgets everything: what a coordinator whose KV is adopted starts from. */
  clear(): void {
    for (const table of Object.values(TABLES)) this.#db.exec(`DELETE FROM ${table}`);
    this.setMarks(undefined);
  }
}
