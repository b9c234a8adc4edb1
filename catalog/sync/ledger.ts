/**
 * What the catalog coordinator knows, in its strongly consistent SQLite
 * storage (a Durable Object's, or node:sqlite in tests and tools): which
 * versions exist and which is live, which keys it has written to KV and
 * when, the blobs of a publish still to be written, the sync requests and
 * their outcomes, and the recipe digests the next sync compares with.
 *
 * KV is only ever written by the coordinator, so this ledger, not a KV
 * read, is the truth about what KV holds: no decision here depends on an
 * eventually consistent read.
 */

import { splitText } from "../format/split-text.ts";
import type { Manifest } from "../format/storage.ts";
import type { DesiredStatus, PublicationState, RecipeStatus } from "./publication.ts";

/** A value SQLite stores. */
type SqlValue = string | number | null | ArrayBuffer;

/** The part of a Durable Object's `SqlStorage` the ledger uses; node:sqlite gets the same shape in tests/model/node-sql.ts. */
export interface SqlDatabase {
  exec<T extends Record<string, SqlValue>>(query: string, ...bindings: SqlValue[]): { toArray(): T[] };
}

/**
 * A table of small values by name (`name TEXT PRIMARY KEY, value TEXT NOT
 * NULL`, made by its owner's schema): the ledger's settings, and the
 * stages' (source-stage.ts, rating-stage.ts). A value is text, or JSON kept
 * as text.
 */
export class SettingTable {
  readonly #db: SqlDatabase;
  readonly #table: string;

  constructor(db: SqlDatabase, table: string) {
    this.#db = db;
    this.#table = table;
  }

  /** The text stored under `name`; undefined when none is. */
  text(name: string): string | undefined {
    const [row] = this.#db.exec<{ value: SqlValue }>(`SELECT value FROM ${this.#table} WHERE name = ?`, name).toArray();
    return row ? String(row.value) : undefined;
  }

