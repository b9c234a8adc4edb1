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

import { germanSortKey } from "../format/german-sort-key.ts";
import { idHash, type ShardEntries, textHash, typeIndex } from "../format/stored-catalog.ts";
import { CATALOG_FORMAT_VERSION } from "../recipes/types.ts";
import type { DocumentLengths, IndexedChunk, Posting, PostingSource } from "../search/engine/sharded-builder.ts";
import type { PlacedShard } from "../search/engine/sharded-writer.ts";
import { type IndexedRecipe, numbersById } from "../search/search-index.ts";
import { SettingTable, type SqlDatabase } from "./ledger.ts";
import type { PublicationTimes } from "./publication-window.ts";
import type { CheckedIngredientRecord, CheckedRecipeRecord, SkippedRecord } from "./read-catalog.ts";
import { recipeDigest } from "./recipe-digest.ts";

/**
 * What a staged record's form depends on: the catalog's format, and this
 * number, bumped whenever validation (validate.ts) or the checked records'
 * shape changes without a new catalog format. A stage of another format is
 * read again in full. It also signs the list pieces kept between builds
 * (stage-build.ts): a change of what a piece's blobs hold for the same
 * recipes bumps the catalog's format or this number.
 */
const STAGE_VERSION = 2;
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

/**
 * A search shard the last complete write placed, for a build to take by its
 * hash; with a cut last term, its parts' hashes in the order of `cut.parts`.
 */
export interface KeptSearchShard extends PlacedShard {
  hash: string;
  partHashes?: string[];
}

/** search_shard_cut's JSON: the cut term's holders per field, and its parts' characters and hashes. */
interface KeptCut {
  holders: number[];
  parts: [chars: number, hash: string][];
}

/** Rows per query when the stage is walked: what one query holds in memory. */
const WALK_ROWS = 1_000;

const SCHEMA = [
  // `seen`: the read that last saw the record (a run's request id); a read of everything drops the records it
  // did not see. `record`: the checked record (CheckedRecipeRecord) as JSON. The rest is what the build orders,
  // counts and compares by in SQL, so that it never holds the catalog (stage-build.ts): `ok` for a valid recipe
  // (in the catalog while in its publish window and first with its slug), its category's place and German sort
  // key (stored order), its slug, when it was published (the newest), its publish times (ms), its digest
  // (recipe-digest.ts), and what the search index reads of it (`indexed`, JSON).
  `CREATE TABLE IF NOT EXISTS stage_recipe (
    id INTEGER PRIMARY KEY,
    seen INTEGER NOT NULL,
    record TEXT NOT NULL,
    ok INTEGER NOT NULL,
    type INTEGER,
    name_key TEXT,
    slug TEXT,
    published TEXT,
    publish_at INTEGER,
    unpublish_at INTEGER,
    digest TEXT,
    indexed TEXT
  )`,
  "CREATE INDEX IF NOT EXISTS stage_recipe_order ON stage_recipe (type, name_key, id) WHERE ok = 1",
  "CREATE INDEX IF NOT EXISTS stage_recipe_slug ON stage_recipe (slug, id) WHERE ok = 1",
  // The ingredients a valid recipe needs (its required ones, by name): the ingredients' recipe counts.
  `CREATE TABLE IF NOT EXISTS stage_recipe_ingredient (
    recipe INTEGER NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (recipe, name)
  )`,
  // `embedded`: what recipes embed of the ingredient (its name, plural and whole pieces, as read), to tell when
  // the recipes must be read again.
  `CREATE TABLE IF NOT EXISTS stage_ingredient (
    id INTEGER PRIMARY KEY,
    seen INTEGER NOT NULL,
    embedded TEXT NOT NULL,
    record TEXT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS stage_setting (name TEXT PRIMARY KEY, value TEXT NOT NULL)`,
  // Why a valid recipe has no nutrition (German, for its publication status; decision 0063): a table of its own
  // rather than a column, so a stage made before it gains it by this statement alone.
  "CREATE TABLE IF NOT EXISTS stage_nutrition_gap (recipe INTEGER PRIMARY KEY, reason TEXT NOT NULL)",
  // The build under way (stage-build.ts): the catalog's recipes by position in stored order, its list pieces,
  // each position's place in name order.
  "CREATE TABLE IF NOT EXISTS build_recipe (position INTEGER PRIMARY KEY, id INTEGER NOT NULL UNIQUE)",
  `CREATE TABLE IF NOT EXISTS build_piece (
    piece INTEGER PRIMARY KEY,
    start INTEGER NOT NULL,
    end INTEGER NOT NULL,
    signature TEXT NOT NULL,
    made TEXT
  )`,
  "CREATE TABLE IF NOT EXISTS build_place (position INTEGER PRIMARY KEY, place INTEGER NOT NULL)",
  // Recipes whose digest changed since the pieces were last cut: while the order holds, only their pieces'
  // signatures are made again (stage-build.ts), not every piece's.
  "CREATE TABLE IF NOT EXISTS stage_changed (id INTEGER PRIMARY KEY)",
  // A list piece's blobs by the signature of its recipes (their ids and digests): a piece whose recipes did
  // not change is not made again.
  "CREATE TABLE IF NOT EXISTS piece_cache (signature TEXT PRIMARY KEY, made TEXT NOT NULL)",
  // What the locator shards hold of each recipe (stored-catalog.ts, LocatorShard): its slug, image (lower
  // case) and bucket end, written with its list piece and signed by that piece's signature, so a piece kept
  // between builds keeps its rows. `*_key`: the slug's, id's and image's shard hash with its 32 bits reversed,
  // so that the recipes of one shard, for any power-of-two shard count, are one range of keys (locatorRange).
  `CREATE TABLE IF NOT EXISTS build_locator (
    id INTEGER PRIMARY KEY,
    signature TEXT NOT NULL,
    slug TEXT NOT NULL,
    slug_key INTEGER NOT NULL,
    id_key INTEGER NOT NULL,
    image TEXT,
    image_key INTEGER,
    bucket_end INTEGER NOT NULL
  )`,
  "CREATE INDEX IF NOT EXISTS build_locator_slug ON build_locator (slug_key)",
  "CREATE INDEX IF NOT EXISTS build_locator_id ON build_locator (id_key)",
  "CREATE INDEX IF NOT EXISTS build_locator_image ON build_locator (image_key) WHERE image IS NOT NULL",
  // The search index's postings and lengths (catalog/search/engine/README.md, "Sharded"), by recipe id, as the
  // index names recipes (decision 0061): a recipe's rows are written when its digest changes, so a one-recipe
  // change rewrites one recipe's rows however many positions it moves. `term_key`: the
  // term's UTF-16 code units as hex, high byte first (termKey), which orders as JavaScript orders the terms.
  "CREATE TABLE IF NOT EXISTS search_doc (recipe INTEGER PRIMARY KEY, digest TEXT NOT NULL, lengths TEXT NOT NULL)",
  `CREATE TABLE IF NOT EXISTS search_posting (
    term_key TEXT NOT NULL,
    field INTEGER NOT NULL,
    recipe INTEGER NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (term_key, field, recipe)
  ) WITHOUT ROWID`,
  "CREATE INDEX IF NOT EXISTS search_posting_recipe ON search_posting (recipe)",
  // What the last complete writes of the search index and the locator made, and what changed since: a build
  // takes the shards none of whose terms (keys) changed as they are, by their hash, instead
  // of reading every posting (locator row) again. `search_shard`: the shards a write placed that a later one
  // may take (sharded-writer.ts, ShardReuse), by the write's generation and the term before the shard (its
  // key; '' for the first). `search_dirty`: the terms whose postings changed since the last complete write.
  `CREATE TABLE IF NOT EXISTS search_shard (
    generation INTEGER NOT NULL,
    after_key TEXT NOT NULL,
    last_key TEXT NOT NULL,
    vocabulary TEXT NOT NULL,
    terms INTEGER NOT NULL,
    chars INTEGER NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (generation, after_key)
  )`,
  "CREATE TABLE IF NOT EXISTS search_dirty (term_key TEXT PRIMARY KEY) WITHOUT ROWID",
  // A kept shard whose last term is cut into parts (sharded-format.ts): the term's holders per field and its
  // parts' characters and hashes, as JSON (KeptCut), by the shard's generation and key.
  `CREATE TABLE IF NOT EXISTS search_shard_cut (
    generation INTEGER NOT NULL,
    after_key TEXT NOT NULL,
    cut TEXT NOT NULL,
    PRIMARY KEY (generation, after_key)
  )`,
  // The locator shards of the last complete build by number (of the `locatorShards` setting's count), and the
  // keys (locatorKey) of the rows written or dropped since.
  "CREATE TABLE IF NOT EXISTS locator_kept (shard INTEGER PRIMARY KEY, hash TEXT NOT NULL)",
  "CREATE TABLE IF NOT EXISTS locator_dirty (key INTEGER PRIMARY KEY)",
];

