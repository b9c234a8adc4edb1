/**
 * The bench's INP: a scripted tap on each page's main control, once while
 * React hydrates the page and once after, on each device target, in Debian's
 * Chromium with its CPU throttled by CDP at the rate Chrome DevTools'
 * calibration finds for the target (cpu-calibration.ts, decision 0055). The
 * figure is the browser's own Event Timing: from the tap to the next paint
 * after its handlers, the longest event of the interaction, as INP counts it.
 * The network is not throttled: the site is local, and the tap is about the
 * main thread. Each tap is a first load in a fresh context, with the cookie
 * banner answered ("Alle ablehnen"), so the tap reaches the page's own
 * control; Lighthouse's runs measure the first visit with the banner.
 *
 * The loads that tap after hydration also give the page's total blocking
 * time in the throttled browser: the long tasks it reported from the first
 * contentful paint until the tap. Unlike Lighthouse's simulation, which drops
 * every task under 10 ms of the host's time and multiplies the rest, this
 * runs every task at the target's speed, React's time slices included
 * (decision 0059, "The method").
 */
import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from "@playwright/test";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { NECESSARY_ONLY, serializeConsent } from "../../app/lib/consent/consent.ts";
import { errorMessage } from "../../logging/error-message.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../test/chromium.ts";
import { blockingTimeMs } from "./blocking-time.ts";
import {
  type CalibratedRate,
  calibrateThrottlingRate,
  type DeviceTarget,
  type IndexSpread,
  indexSpread,
  spreadAround,
} from "./cpu-calibration.ts";
import { type InteractionParts, interactionParts, type TimedEvent } from "./interaction-parts.ts";
import { median } from "./statistics.ts";

/** A page and the control a visitor would tap first on it. */
export interface TappedPage {
  path: string;
  /** CSS selector of the control; the first match is tapped. */
  control: string;
  /** What the report calls the control. */
  label: string;
}

/**
 * Loads per page, phase and target: one tap each, the median reported. Single loads of one page at the low
 * tier ranged from 91 to 751 ms of TBT on one quiet host (decision 0059); with three, the median moved by
 * more than 200 ms between runs. Five cost the part about 160 s more.
 */
const TAPS = 5;
/** How long to wait for the tap's Event Timing entry before the tap counts as unmeasured. */
const ENTRY_TIMEOUT_MS = 15_000;
/**
 * A whole load-and-tap at most: past it the tap is an error and the bench goes on. Playwright's calls on a
 * tab whose document is being replaced (a tap that navigates, as the shuffle on `/` does) can wait for ever.
 */
const TAP_TIMEOUT_MS = 120_000;
/** Reading the record, and closing a context, at most. */
const STEP_TIMEOUT_MS = 5_000;
/** Lighthouse's mobile screen (a Moto G Power), so the taps land where Lighthouse's pages are laid out. */
const MOBILE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const STATE_KEY = "bench-interaction";
/** The consent cookie's name on the local site (wrangler.toml's CONSENT_COOKIE_NAME). */
const CONSENT_COOKIE = "wkij_einwilligung";
/** Where a control below the screen is scrolled to: under the header, clear of the tab bar. */
const SCROLLED_TO_Y = 200;

export interface TapFigures {
  /** The median over the taps that were measured; null when none was. */
  inpMs: number | null;
  /** Each tap's figure in order; null where the browser reported no entry. */
  samplesMs: (number | null)[];
  /**
   * What the measured taps' time was spent on (interaction-parts.ts), each part's median on its own (so they
   * need not add up to the median INP); null when no tap was measured. Absent in reports from before it.
   */
  partsMs?: { inputDelay: number; processing: number; presentation: number } | null;
  /** Each tap's parts in order; null where the browser reported no entry. */
  partSamples?: (InteractionParts | null)[];
  /** Taps whose pointer event came before the page marked itself hydrated. */
  beforeHydration: number;
  /** Taps whose pointer event reached the control (not something above it, such as the cookie banner). */
  onControl: number;
  /**
   * Taps that loaded another document before the browser reported the tap's timing: the control navigates
   * (a link, a form without script), so the tapped document ended and its INP with it.
   */
  navigated: number;
  /**
   * After hydration only: the median total blocking time of the loads, from the first contentful paint until
   * the page was hydrated and idle (before the bench touched it to tap), in the throttled browser; null during
   * hydration or when no load gave one.
   */
  tbtMs: number | null;
  tbtSamplesMs: (number | null)[];
  errors: string[];
}

export interface InteractionPage {
  path: string;
  label: string;
  during: TapFigures;
  after: TapFigures;
}