  /** Stores `value` under `name`; undefined deletes it. */
  setText(name: string, value: string | undefined): void {
    if (value === undefined) this.#db.exec(`DELETE FROM ${this.#table} WHERE name = ?`, name);
    else
      this.#db.exec(
        `INSERT INTO ${this.#table} (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
        name,
        value,
      );
  }

  /** The JSON value stored under `name`; undefined when none is. */
  json<T>(name: string): T | undefined {
    const text = this.text(name);
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }

  /** Stores `value` under `name` as JSON; undefined deletes it. */
  setJson(name: string, value: unknown): void {
    this.setText(name, value === undefined ? undefined : JSON.stringify(value));
  }
}

/** What a version is to the coordinator. */
export type VersionRole =
  /** What the pointer names. */
  | "live"
  /** Live before: kept for readers still loading it (GRACE_MS) and for a rollback (KEEP_VERSIONS). */
  | "kept"
  /** Being written by the publish under way. */
  | "staged";

export interface VersionRow {
  manifest: string;
  body: Manifest;
  role: VersionRole;
  recipes: number;
  ingredients: number;
  /** When it last went live (ms); null while staged. */
  publishedAt: number | null;
  /** When it stopped being live (ms); null unless kept. */
  retiredAt: number | null;
  /** Left by a rollback: a rollback never goes back to it. */
  rolledBack: boolean;
}

/** One key of the catalog's KV namespace the coordinator wrote (a blob or a manifest). */
export interface KeyRow {
  key: string;
  writtenAt: number;
  /** Set when it was deleted; the row stays a while, for KV's one write per second and key. */
  deletedAt: number | null;
  /** A put or delete begun and not known to have taken effect (it failed, or its step was cut off). */
  intent: KeyIntent | null;
}

/**
 * A KV operation on a key whose outcome is not known yet. Recorded before
 * the operation and cleared once it answered: a put that fails may still
 * land, and a delete that fails may still take the key, so until it is
 * settled the key counts as neither there nor gone.
 */
export interface KeyIntent {
  op: "put" | "delete";
  at: number;
}

export type SyncAction = "publish" | "rollback" | "release" | "dry-run";
/**
 * "schedule": the coordinator itself, at a recipe's publish or unpublish time, after a refused rollback, or for a
 * live version in another catalog format than the code's.
 */
export type SyncTrigger = "cron" | "api" | "schedule";
export type RequestState = "queued" | "running" | "done" | "failed";

/** Why a request failed: refused by a safety rule, Directus unreadable, or anything else. */
export type FailureKind = "refused" | "source" | "failed";

export interface RequestRow {
  id: number;
  action: SyncAction;
  allowShrink: boolean;
  trigger: SyncTrigger;
  state: RequestState;
  requestedAt: number;
  /** The last request (of the API: a cron's joins change nothing) that joined this one while it was queued. */
  lastRequestedAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  /** While running: what it does now (JSON). */
  progress: unknown;
  /** When done: the summary (JSON). */
  summary: unknown;
  error: { kind: FailureKind; message: string } | null;
}

/** Characters per stored piece of a staged blob: SQLite rows hold at most 2 MB, and a character takes up to 3 bytes. */
const STAGED_PIECE_CHARS = 600_000;

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS catalog_version (
    manifest TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    role TEXT NOT NULL,
    recipes INTEGER NOT NULL,
    ingredients INTEGER NOT NULL,
    published_at INTEGER,
    retired_at INTEGER,
    rolled_back INTEGER NOT NULL DEFAULT 0
  )`,
  `CREATE TABLE IF NOT EXISTS kv_key (
    key TEXT PRIMARY KEY,
    written_at INTEGER NOT NULL,
    deleted_at INTEGER
  )`,
  // KV operations begun whose outcome is not known (KeyIntent); a key here is not present for planning.
  `CREATE TABLE IF NOT EXISTS kv_intent (key TEXT PRIMARY KEY, op TEXT NOT NULL, at INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS staged_piece (
    hash TEXT NOT NULL,
    part INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (hash, part)
  )`,
  `CREATE TABLE IF NOT EXISTS sync_request (
    id INTEGER PRIMARY KEY,
    action TEXT NOT NULL,
    allow_shrink INTEGER NOT NULL,
    trigger TEXT NOT NULL,
    state TEXT NOT NULL,
    requested_at INTEGER NOT NULL,
    last_requested_at INTEGER NOT NULL,
    started_at INTEGER,
    finished_at INTEGER,
    progress TEXT,
    summary TEXT,
    error TEXT
  )`,
  `CREATE TABLE IF NOT EXISTS setting (name TEXT PRIMARY KEY, value TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS recipe_digest (id INTEGER PRIMARY KEY, slug TEXT NOT NULL, digest TEXT NOT NULL)`,
  // Each recipe's publication status (publication.ts); `dirty` until Directus holds it.
  `CREATE TABLE IF NOT EXISTS publication (
    recipe INTEGER PRIMARY KEY,
    state TEXT NOT NULL,
    reason TEXT,
    digest TEXT,
    live_since INTEGER,
    version TEXT,
    changed_at INTEGER NOT NULL,
    dirty INTEGER NOT NULL
  )`,
  "CREATE INDEX IF NOT EXISTS publication_dirty ON publication (dirty) WHERE dirty = 1",
  // What the read of the run under way changes in those statuses, settled when its version is live.
  `CREATE TABLE IF NOT EXISTS publication_pending (
    recipe INTEGER PRIMARY KEY,
    state TEXT NOT NULL,
    reason TEXT,
    digest TEXT
  )`,
];

type Row = Record<string, SqlValue>;

const text = (value: SqlValue | undefined) => (value === null || value === undefined ? null : String(value));
const integer = (value: SqlValue | undefined) => (value === null || value === undefined ? null : Number(value));

function desiredStatus(row: Row): DesiredStatus {
  return {
    recipe: Number(row.recipe),
    state: row.state as PublicationState,
    reason: text(row.reason),
    digest: text(row.digest),
  };
}

function recipeStatus(row: Row): RecipeStatus {
  return {
    ...desiredStatus(row),
    liveSince: integer(row.live_since),
    version: text(row.version),
    changedAt: Number(row.changed_at),
  };
}

function versionRow(row: Row): VersionRow {
  return {
    manifest: String(row.manifest),
    body: JSON.parse(String(row.body)) as Manifest,
    role: row.role as VersionRole,
    recipes: Number(row.recipes),
    ingredients: Number(row.ingredients),
    publishedAt: row.published_at === null ? null : Number(row.published_at),
    retiredAt: row.retired_at === null ? null : Number(row.retired_at),
    rolledBack: Number(row.rolled_back) === 1,
  };
}

function requestRow(row: Row): RequestRow {
  const json = (value: SqlValue | undefined) =>
    value === null || value === undefined ? null : JSON.parse(String(value));
  return {
    id: Number(row.id),
    action: row.action as SyncAction,
    allowShrink: Number(row.allow_shrink) === 1,
    trigger: row.trigger as SyncTrigger,
    state: row.state as RequestState,
    requestedAt: Number(row.requested_at),
    lastRequestedAt: Number(row.last_requested_at),
    startedAt: row.started_at === null ? null : Number(row.started_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
    progress: json(row.progress),
    summary: json(row.summary),
    error: json(row.error),
  };
}

/** Finished requests kept for their status and summary. */
const KEPT_REQUESTS = 200;

/** Typed access to the coordinator's tables. */
export class Ledger {
  readonly #db: SqlDatabase;
  readonly #settings: SettingTable;

  constructor(db: SqlDatabase) {
    this.#db = db;
    this.#settings = new SettingTable(db, "setting");
    for (const statement of SCHEMA) db.exec(statement);
  }

  #rows(query: string, ...bindings: SqlValue[]): Row[] {
    return this.#db.exec<Row>(query, ...bindings).toArray();
  }

  // Settings: small JSON values by name.

  setting<T>(name: string): T | undefined {
    return this.#settings.json<T>(name);
  }

  setSetting(name: string, value: unknown): void {
    this.#settings.setJson(name, value);
  }

  // Versions.

  versions(): VersionRow[] {
    return this.#rows("SELECT * FROM catalog_version ORDER BY COALESCE(retired_at, 9e15), manifest").map(versionRow);
  }

  version(manifest: string): VersionRow | undefined {
    const [row] = this.#rows("SELECT * FROM catalog_version WHERE manifest = ?", manifest);
    return row ? versionRow(row) : undefined;
  }

  live(): VersionRow | undefined {
    const [row] = this.#rows("SELECT * FROM catalog_version WHERE role = 'live'");
    return row ? versionRow(row) : undefined;
  }

  /** Kept versions, oldest retired first. */
  kept(): VersionRow[] {
    return this.#rows("SELECT * FROM catalog_version WHERE role = 'kept' ORDER BY retired_at, manifest").map(
      versionRow,
    );
  }

