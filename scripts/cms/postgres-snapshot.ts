/**
 * `npm run schema:postgres`: writes cms/schema/snapshot.postgres.json, the
 * schema snapshot for Directus on PostgreSQL, from cms/schema/snapshot.json
 * (taken on SQLite, where the schema is edited). Run it after every change of
 * snapshot.json; the Postgres test stage fails until it is.
 *
 * Why two files: Directus converts SQLite's char(36) keys to uuid only when it
 * creates a collection. Applying the SQLite snapshot to an existing Postgres
 * database again tries to turn saved_recipes.user back into varchar(36),
 * which its foreign key to directus_users.id (uuid) refuses, and rewrites
 * every other column whose type is spelt differently. The Postgres snapshot
 * is what a new Postgres database looks like after the SQLite one was
 * applied, so applying it again is a no-op.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { POSTGRES_SCHEMA_SNAPSHOT, SCHEMA_SNAPSHOT } from "../local-stack/cms.ts";
import { runDirectusCli } from "../local-stack/directus.ts";
import { startScratchPostgres } from "../local-stack/postgres.ts";

/** Applies the SQLite snapshot to a new Postgres database and writes that database's snapshot to `target`. */
async function writePostgresSnapshot(target: string, log: (line: string) => void = console.log): Promise<void> {
  const postgres = await startScratchPostgres(log);
  const dataDir = mkdtempSync(join(tmpdir(), "postgres-snapshot-"));
  try {
    // Never started: the port and address are only for the environment.
    const options = { dataDir, database: postgres.database, port: 1, publicUrl: "http://127.0.0.1:1" };
    log("schema:postgres: bootstrapping Directus on a throwaway PostgreSQL …");
    await runDirectusCli({ ...options, withoutOwnMigrations: true }, ["bootstrap"]);
    log(`schema:postgres: applying ${SCHEMA_SNAPSHOT} …`);
    await runDirectusCli(options, ["schema", "apply", "--yes", SCHEMA_SNAPSHOT]);
    await runDirectusCli(options, ["schema", "snapshot", "--yes", "--format", "json", target]);
  } finally {
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  await writePostgresSnapshot(POSTGRES_SCHEMA_SNAPSHOT);
  console.log(`schema:postgres: wrote ${POSTGRES_SCHEMA_SNAPSHOT}`);
}
