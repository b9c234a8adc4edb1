/**
 * `npm test`: every check the project has, cheapest first, stopping at the
 * first failure. Each test stage writes a JSON report under reports/tests/;
 * the totals close the run in the "N passed, N failed" form CI reads. The
 * two CMS stages run at once: each mostly waits for its Directus, and
 * together they took 413 s on the 2-core host where one after the other
 * took 577–618. The browser tests' site starts beside them, for the same
 * reason (`Service`). The Worker tests run beside them too (the three
 * took 487 s at once, where the CMS stages and then the Worker stage took
 * 559–591 s), and the browser tests start once the PostgreSQL and Worker
 * stages have passed (`Stage.after`), in the SQLite stage's tail, which
 * alone kept the two cores 5–57 % busy: all stages took 15.3–15.7 min in
 * fresh clones where they took 20–23 (2026-12-01). Beside the browser tests
 * the SQLite stage's migration tests take about 50 s (vitest.cms.config.ts).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { BASE_URL } from "../../tests/e2e/stack.ts";

const REPORTS = "reports/tests";
/** Appended to a command: show only its stderr. */
const QUIET = "<quiet>";

interface Stage {
  name: string;
  /** Installs what the stage needs; run before it starts, and before a stage beside it does (apt runs once at a time). */
  prepare?: string[][];
  commands: string[][];
  /** JSON report with the stage's test counts, if it runs tests. */
  report?: { file: string; kind: "vitest" | "playwright" };
  /**
   * In a group of stages run at once: the stages before it in the group it starts after, once they passed (it
   * is not run if one failed).
   */
  after?: string[];
  /** A service started earlier: waited for before the commands, which run with its `env`. */
  needs?: Service;
}

/**
 * A process a later stage needs, started in the background at its place in
 * STEPS, so that its start overlaps stages that mostly wait; the stage that
 * `needs` it waits until it answers, and it is stopped when the run ends.
 */
interface Service {
  name: string;
  command: string[];
  /** Answers once the service is ready. */
  readyUrl: string;
  /** How long the stage that needs it waits for it at most. */
  readyTimeoutMs: number;
  /** Where its output goes; printed by the stage that needs it. */
  logFile: string;
  /** Added to the environment of the stage that needs it (so that it does not start one of its own). */
  env: Record<string, string>;
}

/**
 * The site the browser tests run against (tests/e2e/site-under-test.ts): a
 * scratch Directus with the seed, the sync, every card image transformed,
 * the built site in workerd. About 110 s on the 2-core host, most of it
 * Directus starting and encoding images; started by Playwright's web server
 * it was the first 108 s of the browser stage.
 */
const BROWSER_TESTS_SITE: Service = {
  name: "the browser tests' site",
  command: ["node", "tests/e2e/site-under-test.ts"],
  readyUrl: `${BASE_URL}/impressum`,
  readyTimeoutMs: 480_000,
  logFile: `${REPORTS}/site-under-test.log`,
  // playwright.config.ts starts no web server of its own then.
  env: { E2E_SITE_STARTED: "1" },
};

/** A stage, stages that run at once, or a service to start. */
type Step = Stage | { together: Stage[] } | { start: Service };

const STEPS: Step[] = [
  { name: "lint and format", commands: [["biome", "ci", "."]] },
  {
    name: "types",
    commands: [
      // Its stdout is the whole generated file: only errors are worth showing.
      ["wrangler", "types", "--strict-vars=false", QUIET],
      ["react-router", "typegen"],
      ["tsc"],
      ["tsc", "-p", "tsconfig.service-worker.json"],
      ["tsc", "-p", "tsconfig.node.json"],
      ["tsc", "-p", "tests/worker"],
    ],
  },
  {
    name: "unit tests",
    commands: [vitest("vitest.unit.config.ts", "unit")],
    report: { file: `${REPORTS}/unit.json`, kind: "vitest" },
  },
  // Before the CMS stages: the browser tests' site serves the build, and starts beside them.
  { name: "build", commands: [["react-router", "build"]] },
  { start: BROWSER_TESTS_SITE },
  {
    together: [
      {
        name: "CMS tests (Directus)",
        prepare: [["node", "scripts/test/ensure-redis.ts"]],
        commands: [vitest("vitest.cms.config.ts", "cms")],
        report: { file: `${REPORTS}/cms.json`, kind: "vitest" },
      },
      {
        name: "CMS tests on PostgreSQL (Directus)",
        prepare: [["node", "scripts/test/ensure-postgres.ts"]],
        commands: [vitest("vitest.cms-postgres.config.ts", "cms-postgres")],
        report: { file: `${REPORTS}/cms-postgres.json`, kind: "vitest" },
      },
      {
        name: "Worker tests (workerd)",
        commands: [vitest("vitest.worker.config.ts", "worker")],
        report: { file: `${REPORTS}/worker.json`, kind: "vitest" },
      },
      {
        // Once the two that keep the cores busy are done: the SQLite stage's tail mostly waits.
        name: "browser tests (Chromium)",
        after: ["CMS tests on PostgreSQL (Directus)", "Worker tests (workerd)"],
        prepare: [["node", "scripts/test/ensure-chromium.ts"]],
        commands: [
          // One retry, with a trace recorded on it: a test that fails twice fails the stage, one that passes on its
          // retry is named below as flaky (decision 0073).
          ["playwright", "test", "--retries=1"],
        ],
        report: { file: `${REPORTS}/e2e.json`, kind: "playwright" },
        needs: BROWSER_TESTS_SITE,
      },
    ],
  },
  {
    // The production build in a folder of its own (build/ stays the tested
    // one), `wrangler deploy --dry-run` on it, and the plan's size limit.
    name: "deploy dry run (production)",
    commands: [["node", "scripts/test/deploy-dry-run.ts"]],
  },
];

