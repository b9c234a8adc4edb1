/**
 * The rollout's decisions, with a stand-in for wrangler and Cloudflare's
 * deployments API on PATH (tests/stand-ins/wrangler-stand-in.ts) and a
 * stand-in for the site on Cloudflare's edge that answers as whichever
 * version the deployment and the override header pick
 * (tests/stand-ins/edge-stand-in.ts).
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type RolloutPlan, rollbackTarget, rollout } from "../../scripts/operations/deploy/rollout.ts";
import {
  type Deployment,
  parseDeployment,
  parseUploadOutput,
  sendsTraffic,
} from "../../scripts/operations/deploy/wrangler-cli.ts";
import {
  type EdgeStandIn,
  goodSite,
  type Propagation,
  routeByDeployment,
  type SiteAnswers,
  siteWith,
  startEdgeStandIn,
} from "../stand-ins/edge-stand-in.ts";
import {
  installWranglerStandIn,
  liveDeployment,
  readStandInState,
  type StandInState,
  standInState,
  writeStandInState,
} from "../stand-ins/wrangler-stand-in.ts";

/** The production Worker's name in wrangler.toml (the CLI reads it from there). */
const WORKER = "was-koche-ich-jetzt";
const OLD = randomUUID();
const NEW = randomUUID();
const FAST = { settleMs: 400, intervalMs: 50, requestTimeoutMs: 1_000, soakMs: 100, firstShare: 10 };