  putVersion(version: VersionRow): void {
    this.#db.exec(
      `INSERT INTO catalog_version (manifest, body, role, recipes, ingredients, published_at, retired_at, rolled_back)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (manifest) DO UPDATE SET role = excluded.role, published_at = excluded.published_at,
         retired_at = excluded.retired_at, rolled_back = excluded.rolled_back`,
      version.manifest,
      JSON.stringify(version.body),
      version.role,
      version.recipes,
      version.ingredients,
      version.publishedAt,
      version.retiredAt,
      version.rolledBack ? 1 : 0,
    );
  }

  deleteVersion(manifest: string): void {
    this.#db.exec("DELETE FROM catalog_version WHERE manifest = ?", manifest);
  }

  // Keys the coordinator wrote to KV.

  /**
   * Every key KV surely holds by the ledger, with when it was written: not
   * deleted, and no put or delete of it unsettled. What a plan may leave out
   * and a rollback may rely on.
   */
  presentKeys(): Map<string, number> {
    const rows = this.#rows(
      "SELECT key, written_at FROM kv_key WHERE deleted_at IS NULL AND key NOT IN (SELECT key FROM kv_intent)",
    );
    return new Map(rows.map((row) => [String(row.key), Number(row.written_at)]));
  }

  /** Every key KV may hold by the ledger (not known to be deleted), with when it was (maybe) written: what the sweep looks at. */
  possibleKeys(): Map<string, number> {
    const rows = this.#rows("SELECT key, written_at FROM kv_key WHERE deleted_at IS NULL");
    return new Map(rows.map((row) => [String(row.key), Number(row.written_at)]));
  }

  keyRow(key: string): KeyRow | undefined {
    const [row] = this.#rows(
      `SELECT kv_key.key, written_at, deleted_at, op, at FROM kv_key LEFT JOIN kv_intent ON kv_intent.key = kv_key.key
       WHERE kv_key.key = ?`,
      key,
    );
    if (!row) return undefined;
    return {
      key: String(row.key),
      writtenAt: Number(row.written_at),
      deletedAt: row.deleted_at === null ? null : Number(row.deleted_at),
      intent: row.op === null ? null : { op: row.op as KeyIntent["op"], at: Number(row.at) },
    };
  }

  /** The key row of a put at `at`: written then, not deleted. */
  #keyWrittenAt(key: string, at: number): void {
    this.#db.exec(
      `INSERT INTO kv_key (key, written_at, deleted_at) VALUES (?, ?, NULL)
       ON CONFLICT (key) DO UPDATE SET written_at = excluded.written_at, deleted_at = NULL`,
      key,
      at,
    );
  }

  /** Before a put of `key` at `at`: from now on KV may hold it, but it is not counted present until `recordWritten`. */
  intendWrite(key: string, at: number): void {
    this.#keyWrittenAt(key, at);
    this.#setIntent(key, "put", at);
  }

  /** A put of `key` at `at` took effect (or, on adoption, KV listed it). */
  recordWritten(key: string, at: number): void {
    this.#keyWrittenAt(key, at);
    this.#db.exec("DELETE FROM kv_intent WHERE key = ?", key);
  }

  /** Before a delete of `key`: from now on it is not present for planning, and it stays for the sweep until deleted. */
  intendDelete(key: string, at: number): void {
    this.#setIntent(key, "delete", at);
  }

  recordDeleted(key: string, at: number): void {
    this.#db.exec("UPDATE kv_key SET deleted_at = ? WHERE key = ?", at, key);
    this.#db.exec("DELETE FROM kv_intent WHERE key = ?", key);
  }

  #setIntent(key: string, op: KeyIntent["op"], at: number): void {
    this.#db.exec(
      `INSERT INTO kv_intent (key, op, at) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET op = excluded.op, at = excluded.at`,
      key,
      op,
      at,
    );
  }

  /** Forgets keys deleted before `before`: by then nothing needs to know when they were. */
  forgetDeletedKeys(before: number): void {
    this.#db.exec("DELETE FROM kv_key WHERE deleted_at IS NOT NULL AND deleted_at < ?", before);
  }

  // Blobs of the publish under way that are not in KV yet.

  stage(hash: string, text: string): void {
    splitText(text, STAGED_PIECE_CHARS).forEach((piece, part) => {
      this.#db.exec(
        "INSERT INTO staged_piece (hash, part, text) VALUES (?, ?, ?) ON CONFLICT (hash, part) DO UPDATE SET text = excluded.text",
        hash,
        part,
        piece,
      );
    });
  }

  /** Up to `limit` staged blobs' hashes, in a stable order. */
  stagedHashes(limit: number): string[] {
    return this.#rows("SELECT DISTINCT hash FROM staged_piece ORDER BY hash LIMIT ?", limit).map((row) =>
      String(row.hash),
    );
  }

  stagedText(hash: string): string {
    return this.#rows("SELECT text FROM staged_piece WHERE hash = ? ORDER BY part", hash)
      .map((row) => String(row.text))
      .join("");
  }

  /** How many blobs the publish under way has staged. */
  stagedCount(): number {
    const [row] = this.#rows("SELECT COUNT(DISTINCT hash) AS n FROM staged_piece");
    return Number(row?.n ?? 0);
  }

  /** How many blobs the publish under way has staged, and their characters (SQLite's, code points: about). */
  stagedSize(): { count: number; chars: number } {
    const [row] = this.#rows(
      "SELECT COUNT(DISTINCT hash) AS n, COALESCE(SUM(LENGTH(text)), 0) AS chars FROM staged_piece",
    );
    return { count: Number(row?.n ?? 0), chars: Number(row?.chars ?? 0) };
  }

  /** Whether the publish under way has staged this blob. */
  hasStaged(hash: string): boolean {
    return this.#rows("SELECT 1 AS found FROM staged_piece WHERE hash = ? LIMIT 1", hash).length > 0;
  }

  unstage(hash: string): void {
    this.#db.exec("DELETE FROM staged_piece WHERE hash = ?", hash);
  }

  clearStaged(): void {
    this.#db.exec("DELETE FROM staged_piece");
  }

  // Sync requests.

  addRequest(action: SyncAction, allowShrink: boolean, trigger: SyncTrigger, at: number): number {
    const [row] = this.#rows(
      `INSERT INTO sync_request (action, allow_shrink, trigger, state, requested_at, last_requested_at)
       VALUES (?, ?, ?, 'queued', ?, ?) RETURNING id`,
      action,
      allowShrink ? 1 : 0,
      trigger,
      at,
      at,
    );
    return Number(row?.id);
  }

  request(id: number): RequestRow | undefined {
    const [row] = this.#rows("SELECT * FROM sync_request WHERE id = ?", id);
    return row ? requestRow(row) : undefined;
  }

  /** Requests waiting to run, oldest first. */
  queued(): RequestRow[] {
    return this.#rows("SELECT * FROM sync_request WHERE state = 'queued' ORDER BY id").map(requestRow);
  }

  running(): RequestRow | undefined {
    const [row] = this.#rows("SELECT * FROM sync_request WHERE state = 'running' ORDER BY id LIMIT 1");
    return row ? requestRow(row) : undefined;
  }

  /** The newest finished request, if any. */
  lastFinished(): RequestRow | undefined {
    const [row] = this.#rows("SELECT * FROM sync_request WHERE state IN ('done', 'failed') ORDER BY id DESC LIMIT 1");
    return row ? requestRow(row) : undefined;
  }

  /** A cron joined the coordinator's own request: it is the cron's now. */
  setTrigger(id: number, trigger: SyncTrigger): void {
    this.#db.exec("UPDATE sync_request SET trigger = ? WHERE id = ?", trigger, id);
  }

  joinRequest(id: number, at: number): void {
    this.#db.exec("UPDATE sync_request SET last_requested_at = ? WHERE id = ?", at, id);
  }

  startRequest(id: number, at: number): void {
    this.#db.exec("UPDATE sync_request SET state = 'running', started_at = ? WHERE id = ?", at, id);
  }

  setProgress(id: number, progress: unknown): void {
    this.#db.exec("UPDATE sync_request SET progress = ? WHERE id = ?", JSON.stringify(progress), id);
  }

  finishRequest(
    id: number,
    at: number,
    outcome: { summary: unknown } | { error: { kind: FailureKind; message: string } },
  ): void {
    const failed = "error" in outcome;
    this.#db.exec(
      "UPDATE sync_request SET state = ?, finished_at = ?, progress = NULL, summary = ?, error = ? WHERE id = ?",
      failed ? "failed" : "done",
      at,
      failed ? null : JSON.stringify(outcome.summary),
      failed ? JSON.stringify(outcome.error) : null,
      id,
    );
    this.#db.exec(
      `DELETE FROM sync_request WHERE state IN ('done', 'failed') AND id NOT IN
       (SELECT id FROM sync_request WHERE state IN ('done', 'failed') ORDER BY id DESC LIMIT ?)`,
      KEPT_REQUESTS,
    );
  }

  // What each recipe looked like at the last sync that read Directus, to tell what changed.

  recipeDigests(): Map<number, { slug: string; digest: string }> {
    const rows = this.#rows("SELECT id, slug, digest FROM recipe_digest");
    return new Map(rows.map((row) => [Number(row.id), { slug: String(row.slug), digest: String(row.digest) }]));
  }

  putRecipeDigest(id: number, slug: string, digest: string): void {
    this.#db.exec(
      `INSERT INTO recipe_digest (id, slug, digest) VALUES (?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET slug = excluded.slug, digest = excluded.digest`,
      id,
      slug,
      digest,
    );
  }

  /** The digests of the recipes with ids above `afterId`, up to `upTo` (inclusive): a walk in chunks. */
  recipeDigestsBetween(afterId: number, upTo: number): Map<number, { slug: string; digest: string }> {
    const rows = this.#rows("SELECT id, slug, digest FROM recipe_digest WHERE id > ? AND id <= ?", afterId, upTo);
    return new Map(rows.map((row) => [Number(row.id), { slug: String(row.slug), digest: String(row.digest) }]));
  }

  deleteRecipeDigest(id: number): void {
    this.#db.exec("DELETE FROM recipe_digest WHERE id = ?", id);
  }

  // Publication statuses (publication.ts).

  /** Every recipe's status as the coordinator holds it. */
  statuses(): Map<number, RecipeStatus> {
    const rows = this.#rows("SELECT * FROM publication");
    return new Map(rows.map((row) => [Number(row.recipe), recipeStatus(row)]));
  }

  /** The statuses of the recipes with ids above `afterId`, up to `upTo` (inclusive): a walk in chunks. */
  statusesBetween(afterId: number, upTo: number): Map<number, RecipeStatus> {
    const rows = this.#rows("SELECT * FROM publication WHERE recipe > ? AND recipe <= ?", afterId, upTo);
    return new Map(rows.map((row) => [Number(row.recipe), recipeStatus(row)]));
  }

  status(recipe: number): RecipeStatus | undefined {
    const [row] = this.#rows("SELECT * FROM publication WHERE recipe = ?", recipe);
    return row ? recipeStatus(row) : undefined;
  }

  /** Stores a settled status, to be written to Directus. */
  putStatus(status: RecipeStatus): void {
    this.#db.exec(
      `INSERT INTO publication (recipe, state, reason, digest, live_since, version, changed_at, dirty)
       VALUES (?, ?, ?, ?, ?, ?, ?, 1)
       ON CONFLICT (recipe) DO UPDATE SET state = excluded.state, reason = excluded.reason, digest = excluded.digest,
         live_since = excluded.live_since, version = excluded.version, changed_at = excluded.changed_at, dirty = 1`,
      status.recipe,
      status.state,
      status.reason,
      status.digest,
      status.liveSince,
      status.version,
      status.changedAt,
    );
  }

  /** Up to `limit` statuses Directus does not hold yet, in recipe order. */
  unwrittenStatuses(limit: number): RecipeStatus[] {
    return this.#rows("SELECT * FROM publication WHERE dirty = 1 ORDER BY recipe LIMIT ?", limit).map(recipeStatus);
  }

  unwrittenCount(): number {
    const [row] = this.#rows("SELECT COUNT(*) AS n FROM publication WHERE dirty = 1");
    return Number(row?.n ?? 0);
  }

  /** Directus holds this status now, unless it changed since it was read (changedAt). */
  markWritten(recipe: number, changedAt: number): void {
    this.#db.exec("UPDATE publication SET dirty = 0 WHERE recipe = ? AND changed_at = ?", recipe, changedAt);
  }

  /** A recipe Directus no longer has: its status goes too. */
  forgetStatus(recipe: number): void {
    this.#db.exec("DELETE FROM publication WHERE recipe = ?", recipe);
  }

  /** Replaces the pending changes with `changes` (a new read). */
  setPendingStatuses(changes: readonly DesiredStatus[]): void {
    this.clearPendingStatuses();
    for (const change of changes) {
      this.#db.exec(
        "INSERT INTO publication_pending (recipe, state, reason, digest) VALUES (?, ?, ?, ?)",
        change.recipe,
        change.state,
        change.reason,
        change.digest,
      );
    }
  }

  /** Adds changes to the pending ones (a read walked in chunks). */
  addPendingStatuses(changes: readonly DesiredStatus[]): void {
    for (const change of changes) {
      this.#db.exec(
        `INSERT INTO publication_pending (recipe, state, reason, digest) VALUES (?, ?, ?, ?)
         ON CONFLICT (recipe) DO UPDATE SET state = excluded.state, reason = excluded.reason, digest = excluded.digest`,
        change.recipe,
        change.state,
        change.reason,
        change.digest,
      );
    }
  }

  /** Up to `limit` pending changes of the recipes above `afterRecipe`, in recipe order. */
  pendingStatusesAfter(afterRecipe: number, limit: number): DesiredStatus[] {
    return this.#rows(
      "SELECT * FROM publication_pending WHERE recipe > ? ORDER BY recipe LIMIT ?",
      afterRecipe,
      limit,
    ).map(desiredStatus);
  }

  pendingStatuses(): DesiredStatus[] {
    return this.#rows("SELECT * FROM publication_pending ORDER BY recipe").map(desiredStatus);
  }

  clearPendingStatuses(): void {
    this.#db.exec("DELETE FROM publication_pending");
  }
}
