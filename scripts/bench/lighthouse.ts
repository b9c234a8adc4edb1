/**
 * Lighthouse's mobile run (simulated throttling, Moto G Power screen and slow
 * 4G) against pages of a running site, for each device target of
 * cpu-calibration.ts: the host's benchmark index is taken around every run in
 * the run's own browser, and the CPU multiplier set from it so that the run
 * stands for the target (decision 0055). Several runs per page, each in a
 * fresh Debian Chromium, each audited once per target, reported as medians.
 */
import { execFileSync } from "node:child_process";
import { chromium } from "@playwright/test";
import { launch } from "chrome-launcher";
import type { Result } from "lighthouse";
import { navigationGather } from "lighthouse/core/gather/navigation-runner.js";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { Runner } from "lighthouse/core/runner.js";
import { errorMessage } from "../../logging/error-message.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../test/chromium.ts";
import {
  type DeviceTarget,
  INDEX_TOLERANCE,
  type IndexSpread,
  indexSpread,
  simulatedCpuMultiplier,
  spreadAround,
} from "./cpu-calibration.ts";
import { longestTaskAfterPaint } from "./long-tasks.ts";
import { median } from "./statistics.ts";
import { type Trace, threadShare, withThreadTimes } from "./thread-time-trace.ts";

const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];

/** Failed runs per page that are repeated before the page is reported with fewer runs. */
const MAX_RETRIES = 3;

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/** Medians over the successful runs of one page on one target; scores 0–100, times in ms, bytes transferred. */
export interface LighthousePage {
  path: string;
  runs: number;
  /** Runs of the page over which the host's index moved more than the tolerance (they count, and are said). */
  unsteadyRuns: number;
  /** Why runs failed, if any did; with no successful run the numbers are null. */
  errors: string[];
  /** The host's benchmark index around the runs (the median of the one before, Lighthouse's own and the one after). */
  benchmarkIndex: number | null;
  /** The CPU multiplier the runs were given: host index over the target's. */
  multiplier: number | null;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number | null;
  cls: number | null;
  tbtMs: number | null;
  /**
   * Lighthouse's TBT of the same load with each main-thread task at its thread time instead of its wall time
   * (thread-time-trace.ts): what the simulation makes of the work the page's thread did, without the time it
   * waited for a core of the host. Reported beside the goal's figures, not judged.
   */
  tbtThreadTimeMs: number | null;
  /** The longest task after the first paint in that simulation, as `longestTaskAfterPaintMs`. */
  longestTaskThreadTimeMs: number | null;
  /** Of the wall time of the main thread's tasks from 10 ms on, the share the thread ran (1: it never waited). */
  threadShare: number | null;
  /** The longest main-thread task that starts at or after the first contentful paint, simulated; 0 when none reached 50 ms. */
  longestTaskAfterPaintMs: number | null;
  jsBytes: number | null;
  /** Audits of the median run that cost accessibility, best-practices or SEO points, as "category: title". */
  failedAudits: string[];
}

/** The four pages on one device target. */
export interface LighthouseTargetBench {
  target: DeviceTarget;
  pages: LighthousePage[];
}

export interface LighthouseBench {
  lighthouseVersion: string;
  chromiumVersion: string;
  runsPerPage: number;
  /** How far an index may lie from the median (the part's, or a run's) before the figures are called unsteady. */
  tolerance: number;
  /** Every benchmark index of the part: each run's before it, Lighthouse's own inside it, and after it. */
  indexes: number[];
  spread: IndexSpread;
  targets: LighthouseTargetBench[];
  seconds: number;
}

interface RunNumbers {
  benchmarkIndex: number;
  multiplier: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  tbtThreadTimeMs: number;
  longestTaskThreadTimeMs: number;
  threadShare: number;
  longestTaskAfterPaintMs: number;
  jsBytes: number;
  failedAudits: string[];
  report: string;
}