let dir: string;
let stateFile: string;
let edge: EdgeStandIn | undefined;
let log: string[];
const path = process.env.PATH;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "deploy-rollout-"));
  stateFile = join(dir, "state.json");
  installWranglerStandIn(join(dir, "bin"), stateFile);
  process.env.PATH = `${join(dir, "bin")}:${path}`;
  log = [];
});
afterEach(async () => {
  process.env.PATH = path;
  await edge?.close();
  edge = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** OLD serves all traffic and NEW is uploaded; the edge answers OLD healthy and NEW as `newSite`. */
async function setUp(newSite: SiteAnswers, changes: Partial<StandInState> = {}, propagation: Propagation = 0) {
  writeStandInState(stateFile, { ...standInState(WORKER, OLD), versions: [OLD, NEW], ...changes });
  edge = await startEdgeStandIn(routeByDeployment(stateFile, WORKER, propagation), {
    [OLD]: goodSite,
    [NEW]: newSite,
  });
  return edge;
}

function plan(site: string, timing: Partial<RolloutPlan> = {}): RolloutPlan {
  return { ...FAST, ...timing, worker: WORKER, site, previous: OLD, version: NEW, log: (line) => log.push(line) };
}

/** The traffic of each deployment the stand-in saw, oldest first, as "id@share" lists. */
function history(): string[][] {
  const name = (id: string) => (id === OLD ? "OLD" : id === NEW ? "NEW" : id);
  return readStandInState(stateFile).deployments.map((d) =>
    d.versions.map((v) => `${name(v.version_id)}@${v.percentage}`),
  );
}

/** The wrangler commands called, without their flags. */
function commands(): string[] {
  return readStandInState(stateFile).calls.map((args) => args.slice(0, 2).join(" "));
}

const AT_10 = ["OLD@90", "NEW@10"];

describe("rollout", () => {
  it("goes to 10 %, checks the new version there, keeps it a while, then goes to 100 %", async () => {
    const site = await setUp(goodSite);
    expect(await rollout(plan(site.url))).toEqual({ outcome: "deployed" });
    expect(history()).toEqual([["OLD@100"], AT_10, ["NEW@100"]]);
    expect(commands()).toEqual([
      "deployments status",
      "versions deploy",
      "deployments status",
      "versions deploy",
      "deployments status",
    ]);
    // Three rounds of five checks, each answered by the new version.
    expect(site.requests.filter((r) => r.version === NEW)).toHaveLength(15);
    expect(site.requests.every((r) => r.version === NEW)).toBe(true);
  });

  const FAILURES: { name: string; site: () => SiteAnswers; stage: string; failing: string[] }[] = [
    {
      name: "/healthz answers 503 on the new version",
      site: () => siteWith({ "/healthz": { status: 503 } }),
      stage: "10 %",
      failing: ["health"],
    },
    {
      name: "the new version's pages fail",
      site: () => siteWith({ "/": { status: 500 } }),
      stage: "10 %",
      failing: ["home", "recipe", "search"],
    },
    {
      name: "the new version breaks while it serves 10 %",
      site: () => {
        let requests = 0;
        return (path, search) =>
          ++requests > 5 && path === "/zutatensuche" ? { status: 500 } : goodSite(path, search);
      },
      stage: "10 % after 0 s",
      failing: ["ingredient search"],
    },
    {
      name: "the new version fails once it serves all traffic",
      site: () => (path, search) => {
        const alone = liveDeployment(readStandInState(stateFile))?.versions.length === 1;
        return alone && path === "/healthz" ? { status: 503 } : goodSite(path, search);
      },
      stage: "100 %",
      failing: ["health"],
    },
  ];

  it.each(FAILURES)("$name: back to the old version at 100 % ($stage)", async ({ site, stage, failing }) => {
    const edgeSite = await setUp(site());
    const outcome = await rollout(plan(edgeSite.url));
    expect(outcome).toMatchObject({ outcome: "rolled-back", stage });
    expect(outcome.outcome === "rolled-back" && outcome.failures.map((f) => f.name)).toEqual(failing);
    expect(history().at(-1)).toEqual(["OLD@100"]);
    expect(history()[1]).toEqual(AT_10);
    if (stage !== "100 %") expect(history().flat()).not.toContain("NEW@100");
    // The old version was checked after the rollback.
    expect(edgeSite.requests.at(-1)?.version).toBe(OLD);
  });

  it("asks again while the new deployment has not reached the edge, and goes on once it has", async () => {
    // The first round's five checks reach the old version, however slowly the machine runs.
    const site = await setUp(goodSite, {}, { requests: 5 });
    expect(await rollout(plan(site.url, { settleMs: 2_000 }))).toEqual({ outcome: "deployed" });
    // Before it arrived, the old version answered, and those rounds did not count.
    expect(site.requests.some((r) => r.version === OLD)).toBe(true);
    expect(log.some((line) => /round 1: 5 failed; asking again/.test(line))).toBe(true);
  });

  it("rolls back when the override never reaches the new version within the settling time", async () => {
    const site = await setUp(goodSite, {}, 60_000);
    const outcome = await rollout(plan(site.url));
    expect(outcome).toMatchObject({ outcome: "rolled-back", stage: "10 %" });
    expect(outcome.outcome === "rolled-back" && outcome.failures[0]?.problem).toBe(
      `answered by version ${OLD}, not ${NEW}`,
    );
  });

  it("puts the old version back and fails when wrangler fails on the way to 100 %", async () => {
    // Calls: 1 status, 2 deploy 10 %, 3 status, 4 deploy 100 % (fails), 5 deploy OLD@100, 6 status.
    const site = await setUp(goodSite, { failCalls: [4] });
    await expect(rollout(plan(site.url))).rejects.toThrow(/stand-in: API error/);
    expect(history()).toEqual([["OLD@100"], AT_10, ["OLD@100"]]);
    expect(log).toContain(`rolling back to ${OLD} at 100 % (failed at 100 %)`);
  });

  it("says so, naming the command to run, when the rollback fails too", async () => {
    const site = await setUp(goodSite, { failCalls: [4, 5] });
    const error = await rollout(plan(site.url)).catch((caught: Error) => caught);
    expect(String(error)).toMatch(/THE ROLLBACK FAILED TOO/);
    expect(String(error)).toContain(`npm run deploy:rollback -- --version ${OLD}`);
    expect(history().at(-1)).toEqual(AT_10);
  });

  it("does not take wrangler's word for a deploy: a deploy that changed nothing fails", async () => {
    // Call 2, the deploy to 10 %, ends without error and without a change.
    const site = await setUp(goodSite, { noopCalls: [2] });
    await expect(rollout(plan(site.url))).rejects.toThrow(/asked for .*@90% .*@10%, but Cloudflare serves/);
    expect(history().at(-1)).toEqual(["OLD@100"]);
  });

  it.each([
    [
      "split between two versions",
      [
        { version_id: OLD, percentage: 90 },
        { version_id: NEW, percentage: 10 },
      ],
    ],
    ["serving another version", [{ version_id: NEW, percentage: 100 }]],
  ])("refuses, changing nothing, when the Worker is %s", async (_, versions) => {
    const site = await setUp(goodSite);
    const state = readStandInState(stateFile);
    state.deployments.push({ id: randomUUID(), created_on: new Date().toISOString(), versions });
    writeStandInState(stateFile, state);
    await expect(rollout(plan(site.url))).rejects.toThrow(/nothing was changed/);
    expect(commands()).toEqual(["deployments status"]);
  });
});

describe("rollbackTarget", () => {
  const A = randomUUID();
  const B = randomUUID();
  const C = randomUUID();
  const deployment = (at: number, ...versions: [string, number][]): Deployment => ({
    id: randomUUID(),
    createdOn: new Date(at * 1000).toISOString(),
    versions: versions.map(([versionId, percentage]) => ({ versionId, percentage })),
  });

  it.each([
    ["after a rollout", [deployment(1, [A, 100]), deployment(2, [A, 90], [B, 10]), deployment(3, [B, 100])], A],
    [
      "after a redeploy of the same version",
      [deployment(1, [A, 100]), deployment(2, [B, 100]), deployment(3, [B, 100])],
      A,
    ],
    ["from an interrupted rollout", [deployment(1, [A, 100]), deployment(2, [A, 90], [B, 10])], A],
    ["in any order", [deployment(3, [C, 100]), deployment(1, [A, 100]), deployment(2, [B, 100])], B],
    ["with one deployment only", [deployment(1, [A, 100])], null],
    ["with nothing deployed", [], null],
  ])("%s", (_, deployments, target) => {
    expect(rollbackTarget(deployments)).toBe(target);
  });
});

describe("wrangler's answers", () => {
  const V = randomUUID();
  const W = randomUUID();

  it("reads a deployment in the API's field names", () => {
    expect(
      parseDeployment({
        id: "d1",
        created_on: "2026-11-01T00:00:00Z",
        source: "wrangler",
        versions: [
          { version_id: V, percentage: 90 },
          { version_id: W, percentage: 10 },
        ],
      }),
    ).toEqual({
      id: "d1",
      createdOn: "2026-11-01T00:00:00Z",
      versions: [
        { versionId: V, percentage: 90 },
        { versionId: W, percentage: 10 },
      ],
    });
  });

  it.each([
    ["no object", null],
    ["no versions", { id: "d1", versions: [] }],
    ["a version id that is not one", { id: "d1", versions: [{ version_id: "latest", percentage: 100 }] }],
    ["a share as text", { id: "d1", versions: [{ version_id: V, percentage: "100" }] }],
    ["shares short of 100", { id: "d1", versions: [{ version_id: V, percentage: 90 }] }],
    [
      "shares over 100",
      {
        id: "d1",
        versions: [
          { version_id: V, percentage: 100 },
          { version_id: W, percentage: 10 },
        ],
      },
    ],
  ])("refuses a deployment with %s", (_, value) => {
    expect(() => parseDeployment(value)).toThrow(/deploy:/);
  });

  it("reads the version-upload entry among wrangler's output entries", () => {
    const ndjson = [
      JSON.stringify({ type: "wrangler-session", version: 1 }),
      JSON.stringify({ type: "version-upload", version: 1, worker_name: WORKER, version_id: V }),
      "",
    ].join("\n");
    expect(parseUploadOutput(ndjson, false)).toEqual({ versionId: V, workerName: WORKER });
    const dry = JSON.stringify({ type: "version-upload", worker_name: WORKER, version_id: null });
    expect(parseUploadOutput(dry, true)).toEqual({ versionId: null, workerName: WORKER });
  });

  it.each([
    ["nothing", ""],
    ["no upload entry", JSON.stringify({ type: "wrangler-session" })],
    ["no version id", JSON.stringify({ type: "version-upload", worker_name: WORKER, version_id: null })],
    ["no Worker", JSON.stringify({ type: "version-upload", version_id: V })],
    ["a line that is not JSON", "Uploaded was-koche-ich-jetzt"],
  ])("refuses an upload output with %s", (_, ndjson) => {
    expect(() => parseUploadOutput(ndjson, false)).toThrow(/deploy:/);
  });

  it("compares traffic in any order, leaving out versions at 0 %", () => {
    const split = {
      id: "d",
      createdOn: "",
      versions: [
        { versionId: V, percentage: 90 },
        { versionId: W, percentage: 10 },
      ],
    };
    expect(
      sendsTraffic(split, [
        { versionId: W, percentage: 10 },
        { versionId: V, percentage: 90 },
      ]),
    ).toBe(true);
    expect(sendsTraffic(split, [{ versionId: V, percentage: 100 }])).toBe(false);
    expect(
      sendsTraffic(split, [
        { versionId: V, percentage: 80 },
        { versionId: W, percentage: 20 },
      ]),
    ).toBe(false);
    const alone = { id: "d", createdOn: "", versions: [{ versionId: V, percentage: 100 }] };
    expect(
      sendsTraffic(alone, [
        { versionId: V, percentage: 100 },
        { versionId: W, percentage: 0 },
      ]),
    ).toBe(true);
  });
});

describe("npm run deploy:* (scripts/operations/deploy.ts)", () => {
  /**
   * Runs the CLI as the pipeline does, with the stand-in first on PATH; answers its exit code, output and
   * GITHUB_OUTPUT. Not spawnSync: the edge stand-in answers from this process, which must keep running.
   */
  async function cli(site: string, ...args: string[]) {
    const githubOutput = join(dir, "github-output");
    rmSync(githubOutput, { force: true });
    const child = spawn(process.execPath, ["scripts/operations/deploy.ts", ...args], {
      env: { ...process.env, SITE_URL: site, GITHUB_OUTPUT: githubOutput },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    const [status] = (await once(child, "close")) as [number | null];
    const outputs = existsSync(githubOutput) ? readFileSync(githubOutput, "utf8") : "";
    return { status, output, outputs };
  }

  it("rolls out, then rolls back to the version before without being told which", async () => {
    const site = await setUp(goodSite);
    const rolled = await cli(site.url, "rollout", "--previous", OLD, "--version", NEW, "--soak", "0");
    expect(rolled.output).toContain("the new version serves all traffic");
    expect(rolled.status).toBe(0);
    expect(history().at(-1)).toEqual(["NEW@100"]);

    const back = await cli(site.url, "rollback");
    expect(back.status).toBe(0);
    expect(history().at(-1)).toEqual(["OLD@100"]);
    expect(site.requests.at(-1)?.version).toBe(OLD);
  });

  it("tells the pipeline that it rolled back itself, and exits 1", async () => {
    const site = await setUp(siteWith({ "/healthz": { status: 503 } }));
    const result = await cli(site.url, "rollout", "--previous", OLD, "--version", NEW, "--soak", "0", "--settle", "0");
    expect(result.status).toBe(1);
    expect(result.outputs).toBe("rolled-back=true\n");
    expect(result.output).toMatch(/the checks failed at 10 %/);
    expect(history().at(-1)).toEqual(["OLD@100"]);
  });

  it.each([
    [["rollout", "--previous", "latest", "--version", NEW], /--previous needs a version id/],
    [["rollout", "--previous", OLD, "--version", NEW, "--soak", "1.5"], /--soak takes whole seconds/],
    [["rollout", "--previous", OLD, "--version", NEW, "--settle=-1"], /--settle takes whole seconds/],
    [["rollback", "--version", "x"], /--version needs a version id/],
    [["deploy"], /say what to do: upload, rollout, rollback, check/],
  ])("refuses %j", async (args, message) => {
    const site = await setUp(goodSite);
    const result = await cli(site.url, ...args);
    expect(result.status).not.toBe(0);
    expect(result.output).toMatch(message);
    expect(commands()).toEqual([]);
  });

  it("refuses a SITE_URL that is not an https origin before asking Cloudflare anything", async () => {
    await setUp(goodSite);
    const result = await cli("http://www.example.de", "rollout", "--previous", OLD, "--version", NEW);
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/SITE_URL must use https/);
    expect(commands()).toEqual([]);
  });

  it("uploads the production build and hands the pipeline the previous and the new version", async () => {
    await setUp(goodSite, { versions: [OLD] });
    const result = await cli("https://www.example.de", "upload", "--message", "commit abc");
    expect(result.output).not.toMatch(/failed/);
    expect(result.status).toBe(0);
    const state = readStandInState(stateFile);
    const uploaded = state.versions.at(-1);
    expect(state.versions).toHaveLength(2);
    expect(result.outputs).toBe(`worker=${WORKER}\nprevious=${OLD}\nversion=${uploaded}\n`);
    expect(state.calls.at(-1)).toEqual(["versions", "upload", "--env", "production", "--message", "commit abc"]);
    // Nothing was deployed: the new version serves no traffic yet.
    expect(history()).toEqual([["OLD@100"]]);
  }, 120_000);

  it.each([
    [
      "a Durable Object class change (Cloudflare's 10211)",
      { uploadRefusal: "A request to the Cloudflare API failed. [code: 10211]" },
      /all traffic at once: run the pipeline with "all-at-once"/,
    ],
    ["a Worker never deployed", { deployments: [] }, /has never been deployed/],
  ])(
    "explains what to do instead of an upload after %s",
    async (_, changes, message) => {
      await setUp(goodSite, changes);
      const result = await cli("https://www.example.de", "upload");
      expect(result.status).toBe(1);
      expect(result.output).toMatch(message);
    },
    120_000,
  );
});