function vitest(config: string, name: string): string[] {
  return [
    "vitest",
    "run",
    "--config",
    config,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${REPORTS}/${name}.json`,
  ];
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** Tests that failed once and passed on their retry, as "project › file:line › title". */
  flaky: string[];
}

interface PlaywrightSuite {
  file: string;
  specs?: { title: string; line: number; tests: { projectName: string; status: string }[] }[];
  suites?: PlaywrightSuite[];
}

function flakyIn(suites: PlaywrightSuite[] = []): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === "flaky")
        .map((test) => `${test.projectName} › ${suite.file}:${spec.line} › ${spec.title}`),
    ),
    ...flakyIn(suite.suites),
  ]);
}

function countsOf(report: NonNullable<Stage["report"]>): Counts {
  if (!existsSync(report.file)) return { passed: 0, failed: 1, skipped: 0, flaky: [] };
  const data = JSON.parse(readFileSync(report.file, "utf8"));
  if (report.kind === "vitest") {
    // A hook that fails (a beforeAll past its bound) fails its suites (the file and each describe around it)
    // and no test: count those then, or the stage reads "0 failed" beside its ✘. A failed test fails its
    // suites too, so they are not added to it.
    const failed = data.numFailedTests || (data.numFailedTestSuites ?? 0);
    return { passed: data.numPassedTests, failed, skipped: data.numPendingTests, flaky: [] };
  }
  return {
    passed: data.stats.expected + data.stats.flaky,
    failed: data.stats.unexpected,
    skipped: data.stats.skipped,
    flaky: flakyIn(data.suites),
  };
}

/** Runs `commands` one after another with the terminal's output; whether all succeeded. */
function runInTerminal(commands: string[][], env: Record<string, string> = {}): boolean {
  return commands.every(([command, ...rest]) => {
    if (!command) return true;
    const quiet = rest.at(-1) === QUIET;
    const args = quiet ? rest.slice(0, -1) : rest;
    const result = spawnSync(command, args, {
      stdio: ["inherit", quiet ? "ignore" : "inherit", "inherit"],
      env: { ...process.env, ...env },
    });
    if (result.error) console.error(`test: could not run ${command}: ${result.error.message}`);
    return result.status === 0;
  });
}

/** Runs `commands` one after another, their output into `logFile`; whether all succeeded. */
async function runIntoFile(commands: string[][], logFile: string, env: Record<string, string> = {}): Promise<boolean> {
  const log = openSync(logFile, "w");
  try {
    for (const [command, ...args] of commands) {
      if (!command) continue;
      const status = await new Promise<number | null>((resolve) => {
        const child = spawn(command, args, { stdio: ["ignore", log, log], env: { ...process.env, ...env } });
        child.on("error", (error) => {
          console.error(`test: could not run ${command}: ${error.message}`);
          resolve(null);
        });
        child.on("exit", (code) => resolve(code));
      });
      if (status !== 0) return false;
    }
    return true;
  } finally {
    closeSync(log);
  }
}

/** The services started, by name, with whether each has exited. */
const running = new Map<string, { child: ChildProcess; exited: boolean }>();

/** Whether `url` answers with a success now. */
function answers(url: string): Promise<boolean> {
  return fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
    (answer) => answer.ok,
    () => false,
  );
}

/**
 * Starts `service` in a process group of its own (its children are stopped
 * with it), output into its log; whether it could. Refused while something
 * else answers at its address already (a site left running): the stage that
 * needs it would test that one.
 */
async function startService(service: Service): Promise<boolean> {
  if (await answers(service.readyUrl)) {
    console.error(`test: ${service.readyUrl} answers before ${service.name} was started: stop what serves it`);
    return false;
  }
  const [command = "", ...args] = service.command;
  const log = openSync(service.logFile, "w");
  const child = spawn(command, args, { stdio: ["ignore", log, log], detached: true });
  closeSync(log);
  const entry = { child, exited: false };
  child.on("exit", () => {
    entry.exited = true;
  });
  child.on("error", (error) => {
    console.error(`test: could not start ${service.name}: ${error.message}`);
    entry.exited = true;
  });
  running.set(service.name, entry);
  console.log(`\n▶ ${service.name}: started in the background (${service.logFile})`);
  return true;
}

/** Waits until `service` answers; prints its log; whether it did within its time. */
async function awaitService(service: Service): Promise<boolean> {
  const entry = running.get(service.name);
  const deadline = Date.now() + service.readyTimeoutMs;
  let ready = false;
  while (entry && !entry.exited && Date.now() < deadline) {
    ready = await answers(service.readyUrl);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  // Answered, but by something else if it stopped meanwhile.
  ready &&= entry?.exited === false;
  console.log(readFileSync(service.logFile, "utf8").trimEnd());
  if (!ready) console.error(`test: ${service.name} ${entry?.exited ? "stopped" : "did not answer in time"}`);
  return ready;
}

/** Stops every service started (SIGTERM to its group, then SIGKILL if it is still there after 20 s). */
async function stopServices(): Promise<void> {
  await Promise.all(
    [...running.values()].map(async (entry) => {
      const { pid } = entry.child;
      if (entry.exited || pid === undefined) return;
      const signal = (name: NodeJS.Signals) => {
        try {
          process.kill(-pid, name);
        } catch {
          // Gone already.
        }
      };
      signal("SIGTERM");
      const deadline = Date.now() + 20_000;
      while (!entry.exited && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      if (!entry.exited) signal("SIGKILL");
    }),
  );
}

for (const name of ["SIGINT", "SIGTERM"] as const) {
  process.on(name, () => {
    void stopServices().then(() => process.exit(1));
  });
}

rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

const total: Counts = { passed: 0, failed: 0, skipped: 0, flaky: [] };
const started = Date.now();
let failedStage: string | undefined;

/** Adds a finished stage to the totals and prints its line; whether it passed. */
function finish(stage: Pick<Stage, "name" | "report">, ok: boolean, stageStarted: number): boolean {
  const seconds = ((Date.now() - stageStarted) / 1000).toFixed(1);
  let summary = "";
  if (stage.report) {
    const counts = countsOf(stage.report);
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
    total.flaky.push(...counts.flaky);
    const flaky = counts.flaky.length > 0 ? ` (${counts.flaky.length} of them only on a retry)` : "";
    summary = `: ${counts.passed} passed${flaky}, ${counts.failed} failed, ${counts.skipped} skipped`;
  }
  console.log(`${ok ? "✔" : "✘"} ${stage.name} (${seconds} s)${summary}`);
  if (!ok) {
    failedStage ??= stage.name;
    if (total.failed === 0) total.failed = 1; // a failed lint or build counts as one failure
  }
  return ok;
}

for (const step of STEPS) {
  if ("start" in step) {
    if (await startService(step.start)) continue;
    finish(step.start, false, Date.now());
    break;
  }
  if ("together" in step) {
    const stages = step.together;
    const named = stages.map((stage) =>
      stage.after ? `${stage.name} (after ${stage.after.join(" and ")})` : stage.name,
    );
    console.log(`\n▶ ${named.join(" and ")}, at once; each one's output follows when it ends`);
    const stepStarted = Date.now();
    const unprepared = stages.find((stage) => !runInTerminal(stage.prepare ?? []));
    if (unprepared) {
      finish(unprepared, false, stepStarted);
      break;
    }
    // Each stage's result, by name, for the stages that start `after` it.
    const passed = new Map<string, Promise<boolean>>();
    for (const [at, stage] of stages.entries()) {
      const before = (stage.after ?? []).map((name) => {
        const result = passed.get(name);
        if (!result) throw new Error(`test: ${stage.name} starts after ${name}, which is not before it in its group`);
        return result;
      });
      passed.set(
        stage.name,
        (async () => {
          if ((await Promise.all(before)).includes(false)) {
            console.log(`\n▶ ${stage.name}: not run, as a stage before it failed`);
            return false;
          }
          const stageStarted = stage.after ? Date.now() : stepStarted;
          const logFile = `${REPORTS}/stage-${at}.log`;
          const ok =
            (stage.needs === undefined || (await awaitService(stage.needs))) &&
            (await runIntoFile(stage.commands, logFile, stage.needs?.env));
          console.log(`\n▶ ${stage.name}\n${existsSync(logFile) ? readFileSync(logFile, "utf8") : ""}`);
          return finish(stage, ok, stageStarted);
        })(),
      );
    }
    if ((await Promise.all(passed.values())).includes(false)) break;
    continue;
  }
  console.log(`\n▶ ${step.name}`);
  const stageStarted = Date.now();
  const ok =
    runInTerminal(step.prepare ?? []) &&
    (step.needs === undefined || (await awaitService(step.needs))) &&
    runInTerminal(step.commands, step.needs?.env);
  if (!finish(step, ok, stageStarted)) break;
}
await stopServices();

const minutes = ((Date.now() - started) / 60000).toFixed(1);
console.log(
  failedStage ? `\nFailed at: ${failedStage} (after ${minutes} min)` : `\nAll stages passed in ${minutes} min`,
);
if (total.flaky.length > 0) {
  console.log(`\nFlaky: ${total.flaky.length} test(s) failed once and passed on their retry; look at each:`);
  for (const title of total.flaky) console.log(`  ${title}`);
}
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedStage ? 1 : 0);