function score(lhr: Result, category: (typeof CATEGORIES)[number]): number {
  const value = lhr.categories[category]?.score;
  if (typeof value !== "number") throw new Error(`lighthouse: no ${category} score`);
  return Math.round(value * 100);
}

function metric(lhr: Result, audit: string): number {
  const value = lhr.audits[audit]?.numericValue;
  if (typeof value !== "number") throw new Error(`lighthouse: no value for ${audit}`);
  return value;
}

/**
 * What kept the categories whose goal is 100 below it: weighted audits that
 * did not pass. Performance is left out; its metrics are reported as numbers.
 */
function failedAudits(lhr: Result): string[] {
  const failed: string[] = [];
  for (const category of CATEGORIES) {
    if (category === "performance") continue;
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && typeof audit.score === "number" && audit.score < 1) {
        failed.push(`${category}: ${audit.title}`);
      }
    }
  }
  return failed;
}

/** Bytes of JavaScript on the wire, from Lighthouse's own resource summary. */
function scriptBytes(lhr: Result): number {
  const details = lhr.audits["resource-summary"]?.details as
    | { items?: { resourceType?: string; transferSize?: number }[] }
    | undefined;
  const row = details?.items?.find((item) => item.resourceType === "script");
  if (typeof row?.transferSize !== "number") throw new Error("lighthouse: no script row in resource-summary");
  return row.transferSize;
}

/** The browser's full version; its user agent in headless mode only names the major one. */
function chromiumVersion(): string {
  try {
    const output = execFileSync(CHROMIUM_PATH, ["--version"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    return output.match(/\d+(?:\.\d+)+/)?.[0] ?? output.trim();
  } catch {
    return "unknown";
  }
}

/** Lighthouse's own benchmark (the function it runs inside every run) in a blank tab of the browser on `port`. */
async function benchmarkIndexOf(port: number): Promise<number> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    // One pass, not warmed up: as Lighthouse takes its own inside the run, so the three are alike.
    const index = await page.evaluate(pageFunctions.computeBenchmarkIndex);
    await page.close();
    return index;
  } finally {
    await browser.close();
  }
}

/** One run's gathering, audited once per target. */
interface GatheredRun {
  lighthouseVersion: string;
  /** The indexes taken before the run, by Lighthouse inside it (before it loads the page), and after it. */
  indexes: [number, number, number];
  /** Their median: the host's speed the multipliers are set from. */
  hostIndex: number;
  /** Whether the three lie within the tolerance of their median: the host held still while the page loaded. */
  steady: boolean;
  /** Per target: its figures, or why there are none. */
  perTarget: Map<DeviceTarget, RunNumbers | Error>;
}

/**
 * One Lighthouse gathering in its own browser, so no run inherits another's
 * cache, workers or memory, then one audit per target. Lighthouse's
 * simulation applies the CPU multiplier only when it audits (gathering is
 * unthrottled), so one page load serves every target, and the multiplier is
 * set from the speed measured around that very load: the host's index just
 * before, Lighthouse's own inside the run, and just after; their median.
 */
