/**
 * The catalog coordinator (catalog/sync/coordinator.ts) outside workerd: its
 * real code on node:sqlite, with a clock that jumps to the next alarm instead
 * of waiting for it, over any KV (the in-memory store, the local KV through
 * wrangler's platform proxy, the network model) and any content source.
 */
import type { CatalogStore } from "../../catalog/format/storage.ts";
import {
  Coordinator,
  type CoordinatorLimits,
  type CoordinatorOptions,
  type RequestView,
  type SyncSummary,
} from "../../catalog/sync/coordinator.ts";
import type { ContentSource } from "../../catalog/sync/directus-source.ts";
import type { SyncAction } from "../../catalog/sync/ledger.ts";
import { openNodeSql } from "./node-sql.ts";

interface HarnessOptions {
  store: CatalogStore;
  source: () => ContentSource;
  limits?: Partial<CoordinatorLimits>;
  /** The clock's start; it only moves when `advance` or a run moves it. */
  start?: number;
  /** Where the coordinator's log lines go; by default nowhere. */
  log?: CoordinatorOptions["log"];
  /** Whether the site has publish on save (CoordinatorOptions.publishOnSave). */
  publishOnSave?: boolean;
  /** Where publication statuses go (CoordinatorOptions.publications); none by default. */
  publications?: CoordinatorOptions["publications"];
  /** Visitors' ratings (CoordinatorOptions.ratings); none by default. */
  ratings?: CoordinatorOptions["ratings"];
}

/** Steps a run may take before the harness gives up on it. */
const MAX_STEPS = 10_000;

export function coordinatorHarness({
  store,
  source,
  limits,
  start = Date.parse("2026-11-25T00:00:00Z"),
  log,
  publishOnSave,
  publications,
  ratings,
}: HarnessOptions) {
  let now = start;
  let alarmAt: number | null = null;
  const db = openNodeSql();
  const clock = () => now;
  const make = () =>
    new Coordinator({
      db,
      store,
      source,
      clock,
      limits,
      log: log ?? (() => {}),
      publishOnSave,
      publications,
      ratings,
      alarm: {
        get: async () => alarmAt,
        set: async (at) => {
          alarmAt = at;
        },
        delete: async () => {
          alarmAt = null;
        },
      },
    });
  let coordinator = make();

  /** Runs the alarm's step, the clock first moved to its time; false when no alarm is set. */
  async function nextStep(): Promise<boolean> {
    if (alarmAt === null) return false;
    now = Math.max(now, alarmAt);
    // The alarm is gone while its handler runs, as on Cloudflare.
    alarmAt = null;
    await coordinator.step();
    return true;
  }

  /** Steps until the request `id` has finished; answers its view. */
  async function finish(id: number): Promise<RequestView> {
    for (let steps = 0; steps < MAX_STEPS; steps++) {
      const view = coordinator.requestStatus(id);
      if (view && (view.state === "done" || view.state === "failed")) return view;
      if (!(await nextStep())) throw new Error(`harness: request ${id} waits, but no alarm is set`);
    }
    throw new Error(`harness: request ${id} did not finish in ${MAX_STEPS} steps`);
  }

  return {
    get coordinator() {
      return coordinator;
    },
    /** The coordinator's storage, for a test that sets up what an earlier code left there. */
    db,
    clock,
    get alarmAt() {
      return alarmAt;
    },
    advance(ms: number) {
      now += ms;
    },
    /** A new instance over the same storage and alarm: what an eviction leaves. */
    restart() {
      coordinator = make();
    },
    nextStep,
    finish,
    request: (action: SyncAction, allowShrink = false) => coordinator.request({ action, allowShrink, trigger: "api" }),
    /** The cron's request, as workers/app.ts makes it every 15 minutes. */
    cron: () => coordinator.request({ action: "publish", allowShrink: false, trigger: "cron" }),
    /** Asks for `action` and steps until it has finished. */
    async run(action: SyncAction = "publish", allowShrink = false): Promise<RequestView> {
      const { id } = await coordinator.request({ action, allowShrink, trigger: "api" });
      return finish(id);
    },
    /** As `run`, for a request that must succeed: its summary. */
    async summary(action: SyncAction = "publish", allowShrink = false): Promise<SyncSummary> {
      const view = await this.run(action, allowShrink);
      if (!view.summary) throw new Error(`harness: ${action} failed: ${view.error?.message}`);
      return view.summary;
    },
    /** Steps while alarms are due by `until` (the sweeps' too). */
    async settle(until = Number.POSITIVE_INFINITY): Promise<void> {
      for (let steps = 0; steps < MAX_STEPS; steps++) {
        if (alarmAt === null || alarmAt > until) return;
        await nextStep();
      }
      throw new Error(`harness: still stepping after ${MAX_STEPS} steps`);
    },
    close: () => db.close(),
  };
}