export interface InteractionTarget {
  target: DeviceTarget;
  /** The host's benchmark index in this browser, unthrottled, before calibrating. */
  hostIndex: number;
  /** The CDP throttling rate found for the target; null when the host is slower than the target. */
  rate: number | null;
  calibration: CalibratedRate;
  /** The benchmark at that rate, taken again after each page: whether the emulated device held still. */
  checkIndexes: number[];
  checkSpread: IndexSpread;
  pages: InteractionPage[];
}

export interface InteractionBench {
  tapsPerPhase: number;
  targets: InteractionTarget[];
  seconds: number;
}

/** What the page records about itself, kept in sessionStorage so a tap that navigates does not take it along. */
interface RecordedState {
  url: string;
  /** When the page's start script added React Router's module script after load (decision 0045): hydration begins. */
  scriptsAt: number | null;
  tapAt: number | null;
  tapOnControl: boolean | null;
  hydratedAt: number | null;
  entries: TimedEvent[];
  /** The first contentful paint and the long tasks (50 ms and more) the browser reported, on the page's clock. */
  firstPaintAt: number | null;
  longTasks: { startTime: number; duration: number }[];
}

/**
 * Runs in every document before its own scripts: observes Event Timing
 * (every interaction, from 16 ms, as the web-vitals library does), the first
 * pointer event and whether it hit the control, and the moment root.tsx marks
 * the page hydrated.
 */
function recordInteractions({ key, control }: { key: string; control: string }): void {
  const state: RecordedState = {
    url: location.href,
    scriptsAt: null,
    tapAt: null,
    tapOnControl: null,
    hydratedAt: null,
    entries: [],
    firstPaintAt: null,
    longTasks: [],
  };
  const storageKey = `${key}:${performance.timeOrigin}`;
  const save = () => sessionStorage.setItem(storageKey, JSON.stringify(state));
  save();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      if (entry.interactionId) {
        state.entries.push({
          interactionId: entry.interactionId,
          name: entry.name,
          startTime: entry.startTime,
          processingStart: entry.processingStart,
          processingEnd: entry.processingEnd,
          duration: entry.duration,
        });
      }
    }
    save();
  }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      state.longTasks.push({ startTime: entry.startTime, duration: entry.duration });
    }
    save();
  }).observe({ type: "longtask", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntriesByName("first-contentful-paint")) state.firstPaintAt = entry.startTime;
    save();
  }).observe({ type: "paint", buffered: true });
  addEventListener(
    "pointerdown",
    (event) => {
      if (state.tapAt !== null) return;
      state.tapAt = event.timeStamp;
      state.tapOnControl = event.target instanceof Element && event.target.closest(control) !== null;
      save();
    },
    { capture: true },
  );
  const hydrated = () => {
    if (state.hydratedAt === null && document.documentElement.dataset.js === "ready") {
      state.hydratedAt = performance.now();
      save();
    }
  };
  let loaded = false;
  addEventListener("load", () => {
    loaded = true;
  });
  new MutationObserver((records) => {
    if (!loaded || state.scriptsAt !== null) return;
    const added = records.flatMap((record) => [...record.addedNodes]);
    if (added.some((node) => node instanceof HTMLScriptElement && node.type === "module")) {
      state.scriptsAt = performance.now();
      Object.assign(window, { benchScriptsStarted: true });
      save();
    }
  }).observe(document, { childList: true, subtree: true });
  // The document has no root element yet when this runs: watch the document for it and its attribute.
  new MutationObserver(hydrated).observe(document, { attributes: true, attributeFilter: ["data-js"], subtree: true });
}

/** `promise`, or a rejection naming `what` once `ms` have passed. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Every document's record of this tab, from sessionStorage; none while the page cannot answer. */
async function recorded(page: Page): Promise<RecordedState[] | null> {
  try {
    return await within(readRecords(page), STEP_TIMEOUT_MS, "reading the record");
  } catch {
    return null; // the tap navigated and the next document is not there yet
  }
}

async function readRecords(page: Page): Promise<RecordedState[]> {
  return page.evaluate((key) => {
    const states: RecordedState[] = [];
    for (let i = 0; i < sessionStorage.length; i++) {
      const name = sessionStorage.key(i);
      if (name?.startsWith(`${key}:`)) states.push(JSON.parse(sessionStorage.getItem(name) ?? "null"));
    }
    return states;
  }, STATE_KEY);
}

/**
 * Runs in the page through the protocol alone: resolves once root.tsx has
 * marked the page hydrated and the page has gone idle (whatever it starts
 * after hydration, such as scripts after load and idle callbacks, has had its
 * turn), with that moment on the page's clock.
 */
const HYDRATED_AND_IDLE = `new Promise((resolve) => {
  const root = document.documentElement;
  const idle = () => requestIdleCallback(() => resolve(performance.now()), { timeout: 5000 });
  if (root.dataset.js === "ready") return idle();
  new MutationObserver((records, observer) => {
    if (root.dataset.js !== "ready") return;
    observer.disconnect();
    idle();
  }).observe(root, { attributes: true, attributeFilter: ["data-js"] });
})`;

