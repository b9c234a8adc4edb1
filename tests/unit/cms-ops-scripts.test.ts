/**
 * The operator's scripts in cms/ops that run in containers (POSIX sh, run
 * here with Debian's dash as the postgres image does): what they refuse
 * before touching a database, and when the nightly backup runs next. The
 * dumps and restores themselves run against a real PostgreSQL in
 * tests/cms-postgres/backup.test.ts.
 */
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const OPS = resolve(import.meta.dirname, "../../cms/ops");

function run(script: string, args: string[], env: Record<string, string>) {
  const result = spawnSync("sh", [join(OPS, script), ...args], {
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", ...env },
    encoding: "utf8",
    timeout: 10_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const DATABASE = { DB_HOST: "127.0.0.1", DB_DATABASE: "directus", DB_USER: "directus", DB_PASSWORD: "x" };

describe("backup-nightly.sh", () => {
  it.each(["03:30", "00:00", "23:59", "12:07"])("at %s: the next run is the next %s UTC, within a day", (at) => {
    const { status, stdout } = run("backup-nightly.sh", ["--next"], { BACKUP_AT: at });
    expect(status).toBe(0);
    const match = /next run at (\S+), in (\d+) s/.exec(stdout);
    expect(match, stdout).not.toBeNull();
    const [, when = "", seconds = ""] = match ?? [];
    expect(when.slice(11, 16)).toBe(at);
    const wait = Number(seconds);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(24 * 60 * 60);
    // The time printed is now plus the wait, to the minute.
    expect(Math.abs(Date.parse(when) - (Date.now() + wait * 1000))).toBeLessThan(61_000);
  });

  it.each(["3:30", "24:00", "03:60", "0330", "03:30 ", "03:30;reboot", ""])("refuses BACKUP_AT=%j", (at) => {
    const { status, stderr } = run("backup-nightly.sh", ["--next"], { BACKUP_AT: at });
    if (at === "") {
      // Unset or empty: the default, 03:30.
      expect(status).toBe(0);
      return;
    }
    expect(status).toBe(64);
    expect(stderr).toContain("BACKUP_AT must be HH:MM");
  });
});

describe("backup.sh", () => {
  it.each([
    ["BACKUP_KEEP_DAYS", "3x"],
    ["BACKUP_KEEP_DAYS", "-1"],
    ["BACKUP_KEEP_MIN", "1.5"],
  ])("refuses %s=%s before it dumps anything", (name, value) => {
    const { status, stderr } = run("backup.sh", [], { ...DATABASE, BACKUP_DIR: "/nonexistent", [name]: value });
    expect(status).toBe(64);
    expect(stderr).toContain("must be whole numbers");
  });

  it.each(["DB_HOST", "DB_DATABASE", "DB_USER", "DB_PASSWORD"])("stops without %s", (name) => {
    const env: Record<string, string> = { ...DATABASE };
    delete env[name];
    const { status, stderr } = run("backup.sh", [], { ...env, BACKUP_DIR: "/nonexistent" });
    expect(status).not.toBe(0);
    expect(stderr).toContain(`${name} is not set`);
  });
});

describe("restore-drill.sh", () => {
  it.each([
    ["the live database", "directus", "refusing to restore into the live database"],
    ["a name with other characters", "drill;drop", "may hold only"],
    ["capitals", "Drill", "may hold only"],
  ])("refuses to restore into %s", (_name, database, message) => {
    const { status, stderr } = run("restore-drill.sh", [join(OPS, "backup.sh")], {
      ...DATABASE,
      RESTORE_DATABASE: database,
    });
    expect(status).toBe(64);
    expect(stderr).toContain(message);
  });

  it("stops on a dump it cannot read, and without one", () => {
    expect(run("restore-drill.sh", ["/nonexistent.dump"], DATABASE).status).toBe(66);
    expect(run("restore-drill.sh", [], DATABASE).status).not.toBe(0);
  });
});