/** Rows per query when the locator or the search index's postings are read back. */
const READ_ROWS = 5_000;

/** A 32-bit number with its bits in reverse order. */
function reverseBits(value: number, bits = 32): number {
  let reversed = 0;
  for (let bit = 0; bit < bits; bit++) reversed = reversed * 2 + ((value >>> bit) & 1);
  return reversed;
}

/**
 * The keys (reversed hashes) of locator shard `shard` of `shards` (a power
 * of two): a hash's shard is its low bits (`hash % shards`), which are the
 * reversed hash's high bits, so the shard is one range of keys.
 */
export function locatorRange(shard: number, shards: number): { from: number; to: number } {
  const bits = Math.log2(shards);
  if (!Number.isInteger(bits)) throw new Error(`stage: ${shards} locator shards is not a power of two`);
  const width = 2 ** (32 - bits);
  const top = reverseBits(shard, bits);
  return { from: top * width, to: (top + 1) * width };
}

/** The key a locator row is found by: the hash's bits reversed (locatorRange). */
export const locatorKey = (hash: number) => reverseBits(hash >>> 0);

/**
 * A term as text that SQLite's order of TEXT sorts as JavaScript sorts the
 * terms: its UTF-16 code units as four hex digits each (termSortKey of
 * sharded-builder.ts as hex; code points above U+FFFF would sort apart as
 * TEXT).
 */
export function termKey(term: string): string {
  let key = "";
  for (let index = 0; index < term.length; index++) key += term.charCodeAt(index).toString(16).padStart(4, "0");
  return key;
}

function termOfKey(key: string): string {
  let term = "";
  for (let index = 0; index < key.length; index += 4)
    term += String.fromCharCode(Number.parseInt(key.slice(index, index + 4), 16));
  return term;
}

/** A recipe of a list piece as its locator entries see it. */
export interface LocatorRow {
  id: number;
  slug: string;
  /** Lower case, or null for none. */
  image: string | null;
  /** The id of its bucket's last recipe. */
  bucketEnd: number;
}

const TABLES: Record<StagedCollection, string> = { recipes: "stage_recipe", ingredients: "stage_ingredient" };

type Row = Record<string, string | number | null | ArrayBuffer>;

/** Typed access to the stage's tables. */
export class SourceStage {
  readonly #db: SqlDatabase;
  readonly #settings: SettingTable;

  constructor(db: SqlDatabase) {
    this.#db = db;
    this.#settings = new SettingTable(db, "stage_setting");
    for (const statement of SCHEMA) db.exec(statement);
  }

