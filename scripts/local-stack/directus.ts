/**
 * Runs the local Directus 11 (cms/node_modules), on SQLite unless told
 * otherwise: its environment, the one-off CLI commands (bootstrap, schema
 * apply) and the server process, restarted when it crashes. Used by
 * `npm start` and by the tests (one stage also on PostgreSQL).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { runCommand } from "./run-command.ts";

/** The folder Directus runs in: cms/, where its node_modules, schema and migrations are. */
export const CMS_DIR = resolve(import.meta.dirname, "../../cms");
/** Directus' command line (`directus bootstrap`, `schema apply`, `start`, …). */
export const DIRECTUS_CLI = join(CMS_DIR, "node_modules/@directus/api/dist/cli/run.js");
/** Our own database migrations (cms/migrations/*.js), run by `database migrate:latest`. */
export const MIGRATIONS_DIR = join(CMS_DIR, "migrations");
/** Our extensions (cms/extensions/<name>/), built by scripts/cms/build-extensions.ts before a start. */
const EXTENSIONS_DIR = join(CMS_DIR, "extensions");

/** Where `npm start` runs Directus for scripts (the README's "Directus API (scripts)"). */
export const LOCAL_DIRECTUS_PORT = 8056;

/** The local admin account; local data only, named in the README. */
export const LOCAL_ADMIN = { email: "admin@example.org", password: "kochen-lokal" } as const;

/** Where Directus keeps its data: a SQLite file in the data folder, or a PostgreSQL database. */
export type DirectusDatabase =
  | { client: "sqlite3" }
  | { client: "pg"; host: string; port: number; database: string; user: string; password: string };

export interface DirectusOptions {
  /** Folder for uploads, generated secrets and (on SQLite) the database file. */
  dataDir: string;
  /** SQLite in `dataDir` when left out. */
  database?: DirectusDatabase;
  port: number;
  /** Where browsers reach Directus, e.g. the site's /directus, or its own address in tests. */
  publicUrl: string;
  /** Further variables, e.g. the SSO provider's. */
  extraEnv?: Record<string, string>;
  /**
   * Leave cms/migrations out, for the bootstrap of a new database: they
   * change collections that exist only once the schema snapshot is applied.
   */
  withoutOwnMigrations?: boolean;
}

/** KEY and SECRET are made once per data folder, so sessions survive restarts. */
function secretsFor(dataDir: string): { KEY: string; SECRET: string } {
  const file = join(dataDir, "secrets.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  const secrets = { KEY: randomBytes(24).toString("hex"), SECRET: randomBytes(32).toString("hex") };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/** The SQLite database file in a data folder. */
export function sqliteDatabaseFile(dataDir: string): string {
  return join(dataDir, "directus.db");
}

/** Directus' DB_* variables for a database. */
function databaseEnv(database: DirectusDatabase, dataDir: string): Record<string, string> {
  if (database.client === "sqlite3") {
    return { DB_CLIENT: "sqlite3", DB_FILENAME: sqliteDatabaseFile(dataDir) };
  }
  return {
    DB_CLIENT: "pg",
    DB_HOST: database.host,
    DB_PORT: String(database.port),
    DB_DATABASE: database.database,
    DB_USER: database.user,
    DB_PASSWORD: database.password,
  };
}

/** The environment Directus runs with. */
function directusEnv(options: DirectusOptions): Record<string, string> {
  mkdirSync(join(options.dataDir, "uploads"), { recursive: true });
  return {
    ...secretsFor(options.dataDir),
    HOST: "127.0.0.1",
    PORT: String(options.port),
    PUBLIC_URL: options.publicUrl,
    ...databaseEnv(options.database ?? { client: "sqlite3" }, options.dataDir),
    // Directus reads no migrations from a folder that does not exist.
    MIGRATIONS_PATH: options.withoutOwnMigrations ? join(options.dataDir, "no-migrations") : MIGRATIONS_DIR,
    // The flow "Zutatenliste einfügen" runs our operation (decision 0048). An extension that does not load
    // stops the start, so a flow never runs without its operation.
    EXTENSIONS_PATH: EXTENSIONS_DIR,
    EXTENSIONS_MUST_LOAD: "true",
    STORAGE_LOCATIONS: "local",
    STORAGE_LOCAL_ROOT: join(options.dataDir, "uploads"),
    ADMIN_EMAIL: LOCAL_ADMIN.email,
    ADMIN_PASSWORD: LOCAL_ADMIN.password,
    // Nothing here may call out: there is no network but the package registries.
    TELEMETRY: "false",
    MARKETPLACE_TRUST: "sandbox",
    // Local data changes through scripts; a stale cache would only confuse.
    CACHE_ENABLED: "false",
    RATE_LIMITER_ENABLED: "false",
    // Directus answers 503 "Under pressure" once its event loop lags 500 ms. Here it shares two
    // cores with workerd and Chromium, so the lag measures the machine, not Directus: a browser
    // test once saw a recipe image fail that way (the proxy turns the 503 into a 502).
    // Production keeps the limiter on.
    PRESSURE_LIMITER_ENABLED: "false",
    WEBSOCKETS_ENABLED: "false",
    // The production limits where they cost nothing here (cms/.env.production.example says why).
    // QUERY_LIMIT_MAX also turns limit=-1 into 1,000 rows: at least the saved-recipes limit
    // (app/lib/recipes/saved-recipes-limit.ts) and the sync's page size of 500.
    GRAPHQL_INTROSPECTION: "false",
    QUERY_LIMIT_MAX: "1000",
    // The largest JSON body sent here is the bench's batch of 250 recipes, about 280 KB;
    // uploads (the seed's images) are multipart and not counted.
    MAX_PAYLOAD_SIZE: "512kb",
    LOG_LEVEL: "warn",
    LOG_STYLE: "raw",
    ...options.extraEnv,
  };
}

/** The whole environment of a Directus process (or of a script that runs its CLI) with these options. */
export function directusProcessEnv(options: DirectusOptions): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, ...directusEnv(options) };
}

