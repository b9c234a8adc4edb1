/**
 * The built site as a visitor meets it, for the browser tests and the
 * benchmark: `wrangler dev` serving a copy of a build (build/, or the bench's
 * own folder) on a local state folder, with recipe images and sign-in
 * through a real Directus, and the catalog published from that Directus by
 * the site's own catalog coordinator (POST /sync).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port.ts";
import { inScratchFolder } from "./scratch-folder.ts";
import { writeSecretsFile } from "./secrets-file.ts";
import { syncSite } from "./site-sync.ts";

export interface ServedSite {
  /** The site's origin, e.g. http://127.0.0.1:41234. */
  url: string;
  /** The process group of wrangler and the workerd it runs (for the bench's CPU figures). */
  processGroup: number;
  stop(): Promise<void>;
}

interface LocalSite extends ServedSite {
  /** How many recipes the published catalog holds. */
  recipes: number;
}

interface ServeOptions {
  /** The build to serve; build/ unless told otherwise (the bench builds into a folder of its own). */
  buildDir?: string;
  /** A folder with a published catalog (see publishCatalog); the server reads and writes it. */
  persistDir: string;
  /** Where the Worker reaches Directus (a dead address plays a Directus that is down); unset: the build's [vars]. */
  directusUrl?: string;
  /** A fixed port (the browser tests'), or a free one. */
  port?: number;
  /** Further [vars], e.g. GTM_ID. */
  vars?: Record<string, string>;
  /** Secrets (SYNC_TOKEN, FORM_TOKEN_SECRET): handed over in a private file, never on a command line. */
  secrets?: Record<string, string>;
}

/**
 * Polls `url` until it answers 200. Throws if wrangler exits, if nothing
 * answers within `timeoutMs`, or if the Worker answers but keeps failing:
 * a broken page is reported at once instead of after the whole timeout.
 */
export async function waitForOk(
  url: string,
  server: ChildProcess,
  output: () => string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let failingSince: number | undefined;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`site: wrangler dev exited (code ${server.exitCode}):\n${output()}`);
    }
    let response: Response | undefined;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    } catch {
      // not listening yet
    }
    if (response?.ok) return;
    if (response) {
      failingSince ??= Date.now();
      if (Date.now() - failingSince > 5_000) {
        throw new Error(`site: ${url} answers ${response.status}; wrangler dev says:\n${output()}`);
      }
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
  throw new Error(`site: no answer from ${url} within ${timeoutMs / 1000} s:\n${output()}`);
}

/** Stops wrangler and its workerd: both run in the process group wrangler leads. */
function stopGroup(server: ChildProcess): Promise<void> {
  const pid = server.pid;
  if (pid === undefined || server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    server.once("exit", () => resolveStop());
    const signal = (name: NodeJS.Signals) => {
      try {
        process.kill(-pid, name);
      } catch {
        // already gone
      }
    };
    signal("SIGTERM");
    setTimeout(() => signal("SIGKILL"), 5_000).unref();
  });
}

/**
 * Publishes the catalog of the Directus at `directusUrl` into `persistDir`
 * the way production does: a site served on that folder for the while asks
 * its coordinator to publish. Answers the recipe count.
 */
export async function publishCatalog(directusUrl: string, persistDir: string, buildDir?: string): Promise<number> {
  const token = randomBytes(32).toString("hex");
  const site = await serveBuild({ buildDir, persistDir, directusUrl, secrets: { SYNC_TOKEN: token } });
  try {
    const view = await syncSite({ url: site.url, token });
    if (!view.summary) throw new Error(`site: the first publish failed: ${view.error?.message}`);
    return view.summary.recipes;
  } finally {
    await site.stop();
  }
}

/** Serves the current build (build/ unless `buildDir` says otherwise) with `wrangler dev` on the catalog in `persistDir`, until `stop()`. */
export async function serveBuild(options: ServeOptions): Promise<ServedSite> {
  const workDir = mkdtempSync(join(tmpdir(), "site-build-"));
  let server: ChildProcess | undefined;
  // A backstop for a crash or process.exit(): workerd must not outlive its parent.
  const killOnExit = () => {
    if (server?.pid !== undefined && server.exitCode === null) {
      try {
        process.kill(-server.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  };
  process.once("exit", killOnExit);
  const secrets = writeSecretsFile(options.secrets ?? {});
  const stop = async () => {
    if (server) await stopGroup(server);
    process.off("exit", killOnExit);
    rmSync(workDir, { recursive: true, force: true });
    secrets.remove();
  };

  try {
    // A private copy of the build: a rebuild in the work tree while this
    // server runs (tests, a bench) must not swap files under it.
    const buildCopy = join(workDir, "build");
    cpSync(options.buildDir ?? "build", buildCopy, { recursive: true });
    const port = options.port ?? (await freePort());
    const url = `http://127.0.0.1:${port}`;
    // Canonical links and absolute URLs name the origin that is served, as in production.
    const vars = {
      ...(options.directusUrl === undefined ? {} : { DIRECTUS_URL: options.directusUrl }),
      SITE_URL: url,
      ...options.vars,
    };
    server = spawn(
      "wrangler",
      [
        "dev",
        "--config",
        join(buildCopy, "server", "wrangler.json"),
        "--port",
        String(port),
        "--ip",
        "127.0.0.1",
        "--persist-to",
        options.persistDir,
        ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
        "--env-file",
        secrets.path,
        "--log-level",
        "warn",
      ],
      {
        // Its own process group, so stopping it also stops the workerd it starts.
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
        // No network lookups from wrangler: the cf object falls back to its
        // default and no usage metrics are sent.
        env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
      },
    );
    let output = "";
    const keepTail = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    server.stdout?.on("data", keepTail);
    server.stderr?.on("data", keepTail);
    await waitForOk(`${url}/impressum`, server, () => output.trim());
    return { url, processGroup: server.pid ?? 0, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Publishes the catalog of the Directus at `directusUrl` into a fresh local
 * KV and serves the build in `buildDir` on it on a free port.
 */
export async function startLocalSite(directusUrl: string, buildDir: string): Promise<LocalSite> {
  return inScratchFolder("site-state-", async (persistDir) => {
    const recipes = await publishCatalog(directusUrl, persistDir, buildDir);
    const site = await serveBuild({ buildDir, persistDir, directusUrl });
    return { ...site, recipes };
  });
}
