/**
 * A throwaway PostgreSQL for the tests that run Directus on Postgres, as in
 * production: Debian's `postgresql` package (installed with apt when missing,
 * see scripts/ensure-postgres.ts), a new cluster in a temp folder on a free
 * port of 127.0.0.1, stopped and removed again by `stop()`.
 *
 * initdb and the server refuse to run as root, so as root they run as the
 * package's `postgres` user; any other user runs them as itself.
 */
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DirectusDatabase } from "./directus.ts";
import { freePort } from "./free-port.ts";

const VERSIONS_DIR = "/usr/lib/postgresql";

/** The bin folder of the newest installed PostgreSQL (/usr/lib/postgresql/<version>/bin), if any. */
export function postgresBinDir(): string | undefined {
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
  const asRoot = process.getuid?.() === 0;
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const aptGet = (...args: string[]) => {
    const [command, commandArgs] = asRoot ? ["apt-get", args] : ["sudo", ["-n", "apt-get", ...args]];
    execFileSync(command, commandArgs, { stdio: "inherit", env });
  };
  try {
    aptGet("update", "-qq");
    aptGet("install", "-y", "-qq", "--no-install-recommends", "postgresql");
  } catch (error) {
    throw new Error(
      "postgres: could not install PostgreSQL with apt-get (needs root or passwordless sudo). " +
        "Install it yourself (apt-get install postgresql) and run the tests again.",
      { cause: error },
    );
  }
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
  return new Promise((resolvePromise, reject) => {
    const child = spawn(join(binDir, command), args, {
      ...user,
      cwd: tmpdir(),
      env: { PATH: process.env.PATH, LANG: "C.UTF-8", LC_ALL: "C.UTF-8" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) resolvePromise(output);
      else
        reject(
          new Error(`postgres: ${command} ${args.join(" ")} failed (exit ${code}):\n${output.trim().slice(-2000)}`),
        );
    });
  });
}

export interface ScratchPostgres {
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
  let started = false;
  const stop = async () => {
    if (started) {
      started = false;
      await run(binDir, "pg_ctl", ["stop", "--pgdata", dataDir, "--mode", "fast", "--wait"], user).catch((error) =>
        log(String(error)),
      );
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
    const serverOptions = [
      "-c listen_addresses=127.0.0.1",
      `-c port=${port}`,
      // The socket lives in the cluster's folder: /var/run/postgresql may not exist or not be ours.
      `-c unix_socket_directories=${dir}`,
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
    ].join(" ");
    await run(
      binDir,
      "pg_ctl",
      ["start", "--pgdata", dataDir, "--wait", "--log", join(dir, "server.log"), "-o", serverOptions],
      user,
    );
    started = true;
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