/**
 * When the page was hydrated and idle, waited for with the protocol's own
 * `Runtime.evaluate`, not Playwright's `waitForFunction`: Playwright's first
 * call on a document that evaluates or finds an element compiles its injected
 * scripts in the page, one main-thread task of about 10 ms of the host's time,
 * 130–270 ms on the low-tier target. Inside the TBT's window it was counted as
 * the page's own (decision 0059).
 */
async function hydratedAndIdleAt(cdp: CDPSession): Promise<number> {
  const answer = await cdp.send("Runtime.evaluate", {
    expression: HYDRATED_AND_IDLE,
    awaitPromise: true,
    returnByValue: true,
  });
  if (answer.exceptionDetails) throw new Error(`waiting for hydration: ${answer.exceptionDetails.text}`);
  const at: unknown = answer.result.value;
  if (typeof at !== "number") throw new Error("waiting for hydration: no time");
  return at;
}

/** Lighthouse's benchmark index in `page` at the throttling rate `cdp` last set. */
async function benchmark(page: Page): Promise<number> {
  return page.evaluate(pageFunctions.computeBenchmarkIndex);
}

async function setRate(cdp: CDPSession, rate: number): Promise<void> {
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
}

interface TapResult {
  inpMs: number | null;
  parts: InteractionParts | null;
  tbtMs: number | null;
  beforeHydration: boolean;
  onControl: boolean;
  navigated: boolean;
}

/** One load of `url` and one tap on its control, during hydration or after it; the tap's INP or why there is none. */
async function tapOnce(
  browser: Browser,
  url: string,
  page: TappedPage,
  rate: number,
  phase: "during" | "after",
): Promise<TapResult> {
  const context = await browser.newContext({ ...MOBILE, locale: "de-DE" });
  try {
    return await within(loadAndTap(context, url, page, rate, phase), TAP_TIMEOUT_MS, "the load and tap");
  } finally {
    // A context whose tab hangs in a navigation may not close either; the browser's end takes it along.
    await within(context.close(), STEP_TIMEOUT_MS, "closing the tab").catch(() => {});
  }
}

