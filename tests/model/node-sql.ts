/**
 * A Durable Object's SQL storage as the coordinator uses it (catalog/sync/ledger.ts
 * `SqlDatabase`), over Node's own SQLite: the coordinator's real SQL runs in
 * unit tests, the CMS tests and the model of Cloudflare's network, where no
 * Durable Object exists. In memory unless a file is named; a coordinator
 * "restarts" by making a new instance over the same database.
 */
import { DatabaseSync } from "node:sqlite";
import type { SqlDatabase } from "../../catalog/sync/ledger.ts";

/** A database that hands out `SqlDatabase` views; `close` ends it. */
export function openNodeSql(path = ":memory:"): SqlDatabase & { close(): void } {
  const db = new DatabaseSync(path);
  return {
    exec(query, ...bindings) {
      const statement = db.prepare(query);
      // Statements that return rows (SELECT, RETURNING) are read; the rest run.
      const rows = statement.columns().length > 0 ? statement.all(...(bindings as never[])) : [];
      if (statement.columns().length === 0) statement.run(...(bindings as never[]));
      return { toArray: () => rows as never[] };
    },
    close: () => db.close(),
  };
}
