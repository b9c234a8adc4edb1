/**
 * Lighthouse's mobile run (its default: simulated throttling, Moto G Power
 * emulation) against pages of a running site, several runs per page, each in
 * a fresh Debian Chromium, reported as medians.
 */
import { execFileSync } from "node:child_process";
import { launch } from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { errorMessage } from "../../logging/error-message.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../test/chromium.ts";
import { median } from "./statistics.ts";

const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];

/** Failed runs per page that are repeated before the page is reported with fewer runs. */
const MAX_RETRIES = 3;

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/** Medians over the successful runs of one page; scores 0–100, times in ms, bytes transferred. */
export interface LighthousePage {
  path: string;
  runs: number;
  /** Why runs failed, if any did; with no successful run the numbers are null. */
  errors: string[];
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number | null;
  cls: number | null;
  tbtMs: number | null;
  jsBytes: number | null;
  /** Audits of the median run that cost accessibility, best-practices or SEO points, as "category: title". */
  failedAudits: string[];
}

export interface LighthouseBench {
  lighthouseVersion: string;
  chromiumVersion: string;
  runsPerPage: number;
  /** Lighthouse's CPU benchmark of this machine (median): lower on a busy machine, whose slower CPU work the simulation multiplies. */
  benchmarkIndex: number | null;
  /** Lowest and highest benchmark index over the runs: how much the machine's load changed. */
  benchmarkIndexRange: number[];
  pages: LighthousePage[];
  seconds: number;
}

interface RunNumbers {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  jsBytes: number;
  benchmarkIndex: number;
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

/** One Lighthouse run in its own browser, so no run inherits another's cache, workers or memory. */
async function runOnce(url: string): Promise<{ numbers: RunNumbers; lighthouseVersion: string }> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "html",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error("lighthouse: no result");
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    return {
      lighthouseVersion: lhr.lighthouseVersion,
      numbers: {
        performance: score(lhr, "performance"),
        accessibility: score(lhr, "accessibility"),
        bestPractices: score(lhr, "best-practices"),
        seo: score(lhr, "seo"),
        lcpMs: metric(lhr, "largest-contentful-paint"),
        cls: metric(lhr, "cumulative-layout-shift"),
        tbtMs: metric(lhr, "total-blocking-time"),
        jsBytes: scriptBytes(lhr),
        benchmarkIndex: lhr.environment.benchmarkIndex,
        failedAudits: failedAudits(lhr),
        report: Array.isArray(result.report) ? (result.report[0] ?? "") : result.report,
      },
    };
  } finally {
    chrome.kill();
  }
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
  /** Receives, per page, Lighthouse's HTML report of the run whose performance score is closest to the median. */
  saveReport?: (path: string, html: string) => void;
}

/**
 * Runs Lighthouse `runs` times on each of `paths` under `origin`, one after
 * another; a failed run is recorded, repeated and left out of the medians.
 */
export async function benchLighthouse(
  origin: string,
  paths: readonly string[],
  { runs = 5, log = () => {}, saveReport = () => {} }: LighthouseOptions = {},
): Promise<LighthouseBench> {
  const started = Date.now();
  await warmUp(origin, paths);
  let lighthouseVersion = "";
  const benchmarkIndexes: number[] = [];
  const pages: LighthousePage[] = [];
  for (const path of paths) {
    const done: RunNumbers[] = [];
    const errors: string[] = [];
    // A run can fail for reasons of the browser, not the page (Chromium now
    // and then records no navigation start); a few retries keep the median
    // over `runs` runs, a page that fails every time still ends the loop.
    for (let attempt = 1; done.length < runs && attempt <= runs + MAX_RETRIES; attempt++) {
      log(`bench: lighthouse ${path} run ${done.length + 1}/${runs}${attempt > done.length + 1 ? " (retry)" : ""}`);
      try {
        const result = await runOnce(new URL(path, origin).href);
        lighthouseVersion = result.lighthouseVersion;
        done.push(result.numbers);
        benchmarkIndexes.push(result.numbers.benchmarkIndex);
      } catch (error) {
        errors.push(errorMessage(error));
      }
    }
    const of = (key: Exclude<keyof RunNumbers, "report" | "failedAudits">) =>
      median(done.map((numbers) => numbers[key]));
    const performance = of("performance");
    const typical = done.reduce<RunNumbers | undefined>(
      (closest, numbers) =>
        !closest ||
        Math.abs(numbers.performance - (performance ?? 0)) < Math.abs(closest.performance - (performance ?? 0))
          ? numbers
          : closest,
      undefined,
    );
    if (typical) saveReport(path, typical.report);
    pages.push({
      path,
      runs: done.length,
      errors,
      performance,
      accessibility: of("accessibility"),
      bestPractices: of("bestPractices"),
      seo: of("seo"),
      lcpMs: of("lcpMs"),
      cls: of("cls"),
      tbtMs: of("tbtMs"),
      jsBytes: of("jsBytes"),
      failedAudits: typical?.failedAudits ?? [],
    });
  }
  return {
    lighthouseVersion,
    chromiumVersion: chromiumVersion(),
    runsPerPage: runs,
    benchmarkIndex: median(benchmarkIndexes),
    benchmarkIndexRange:
      benchmarkIndexes.length > 0 ? [Math.min(...benchmarkIndexes), Math.max(...benchmarkIndexes)] : [],
    pages,
    seconds: (Date.now() - started) / 1000,
  };
}
