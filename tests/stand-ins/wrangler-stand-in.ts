/**
 * A stand-in for wrangler and, behind it, Cloudflare's versions and
 * deployments API, for the deploy scripts' tests (there is no Cloudflare
 * account here). It runs as the `wrangler` on PATH (see `installWranglerStandIn`),
 * answers the commands scripts/operations/deploy/wrangler-cli.ts uses the way wrangler
 * 4 does (the same flags, `--json` answers in the API's field names, the
 * version-upload entry in WRANGLER_OUTPUT_FILE_PATH), keeps the Worker's
 * versions and deployments in a JSON state file, and records every call.
 * Tests steer it through that file: a command that fails, an upload that
 * Cloudflare refuses.
 *
 *   node tests/stand-ins/wrangler-stand-in.ts <wrangler arguments>   (WRANGLER_STAND_IN_STATE=<file>)
 */
import { randomUUID } from "node:crypto";
import { appendFileSync, chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** A deployment as Cloudflare's API answers it. */
export interface StandInDeployment {
  id: string;
  created_on: string;
  versions: { version_id: string; percentage: number }[];
}

/** Everything the stand-in knows; tests write it before and read it after. */
export interface StandInState {
  /** The production Worker's name: commands naming another Worker fail. */
  worker: string;
  versions: string[];
  /** Oldest first. */
  deployments: StandInDeployment[];
  /** Every call's arguments, in order. */
  calls: string[][];
  /** Calls (counted from 1) that fail with "stand-in: API error" and change nothing. */
  failCalls?: number[];
  /** Calls (counted from 1) that end without error and change nothing, as a refused confirmation does. */
  noopCalls?: number[];
  /** What `versions upload` prints when Cloudflare refuses the upload (exit 1). */
  uploadRefusal?: string;
}

/** A state with one version deployed at 100 % (or none, for a Worker never deployed). */
export function standInState(worker: string, deployed: string | null): StandInState {
  return {
    worker,
    versions: deployed ? [deployed] : [],
    deployments: deployed
      ? [
          {
            id: randomUUID(),
            created_on: new Date(0).toISOString(),
            versions: [{ version_id: deployed, percentage: 100 }],
          },
        ]
      : [],
    calls: [],
  };
}

/** Writes a `wrangler` into `binDir` that runs this stand-in on `stateFile` (for the front of PATH). */
export function installWranglerStandIn(binDir: string, stateFile: string): void {
  mkdirSync(binDir, { recursive: true });
  const script = resolve(import.meta.dirname, "wrangler-stand-in.ts");
  const shim = join(binDir, "wrangler");
  writeFileSync(
    shim,
    `#!/bin/sh\nWRANGLER_STAND_IN_STATE='${stateFile}' exec '${process.execPath}' '${script}' "$@"\n`,
  );
  chmodSync(shim, 0o755);
}

export function readStandInState(stateFile: string): StandInState {
  return JSON.parse(readFileSync(stateFile, "utf8"));
}

export function writeStandInState(stateFile: string, state: StandInState): void {
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
}

/** The deployment serving now. */
export function liveDeployment(state: StandInState): StandInDeployment | undefined {
  return state.deployments.at(-1);
}

function fail(message: string): never {
  process.stderr.write(`✘ [ERROR] ${message}\n`);
  process.exit(1);
}

/** The value of `--flag value` in `args`. */
function flag(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

/** The Worker named by `--name`, which must be the production one. */
function namedWorker(state: StandInState, args: string[]): string {
  const name = flag(args, "--name");
  if (name !== state.worker) fail(`This Worker does not exist on your account. [code: 10007] (asked for ${name})`);
  return name;
}

/** `versions upload --env production`: the Worker's name from the build that .wrangler/deploy/config.json points to, as wrangler reads it. */
function versionsUpload(state: StandInState, args: string[]): void {
  if (flag(args, "--env") !== "production") fail("the stand-in uploads only with --env production");
  const redirect = ".wrangler/deploy/config.json";
  if (!existsSync(redirect)) fail("no build to upload: .wrangler/deploy/config.json is missing");
  const configPath = resolve(dirname(redirect), JSON.parse(readFileSync(redirect, "utf8")).configPath);
  const config = JSON.parse(readFileSync(configPath, "utf8")) as { name: string; targetEnvironment?: string };
  if (config.targetEnvironment !== "production") fail(`the build is of "${config.targetEnvironment}", not production`);
  if (state.uploadRefusal) fail(state.uploadRefusal);
  const dryRun = args.includes("--dry-run");
  const versionId = dryRun ? null : randomUUID();
  if (versionId) state.versions.push(versionId);
  const outputFile = process.env.WRANGLER_OUTPUT_FILE_PATH;
  if (outputFile) {
    appendFileSync(outputFile, `${JSON.stringify({ type: "wrangler-session", version: 1 })}\n`);
    appendFileSync(
      outputFile,
      `${JSON.stringify({ type: "version-upload", version: 1, worker_name: config.name, version_id: versionId })}\n`,
    );
  }
  process.stdout.write(`Uploaded ${config.name}\nWorker Version ID: ${versionId}\n`);
}

/** `versions deploy <id>@<n>% … --name <worker> --yes`. */
function versionsDeploy(state: StandInState, args: string[]): void {
  namedWorker(state, args);
  if (!args.includes("--yes") && !args.includes("-y")) fail("the stand-in has no terminal to confirm on: pass --yes");
  const specs = args.slice(2).filter((arg) => /^[^-].*@/.test(arg));
  const versions = specs.map((spec) => {
    const [id = "", share = ""] = spec.split("@");
    const percentage = Number(share.replace(/%$/, ""));
    if (!state.versions.includes(id)) fail(`Worker Version ${id} does not exist`);
    return { version_id: id, percentage };
  });
  const total = versions.reduce((sum, v) => sum + v.percentage, 0);
  if (versions.length === 0 || versions.length > 2 || total !== 100) fail(`cannot deploy ${specs.join(" ")}`);
  state.deployments.push({ id: randomUUID(), created_on: new Date().toISOString(), versions });
  process.stdout.write(`Deployed ${state.worker} ${specs.join(" and ")}\n`);
}

const stateFile = process.env.WRANGLER_STAND_IN_STATE;
if (import.meta.main) {
  if (!stateFile) fail("WRANGLER_STAND_IN_STATE is not set");
  const state = readStandInState(stateFile);
  const args = process.argv.slice(2);
  state.calls.push(args);
  writeStandInState(stateFile, state);
  if (state.failCalls?.includes(state.calls.length)) fail("stand-in: API error (a failure the test asked for)");
  if (state.noopCalls?.includes(state.calls.length)) process.exit(0);
  const command = args.slice(0, 2).join(" ");
  if (command === "versions upload") versionsUpload(state, args);
  else if (command === "versions deploy") versionsDeploy(state, args);
  else if (command === "deployments status") {
    const worker = namedWorker(state, args);
    const live = liveDeployment(state);
    if (!live) fail(`The Worker ${worker} has no deployments.`);
    process.stdout.write(`${JSON.stringify(live, null, 2)}\n`);
  } else if (command === "deployments list") {
    namedWorker(state, args);
    process.stdout.write(`${JSON.stringify(state.deployments, null, 2)}\n`);
  } else fail(`the stand-in does not know "wrangler ${args.join(" ")}"`);
  writeStandInState(stateFile, state);
}
