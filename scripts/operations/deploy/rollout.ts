/**
 * A gradual rollout and its way back. The new version first gets a small
 * share of the traffic (10 %), the checks (smoke-check.ts) are aimed at it
 * with the version-override header, and only when they pass, and pass again
 * after a while at that share, does it get all the traffic and the checks
 * once more. Any failed check, or a wrangler command that fails on the way,
 * puts the previous version back at 100 %.
 *
 * A traffic change takes a few seconds to reach every location, and until it
 * has, Cloudflare ignores the override there; so checks that fail right after
 * a change are repeated for a while (`settleMs`) before they count.
 */
import { type CheckResult, type CheckTarget, describeResults, smokeCheck } from "./smoke-check.ts";
import { currentDeployment, type Deployment, deployTraffic, soleVersion } from "./wrangler-cli.ts";

/** How long to wait for checks, and how long to stay at the first share. */
export interface CheckTiming {
  /** How long checks may keep failing after a traffic change before they count as failed. */
  settleMs: number;
  /** The pause between two rounds of checks. */
  intervalMs: number;
  /** A request's time limit. */
  requestTimeoutMs: number;
}

export interface RolloutPlan extends CheckTiming {
  worker: string;
  site: string;
  /** The version serving all traffic now: the way back. */
  previous: string;
  /** The version to roll out (uploaded, serving nothing yet). */
  version: string;
  /** The new version's share before it gets all traffic, in percent. */
  firstShare: number;
  /** How long the new version keeps that share before the checks run again. */
  soakMs: number;
  log: (line: string) => void;
}

/** The usual timing on Cloudflare; the tests use shorter ones. */
export const DEFAULT_TIMING = {
  settleMs: 60_000,
  intervalMs: 10_000,
  requestTimeoutMs: 10_000,
  firstShare: 10,
  soakMs: 120_000,
} as const;

export type RolloutOutcome =
  | { outcome: "deployed" }
  /** The checks failed at `stage`; the previous version serves all traffic again. */
  | { outcome: "rolled-back"; stage: string; failures: CheckResult[] };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the checks against `target` until a round passes or `settleMs` is
 * over (at least one round); answers the last round's results.
 */
export async function checkUntilPassing(
  target: CheckTarget,
  timing: CheckTiming,
  log: (line: string) => void,
): Promise<{ ok: boolean; results: CheckResult[] }> {
  const deadline = Date.now() + timing.settleMs;
  for (let round = 1; ; round++) {
    const results = await smokeCheck(target, { timeoutMs: timing.requestTimeoutMs });
    const ok = results.every((result) => result.ok);
    if (ok || Date.now() + timing.intervalMs > deadline) {
      log(`checks, round ${round}: ${ok ? "all passed" : "failed"}\n${describeResults(results)}`);
      return { ok, results };
    }
    log(`checks, round ${round}: ${results.filter((r) => !r.ok).length} failed; asking again`);
    await sleep(timing.intervalMs);
  }
}

/**
 * Puts `version` back at 100 % and checks it (the outcome is logged, not
 * judged: it is the way back, and nothing better is at hand).
 */
export async function rollBack(
  plan: Pick<RolloutPlan, "worker" | "site" | "log"> & CheckTiming,
  version: string,
  reason: string,
): Promise<void> {
  plan.log(`rolling back to ${version} at 100 % (${reason})`);
  deployTraffic(plan.worker, [{ versionId: version, percentage: 100 }], `rollback: ${reason}`.slice(0, 100));
  const { ok } = await checkUntilPassing({ site: plan.site, worker: plan.worker, version }, plan, plan.log);
  plan.log(ok ? `${version} serves all traffic again` : `${version} serves all traffic again, but fails checks too`);
}

/**
 * Rolls `plan.version` out over `plan.previous`. Refuses, changing nothing,
 * unless `plan.previous` alone serves the Worker now (a split left by an
 * interrupted rollout, or a deploy since the upload, needs a person).
 */
export async function rollout(plan: RolloutPlan): Promise<RolloutOutcome> {
  const { worker, previous, version, log } = plan;
  if (previous === version) throw new Error("deploy: the new version is the one deployed already");
  const now = currentDeployment(worker);
  const serving = now ? soleVersion(now) : null;
  if (serving !== previous) {
    throw new Error(
      `deploy: expected ${previous} alone at 100 %, but the Worker serves ${JSON.stringify(now?.versions ?? "nothing")}; ` +
        "nothing was changed (finish or roll back the other deploy first)",
    );
  }
  const target: CheckTarget = { site: plan.site, worker, version };
  const share = plan.firstShare;
  let stage = `${share} %`;
  try {
    log(`${version} at ${share} %, ${previous} at ${100 - share} %`);
    deployTraffic(
      worker,
      [
        { versionId: previous, percentage: 100 - share },
        { versionId: version, percentage: share },
      ],
      `rollout: ${share} %`,
    );
    let checks = await checkUntilPassing(target, plan, log);
    if (checks.ok) {
      stage = `${share} % after ${Math.round(plan.soakMs / 1000)} s`;
      log(`keeping ${share} % for ${Math.round(plan.soakMs / 1000)} s`);
      await sleep(plan.soakMs);
      checks = await checkUntilPassing(target, plan, log);
    }
    if (checks.ok) {
      stage = "100 %";
      log(`${version} at 100 %`);
      deployTraffic(worker, [{ versionId: version, percentage: 100 }], "rollout: 100 %");
      checks = await checkUntilPassing(target, plan, log);
    }
    if (checks.ok) return { outcome: "deployed" };
    const failures = checks.results.filter((result) => !result.ok);
    await rollBack(plan, previous, `checks failed at ${stage}`);
    return { outcome: "rolled-back", stage, failures };
  } catch (error) {
    // A wrangler command failed on the way: whatever Cloudflare serves now, the previous version is the known good one.
    try {
      await rollBack(plan, previous, `failed at ${stage}`);
    } catch (rollbackError) {
      throw new Error(
        `${(error as Error).message}\n\ndeploy: THE ROLLBACK FAILED TOO, the Worker may still serve ${version}: ` +
          `${(rollbackError as Error).message}\nRun: npm run deploy:rollback -- --version ${previous}`,
      );
    }
    throw error;
  }
}

/**
 * Where a rollback goes when no version is named: the newest deployment
 * before the current one that sent all traffic to one version, other than the
 * version the current one sends all traffic to. From a split (an interrupted
 * rollout) that is the version that served alone before it. (`wrangler
 * rollback` alone takes the previous deployment's version even when it is
 * the one serving now, after a 10 %-then-100 % rollout for instance.)
 */
export function rollbackTarget(deployments: Deployment[]): string | null {
  const [current, ...earlier] = [...deployments].sort((a, b) => b.createdOn.localeCompare(a.createdOn));
  if (!current) return null;
  const serving = soleVersion(current);
  for (const deployment of earlier) {
    const version = soleVersion(deployment);
    if (version && version !== serving) return version;
  }
  return null;
}
