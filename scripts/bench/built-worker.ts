/**
 * The built Worker served by workerd through Miniflare, with nothing in
 * front of it: no `wrangler dev` and none of its proxy Workers, so what
 * workerd spends is the Worker's own work plus Miniflare's routing and local
 * bindings. The configuration comes from the build's own wrangler.json, read
 * by wrangler's config reader as the Worker tests' vitest pool reads it:
 * main module, compatibility date and flags, [vars], the KV namespace, the
 * rate limiter and the static assets are the ones that ship.
 */
import { readdirSync } from "node:fs";
import { dirname, join, matchesGlob } from "node:path";
import {
  convertV4MiniflareOptions,
  type Json,
  Miniflare,
  type V4ModuleRule,
  type V4ModuleRuleType,
  type V4WorkerdStructuredLog,
} from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { freePort } from "../local-stack/free-port.ts";
import { persistedState } from "../local-stack/local-kv.ts";

/** The Worker's name inside Miniflare; its inspector target is `core:user:<name>`. */
export const BUILT_WORKER_NAME = "site";
/** How many characters of the Worker's log a failure quotes. */
const LOG_TAIL = 4000;

interface BuiltWorkerOptions {
  /** A build folder (build/ or the bench's), with server/wrangler.json. */
  buildDir: string;
  /** A folder with a published catalog, as withLocalCatalogStore writes it. */
  persistDir: string;
  /** Where the Worker reaches Directus; a dead address for anonymous pages, which never ask it. */
  directusUrl: string;
  /** Whether to open workerd's V8 inspector (for the isolate's heap). */
  inspector: boolean;
  /** Further variables, e.g. SYNC_TOKEN. */
  vars?: Record<string, string>;
}

export interface BuiltWorker {
  /** The Worker's origin, e.g. http://127.0.0.1:41234. */
  url: string;
  /** workerd's inspector, when asked for. */
  inspectorUrl: URL | undefined;
  /** The last lines the Worker logged, for an error message. */
  logTail(): string;
  stop(): Promise<void>;
}

/**
 * Every module of the Worker, the main one first, by the build's module
 * rules: the build is not bundled again (no_bundle), so, as for `wrangler
 * deploy`, every file a rule matches is a module. Miniflare 5 takes them
 * listed; it no longer applies rules itself.
 */
function workerModules(main: string, rules: V4ModuleRule[]): { type: V4ModuleRuleType; path: string }[] {
  const serverDir = dirname(main);
  const modules = readdirSync(serverDir, { recursive: true, encoding: "utf8" })
    .sort()
    .flatMap((file) => {
      const rule = rules.find(({ include }) => include.some((glob) => matchesGlob(file, glob)));
      return rule ? [{ type: rule.type, path: join(serverDir, file) }] : [];
    });
  const mainModule = modules.find((module) => module.path === main);
  if (!mainModule) throw new Error(`bench: no module rule of the build matches its main module ${main}`);
  return [mainModule, ...modules.filter((module) => module !== mainModule)];
}

/**
 * Starts workerd with the Worker of `buildDir` on the catalog in
 * `persistDir`, on a free port of 127.0.0.1. The Cache API is off, so every
 * page is rendered (the page-cache part measures hits).
 */
export async function startBuiltWorker(options: BuiltWorkerOptions): Promise<BuiltWorker> {
  const { workerOptions, main } = unstable_getMiniflareWorkerOptions(join(options.buildDir, "server", "wrangler.json"));
  if (!main) throw new Error(`bench: ${options.buildDir}/server/wrangler.json names no main module`);
  const { modulesRules, ...configured } = workerOptions;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = "";
  const keepLog = ({ level, message }: V4WorkerdStructuredLog) => {
    log = `${log}[${level}] ${message}\n`.slice(-LOG_TAIL);
  };
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port,
      inspectorPort: options.inspector ? await freePort() : undefined,
      resourcePersistencePath: persistedState(options.persistDir),
      // Placeholders instead of a cf object fetched from Cloudflare, no
      // telemetry and no request log: nothing leaves the machine, nothing but
      // the Worker writes.
      cf: false,
      telemetry: { enabled: false },
      logRequests: false,
      handleStructuredLogs: keepLog,
      workers: [
        {
          ...configured,
          name: BUILT_WORKER_NAME,
          modules: workerModules(main, modulesRules ?? []),
          modulesRoot: dirname(main),
          // Canonical links and absolute URLs name the origin that is served, as in production.
          // (wrangler's type of the options loses their known keys: an Omit over an index signature.)
          bindings: {
            ...(configured.bindings as Record<string, Json> | undefined),
            DIRECTUS_URL: options.directusUrl,
            SITE_URL: url,
            ...options.vars,
          },
          cacheAPI: false,
        },
      ],
    }),
  );
  try {
    await miniflare.ready;
    return {
      url,
      inspectorUrl: options.inspector ? await miniflare.getInspectorURL() : undefined,
      logTail: () => log.trim(),
      stop: () => miniflare.dispose(),
    };
  } catch (error) {
    await miniflare.dispose().catch(() => {});
    throw error;
  }
}
