/**
 * "Plan meine Woche" in workerd: the proposal's module in a Worker of its
 * own (week-plan-worker.ts) under Miniflare, one proposal per request, and
 * the CPU each request costs workerd's threads, read from the scheduler
 * (/proc/<pid>/task/<tid>/schedstat, nanoseconds) before and after it, less
 * the median of an empty request's measured in the same rounds.
 *
 * Why not the edge part's way: its figure is workerd's process CPU in 10 ms
 * ticks over hundreds of requests, a mean; a p99 needs each request's own.
 * And no page proposes a week yet, so the site's Worker has nothing to ask.
 */
import { readdirSync, readFileSync } from "node:fs";
import { stripTypeScriptTypes } from "node:module";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import type { WeekPlanWorkerLoad } from "./week-plan-worker.ts";

/** The modules the Worker needs, by their paths from the repository's root; the first is its entry. */
const MODULES = [
  "scripts/bench/week-plan-worker.ts",
  "catalog/view/week-plan-proposal.ts",
  "catalog/view/week-plan-levels.ts",
  "catalog/recipes/categories.ts",
];
const COMPATIBILITY_DATE = "2026-11-01";

/** CPU nanoseconds every thread of the workerd processes this process started has run. */
function workerdNanoseconds(): number {
  let total = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (command !== "workerd" || parent !== process.pid) continue;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      try {
        total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
      } catch {
        // a thread that ended meanwhile
      }
    }
  }
  return total;
}

export interface WorkerdProposals {
  /** Each counted proposal's CPU above the empty request's median, in ms, ascending. */
  proposalMs: number[];
  /** The empty request's median, in ms. */
  baselineMs: number;
  /** What each proposal said (how many to buy), in request order, to check against Node's. */
  toBuy: number[];
}

/**
 * `passes` timed passes over every question of `load` in workerd (after one
 * untimed pass), each proposal next to an empty request.
 */
export async function proposalsInWorkerd(load: WeekPlanWorkerLoad, passes: number): Promise<WorkerdProposals> {
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      cf: false,
      telemetry: { enabled: false },
      logRequests: false,
      workers: [
        {
          name: "week-plan",
          compatibilityDate: COMPATIBILITY_DATE,
          modulesRoot: process.cwd(),
          modules: MODULES.map((path) => ({
            type: "ESModule" as const,
            path,
            contents: stripTypeScriptTypes(readFileSync(path, "utf8")),
          })),
        },
      ],
    }),
  );
  try {
    await miniflare.ready;
    const ask = async (path: string, body?: string) => {
      const response = await miniflare.dispatchFetch(
        `http://week-plan${path}`,
        body === undefined ? undefined : { method: "POST", body },
      );
      const text = await response.text();
      if (!response.ok)
        throw new Error(`bench: the week-plan Worker answered ${path} with ${response.status}: ${text}`);
      return text;
    };
    await ask("/load", JSON.stringify(load));
    const timed = async (path: string) => {
      const before = workerdNanoseconds();
      const text = await ask(path);
      return { ms: (workerdNanoseconds() - before) / 1e6, text };
    };
    for (let index = 0; index < load.questions.length; index++) await ask(`/propose?i=${index}`);
    const baseline: number[] = [];
    const proposals: number[] = [];
    const toBuy: number[] = [];
    for (let pass = 0; pass < passes; pass++) {
      for (let index = 0; index < load.questions.length; index++) {
        baseline.push((await timed("/noop")).ms);
        const { ms, text } = await timed(`/propose?i=${index}`);
        proposals.push(ms);
        if (pass === 0) toBuy.push(Number(text));
      }
    }
    baseline.sort((a, b) => a - b);
    const baselineMs = baseline[Math.floor(baseline.length / 2)] ?? 0;
    return {
      proposalMs: proposals.map((ms) => Math.max(0, ms - baselineMs)).sort((a, b) => a - b),
      baselineMs,
      toBuy,
    };
  } finally {
    await miniflare.dispose();
  }
}
