/**
 * The few wrangler commands a deploy needs, run as child processes with their
 * answers parsed and checked. Wrangler is the only thing here that talks to
 * Cloudflare (with CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID from the
 * environment); the `wrangler` found first on PATH runs, which is the
 * project's own under npm scripts and a stand-in in the tests.
 *
 * Nothing is read from wrangler's human-readable output: a version upload is
 * read from the file wrangler appends its results to
 * (WRANGLER_OUTPUT_FILE_PATH), deployments from `--json`, and every change of
 * traffic is read back from Cloudflare before it counts as done.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A Worker version id as Cloudflare makes them (wrangler refuses anything else). */
const VERSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Cloudflare's API error when a version upload changes a Durable Object class's lifecycle. */
const DURABLE_OBJECT_LIFECYCLE_CODE = "10211";

/** One version's share of the traffic in a deployment. */
export interface VersionTraffic {
  versionId: string;
  percentage: number;
}

/** A deployment: which versions serve the Worker's traffic, and how much each. */
export interface Deployment {
  id: string;
  createdOn: string;
  versions: VersionTraffic[];
}

/** Whether `value` is a Worker version id. */
export function isVersionId(value: unknown): value is string {
  return typeof value === "string" && VERSION_ID.test(value);
}

/** Runs wrangler with `args`; answers its stdout, or throws with all it printed. */
function wrangler(args: string[], env: NodeJS.ProcessEnv = {}): string {
  const result = spawnSync("wrangler", args, {
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", ...env },
    // Wrangler asks nothing of a process without a terminal, but a prompt must never wait for an answer.
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim();
    const error = new Error(
      `deploy: wrangler ${args.join(" ")} failed (exit ${result.status ?? result.signal}):\n${output || result.error?.message}`,
    );
    Object.assign(error, { output });
    throw error;
  }
  return result.stdout;
}

/** Parses wrangler's `--json` answer; throws naming the command when it is not JSON. */
function parseJson(text: string, command: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`deploy: wrangler ${command} --json did not answer JSON:\n${text.slice(0, 2000)}`);
  }
}

/** A deployment as Cloudflare's API describes it, checked field by field. */
export function parseDeployment(value: unknown): Deployment {
  const record = value as { id?: unknown; created_on?: unknown; versions?: unknown } | null;
  if (
    typeof record !== "object" ||
    record === null ||
    typeof record.id !== "string" ||
    !Array.isArray(record.versions)
  ) {
    throw new Error(`deploy: not a deployment: ${JSON.stringify(value)?.slice(0, 500)}`);
  }
  const versions = record.versions.map((entry: { version_id?: unknown; percentage?: unknown } | null) => {
    const versionId = entry?.version_id;
    const percentage = entry?.percentage;
    if (!isVersionId(versionId) || typeof percentage !== "number" || !(percentage >= 0 && percentage <= 100)) {
      throw new Error(`deploy: a deployment's version is malformed: ${JSON.stringify(entry)}`);
    }
    return { versionId, percentage };
  });
  const total = versions.reduce((sum, { percentage }) => sum + percentage, 0);
  if (versions.length === 0 || Math.abs(total - 100) > 0.001) {
    throw new Error(`deploy: deployment ${record.id} does not split 100 % of the traffic: ${JSON.stringify(versions)}`);
  }
  return { id: record.id, createdOn: typeof record.created_on === "string" ? record.created_on : "", versions };
}

/** The deployment serving the Worker now (`wrangler deployments status`); null for a Worker never deployed. */
export function currentDeployment(worker: string): Deployment | null {
  let text: string;
  try {
    text = wrangler(["deployments", "status", "--name", worker, "--json"]);
  } catch (error) {
    // "has no deployments", or Cloudflare's "script not found" (10007) for a Worker never uploaded.
    if (/has no deployments|\b10007\b/.test((error as { output?: string }).output ?? "")) return null;
    throw error;
  }
  return parseDeployment(parseJson(text, "deployments status"));
}

/** The Worker's recent deployments, newest first (`wrangler deployments list`). */
export function listDeployments(worker: string): Deployment[] {
  const answer = parseJson(wrangler(["deployments", "list", "--name", worker, "--json"]), "deployments list");
  if (!Array.isArray(answer)) throw new Error(`deploy: wrangler deployments list --json answered no list`);
  return answer.map(parseDeployment).sort((a, b) => b.createdOn.localeCompare(a.createdOn));
}