let extensionsBuilt: Promise<unknown> | undefined;

/**
 * Builds our extensions (scripts/cms/build-extensions.ts) once per process, before the first Directus
 * command: Directus loads them from EXTENSIONS_PATH on start and in every CLI command on an installed
 * database, and stops when one cannot load (EXTENSIONS_MUST_LOAD).
 */
function buildExtensionsOnce(): Promise<unknown> {
  extensionsBuilt ??= import("../cms/build-extensions.ts").then(({ buildCmsExtensions }) => buildCmsExtensions());
  return extensionsBuilt;
}

/** Runs one Directus CLI command to completion; throws with its output on failure. */
export async function runDirectusCli(options: DirectusOptions, args: string[]): Promise<void> {
  await buildExtensionsOnce();
  await runCommand(
    process.execPath,
    [DIRECTUS_CLI, ...args],
    { cwd: CMS_DIR, env: directusProcessEnv(options) },
    `directus ${args.join(" ")}`,
  );
}

/** Waits until `/server/ping` answers, or throws after `timeoutMs`. */
async function waitForDirectus(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/server/ping`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
  throw new Error(`directus: no answer from ${url}/server/ping within ${timeoutMs / 1000} s`);
}

export interface DirectusServer {
  /** Where scripts reach it directly, e.g. http://127.0.0.1:8055. */
  url: string;
  /** Stops it for good (no restart). */
  stop(): Promise<void>;
}

const RESTART_LIMIT = 5;
/** A process that ran this long before crashing starts a new count of restarts. */
const STABLE_AFTER_MS = 60_000;

/**
 * Starts `directus start` and waits until it answers. A crash restarts it, up
 * to five times in a row; every crash is logged with the tail of its output.
 */
export async function startDirectus(
  options: DirectusOptions,
  log: (line: string) => void = console.log,
): Promise<DirectusServer> {
  const url = `http://127.0.0.1:${options.port}`;
  await buildExtensionsOnce();
  let child: ChildProcess | undefined;
  let stopping = false;
  let restarts = 0;

  const launch = () => {
    const launchedAt = Date.now();
    const current = spawn(process.execPath, [DIRECTUS_CLI, "start"], {
      cwd: CMS_DIR,
      env: directusProcessEnv(options),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let tail = "";
    const keepTail = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4000);
    };
    current.stdout?.on("data", keepTail);
    current.stderr?.on("data", keepTail);
    current.on("exit", (code, signal) => {
      if (stopping) return;
      restarts = Date.now() - launchedAt > STABLE_AFTER_MS ? 1 : restarts + 1;
      log(`directus: exited (${signal ?? `code ${code}`}); last output:\n${tail.trim()}`);
      if (restarts > RESTART_LIMIT) {
        log(`directus: crashed ${RESTART_LIMIT} times in a row, giving up`);
        return;
      }
      log(`directus: restarting (${restarts}/${RESTART_LIMIT})`);
      setTimeout(launch, 1_000 * restarts);
    });
    child = current;
  };

  launch();
  await waitForDirectus(url);

  return {
    url,
    stop() {
      stopping = true;
      const current = child;
      if (!current || current.exitCode !== null) return Promise.resolve();
      return new Promise((resolveStop) => {
        current.once("exit", () => resolveStop());
        current.kill("SIGTERM");
        setTimeout(() => current.kill("SIGKILL"), 5_000).unref();
      });
    },
  };
}