  #rows(query: string, ...bindings: (string | number | null)[]): Row[] {
    return this.#db.exec<Row>(query, ...bindings).toArray();
  }

  /** Where the reads stand; undefined when the stage must be read in full (empty, or of another format). */
  marks(): StageMarks | undefined {
    const marks = this.#settings.json<StageMarks>("marks");
    return marks?.format === STAGE_FORMAT ? marks : undefined;
  }

  setMarks(marks: StageMarks | undefined): void {
    this.#settings.setJson("marks", marks);
  }

  putRecipe(id: number, record: CheckedRecipeRecord, seen: number): void {
    const recipe = record.ok ? record.recipe : null;
    const indexed: IndexedRecipe | null = recipe
      ? { name: recipe.name, ingredients: recipe.ingredients, cuisine: recipe.cuisine, type: recipe.type }
      : null;
    const place = {
      ok: recipe ? 1 : 0,
      type: recipe ? typeIndex(recipe.type) : null,
      name_key: recipe ? germanSortKey(recipe.name) : null,
      slug: recipe?.slug ?? null,
      publish_at: record.ok ? record.times.publishAt : null,
      unpublish_at: record.ok ? record.times.unpublishAt : null,
    };
    const [before] = this.#rows(
      "SELECT ok, type, name_key, slug, publish_at, unpublish_at, digest FROM stage_recipe WHERE id = ?",
      id,
    );
    const moved = !before || Object.entries(place).some(([column, value]) => before[column] !== value);
    if (moved) this.#orderChanged();
    const digest = recipe ? recipeDigest(recipe) : null;
    if (before && before.digest !== digest) this.#db.exec("INSERT OR IGNORE INTO stage_changed (id) VALUES (?)", id);
    this.#db.exec(
      `INSERT INTO stage_recipe
         (id, seen, record, ok, type, name_key, slug, published, publish_at, unpublish_at, digest, indexed)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET seen = excluded.seen, record = excluded.record, ok = excluded.ok,
         type = excluded.type, name_key = excluded.name_key, slug = excluded.slug, published = excluded.published,
         publish_at = excluded.publish_at, unpublish_at = excluded.unpublish_at, digest = excluded.digest,
         indexed = excluded.indexed`,
      id,
      seen,
      JSON.stringify(record),
      place.ok,
      place.type,
      place.name_key,
      place.slug,
      recipe?.published ?? null,
      place.publish_at,
      place.unpublish_at,
      digest,
      indexed ? JSON.stringify(indexed) : null,
    );
    this.#db.exec("DELETE FROM stage_nutrition_gap WHERE recipe = ?", id);
    if (record.ok && record.nutritionGap) {
      this.#db.exec("INSERT INTO stage_nutrition_gap (recipe, reason) VALUES (?, ?)", id, record.nutritionGap);
    }
    this.#db.exec("DELETE FROM stage_recipe_ingredient WHERE recipe = ?", id);
    for (const name of recipe?.ingredients ?? []) {
      this.#db.exec("INSERT OR IGNORE INTO stage_recipe_ingredient (recipe, name) VALUES (?, ?)", id, name);
    }
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
    if (collection === "recipes") this.#orderChanged();
    this.#db.exec(`DELETE FROM ${TABLES[collection]} WHERE id = ?`, id);
    if (collection === "recipes") {
      this.#db.exec("DELETE FROM stage_recipe_ingredient WHERE recipe = ?", id);
      this.#db.exec("DELETE FROM stage_nutrition_gap WHERE recipe = ?", id);
    }
  }

  /** Drops the records the read `seen` did not see (after a read of everything); answers how many. */
  deleteUnseen(collection: StagedCollection, seen: number): number {
    const [row] = this.#rows(`SELECT COUNT(*) AS n FROM ${TABLES[collection]} WHERE seen <> ?`, seen);
    if (collection === "recipes" && Number(row?.n ?? 0) > 0) this.#orderChanged();
    if (collection === "recipes") {
      this.#db.exec(
        "DELETE FROM stage_recipe_ingredient WHERE recipe IN (SELECT id FROM stage_recipe WHERE seen <> ?)",
        seen,
      );
      this.#db.exec(
        "DELETE FROM stage_nutrition_gap WHERE recipe IN (SELECT id FROM stage_recipe WHERE seen <> ?)",
        seen,
      );
    }
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
    for (const table of [...Object.values(TABLES), "stage_recipe_ingredient", "stage_nutrition_gap"]) {
      this.#db.exec(`DELETE FROM ${table}`);
    }
    this.setMarks(undefined);
    this.#orderChanged();
  }

  // The build (stage-build.ts): the catalog the stage holds at a time, ordered and counted by SQLite.

  /**
   * Puts the catalog's recipes at `now` in stored order (category, German sort key, id): the valid ones in
   * their publish window, each slug's with the lowest id; and each position's place in name order. Answers
   * how many there are.
   */
  orderCatalog(now: number): { recipes: number; held: boolean } {
    if (this.#orderHolds(now)) return { recipes: this.#buildCount(), held: true };
    this.#settings.setJson("piecesCut", undefined);
    this.#settings.setJson("nameOrder", undefined);
    for (const table of ["build_recipe", "build_place", "build_piece"]) this.#db.exec(`DELETE FROM ${table}`);
    // Positions may move; the locator names ids, and so do the search shards where the ids are dense enough (if
    // not, searchNumbering forgets them: decision 0061).
    this.#db.exec(
      `INSERT INTO build_recipe (position, id)
       SELECT ROW_NUMBER() OVER (ORDER BY s.type, s.name_key, s.id) - 1, s.id FROM stage_recipe s
       WHERE ${inWindow("s")} AND NOT EXISTS
         (SELECT 1 FROM stage_recipe d WHERE d.slug = s.slug AND d.id < s.id AND ${inWindow("d")})`,
      now,
      now,
      now,
      now,
    );
    this.#db.exec(
      `INSERT INTO build_place (position, place)
       SELECT b.position, ROW_NUMBER() OVER (ORDER BY s.name_key, s.id) - 1
       FROM build_recipe b JOIN stage_recipe s ON s.id = b.id`,
    );
    this.#settings.setJson("orderedAt", now);
    return { recipes: this.#buildCount(), held: false };
  }

  // The pieces as cut (build_piece), kept while the order holds: a build re-signs only the pieces of the
  // recipes whose digest changed (stage_changed).

  /** Whether the pieces are cut for the order as it stands (a cut completed since the order was made). */
  piecesCut(): boolean {
    return this.#settings.json<boolean>("piecesCut") === true;
  }

  /** Forgets the pieces: they are cut again. */
  clearPieces(): void {
    this.#settings.setJson("piecesCut", undefined);
    this.#db.exec("DELETE FROM build_piece");
  }

  /** The pieces are cut, and the recipes that changed are in their signatures. */
  setPiecesCut(): void {
    this.#settings.setJson("piecesCut", true);
    this.#db.exec("DELETE FROM stage_changed");
  }

  /** The pieces that hold a recipe whose digest changed since they were cut. */
  changedPieces(): { piece: number; start: number; end: number }[] {
    return this.#rows(
      `SELECT DISTINCT p.piece, p.start, p.end FROM stage_changed c JOIN build_recipe b ON b.id = c.id
       JOIN build_piece p ON p.start <= b.position AND b.position < p.end ORDER BY p.piece`,
    ).map((row) => ({ piece: Number(row.piece), start: Number(row.start), end: Number(row.end) }));
  }

  /** A piece's recipes changed: its new signature (what was made of it is found again by that). */
  resignPiece(piece: number, signature: string): void {
    this.#db.exec("UPDATE build_piece SET signature = ?, made = NULL WHERE piece = ?", signature, piece);
  }

  /** The name order pieces' hashes made for the order as it stands, if any. */
  nameOrderHashes(): string[] | undefined {
    const hashes = this.#settings.json<unknown>("nameOrder");
    // A single hash: the name order in one blob, as builds of catalog format 13 and before made it.
    return Array.isArray(hashes) ? (hashes as string[]) : undefined;
  }

  setNameOrderHashes(hashes: readonly string[]): void {
    this.#settings.setJson("nameOrder", hashes);
  }

  #buildCount(): number {
    const [row] = this.#rows("SELECT COUNT(*) AS n FROM build_recipe");
    return Number(row?.n ?? 0);
  }

  /**
   * Whether the last order still holds at `now`: no recipe came, went, or changed what orders it (its
   * validity, category, name, slug or publish times), and no publish time came between. Then the order is
   * kept: rewriting it would write two rows per recipe into SQLite on every publish, which Durable Objects
   * bill by.
   */
  #orderHolds(now: number): boolean {
    const orderedAt = this.#settings.json<number>("orderedAt");
    if (orderedAt === undefined) return false;
    const crossed = this.#rows(
      `SELECT 1 AS found FROM stage_recipe WHERE ok = 1 AND
         ((publish_at > ? AND publish_at <= ?) OR (unpublish_at > ? AND unpublish_at <= ?)) LIMIT 1`,
      orderedAt,
      now,
      orderedAt,
      now,
    );
    return crossed.length === 0;
  }

  /** A recipe's place may have changed: the next build orders the catalog again. */
  #orderChanged(): void {
    this.#settings.setJson("orderedAt", undefined);
  }

  /** The catalog's recipes from `position` on, up to `limit`: their ids and digests. */
  orderedDigests(position: number, limit: number): { position: number; id: number; digest: string }[] {
    return this.#rows(
      `SELECT b.position, b.id, s.digest FROM build_recipe b JOIN stage_recipe s ON s.id = b.id
       WHERE b.position >= ? ORDER BY b.position LIMIT ?`,
      position,
      limit,
    ).map((row) => ({ position: Number(row.position), id: Number(row.id), digest: String(row.digest) }));
  }

  /** The catalog's recipes at positions `start` to `end` (exclusive), in stored order. */
  orderedRecipes(start: number, end: number): CheckedRecipeRecord[] {
    return this.#rows(
      `SELECT s.record FROM build_recipe b JOIN stage_recipe s ON s.id = b.id
       WHERE b.position >= ? AND b.position < ? ORDER BY b.position`,
      start,
      end,
    ).map((row) => JSON.parse(String(row.record)) as CheckedRecipeRecord);
  }

  /** What the search index reads of the catalog's recipes from `position` on, up to `limit`, in stored order. */
  orderedIndexed(position: number, limit: number): IndexedRecipe[] {
    return this.#rows(
      `SELECT s.indexed FROM build_recipe b JOIN stage_recipe s ON s.id = b.id
       WHERE b.position >= ? ORDER BY b.position LIMIT ?`,
      position,
      limit,
    ).map((row) => JSON.parse(String(row.indexed)) as IndexedRecipe);
  }

  /** Places in name order of the positions from `position` on, up to `limit`, with the recipe at each. */
  places(position: number, limit: number): { place: number; id: number }[] {
    return this.#rows(
      `SELECT p.place, b.id FROM build_place p JOIN build_recipe b ON b.position = p.position
       WHERE p.position >= ? ORDER BY p.position LIMIT ?`,
      position,
      limit,
    ).map((row) => ({ place: Number(row.place), id: Number(row.id) }));
  }

  /** Where each category's recipes lie in stored order: by the category's place, first position, end. */
  typeRanges(): { type: number; start: number; end: number }[] {
    return this.#rows(
      `SELECT s.type, MIN(b.position) AS start, MAX(b.position) + 1 AS end
       FROM build_recipe b JOIN stage_recipe s ON s.id = b.id GROUP BY s.type ORDER BY start`,
    ).map((row) => ({ type: Number(row.type), start: Number(row.start), end: Number(row.end) }));
  }

  /** The positions of the `limit` most recently published recipes, newest first (ties: the higher id). */
  newest(limit: number): number[] {
    return this.#rows(
      `SELECT b.position FROM build_recipe b JOIN stage_recipe s ON s.id = b.id
       ORDER BY s.published DESC, s.id DESC LIMIT ?`,
      limit,
    ).map((row) => Number(row.position));
  }

  /** How many of the catalog's recipes need each ingredient, by name. */
  ingredientUses(): Map<string, number> {
    const rows = this.#rows(
      `SELECT i.name, COUNT(*) AS n FROM stage_recipe_ingredient i JOIN build_recipe b ON b.id = i.recipe
       GROUP BY i.name`,
    );
    return new Map(rows.map((row) => [String(row.name), Number(row.n)]));
  }

  /** The build's pieces as cut: positions, signatures, and what was made of them (JSON) once made. */
  putPiece(piece: number, start: number, end: number, signature: string): void {
    this.#db.exec(
      "INSERT INTO build_piece (piece, start, end, signature) VALUES (?, ?, ?, ?)",
      piece,
      start,
      end,
      signature,
    );
  }

  pieces(): { piece: number; start: number; end: number; signature: string; made: string | null }[] {
    return this.#rows("SELECT * FROM build_piece ORDER BY piece").map((row) => ({
      piece: Number(row.piece),
      start: Number(row.start),
      end: Number(row.end),
      signature: String(row.signature),
      made: row.made === null ? null : String(row.made),
    }));
  }

  setPieceMade(piece: number, made: string): void {
    this.#db.exec("UPDATE build_piece SET made = ? WHERE piece = ?", made, piece);
  }

  cachedPiece(signature: string): string | undefined {
    const [row] = this.#rows("SELECT made FROM piece_cache WHERE signature = ?", signature);
    return row ? String(row.made) : undefined;
  }

  cachePiece(signature: string, made: string): void {
    this.#db.exec(
      "INSERT INTO piece_cache (signature, made) VALUES (?, ?) ON CONFLICT (signature) DO UPDATE SET made = excluded.made",
      signature,
      made,
    );
  }

  // The locator shards (stage-build.ts): what each recipe of the build holds there, written with its piece.

  /** Whether every recipe at positions `start` to `end` (exclusive) has its locator row of piece `signature`. */
  locatorHolds(start: number, end: number, signature: string): boolean {
    const [row] = this.#rows(
      `SELECT COUNT(*) AS n FROM build_recipe b JOIN build_locator l ON l.id = b.id
       WHERE b.position >= ? AND b.position < ? AND l.signature = ?`,
      start,
      end,
      signature,
    );
    return Number(row?.n ?? 0) === end - start;
  }

  /**
   * Writes the locator rows of a piece's recipes (a bucket's, say), signed by the piece's signature. While
   * the last build's shards are kept, a row whose entries change marks its keys, old and new (locatorDirty).
   */
  putLocator(signature: string, rows: readonly LocatorRow[]): void {
    if (this.#settings.json<number>("locatorShards") !== undefined) {
      const before = new Map(
        this.#rows(
          `SELECT id, slug, slug_key, id_key, image, image_key, bucket_end FROM build_locator
           WHERE id IN (SELECT value FROM json_each(?))`,
          JSON.stringify(rows.map((row) => row.id)),
        ).map((row) => [Number(row.id), row]),
      );
      for (const { id, slug, image, bucketEnd } of rows) {
        const old = before.get(id);
        if (old && old.slug === slug && old.image === image && Number(old.bucket_end) === bucketEnd) continue;
        const keys = [locatorKey(textHash(slug)), locatorKey(idHash(id))];
        if (image !== null) keys.push(locatorKey(textHash(image)));
        if (old) keys.push(Number(old.slug_key), Number(old.id_key));
        if (old && old.image_key !== null) keys.push(Number(old.image_key));
        for (const key of keys) this.#db.exec("INSERT OR IGNORE INTO locator_dirty (key) VALUES (?)", key);
      }
    }
    for (const { id, slug, image, bucketEnd } of rows) {
      this.#db.exec(
        `INSERT INTO build_locator (id, signature, slug, slug_key, id_key, image, image_key, bucket_end)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET signature = excluded.signature, slug = excluded.slug,
           slug_key = excluded.slug_key, id_key = excluded.id_key, image = excluded.image,
           image_key = excluded.image_key, bucket_end = excluded.bucket_end`,
        id,
        signature,
        slug,
        locatorKey(textHash(slug)),
        locatorKey(idHash(id)),
        image,
        image === null ? null : locatorKey(textHash(image)),
        bucketEnd,
      );
    }
  }

  /** Forgets the locator rows of recipes the build does not have (removed, or out of their window). */
  pruneLocator(): void {
    const gone = "FROM build_locator WHERE id NOT IN (SELECT id FROM build_recipe)";
    if (this.#settings.json<number>("locatorShards") !== undefined) {
      for (const column of ["slug_key", "id_key", "image_key"]) {
        this.#db.exec(`INSERT OR IGNORE INTO locator_dirty (key) SELECT ${column} ${gone} AND ${column} IS NOT NULL`);
      }
    }
    this.#db.exec(`DELETE ${gone}`);
  }

  /** The hash of locator shard `shard` of `shards` as the last build made it, if no row of it changed since. */
  keptLocatorShard(shard: number, shards: number): string | undefined {
    if (this.#settings.json<number>("locatorShards") !== shards) return undefined;
    const { from, to } = locatorRange(shard, shards);
    if (this.#rows("SELECT 1 AS found FROM locator_dirty WHERE key >= ? AND key < ? LIMIT 1", from, to).length > 0) {
      return undefined;
    }
    const [row] = this.#rows("SELECT hash FROM locator_kept WHERE shard = ?", shard);
    return row ? String(row.hash) : undefined;
  }

  /** The locator shards a build made, in shard order: what the next build takes where nothing changed. */
  keepLocatorShards(hashes: readonly string[]): void {
    this.#db.exec("DELETE FROM locator_kept");
    hashes.forEach((hash, shard) => {
      this.#db.exec("INSERT INTO locator_kept (shard, hash) VALUES (?, ?)", shard, hash);
    });
    this.#db.exec("DELETE FROM locator_dirty");
    this.#settings.setJson("locatorShards", hashes.length);
  }

  /**
   * The entries of locator shard `shard` of `shards`: the rows whose slug,
   * id or image hashes to it, three reads of one range of keys each. A shard
   * holds about a thousand recipes: the memory of one.
   */
  locatorShard(shard: number, shards: number): ShardEntries {
    const { from, to } = locatorRange(shard, shards);
    const slugs = this.#rows(
      "SELECT slug, id, bucket_end FROM build_locator WHERE slug_key >= ? AND slug_key < ?",
      from,
      to,
    ).map((row): [string, number, number] => [String(row.slug), Number(row.id), Number(row.bucket_end)]);
    const ids = this.#rows("SELECT id, bucket_end FROM build_locator WHERE id_key >= ? AND id_key < ?", from, to).map(
      (row): [number, number] => [Number(row.id), Number(row.bucket_end)],
    );
    const images = this.#rows(
      "SELECT DISTINCT image FROM build_locator WHERE image IS NOT NULL AND image_key >= ? AND image_key < ?",
      from,
      to,
    ).map((row) => String(row.image));
    return { slugs, ids, images: new Set(images) };
  }

  // The search index (stage-build.ts): postings by recipe id, read back by term; the order from the build's.

  /**
   * Keeps the postings only if they were made under `signature` (the index's
   * version and the ingredients' kinds, which every recipe's postings read);
   * else forgets them all. Then forgets those of recipes the build does not
   * have, marking their terms while the last write's shards are kept: a
   * recipe that went changes the postings of each of its terms.
   */
  prepareSearch(signature: string): void {
    if (this.#settings.json<string>("searchSignature") !== signature) {
      this.#db.exec("DELETE FROM search_posting");
      this.#db.exec("DELETE FROM search_doc");
      this.#forgetSearchShards();
      this.#settings.setJson("searchSignature", signature);
    }
    if (this.#settings.json<number>("searchShards") !== undefined) {
      this.#db.exec(
        `INSERT OR IGNORE INTO search_dirty (term_key) SELECT DISTINCT term_key FROM search_posting WHERE recipe IN
           (SELECT recipe FROM search_doc WHERE recipe NOT IN (SELECT id FROM build_recipe))`,
      );
    }
    this.#db.exec(
      `DELETE FROM search_posting WHERE recipe IN
         (SELECT recipe FROM search_doc WHERE recipe NOT IN (SELECT id FROM build_recipe))`,
    );
    this.#db.exec("DELETE FROM search_doc WHERE recipe NOT IN (SELECT id FROM build_recipe)");
  }

  /** Up to `limit` of the build's recipes whose postings are missing or older than their digest, in id order. */
  unindexed(limit: number): { id: number; digest: string }[] {
    return this.#rows(
      `SELECT b.id, s.digest FROM build_recipe b JOIN stage_recipe s ON s.id = b.id
       LEFT JOIN search_doc d ON d.recipe = b.id
       WHERE d.recipe IS NULL OR d.digest <> s.digest ORDER BY b.id LIMIT ?`,
      limit,
    ).map((row) => ({ id: Number(row.id), digest: String(row.digest) }));
  }

  /** What the search index reads of these staged recipes, by id (one bound list: a query binds few values). */
  indexedRecipes(ids: readonly number[]): Map<number, IndexedRecipe> {
    const rows = this.#rows(
      "SELECT id, indexed FROM stage_recipe WHERE id IN (SELECT value FROM json_each(?))",
      JSON.stringify(ids),
    );
    return new Map(rows.map((row) => [Number(row.id), JSON.parse(String(row.indexed)) as IndexedRecipe]));
  }

  /**
   * Replaces the postings and lengths of the recipes indexed in `chunk` (its numbers are their ids). While
   * the last write's shards are kept, the terms whose postings this changes are marked (search_dirty).
   */
  putSearchDocs(digests: ReadonlyMap<number, string>, chunk: IndexedChunk): void {
    if (this.#settings.json<number>("searchShards") !== undefined) {
      const entry = (key: string, field: number, count: number) => `${key} ${field} ${count}`;
      const changed = new Map<string, string>();
      const after = new Map<number, Set<string>>();
      for (const { term, field, number, count } of chunk.postings) {
        const key = termKey(term);
        const entries = after.get(number) ?? new Set<string>();
        after.set(number, entries);
        entries.add(entry(key, field, count));
        changed.set(entry(key, field, count), key);
      }
      const dirty = new Set<string>();
      for (const id of digests.keys()) {
        const entries = after.get(id) ?? new Set<string>();
        const before = this.#rows("SELECT term_key, field, count FROM search_posting WHERE recipe = ?", id);
        for (const row of before) {
          const key = String(row.term_key);
          const old = entry(key, Number(row.field), Number(row.count));
          if (entries.has(old)) entries.delete(old);
          else dirty.add(key);
        }
        // What is left was not there before.
        for (const left of entries) dirty.add(changed.get(left) as string);
      }
      for (const key of dirty) this.#db.exec("INSERT OR IGNORE INTO search_dirty (term_key) VALUES (?)", key);
    }
    for (const id of digests.keys()) this.#db.exec("DELETE FROM search_posting WHERE recipe = ?", id);
    for (const { term, field, number, count } of chunk.postings) {
      this.#db.exec(
        "INSERT INTO search_posting (term_key, field, recipe, count) VALUES (?, ?, ?, ?)",
        termKey(term),
        field,
        number,
        count,
      );
    }
    for (const { number, lengths } of chunk.lengths) {
      this.#db.exec(
        `INSERT INTO search_doc (recipe, digest, lengths) VALUES (?, ?, ?)
         ON CONFLICT (recipe) DO UPDATE SET digest = excluded.digest, lengths = excluded.lengths`,
        number,
        digests.get(number) ?? "",
        lengths,
      );
    }
  }

  /**
   * Whether the search index numbers the build's recipes by id (numbersById: ids dense enough), and so whether
   * the last write's shards still hold: they are forgotten when the numbering changes, or when it is by
   * position and the order did not hold (every posting names a position then).
   */
  searchNumbering(orderHeld: boolean): boolean {
    const [row] = this.#rows("SELECT COUNT(*) AS n, MIN(id) AS smallest, MAX(id) AS largest FROM build_recipe");
    const byId = numbersById(Number(row?.n ?? 0), Number(row?.smallest ?? 0), Number(row?.largest ?? 0));
    if (this.#settings.json<boolean>("searchById") !== byId || (!byId && !orderHeld)) this.#forgetSearchShards();
    this.#settings.setJson("searchById", byId);
    return byId;
  }

  /**
   * The postings, lengths and order read back for the writer
   * (writeSearchShards), numbered by recipe id (`byId`) or by position
   * (searchNumbering): postings by term (its key), field and number, a page
   * at a time; lengths by number; the numbers in the build's order. After the
   * index phase the postings are those of the build's recipes alone
   * (prepareSearch), so by id no join with the order is needed.
   */
  searchSource(byId: boolean): PostingSource {
    // The number a posting or a length names: the recipe's id, or its position joined in from the order.
    const number = byId ? "p.recipe" : "b.position";
    const from = byId ? "search_posting p" : "search_posting p JOIN build_recipe b ON b.id = p.recipe";
    const rows = (limit: number, where: string, order: string, ...bindings: (string | number)[]) =>
      limit <= 0
        ? []
        : this.#rows(
            `SELECT p.term_key, p.field, ${number} AS number, p.count FROM ${from}
             WHERE ${where} ORDER BY ${order} LIMIT ?`,
            ...bindings,
            limit,
          );
    const page = (sql: string, after: number) => this.#rows(sql, after, READ_ROWS);
    const lengthsSql = byId
      ? "SELECT recipe AS number, lengths FROM search_doc WHERE recipe > ? ORDER BY recipe LIMIT ?"
      : `SELECT b.position AS number, d.lengths FROM build_recipe b JOIN search_doc d ON d.recipe = b.id
         WHERE b.position > ? ORDER BY b.position LIMIT ?`;
    const count = this.#buildCount();
    return {
      *postingsByTerm(after?: string): Iterable<Posting> {
        let cursor: { key: string; field: number; number: number } | null = null;
        let term = "";
        let keyOfTerm = "";
        for (;;) {
          // The rest of the field under way, then the rest of its term's fields, then the terms after it.
          const found: Row[] = [];
          if (cursor) {
            const { key, field } = cursor;
            found.push(
              ...rows(READ_ROWS, `p.term_key = ? AND p.field = ? AND ${number} > ?`, number, key, field, cursor.number),
            );
            found.push(
              ...rows(READ_ROWS - found.length, "p.term_key = ? AND p.field > ?", `p.field, ${number}`, key, field),
            );
          }
          const start = cursor ? cursor.key : after === undefined ? "" : termKey(after);
          found.push(...rows(READ_ROWS - found.length, "p.term_key > ?", `p.term_key, p.field, ${number}`, start));
          if (found.length === 0) return;
          for (const row of found) {
            const key = String(row.term_key);
            if (key !== keyOfTerm) {
              keyOfTerm = key;
              term = termOfKey(key);
            }
            yield { term, field: Number(row.field), number: Number(row.number), count: Number(row.count) };
          }
          const last = found.at(-1) as Row;
          cursor = { key: String(last.term_key), field: Number(last.field), number: Number(last.number) };
        }
      },
      *lengthsByNumber(): Iterable<DocumentLengths> {
        for (let after = Number.MIN_SAFE_INTEGER; ; ) {
          const rowsRead = page(lengthsSql, after);
          for (const row of rowsRead) yield { number: Number(row.number), lengths: String(row.lengths) };
          if (rowsRead.length < READ_ROWS) return;
          after = Number(rowsRead.at(-1)?.number);
        }
      },
      numbersByPosition: (): Iterable<number> => {
        if (!byId) return Array.from({ length: count }, (_, position) => position);
        const sql = "SELECT position, id FROM build_recipe WHERE position > ? ORDER BY position LIMIT ?";
        return (function* () {
          for (let after = -1; ; ) {
            const rowsRead = page(sql, after);
            for (const row of rowsRead) yield Number(row.id);
            if (rowsRead.length < READ_ROWS) return;
            after = Number(rowsRead.at(-1)?.position);
          }
        })();
      },
    };
  }

  // The search shards of the last complete write (search_shard, search_dirty): what a build takes as it is. The `searchShards` setting names the generation of that write; none: nothing is kept.

  /** The generation a new write of the search index places its shards under (its leftovers dropped). */
  startSearchShards(): number {
    const generation = (this.#settings.json<number>("searchShards") ?? 0) + 1;
    this.#db.exec("DELETE FROM search_shard WHERE generation = ?", generation);
    this.#db.exec("DELETE FROM search_shard_cut WHERE generation = ?", generation);
    return generation;
  }

  /**
   * The shard the last complete write placed after the term `after` (null: the first), if none of its terms'
   * postings changed since (a recipe that came or went marked its terms; postings name ids, not positions).
   */
  keptSearchShard(after: string | null): KeptSearchShard | undefined {
    const generation = this.#settings.json<number>("searchShards");
    if (generation === undefined) return undefined;
    const afterKey = after === null ? "" : termKey(after);
    const [row] = this.#rows(
      "SELECT last_key, vocabulary, terms, chars, hash FROM search_shard WHERE generation = ? AND after_key = ?",
      generation,
      afterKey,
    );
    if (!row) return undefined;
    const lastKey = String(row.last_key);
    const dirty = this.#rows(
      "SELECT 1 AS found FROM search_dirty WHERE term_key > ? AND term_key <= ? LIMIT 1",
      afterKey,
      lastKey,
    );
    if (dirty.length > 0) return undefined;
    const kept: KeptSearchShard = {
      after,
      last: termOfKey(lastKey),
      vocabulary: String(row.vocabulary),
      terms: Number(row.terms),
      chars: Number(row.chars),
      hash: String(row.hash),
    };
    const [cutRow] = this.#rows(
      "SELECT cut FROM search_shard_cut WHERE generation = ? AND after_key = ?",
      generation,
      afterKey,
    );
    if (cutRow) {
      const cut = JSON.parse(String(cutRow.cut)) as KeptCut;
      // The places are the writer's to give when it takes the shard.
      kept.cut = { holders: cut.holders, parts: cut.parts.map(([chars]) => ({ place: 0, chars })) };
      kept.partHashes = cut.parts.map(([, hash]) => hash);
    }
    return kept;
  }

  /** A shard a write of `generation` placed, for a later write to take. */
  placeSearchShard(generation: number, shard: PlacedShard, hash: string, partHashes: readonly string[] = []): void {
    this.#db.exec(
      `INSERT INTO search_shard (generation, after_key, last_key, vocabulary, terms, chars, hash)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (generation, after_key) DO UPDATE SET last_key = excluded.last_key,
         vocabulary = excluded.vocabulary, terms = excluded.terms, chars = excluded.chars, hash = excluded.hash`,
      generation,
      shard.after === null ? "" : termKey(shard.after),
      termKey(shard.last),
      shard.vocabulary,
      shard.terms,
      shard.chars,
      hash,
    );
    const afterKey = shard.after === null ? "" : termKey(shard.after);
    if (shard.cut) {
      const cut: KeptCut = {
        holders: shard.cut.holders,
        parts: shard.cut.parts.map(({ chars }, index) => [chars, partHashes[index] ?? ""]),
      };
      this.#db.exec(
        `INSERT INTO search_shard_cut (generation, after_key, cut) VALUES (?, ?, ?)
         ON CONFLICT (generation, after_key) DO UPDATE SET cut = excluded.cut`,
        generation,
        afterKey,
        JSON.stringify(cut),
      );
    } else {
      this.#db.exec("DELETE FROM search_shard_cut WHERE generation = ? AND after_key = ?", generation, afterKey);
    }
  }

  /** The write of `generation` is complete: its shards are what the next write may take. */
  finishSearchShards(generation: number): void {
    this.#db.exec("DELETE FROM search_shard WHERE generation <> ?", generation);
    this.#db.exec("DELETE FROM search_shard_cut WHERE generation <> ?", generation);
    this.#db.exec("DELETE FROM search_dirty");
    this.#settings.setJson("searchShards", generation);
  }

  #forgetSearchShards(): void {
    this.#db.exec("DELETE FROM search_shard");
    this.#db.exec("DELETE FROM search_shard_cut");
    this.#db.exec("DELETE FROM search_dirty");
    this.#settings.setJson("searchShards", undefined);
  }

  /** Forgets the pieces the build under way does not use: the next build starts from these. */
  pruneCache(): void {
    this.#db.exec("DELETE FROM piece_cache WHERE signature NOT IN (SELECT signature FROM build_piece)");
  }

  /**
   * The stage's recipes from after `afterId` on, up to `limit`, with what their publication status depends
   * on: whether the build has them, their digest and slug, their publish times, and their problems.
   */
  statusRows(afterId: number, limit: number): StatusRow[] {
    return this.#rows(
      `SELECT s.id, s.ok, s.slug, s.digest, s.publish_at, s.unpublish_at,
         CASE WHEN s.ok = 0 THEN s.record END AS record,
         EXISTS (SELECT 1 FROM build_recipe b WHERE b.id = s.id) AS live,
         (SELECT n.reason FROM stage_nutrition_gap n WHERE n.recipe = s.id) AS nutrition_gap
       FROM stage_recipe s WHERE s.id > ? ORDER BY s.id LIMIT ?`,
      afterId,
      limit,
    ).map((row) => ({
      id: Number(row.id),
      live: Number(row.live) === 1,
      slug: row.slug === null ? null : String(row.slug),
      digest: row.digest === null ? null : String(row.digest),
      times:
        Number(row.ok) === 1
          ? {
              publishAt: row.publish_at === null ? null : Number(row.publish_at),
              unpublishAt: row.unpublish_at === null ? null : Number(row.unpublish_at),
            }
          : null,
      skipped:
        row.record === null ? null : ((JSON.parse(String(row.record)) as { skipped: SkippedRecord }).skipped ?? null),
      nutritionGap: row.nutrition_gap === null || row.nutrition_gap === undefined ? null : String(row.nutrition_gap),
    }));
  }

  /** The stage's ingredients with problems, in id order (ingredients are few: a few thousand at most). */
  skippedIngredients(): SkippedRecord[] {
    const skipped: SkippedRecord[] = [];
    for (const record of this.ingredients()) if (!record.ok) skipped.push(record.skipped);
    return skipped;
  }

  /** The first time after `now` at which a valid recipe appears or goes offline; null for none. */
  nextDueAt(now: number): number | null {
    const [row] = this.#rows(
      `SELECT MIN(t) AS next FROM (
         SELECT publish_at AS t FROM stage_recipe WHERE ok = 1 AND publish_at > ?
         UNION ALL SELECT unpublish_at AS t FROM stage_recipe WHERE ok = 1 AND unpublish_at > ?)`,
      now,
      now,
    );
    return row?.next === null || row?.next === undefined ? null : Number(row.next);
  }
}

/** A staged recipe as its publication status sees it (SourceStage.statusRows). */
export interface StatusRow {
  id: number;
  /** In the build's catalog. */
  live: boolean;
  slug: string | null;
  digest: string | null;
  /** A valid recipe's publish times; null for one with problems. */
  times: PublicationTimes | null;
  /** A recipe with problems: why it is left out. */
  skipped: SkippedRecord | null;
  /** A valid recipe without nutrition: why (German). */
  nutritionGap: string | null;
}

/** SQL: the staged recipe `t` may be in the catalog at the time bound twice (valid, in its publish window). */
function inWindow(t: string): string {
  return `${t}.ok = 1 AND (${t}.publish_at IS NULL OR ${t}.publish_at <= ?) AND (${t}.unpublish_at IS NULL OR ${t}.unpublish_at > ?)`;
}
