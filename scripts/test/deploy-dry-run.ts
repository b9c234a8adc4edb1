/**
 * The deploy without Cloudflare: builds the production environment into a
 * folder of its own, runs `wrangler deploy --dry-run --env production` on it
 * and measures what a deploy would upload, and runs the pipeline's upload
 * (`wrangler versions upload --env production`, scripts/operations/deploy.ts) as a dry
 * run on the same build. `npm test` runs it as a stage and
 * fails when the Worker outgrows the plan; `npm run bench` reports the same
 * figures. Needs no Cloudflare account and no network: nothing is uploaded and
 * the Worker is not started (so the production placeholders in wrangler.toml,
 * which the Worker refuses at start-up, do not stop it).
 *
 *   node scripts/test/deploy-dry-run.ts   prints one line, exits 1 over the limit
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { buildInto, keepingDeployRedirect } from "../local-stack/build-folder.ts";
import { uploadVersion } from "../operations/deploy/wrangler-cli.ts";

/**
 * The most a Worker may be, gzip-compressed, on the plan we target: 3 MiB on
 * Workers Free (Paid allows 10 MiB). Cloudflare counts the compressed total of
 * the uploaded modules; source maps are uploaded beside them and do not count.
 */
export const WORKER_SIZE_LIMIT = { plan: "Workers Free", gzipBytes: 3 * 1024 * 1024 };

const DRY_RUN_DIR = ".cache/deploy-dry-run";
/** Where the production build goes: not build/, which the Worker and browser tests run. */
const BUILD_DIR = `${DRY_RUN_DIR}/build`;
/** What `wrangler deploy --outdir` writes: exactly the modules it would upload. */
const BUNDLE_DIR = `${DRY_RUN_DIR}/bundle`;

/** The modules a Worker upload consists of: ES modules, CommonJS, WebAssembly, text and data. */
const MODULE_FILE = /\.(js|mjs|cjs|wasm|txt|bin)$/;

/** A Worker bundle's size as Cloudflare counts it. */
interface WorkerBundleSize {
  files: number;
  /** Bytes of all modules together. */
  raw: number;
  /** Bytes of all modules together, gzip-compressed as one stream (what wrangler reports as "gzip"). */
  gzip: number;
}

/** The size of the Worker modules in `dir` (and its subfolders), counted as wrangler and Cloudflare do. */
export function measureWorkerBundle(dir: string): WorkerBundleSize {
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => MODULE_FILE.test(name))
    .sort()
    .map((name) => readFileSync(join(dir, name)));
  if (files.length === 0) throw new Error(`deploy-dry-run: no Worker modules in ${dir}`);
  const all = Buffer.concat(files);
  return { files: files.length, raw: all.length, gzip: gzipSync(all).length };
}

/** Bytes as KiB, the unit of wrangler and of the limits. */
export function kib(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

/** Runs a command with its output kept; throws with that output when it fails. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(command, args, { env: { ...process.env, ...env }, encoding: "utf8" });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim();
    throw new Error(`deploy-dry-run: ${command} ${args.join(" ")} failed:\n${output || result.error?.message}`);
  }
}

/**
 * The source maps of the built Worker, checked: the entry module must point to
 * one (or Workers Logs show minified stack traces), every map a module points
 * to must exist (or `wrangler deploy` stops), and none may be among the public
 * assets. Returns how many maps a deploy uploads.
 */
export function checkSourceMaps(buildDir: string): number {
  const server = join(buildDir, "server");
  const modules = readdirSync(server, { recursive: true, encoding: "utf8" }).filter((name) => MODULE_FILE.test(name));
  let maps = 0;
  for (const name of modules) {
    const reference = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(readFileSync(join(server, name), "utf8"))?.[1];
    if (!reference) {
      if (name === "index.js") throw new Error(`deploy-dry-run: the Worker entry ${server}/index.js has no source map`);
      continue;
    }
    if (!existsSync(join(server, dirname(name), reference))) {
      throw new Error(`deploy-dry-run: ${server}/${name} points to a missing source map ${reference}`);
    }
    maps += 1;
  }
  const publicMaps = readdirSync(join(buildDir, "client"), { recursive: true, encoding: "utf8" }).filter((name) =>
    name.endsWith(".map"),
  );
  if (publicMaps.length > 0) {
    throw new Error(`deploy-dry-run: source maps among the public assets: ${publicMaps.join(", ")}`);
  }
  return maps;
}

/** What a production deploy would upload: the Worker's size and how many source maps go with it. */
interface DryRunResult {
  size: WorkerBundleSize;
  sourceMaps: number;
  /** The Worker the pipeline's version upload names. */
  uploadWorker: string;
}

/** Builds the production environment and runs a deploy dry run on it; returns the size of what would be uploaded. */
export function deployDryRun(): DryRunResult {
  rmSync(DRY_RUN_DIR, { recursive: true, force: true });
  // `wrangler deploy` without --config follows the build's redirect to this
  // build; afterwards it points where it pointed before.
  const uploadWorker = keepingDeployRedirect(() => {
    // The Cloudflare plugin reads CLOUDFLARE_ENV when the build starts and
    // writes the flattened [env.production] into the build's wrangler.json.
    buildInto(BUILD_DIR, { CLOUDFLARE_ENV: "production" });
    run("wrangler", ["deploy", "--dry-run", "--env", "production", "--outdir", BUNDLE_DIR], {
      // No usage metrics, no request for the cf object: nothing leaves the machine.
      WRANGLER_SEND_METRICS: "false",
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
    });
    return uploadVersion({ dryRun: true }).workerName;
  });
  return { size: measureWorkerBundle(BUNDLE_DIR), sourceMaps: checkSourceMaps(BUILD_DIR), uploadWorker };
}

/** The share of the plan's limit (or another gzip limit) a bundle uses, in percent. */
export function shareOfLimit(size: WorkerBundleSize, limitGzip = WORKER_SIZE_LIMIT.gzipBytes): number {
  return (size.gzip / limitGzip) * 100;
}

if (import.meta.main) {
  const { size, sourceMaps, uploadWorker } = deployDryRun();
  const within = size.gzip <= WORKER_SIZE_LIMIT.gzipBytes;
  console.log(
    `deploy dry run: ${kib(size.raw)} KiB raw, ${kib(size.gzip)} KiB gzip of ${kib(WORKER_SIZE_LIMIT.gzipBytes)} KiB allowed ` +
      `(${WORKER_SIZE_LIMIT.plan}, ${shareOfLimit(size).toFixed(1)} %; ${size.files} modules, ${sourceMaps} source maps)` +
      (within ? "" : ": too large"),
  );
  console.log(
    `deploy dry run: wrangler versions upload of ${uploadWorker} (the pipeline's first step) passes wrangler's checks`,
  );
  if (!within) process.exit(1);
}