async function loadAndTap(
  context: BrowserContext,
  url: string,
  page: TappedPage,
  rate: number,
  phase: "during" | "after",
): Promise<TapResult> {
  await context.addCookies([
    { name: CONSENT_COOKIE, value: serializeConsent(NECESSARY_ONLY), url: new URL(url).origin, sameSite: "Strict" },
  ]);
  const tab = await context.newPage();
  await tab.addInitScript(recordInteractions, { key: STATE_KEY, control: page.control });
  const cdp = await context.newCDPSession(tab);
  await setRate(cdp, rate);
  await tab.goto(url, { waitUntil: phase === "during" ? "commit" : "load" });
  const control = tab.locator(page.control).first();
  // After hydration: the end of the TBT's window, before any call of Playwright's that injects its scripts.
  let quietAt: number | null = null;
  if (phase === "after") {
    quietAt = await within(hydratedAndIdleAt(cdp), 60_000, "waiting for hydration");
  } else {
    await control.waitFor({ state: "visible", timeout: 60_000 });
  }
  let box = await control.boundingBox();
  if (box && box.y + box.height > MOBILE.viewport.height - 100) {
    // A wheel scrolls on the compositor, as a finger does, even while the main thread is busy.
    await tab.mouse.move(MOBILE.viewport.width / 2, MOBILE.viewport.height / 2);
    await tab.mouse.wheel(0, box.y - SCROLLED_TO_Y);
    box = await control.boundingBox();
  }
  if (!box) throw new Error(`${page.control} has no box`);
  if (phase === "during") {
    // The page's scripts start after load (decision 0045); a tap before that meets an idle page, not hydration.
    await tab.waitForFunction(() => "benchScriptsStarted" in window, undefined, { timeout: 60_000 });
  }
  await tab.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  const deadline = Date.now() + ENTRY_TIMEOUT_MS;
  for (;;) {
    const states = (await recorded(tab)) ?? [];
    const tapped = states.find((state) => state.tapAt !== null);
    const durations = tapped?.entries.map((entry) => entry.duration) ?? [];
    // Every document records itself: a second one means the tap (or something after it) loaded a new page.
    const navigated = states.length > 1;
    if (tapped && (durations.length > 0 || navigated || Date.now() > deadline)) {
      const { firstPaintAt, tapAt, longTasks } = tapped;
      return {
        inpMs: durations.length > 0 ? Math.max(...durations) : null,
        parts: interactionParts(tapped.entries),
        tbtMs:
          phase === "after" && firstPaintAt !== null && tapAt !== null && quietAt !== null
            ? blockingTimeMs(longTasks, firstPaintAt, Math.min(quietAt, tapAt))
            : null,
        beforeHydration: tapped.hydratedAt === null || (tapped.tapAt ?? 0) < tapped.hydratedAt,
        onControl: tapped.tapOnControl === true,
        navigated: navigated && durations.length === 0,
      };
    }
    if (Date.now() > deadline) throw new Error("the page recorded no tap");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Each part's median over the taps that have parts; null when none has. */
function medianParts(
  samples: readonly (InteractionParts | null)[],
): { inputDelay: number; processing: number; presentation: number } | null {
  const measured = samples.filter((sample): sample is InteractionParts => sample !== null);
  if (measured.length === 0) return null;
  const of = (part: (sample: InteractionParts) => number) => median(measured.map(part)) ?? 0;
  return {
    inputDelay: of((sample) => sample.inputDelayMs),
    processing: of((sample) => sample.processingMs),
    presentation: of((sample) => sample.presentationMs),
  };
}

/** TAPS taps in one phase, each in a fresh context (no cache, no cookie: a first visit). */
async function tapPhase(
  browser: Browser,
  url: string,
  page: TappedPage,
  rate: number,
  phase: "during" | "after",
): Promise<TapFigures> {
  const samples: (number | null)[] = [];
  const parts: (InteractionParts | null)[] = [];
  const blocking: (number | null)[] = [];
  const errors: string[] = [];
  let beforeHydration = 0;
  let onControl = 0;
  let navigated = 0;
  for (let tap = 0; tap < TAPS; tap++) {
    try {
      const result = await tapOnce(browser, url, page, rate, phase);
      samples.push(result.inpMs);
      parts.push(result.parts);
      blocking.push(result.tbtMs);
      if (result.beforeHydration) beforeHydration++;
      if (result.onControl) onControl++;
      if (result.navigated) navigated++;
    } catch (error) {
      samples.push(null);
      parts.push(null);
      blocking.push(null);
      errors.push(errorMessage(error));
    }
  }
  return {
    inpMs: median(samples.filter((sample): sample is number => sample !== null)),
    samplesMs: samples,
    partsMs: medianParts(parts),
    partSamples: parts,
    tbtMs: median(blocking.filter((sample): sample is number => sample !== null)),
    tbtSamplesMs: blocking,
    beforeHydration,
    onControl,
    navigated,
    errors,
  };
}

/** One target: calibrate the throttling rate in a blank tab, then tap every page in both phases. */
async function benchTarget(
  browser: Browser,
  origin: string,
  pages: readonly TappedPage[],
  target: DeviceTarget,
  log: (line: string) => void,
): Promise<InteractionTarget> {
  const context = await browser.newContext();
  try {
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    log(`bench: INP ${target.id}-tier: calibrating the CPU throttling`);
    // The first pass compiles the benchmark, as Chrome's calibration warms up first.
    await benchmark(blank);
    const hostIndex = await benchmark(blank);
    const calibration = await calibrateThrottlingRate(target.benchmarkIndex, hostIndex, async (rate) => {
      await setRate(cdp, rate);
      return benchmark(blank);
    });
    const result: InteractionTarget = {
      target,
      // A host too slow for its first benchmark is measured once more; the second is the one that counted.
      hostIndex: calibration.tried.filter((entry) => entry.rate === 1).at(-1)?.score ?? hostIndex,
      rate: calibration.rate,
      calibration,
      checkIndexes: [],
      checkSpread: indexSpread([]),
      pages: [],
    };
    if (calibration.rate === null) return result;
    for (const page of pages) {
      const url = new URL(page.path, origin).href;
      log(`bench: INP ${target.id}-tier ${page.path}: taps during hydration`);
      const during = await tapPhase(browser, url, page, calibration.rate, "during");
      log(`bench: INP ${target.id}-tier ${page.path}: taps after hydration`);
      const after = await tapPhase(browser, url, page, calibration.rate, "after");
      result.pages.push({ path: page.path, label: page.label, during, after });
      await setRate(cdp, calibration.rate);
      result.checkIndexes.push(await benchmark(blank));
    }
    // The check is against the target: the emulated device, not the host, is what must hold still.
    result.checkSpread = spreadAround(result.checkIndexes, target.benchmarkIndex);
    return result;
  } finally {
    await context.close();
  }
}

/** INP on every page for every target, the targets one after the other in one browser. */
export async function benchInteraction(
  origin: string,
  pages: readonly TappedPage[],
  targets: readonly DeviceTarget[],
  log: (line: string) => void = () => {},
): Promise<InteractionBench> {
  const started = Date.now();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const results: InteractionTarget[] = [];
    for (const target of targets) results.push(await benchTarget(browser, origin, pages, target, log));
    return { tapsPerPhase: TAPS, targets: results, seconds: (Date.now() - started) / 1000 };
  } finally {
    await browser.close();
  }
}
