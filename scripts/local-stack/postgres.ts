/**
 * A throwaway PostgreSQL for the tests that run Directus on Postgres, as in
 * production: Debian's `postgresql` package (installed with apt when missing,
 * see scripts/test/ensure-postgres.ts), a new cluster in a temp folder on a free
 * port of 127.0.0.1, stopped and removed again by `stop()`.
 *
 * initdb and the server refuse to run as root, so as root they run as the
 * package's `postgres` user; any other user runs them as itself.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { aptInstall } from "./apt-install.ts";
import type { DirectusDatabase } from "./directus.ts";
import { freePort } from "./free-port.ts";
import { runCommand } from "./run-command.ts";

const VERSIONS_DIR = "/usr/lib/postgresql";

/** The bin folder of the newest installed PostgreSQL (/usr/lib/postgresql/<version>/bin), if any. */
function postgresBinDir(): string | undefined {
  if (!existsSync(VERSIONS_DIR)) return undefined;
  const versions = readdirSync(VERSIONS_DIR)
    .filter((name) => existsSync(join(VERSIONS_DIR, name, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(VERSIONS_DIR, versions[0], "bin") : undefined;
}

/**
 * Installs Debian's `postgresql` with apt-get (as root, or through
 * passwordless sudo) unless a PostgreSQL server is already installed;
 * returns its bin folder.
 */
export function ensurePostgres(log: (line: string) => void = console.log): string {
  const present = postgresBinDir();
  if (present) return present;
  log("postgres: no PostgreSQL server under /usr/lib/postgresql, installing Debian's postgresql with apt-get …");
  aptInstall("postgresql");
  const installed = postgresBinDir();
  if (!installed) throw new Error(`postgres: apt-get finished but there is no initdb under ${VERSIONS_DIR}`);
  return installed;
}

/** uid and gid to run the server as: the `postgres` user when we are root, else ourselves. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    return { uid, gid };
  } catch {
    throw new Error("postgres: running as root, but there is no `postgres` user to run initdb and the server as");
  }
}

function run(binDir: string, command: string, args: string[], user: ReturnType<typeof serverUser>): Promise<string> {
  return runCommand(
    join(binDir, command),
    args,
    { ...user, cwd: tmpdir(), env: { PATH: process.env.PATH, LANG: "C.UTF-8", LC_ALL: "C.UTF-8" } },
    `postgres: ${command} ${args.join(" ")}`,
  );
}

/** Polls pg_isready until the server takes connections; throws if it exits or takes longer than 30 s. */
async function waitUntilReady(binDir: string, port: number, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`postgres: the server exited at start:\n${output().trim()}`);
    }
    const ready = await run(binDir, "pg_isready", ["--host=127.0.0.1", `--port=${port}`, "--quiet"], undefined).then(
      () => true,
      () => false,
    );
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`postgres: not ready within 30 s:\n${output().trim()}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
  }
}

interface ScratchPostgres {
  /** The connection for Directus (DB_CLIENT=pg). */
  database: Extract<DirectusDatabase, { client: "pg" }>;
  /** Stops the server and removes the cluster's folder. */
  stop(): Promise<void>;
}

/**
 * A new cluster with one database, `directus`, owned by the superuser
 * `directus` with a random password, listening on a free port of 127.0.0.1
 * only. Durability is switched off: the cluster is thrown away anyway.
 */
export async function startScratchPostgres(log: (line: string) => void = console.log): Promise<ScratchPostgres> {
  const binDir = ensurePostgres(log);
  const user = serverUser();
  const dir = mkdtempSync(join(tmpdir(), "scratch-postgres-"));
  const dataDir = join(dir, "data");
  const password = randomBytes(18).toString("hex");
  const passwordFile = join(dir, "password");
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (user) {
    chownSync(dir, user.uid, user.gid);
    chownSync(passwordFile, user.uid, user.gid);
  }
  const port = await freePort();
  let server: ChildProcess | undefined;
  const stop = async () => {
    const current = server;
    server = undefined;
    if (current && current.exitCode === null && current.signalCode === null) {
      // SIGINT is Postgres' fast shutdown; SIGKILL only if that hangs.
      await new Promise<void>((resolveStop) => {
        current.once("exit", () => resolveStop());
        current.kill("SIGINT");
        setTimeout(() => current.kill("SIGKILL"), 10_000).unref();
      });
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    await run(
      binDir,
      "initdb",
      [
        "--pgdata",
        dataDir,
        "--username",
        "directus",
        `--pwfile=${passwordFile}`,
        "--auth=scram-sha-256",
        "--encoding=UTF8",
        "--locale=C.UTF-8",
        "--no-sync",
      ],
      user,
    );
    // The server is our child, not a daemon (pg_ctl would detach it): it stays in our process
    // group, so a Ctrl-C of the test run stops it too.
    server = spawn(
      join(binDir, "postgres"),
      [
        "-D",
        dataDir,
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        `port=${port}`,
        // The socket lives in the cluster's folder: /var/run/postgresql may not exist or not be ours.
        "-c",
        `unix_socket_directories=${dir}`,
        // Durability is pointless for a cluster that is thrown away.
        "-c",
        "fsync=off",
        "-c",
        "synchronous_commit=off",
        "-c",
        "full_page_writes=off",
      ],
      { ...user, cwd: tmpdir(), env: { PATH: process.env.PATH, LANG: "C.UTF-8" }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    server.stdout?.on("data", keep);
    server.stderr?.on("data", keep);
    await waitUntilReady(binDir, port, server, () => output);
    await run(
      binDir,
      "psql",
      [
        `postgresql://directus:${password}@127.0.0.1:${port}/postgres`,
        "--quiet",
        "--no-psqlrc",
        "--command",
        "CREATE DATABASE directus",
      ],
      undefined,
    );
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    database: { client: "pg", host: "127.0.0.1", port, database: "directus", user: "directus", password },
    stop,
  };
}