/** The one version a deployment sends all traffic to, or null when it splits the traffic. */
export function soleVersion(deployment: Deployment): string | null {
  const [only, ...others] = deployment.versions;
  return only && others.length === 0 && only.percentage === 100 ? only.versionId : null;
}

/** Whether a deployment sends exactly `traffic` (in any order). */
export function sendsTraffic(deployment: Deployment, traffic: VersionTraffic[]): boolean {
  const wanted = traffic.filter(({ percentage }) => percentage > 0);
  return (
    deployment.versions.filter(({ percentage }) => percentage > 0).length === wanted.length &&
    wanted.every(({ versionId, percentage }) =>
      deployment.versions.some((version) => version.versionId === versionId && version.percentage === percentage),
    )
  );
}

/**
 * Deploys `traffic` (one version at 100 %, or two that add up to 100) with
 * `wrangler versions deploy`, then reads the deployment back: wrangler can
 * end without error and without a change (a refused confirmation), so only
 * Cloudflare's own answer counts.
 */
export function deployTraffic(worker: string, traffic: VersionTraffic[], message: string): Deployment {
  const specs = traffic.filter(({ percentage }) => percentage > 0).map((t) => `${t.versionId}@${t.percentage}%`);
  wrangler(["versions", "deploy", ...specs, "--name", worker, "--message", message, "--yes"]);
  const now = currentDeployment(worker);
  if (!now || !sendsTraffic(now, traffic)) {
    throw new Error(
      `deploy: asked for ${specs.join(" ")}, but Cloudflare serves ${JSON.stringify(now?.versions ?? "nothing")}`,
    );
  }
  return now;
}

/** What a version upload answered. */
export interface UploadedVersion {
  /** The new version's id; null on a dry run, which uploads nothing. */
  versionId: string | null;
  workerName: string;
}

/**
 * Uploads the production build that `.wrangler/deploy/config.json` points to
 * as a new version (`wrangler versions upload --env production`), without
 * sending it any traffic. A Durable Object class created, renamed or deleted
 * cannot go up as a version (Cloudflare's error 10211): that deploy has to
 * be all at once (`npm run deploy`, docs/operations.md).
 */
export function uploadVersion(options: { message?: string; tag?: string; dryRun?: boolean } = {}): UploadedVersion {
  const outputDir = mkdtempSync(join(tmpdir(), "wrangler-output-"));
  const outputFile = join(outputDir, "output.ndjson");
  try {
    const args = ["versions", "upload", "--env", "production"];
    if (options.message) args.push("--message", options.message);
    if (options.tag) args.push("--tag", options.tag);
    if (options.dryRun) args.push("--dry-run");
    try {
      wrangler(args, { WRANGLER_OUTPUT_FILE_PATH: outputFile });
    } catch (error) {
      if (((error as { output?: string }).output ?? "").includes(DURABLE_OBJECT_LIFECYCLE_CODE)) {
        throw new Error(
          `${(error as Error).message}\n\ndeploy: this version creates, renames or deletes a Durable Object class, ` +
            "which Cloudflare accepts only from a deploy to all traffic at once: run the pipeline with " +
            '"all-at-once" (or `npm run deploy`), see docs/operations.md, "Deploys".',
        );
      }
      throw error;
    }
    return parseUploadOutput(readFileSync(outputFile, "utf8"), Boolean(options.dryRun));
  } finally {
    rmSync(outputDir, { recursive: true, force: true });
  }
}

/** The `version-upload` entry of wrangler's output file (one JSON object per line). */
export function parseUploadOutput(ndjson: string, dryRun: boolean): UploadedVersion {
  const entries = ndjson
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map(
      (line) => parseJson(line, "versions upload") as { type?: unknown; version_id?: unknown; worker_name?: unknown },
    );
  const upload = entries.find((entry) => entry.type === "version-upload");
  if (!upload) throw new Error("deploy: wrangler versions upload wrote no version-upload entry");
  if (typeof upload.worker_name !== "string" || upload.worker_name === "") {
    throw new Error(`deploy: the upload names no Worker: ${JSON.stringify(upload)}`);
  }
  if (dryRun) return { versionId: null, workerName: upload.worker_name };
  if (!isVersionId(upload.version_id)) {
    throw new Error(`deploy: the upload answered no version id: ${JSON.stringify(upload)}`);
  }
  return { versionId: upload.version_id, workerName: upload.worker_name };
}