async function runOnce(url: string, targets: readonly DeviceTarget[]): Promise<GatheredRun> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  let gathered: Awaited<ReturnType<typeof navigationGather>>;
  let before: number;
  let after: number;
  try {
    before = await benchmarkIndexOf(chrome.port);
    gathered = await navigationGather(undefined, url, {
      flags: { port: chrome.port, output: "html", logLevel: "error", onlyCategories: [...CATEGORIES] },
    });
    after = await benchmarkIndexOf(chrome.port);
  } finally {
    chrome.kill();
  }
  const { artifacts, runnerOptions } = gathered;
  const during = artifacts.BenchmarkIndex;
  const indexes: [number, number, number] = [before, during, after];
  const hostIndex = median(indexes) as number;
  const threadTimed = withThreadTimes(artifacts.Trace as Trace);
  const share = threadShare(artifacts.Trace as Trace);
  const perTarget = new Map<DeviceTarget, RunNumbers | Error>();
  let lighthouseVersion = "";
  for (const target of targets) {
    const multiplier = simulatedCpuMultiplier(hostIndex, target.benchmarkIndex);
    if (multiplier === null) {
      perTarget.set(
        target,
        new Error(`the host (index ${hostIndex.toFixed(0)}) is slower than the target (${target.benchmarkIndex})`),
      );
      continue;
    }
    try {
      const base = runnerOptions.resolvedConfig.settings;
      const settings = { ...base, throttling: { ...base.throttling, cpuSlowdownMultiplier: multiplier } };
      // Lighthouse checks that an audit uses the settings the gathering saved: both carry the target's multiplier.
      const result = await Runner.audit(
        { ...artifacts, settings },
        { resolvedConfig: { ...runnerOptions.resolvedConfig, settings }, computedCache: new Map() },
      );
      if (!result) throw new Error("lighthouse: no result");
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      lighthouseVersion = lhr.lighthouseVersion;
      const byThreadTime = await Runner.audit(
        { ...artifacts, Trace: threadTimed as typeof artifacts.Trace, settings },
        { resolvedConfig: { ...runnerOptions.resolvedConfig, settings }, computedCache: new Map() },
      );
      if (!byThreadTime || byThreadTime.lhr.runtimeError) throw new Error("lighthouse: no result with thread times");
      perTarget.set(target, {
        benchmarkIndex: hostIndex,
        multiplier,
        performance: score(lhr, "performance"),
        accessibility: score(lhr, "accessibility"),
        bestPractices: score(lhr, "best-practices"),
        seo: score(lhr, "seo"),
        lcpMs: metric(lhr, "largest-contentful-paint"),
        cls: metric(lhr, "cumulative-layout-shift"),
        tbtMs: metric(lhr, "total-blocking-time"),
        tbtThreadTimeMs: metric(byThreadTime.lhr, "total-blocking-time"),
        longestTaskThreadTimeMs: longestTaskAfterPaint(byThreadTime.lhr),
        threadShare: share,
        longestTaskAfterPaintMs: longestTaskAfterPaint(lhr),
        jsBytes: scriptBytes(lhr),
        failedAudits: failedAudits(lhr),
        report: Array.isArray(result.report) ? (result.report[0] ?? "") : result.report,
      });
    } catch (error) {
      perTarget.set(target, error instanceof Error ? error : new Error(String(error)));
    }
  }
  return { lighthouseVersion, indexes, hostIndex, steady: spreadAround(indexes, hostIndex).steady, perTarget };
}

/**
 * Requests each page once, and every Directus image it references, so the
 * runs measure a warm site: the Worker has loaded the catalog, and Directus
 * has transformed each image once and keeps the result (in production a
 * CDN cache would also hold it). Pages that pick at random need every image
 * warmed beforehand (warm-images.ts).
 */
