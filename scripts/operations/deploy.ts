/**
 * The production deploy in steps, for the pipeline (.github/workflows/deploy.yml)
 * and for a person at a terminal. Needs CLOUDFLARE_API_TOKEN and
 * CLOUDFLARE_ACCOUNT_ID (or `wrangler login`), and SITE_URL, the site's origin,
 * for the checks. docs/operations.md, "Deploys", says when to use which.
 *
 *   npm run deploy:upload [-- --message <text>]
 *       builds the production environment into .cache/deploy/build and uploads
 *       it as a new version that serves no traffic yet; prints (and hands the
 *       pipeline, through GITHUB_OUTPUT) `previous`, the version serving now,
 *       and `version`, the new one. `--dry-run` uploads nothing.
 *   npm run deploy:rollout -- --previous <id> --version <id> [--soak <s>] [--settle <s>]
 *       the new version at 10 %, checks, again after --soak (120 s), then 100 %
 *       and checks; any failure puts `previous` back at 100 % and exits 1.
 *       Checks that fail are asked again for --settle (60 s) after each
 *       traffic change before they count: it takes a few seconds to reach
 *       every location.
 *   npm run deploy:rollback [-- --version <id>]
 *       that version (or else the one that served all traffic before the
 *       current deployment) at 100 %, then the checks
 *   npm run deploy:check [-- --version <id>]
 *       the checks alone, aimed at that version (or the one serving all traffic)
 */
import { appendFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { buildInto, keepingDeployRedirect } from "../local-stack/build-folder.ts";
import { checkUntilPassing, DEFAULT_TIMING, rollBack, rollbackTarget, rollout } from "./deploy/rollout.ts";
import { parseSiteOrigin } from "./deploy/smoke-check.ts";
import { currentDeployment, isVersionId, listDeployments, soleVersion, uploadVersion } from "./deploy/wrangler-cli.ts";

/** Where the uploaded production build goes: build/ stays what the tests ran. */
const UPLOAD_BUILD = ".cache/deploy/build";

const log = (line: string) => console.log(`deploy: ${line}`);

/** The production Worker's name, as wrangler reads [env.production] of wrangler.toml. */
async function productionWorker(): Promise<string> {
  const { unstable_readConfig } = await import("wrangler");
  const name = unstable_readConfig({ config: "wrangler.toml", env: "production" }).name;
  if (!name) throw new Error("deploy: [env.production] in wrangler.toml names no Worker");
  return name;
}

/** Hands `values` to later steps of a GitHub Actions job (and prints them for a person). */
function output(values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) {
    console.log(`${name}=${value}`);
    if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `${name}=${value}\n`);
  }
}

/** A version id given with `flag`, checked. */
function versionArgument(value: string | undefined, flag: string): string {
  if (!isVersionId(value)) throw new Error(`deploy: ${flag} needs a version id (a UUID), got "${value ?? ""}"`);
  return value;
}

const { positionals, values: args } = parseArgs({
  allowPositionals: true,
  options: {
    message: { type: "string" },
    "dry-run": { type: "boolean", default: false },
    previous: { type: "string" },
    version: { type: "string" },
    soak: { type: "string" },
    settle: { type: "string" },
    site: { type: "string" },
  },
});
const command = positionals[0];

async function upload(): Promise<void> {
  const worker = await productionWorker();
  let previous = "";
  if (!args["dry-run"]) {
    const now = currentDeployment(worker);
    if (!now) {
      throw new Error(
        `deploy: ${worker} has never been deployed; its first deploy creates the catalog coordinator's ` +
          'Durable Object class and must go to all traffic at once: "all-at-once" in the pipeline, or `npm run deploy`',
      );
    }
    const serving = soleVersion(now);
    if (!serving) {
      throw new Error(
        `deploy: ${worker} is split between versions (${JSON.stringify(now.versions)}); ` +
          "a rollout was interrupted: roll back (npm run deploy:rollback) or finish it first",
      );
    }
    previous = serving;
  }
  const uploaded = keepingDeployRedirect(() => {
    // The Cloudflare plugin writes the flattened [env.production] into the
    // build's wrangler.json, and .wrangler/deploy/config.json points there.
    buildInto(UPLOAD_BUILD, { CLOUDFLARE_ENV: "production" });
    return uploadVersion({ message: args.message, dryRun: args["dry-run"] });
  });
  if (uploaded.workerName !== worker) {
    throw new Error(`deploy: uploaded to ${uploaded.workerName}, but production is ${worker}`);
  }
  if (uploaded.versionId === null) {
    log(`dry run: the production build of ${worker} would upload; nothing was sent`);
    return;
  }
  log(`uploaded ${uploaded.versionId} of ${worker}; ${previous} serves all traffic`);
  output({ worker, previous, version: uploaded.versionId });
}

/** Seconds given with `--<name>` (or `fallbackMs`), in milliseconds. */
function secondsArgument(name: "soak" | "settle", fallbackMs: number): number {
  const value = args[name];
  const seconds = value === undefined ? fallbackMs / 1000 : Number(value);
  if (!(Number.isInteger(seconds) && seconds >= 0 && seconds <= 3600)) {
    throw new Error(`deploy: --${name} takes whole seconds up to 3600, got "${value}"`);
  }
  return seconds * 1000;
}

async function rolloutCommand(): Promise<void> {
  const result = await rollout({
    ...DEFAULT_TIMING,
    soakMs: secondsArgument("soak", DEFAULT_TIMING.soakMs),
    settleMs: secondsArgument("settle", DEFAULT_TIMING.settleMs),
    worker: await productionWorker(),
    site: parseSiteOrigin(args.site ?? process.env.SITE_URL),
    previous: versionArgument(args.previous, "--previous"),
    version: versionArgument(args.version, "--version"),
    log,
  });
  if (result.outcome === "rolled-back") {
    output({ "rolled-back": "true" });
    throw new Error(`deploy: the checks failed at ${result.stage}; the previous version serves all traffic again`);
  }
  log("the new version serves all traffic");
}

async function rollbackCommand(): Promise<void> {
  const worker = await productionWorker();
  const site = parseSiteOrigin(args.site ?? process.env.SITE_URL);
  const version = args.version ? versionArgument(args.version, "--version") : rollbackTarget(listDeployments(worker));
  if (!version) throw new Error("deploy: no earlier deployment served one version at 100 %; name it with --version");
  await rollBack({ ...DEFAULT_TIMING, worker, site, log }, version, "asked for");
}

async function checkCommand(): Promise<void> {
  const worker = await productionWorker();
  const site = parseSiteOrigin(args.site ?? process.env.SITE_URL);
  let version = args.version ? versionArgument(args.version, "--version") : null;
  if (!version) {
    const now = currentDeployment(worker);
    version = now ? soleVersion(now) : null;
    if (!version) throw new Error(`deploy: ${worker} serves no single version; name one with --version`);
  }
  const { ok } = await checkUntilPassing({ site, worker, version }, DEFAULT_TIMING, log);
  if (!ok) throw new Error(`deploy: the checks of ${version} failed`);
}

const COMMANDS: Record<string, () => Promise<void>> = {
  upload,
  rollout: rolloutCommand,
  rollback: rollbackCommand,
  check: checkCommand,
};

const run = command === undefined ? undefined : COMMANDS[command];
if (!run) {
  console.error(`deploy: say what to do: ${Object.keys(COMMANDS).join(", ")}`);
  process.exit(2);
}
try {
  await run();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
