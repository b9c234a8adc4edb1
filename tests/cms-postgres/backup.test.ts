/**
 * The nightly backup and the restore drill (cms/ops/backup.sh,
 * restore-drill.sh) against the throwaway PostgreSQL this stage runs Directus
 * on, with Debian's pg_dump, pg_restore and psql of the same version: a dump
 * of the seeded database, old dumps pruned, the dump restored into a scratch
 * database whose counts match the live ones, and the scratch database gone.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { ensurePostgres } from "../../scripts/local-stack/postgres.ts";

const OPS = resolve(import.meta.dirname, "../../cms/ops");
const DAY_MS = 24 * 60 * 60 * 1000;

const provided = inject("cmsDatabase");
if (provided.client !== "pg") throw new Error("the backup tests need the Postgres stage's database");
const database = provided;
const binDir = ensurePostgres();
const env = {
  PATH: `${binDir}:${process.env.PATH}`,
  DB_HOST: database.host,
  DB_PORT: String(database.port),
  DB_DATABASE: database.database,
  DB_USER: database.user,
  DB_PASSWORD: database.password,
};

function sh(script: string, args: string[], extra: Record<string, string> = {}) {
  const result = spawnSync("sh", [join(OPS, script), ...args], { env: { ...env, ...extra }, encoding: "utf8" });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** One value from the live database (or another one on the same server). */
function query(sql: string, databaseName = database.database): string {
  const result = spawnSync(
    join(binDir, "psql"),
    ["--dbname", databaseName, "--no-psqlrc", "--tuples-only", "--no-align", "--command", sql],
    {
      env: { ...env, PGHOST: env.DB_HOST, PGPORT: env.DB_PORT, PGUSER: env.DB_USER, PGPASSWORD: env.DB_PASSWORD },
      encoding: "utf8",
    },
  );
  if (result.status !== 0) throw new Error(`psql: ${result.stderr}`);
  return result.stdout.trim();
}

/** A dump's name for a day `daysAgo` before today (UTC), as backup.sh names them. */
function dumpName(daysAgo: number): string {
  const day = new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10).replaceAll("-", "");
  return `directus-${day}T033000Z.dump`;
}

const folder = mkdtempSync(join(tmpdir(), "backups-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the nightly backup", () => {
  it("dumps the database, and prunes dumps older than BACKUP_KEEP_DAYS but never the newest BACKUP_KEEP_MIN", () => {
    // Earlier nights' dumps (empty files: pruning goes by name), and a half-written one from a crash.
    const earlier = [dumpName(400), dumpName(40), dumpName(35), dumpName(10)];
    for (const name of earlier) writeFileSync(join(folder, name), "");
    writeFileSync(join(folder, `${dumpName(1)}.partial`), "");

    const { status, stdout, stderr } = sh("backup.sh", [], {
      BACKUP_DIR: folder,
      BACKUP_KEEP_DAYS: "30",
      BACKUP_KEEP_MIN: "3",
    });
    expect(status, stderr).toBe(0);
    const written = /backup: wrote (\S+) \((\d+) bytes\)/.exec(stdout);
    expect(written, stdout).not.toBeNull();
    expect(Number(written?.[2])).toBeGreaterThan(10_000);

    const left = readdirSync(folder).sort();
    // The newest three stay (35 days old included); of the others, the ones past 30 days go; so does the .partial.
    expect(left).toEqual([dumpName(35), dumpName(10), written?.[1]?.split("/").at(-1)].sort());
    expect(stdout).toContain(`deleted ${join(folder, dumpName(400))}`);
    expect(stdout).toContain(`deleted ${join(folder, dumpName(40))}`);
  });

  it("restores into a scratch database with the live counts, and drops it again; no activity, revisions or sessions", () => {
    const dump = readdirSync(folder)
      .filter((name) => name.endsWith(".dump"))
      .sort()
      .at(-1);
    if (!dump) throw new Error("no dump from the test before");
    expect(Number(query("select count(*) from directus_activity"))).toBeGreaterThan(0);

    const { status, stdout, stderr } = sh("restore-drill.sh", [join(folder, dump)], { RESTORE_KEEP: "1" });
    expect(status, stderr).toBe(0);
    const counts = new Map(
      [...stdout.matchAll(/^restore: (\w+)\s+(\d+)\s+(\d+)$/gm)].map(([, what, restored, live]) => [
        what,
        { restored: Number(restored), live: Number(live) },
      ]),
    );
    expect([...counts.keys()].sort()).toEqual(
      ["files", "ingredients", "published_recipes", "recipes", "saved_recipes", "users"].sort(),
    );
    for (const [what, { restored, live }] of counts) expect(restored, what).toBe(live);
    expect(counts.get("published_recipes")?.live).toBeGreaterThan(50);

    // The dump leaves out what holds visitors' addresses (the privacy page's 7 days).
    const scratch = "directus_restore_drill";
    for (const table of ["directus_activity", "directus_revisions", "directus_sessions"]) {
      expect(query(`select count(*) from ${table}`, scratch), table).toBe("0");
    }
    // With RESTORE_KEEP the scratch database stayed for that look; a drill without it drops it.
    expect(sh("restore-drill.sh", [join(folder, dump)]).status).toBe(0);
    expect(query(`select count(*) from pg_database where datname = '${scratch}'`)).toBe("0");
  });
});