async function warmUp(origin: string, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    const response = await fetch(new URL(path, origin));
    const html = await response.text();
    const images = new Set(
      [...html.matchAll(/\/directus\/assets\/[^"'\s,]+/g)].map((match) => match[0].replaceAll("&amp;", "&")),
    );
    await Promise.all([...images].map((image) => fetch(new URL(image, origin)).then((answer) => answer.arrayBuffer())));
  }
}

interface LighthouseOptions {
  runs?: number;
  log?: (line: string) => void;
  /** Receives, per page and target, Lighthouse's HTML report of the run whose performance score is closest to the median. */
  saveReport?: (path: string, target: DeviceTarget, html: string) => void;
}

/** The medians of one page's counted runs on one target, and the run closest to its median performance. */
function pageFigures(
  path: string,
  done: RunNumbers[],
  errors: string[],
  unsteadyRuns: number,
): { page: LighthousePage; typical: RunNumbers | undefined } {
  const of = (key: Exclude<keyof RunNumbers, "report" | "failedAudits">) => median(done.map((numbers) => numbers[key]));
  const performance = of("performance");
  const typical = done.reduce<RunNumbers | undefined>(
    (closest, numbers) =>
      !closest ||
      Math.abs(numbers.performance - (performance ?? 0)) < Math.abs(closest.performance - (performance ?? 0))
        ? numbers
        : closest,
    undefined,
  );
  return {
    typical,
    page: {
      path,
      runs: done.length,
      unsteadyRuns,
      errors,
      benchmarkIndex: of("benchmarkIndex"),
      multiplier: of("multiplier"),
      performance,
      accessibility: of("accessibility"),
      bestPractices: of("bestPractices"),
      seo: of("seo"),
      lcpMs: of("lcpMs"),
      cls: of("cls"),
      tbtMs: of("tbtMs"),
      tbtThreadTimeMs: of("tbtThreadTimeMs"),
      longestTaskThreadTimeMs: of("longestTaskThreadTimeMs"),
      threadShare: of("threadShare"),
      longestTaskAfterPaintMs: of("longestTaskAfterPaintMs"),
      jsBytes: of("jsBytes"),
      failedAudits: typical?.failedAudits ?? [],
    },
  };
}

/**
 * Runs Lighthouse `runs` times on each of `paths` under `origin`, one after
 * another, each run audited for every one of `targets`; a failed run is
 * recorded, repeated and left out of the medians.
 */
export async function benchLighthouse(
  origin: string,
  paths: readonly string[],
  targets: readonly DeviceTarget[],
  { runs = 5, log = () => {}, saveReport = () => {} }: LighthouseOptions = {},
): Promise<LighthouseBench> {
  const started = Date.now();
  await warmUp(origin, paths);
  let lighthouseVersion = "";
  const indexes: number[] = [];
  const pages = new Map<DeviceTarget, LighthousePage[]>(targets.map((target) => [target, []]));
  for (const path of paths) {
    const done = new Map<DeviceTarget, RunNumbers[]>(targets.map((target) => [target, []]));
    const errors = new Map<DeviceTarget, string[]>(targets.map((target) => [target, []]));
    let gatheredRuns = 0;
    let unsteadyRuns = 0;
    // A run can fail for reasons of the browser, not the page (Chromium now
    // and then records no navigation start); a few retries keep the median
    // over `runs` runs, a page that fails every time still ends the loop.
    for (let attempt = 1; gatheredRuns < runs && attempt <= runs + MAX_RETRIES; attempt++) {
      log(`bench: lighthouse ${path} run ${gatheredRuns + 1}/${runs}${attempt > gatheredRuns + 1 ? " (retry)" : ""}`);
      try {
        const run = await runOnce(new URL(path, origin).href, targets);
        gatheredRuns++;
        if (run.lighthouseVersion) lighthouseVersion = run.lighthouseVersion;
        indexes.push(...run.indexes);
        if (!run.steady) unsteadyRuns++;
        for (const [target, numbers] of run.perTarget) {
          if (numbers instanceof Error) errors.get(target)?.push(errorMessage(numbers));
          else done.get(target)?.push(numbers);
        }
      } catch (error) {
        for (const target of targets) errors.get(target)?.push(errorMessage(error));
      }
    }
    for (const target of targets) {
      const { page, typical } = pageFigures(path, done.get(target) ?? [], errors.get(target) ?? [], unsteadyRuns);
      if (typical) saveReport(path, target, typical.report);
      pages.get(target)?.push(page);
    }
  }
  return {
    lighthouseVersion,
    chromiumVersion: chromiumVersion(),
    runsPerPage: runs,
    tolerance: INDEX_TOLERANCE,
    indexes,
    spread: indexSpread(indexes),
    targets: targets.map((target) => ({ target, pages: pages.get(target) ?? [] })),
    seconds: (Date.now() - started) / 1000,
  };
}
