/**
 * One SQL statement straight on the database under test, past Directus: for
 * rules that live in the database itself (cms/migrations) and that Directus'
 * own field validation would answer first. SQLite through node:sqlite on the
 * data folder's file, PostgreSQL through Debian's psql.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { inject } from "vitest";
import { sqliteDatabaseFile } from "../../scripts/local-stack/directus.ts";
import { ensurePostgres } from "../../scripts/local-stack/postgres.ts";

/** Runs `sql`; resolves when the database took it, rejects with the database's own message when it refused. */
export function runRawSql(sql: string): void {
  const database = inject("cmsDatabase");
  if (database.client === "sqlite3") {
    const file = new DatabaseSync(sqliteDatabaseFile(inject("cmsDataDir")), { timeout: 10_000 });
    try {
      file.exec(sql);
    } finally {
      file.close();
    }
    return;
  }
  const result = spawnSync(
    join(ensurePostgres(), "psql"),
    ["--dbname", database.database, "--no-psqlrc", "--quiet", "--set", "ON_ERROR_STOP=1", "--command", sql],
    {
      env: {
        PATH: process.env.PATH,
        PGHOST: database.host,
        PGPORT: String(database.port),
        PGUSER: database.user,
        PGPASSWORD: database.password,
      },
      encoding: "utf8",
    },
  );
  if (result.status !== 0) throw new Error(`psql: ${result.stderr}`);
}
