/**
 * Publishing as it behaves on Cloudflare's network, which the local runtime
 * cannot show: the real coordinator (on node:sqlite) and the real page path
 * (createCatalogCache, the catalog view, two isolates per location over that
 * location's view of KV) run against a model of KV with several locations
 * (tests/model/kv-network.ts: propagation lag, read caches with TTL, cached
 * misses, one write per second per key, an operation limit per invocation,
 * a location answering an older value than it answered before). fast-check
 * interleaves saves in Directus and their undoing (with or without their
 * publish-on-save call), crons, operator publishes, rollbacks, releases,
 * restarts of the coordinator, a Directus that is down, and faults in the
 * coordinator's steps:
 *
 * - a fault sits at any operation of a step (every KV operation and every
 *   Directus call a step can make) or at the first write of the pointer, a
 *   manifest or a blob, or the first delete; it fires before the operation
 *   (nothing happened) or after it took effect (a write that failed but
 *   landed), in one step or in several in a row;
 * - it fails the operation, lets a request arrive meanwhile, or kills the
 *   step: the runtime abandons it without running anything more of it (no
 *   `catch`, no `finally`), drops the instance and retries the alarm as
 *   Cloudflare does, from 2 s, doubling, six times at most; then the alarm is
 *   gone.
 *
 * After every step and every command:
 *
 * - no location reads a pointer whose manifest or blobs it cannot read;
 * - every key of the live and the kept versions is in KV;
 * - no isolate serves a version older than one it served, "older" meaning
 *   named by an earlier write of the pointer (the network's order of writes,
 *   not anything the pointer says);
 * - no isolate serves the scheduled recipe before its publish time, nor loses it again once
 *   served, unless a rollback's pointer landed in KV after it went live (whether or not its
 *   write answered);
 * - no request survives six failed or killed steps in a row: it is given up, and that is logged;
 * - while a request waits or runs, an alarm is set, even after the runtime's retries ran out;
 * - while nothing waits, the coordinator's live version is the one KV's pointer names, or is again within a
 *   minute;
 * - no invocation made more operations than allowed, and no key was written twice in a second.
 *
 * Directus' status rows (recipe_publication, decision 0050) refuse writes, or take them and lose
 * the answer, on command. And once the last save has settled (Directus up, faults over, the cron's
 * next run): the coordinator has published the newest content, or holds a rollback, which every
 * location then serves, and a release then publishes the newest content; the coordinator's live
 * version is the one KV's pointer names; every isolate at every location serves it within the bound
 * stated in docs/decisions/0032: the slowest location's lag, the pointer's cache TTL and the
 * isolates' recheck interval after the flip. The scheduled recipe is on every location within that
 * bound after the publish that its time started, and, once Directus takes the statuses again, every
 * recipe's row says what is live. A save whose publish-on-save call was lost and that a cron
 * brought to the site, with no publish of the API asked after the save or while that cron waited or
 * ran, was logged as `publish-on-save-missed`.
 */
import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BLOB_PREFIX,
  blobKey,
  type CatalogStore,
  contentManifest,
  MANIFEST_PREFIX,
  type Manifest,
  manifestBlobs,
  manifestKey,
  POINTER_CACHE_TTL_SECONDS,
  POINTER_KEY,
  type Pointer,
} from "../../catalog/format/storage.ts";
import { Coordinator, type CoordinatorLimits } from "../../catalog/sync/coordinator.ts";
import type { ContentSource } from "../../catalog/sync/directus-source.ts";
import { planVersion } from "../../catalog/sync/plan-version.ts";
import { VERSION_CHARS } from "../../catalog/sync/publication.ts";
import type { PublicationWriter } from "../../catalog/sync/publication-writer.ts";
import { readCatalog } from "../../catalog/sync/read-catalog.ts";
import { createCatalogCache } from "../../catalog/view/catalog-cache.server.ts";
import { KvNetwork, type OperationHook } from "../model/kv-network.ts";
import { MemoryPublications, type WriteFault } from "../model/memory-publications.ts";
import { openNodeSql } from "../model/node-sql.ts";
import { type HeldContent, memorySource, RAW_INGREDIENT, rawRecipe } from "../stand-ins/raw-content.ts";

/** The isolates' recheck interval (catalog/view/catalog-cache.server.ts). */
const RECHECK_MS = 5_000;
/** Recipes in the model's Directus: each save edits one of them. */
const RECIPES = 6;
/** One more recipe, with a publish time: off the site before it, on it after. */
const SCHEDULED = RECIPES + 1;
/** The model's start. */
const START = Date.parse("2026-11-25T00:00:00Z");
/**
 * The operation limit per invocation, scaled down with the coordinator's
 * budget so that small catalogs take several steps: a quarter of the limit,
 * as in production (250 of 1,000).
 */
const OPERATION_LIMIT = 16;
const OPERATIONS_PER_STEP = OPERATION_LIMIT / 4;
const LIMITS: Partial<CoordinatorLimits> = {
  operationsPerStep: OPERATIONS_PER_STEP,
  settleMs: 1_000,
  maxSettleMs: 10_000,
};
/**
 * The most operations one step makes: its KV budget and the three Directus
 * calls of a read (count, recipes, ingredients; the model's Directus answers
 * each in one page). A status write-back step makes one call, and no KV
 * operation. A fault's position ranges over all of them.
 */
const STEP_OPERATIONS = OPERATIONS_PER_STEP + 3;
/** Where the coordinator runs: it sees its own writes at once. */
const HOME = "home";
/**
 * 300 in every test run; MODEL_RUNS=5000 or more for a longer search after changing the coordinator
 * (MODEL_SEED replays one, MODEL_IGNORE looks past known failures, MODEL_EXAMPLE runs one scenario).
 */
const MODEL_RUNS = Number(process.env.MODEL_RUNS ?? 300);
/** The most a location lags behind the central store in the model. */
const MAX_LAG_MS = 60_000;
/**
 * Cloudflare retries an alarm whose handler failed, from 2 s, doubling, up
 * to six times (Durable Objects, Alarms API); then the alarm is gone.
 */
const ALARM_RETRIES = 6;
const ALARM_RETRY_MS = 2_000;
/**
 * Failed or killed steps in a row after which the request under way must
 * have been given up: the coordinator gives up after five
 * (FAILED_STEPS_BEFORE_GIVING_UP), one more for a step that counts its
 * attempt before the work and gives up at its start.
 */
const BAD_STEPS_TOLERATED = 6;
/** How long the ledger's live version and KV's pointer may disagree while nothing waits: a repair's time. */
const DISAGREEMENT_TOLERATED_MS = 60_000;

/** Where a fault sits: the n-th operation of a step, or the first operation of a kind. */
type FaultTarget =
  | { position: number }
  | { first: "pointer-write" | "manifest-write" | "blob-write" | "delete" | "directus-read" };

type Fault = {
  kind: "fault";
  target: FaultTarget;
  /** Before the operation (it does not happen), or after it took effect. */
  when: "before" | "after";
  mode: "error" | "kill" | "meanwhile";
  meanwhile: "save" | "cron" | "rollback";
  /** In how many steps it fires, one after another (the steps where its target comes). */
  times: number;
};

type Command =
  | { kind: "save"; recipe: number; flowCall: boolean }
  /** An editor takes the newest save back: content Directus had before returns. */
  | { kind: "revert"; flowCall: boolean }
  | { kind: "cron" }
  | { kind: "operator" }
  | { kind: "rollback" }
  | { kind: "release" }
  | { kind: "restart" }
  | { kind: "wait"; ms: number }
  | { kind: "directus"; down: boolean }
  | { kind: "statuses"; fault: WriteFault }
  /** A location answers the pointer it answered before the one it answers now, if that was live less than `ms` ago. */
  | { kind: "stale"; location: number; ms: number }
  | Fault;

const LOCATION_NAMES = [HOME, "fra", "syd", "gru"];

const faultTarget: fc.Arbitrary<FaultTarget> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ position: fc.integer({ min: 1, max: STEP_OPERATIONS }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      first: fc.constantFrom(
        "pointer-write" as const,
        "manifest-write" as const,
        "blob-write" as const,
        "delete" as const,
        "directus-read" as const,
      ),
    }),
  },
);

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("save" as const),
      recipe: fc.integer({ min: 1, max: RECIPES }),
      flowCall: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("revert" as const), flowCall: fc.boolean() }) },
  { weight: 2, arbitrary: fc.constant({ kind: "cron" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "operator" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "rollback" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "release" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "restart" as const }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("wait" as const),
      ms: fc.oneof(
        fc.integer({ min: 0, max: 3_000 }),
        fc.integer({ min: 3_000, max: 120_000 }),
        fc.constant(3_700_000),
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("directus" as const), down: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("statuses" as const),
      fault: fc.constantFrom<WriteFault>("none", "refused", "lost-answer"),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("stale" as const),
      location: fc.integer({ min: 0, max: LOCATION_NAMES.length - 1 }),
      ms: fc.integer({ min: 1_000, max: MAX_LAG_MS }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("fault" as const),
      target: faultTarget,
      when: fc.constantFrom("before" as const, "after" as const),
      mode: fc.constantFrom("error" as const, "kill" as const, "meanwhile" as const),
      meanwhile: fc.constantFrom("save" as const, "cron" as const, "rollback" as const),
      // Mostly once; now and then a fault that lasts, up to past the alarm's retries.
      times: fc.oneof(
        { weight: 3, arbitrary: fc.constant(1) },
        { weight: 2, arbitrary: fc.integer({ min: 2, max: 8 }) },
      ),
    }),
  },
);

/** Directus in the model: each save edits one recipe once more; a revert takes the newest save back. */
class ModelDirectus {
  /** Counts every change of content, reverts too. */
  revision = 0;
  down = false;
  readonly #editions = new Map<number, number>();
  /** Saves not taken back, newest last: the recipe each edited. */
  readonly #saves: number[] = [];
  /** Every version some revision's content is, by manifest hash. */
  readonly known = new Set<string>();
  /** The versions that carry the scheduled recipe. */
  readonly withScheduled = new Set<string>();
  readonly publishAt: number;

  constructor(publishAt: number) {
    this.publishAt = publishAt;
  }

  content(): HeldContent {
    return {
      recipes: [
        ...Array.from({ length: RECIPES }, (_, index) => rawRecipe(index + 1, this.#editions.get(index + 1) ?? 0)),
        { ...rawRecipe(SCHEDULED, 0), publish_at: new Date(this.publishAt).toISOString() },
      ],
      ingredients: [RAW_INGREDIENT],
    };
  }

  /** The version of the newest content, read before or after the publish time. */
  async versionOf(withScheduled: boolean): Promise<string> {
    const content = this.content();
    const at = withScheduled ? this.publishAt : this.publishAt - 1;
    return (
      await planVersion(
        (
          await readCatalog(
            memorySource(() => content),
            () => {},
            at,
          )
        ).built,
      )
    ).hash;
  }

  async remember(): Promise<void> {
    this.known.add(await this.versionOf(false));
    const hash = await this.versionOf(true);
    this.known.add(hash);
    this.withScheduled.add(hash);
  }

  async save(recipe: number): Promise<void> {
    this.revision += 1;
    this.#saves.push(recipe);
    this.#editions.set(recipe, (this.#editions.get(recipe) ?? 0) + 1);
    await this.remember();
  }

  /** Takes the newest save back; false when there is none. */
  revert(): boolean {
    const recipe = this.#saves.pop();
    if (recipe === undefined) return false;
    this.revision += 1;
    this.#editions.set(recipe, (this.#editions.get(recipe) ?? 1) - 1);
    return true;
  }
}

/** One isolate of the Worker at a location: its own catalog cache, a KV binding per request. */
interface Isolate {
  location: string;
  cache: ReturnType<typeof createCatalogCache>;
  store: CatalogStore;
  current: CatalogStore | null;
  /** For each manifest, the newest write of the pointer naming it that this isolate read. */
  pointerReads: Map<string, number>;
  /** The version it serves, the newest pointer write naming it that it read, and whether it carries the scheduled recipe. */
  served: { manifest: string; write: number; scheduled: boolean } | null;
}

interface LogLine {
  at: number;
  level: string;
  event: string;
  fields: Record<string, unknown>;
  report: boolean;
}

class Simulation {
  now = START;
  readonly network: KvNetwork;
  readonly directus: ModelDirectus;
  /** Directus' status rows. */
  readonly statuses = new MemoryPublications();
  readonly isolates: Isolate[] = [];
  readonly failures: string[] = [];
  /** Every line the coordinator logged. */
  readonly logs: LogLine[] = [];
  /**
   * When each rollback's pointer landed in KV: a pointer that holds (only a rollback, or the repair of one,
   * writes those). Read from KV, not from the coordinator's log: a write that failed but landed is served
   * before the coordinator knows it went back, and it may be given up then.
   */
  readonly rollbacks: number[] = [];
  /** Requests the model made (the flow's calls, crons, operators), by id: when, and what asked. */
  readonly asked: { at: number; id: number; action: string; trigger: "api" | "cron"; joined: boolean }[] = [];
  /**
   * Requests the coordinator made itself, and whom each stands for: the publish in place of those a refused
   * rollback gave up stands for their askers (a call of the API, if one of them was, else a cron); a publish
   * time's stands for nobody (null).
   */
  readonly #standsFor = new Map<number, "api" | "cron" | null>();
  /** Saves (and reverts) whose publish-on-save call was lost or refused: when, and the revision they made. */
  readonly lostSaves: { at: number; revision: number }[] = [];
  /** The revision of Directus each request read last. */
  readonly readRevision = new Map<number, number>();
  /** When a location last answered the pointer from a tier further behind. */
  staleAt = Number.NEGATIVE_INFINITY;
  /** When the pointer first named a version with the scheduled recipe at the coordinator's location. */
  #scheduledLive = Number.POSITIVE_INFINITY;
  #alarmAt: number | null = null;
  #db = openNodeSql();
  #coordinator: Coordinator;
  /** The hook of the coordinator's step under way (its KV operations and its Directus calls). */
  #stepHook: OperationHook | null = null;
  /** The KV binding of the coordinator's step under way. */
  #stepStore: CatalogStore | null = null;
  #fault: (Fault & { left: number }) | null = null;
  /** Alarm deliveries in a row whose handler died: the runtime's retry count. */
  #deadDeliveries = 0;
  /** The request under way and how many failed or killed steps in a row it has seen. */
  #badSteps: { request: number; count: number } | null = null;
  /** Since when the ledger's live version and KV's pointer disagree while nothing waits. */
  #disagreeing: number | null = null;
  /** The network's violations reported so far, to report each once. */
  #reported = { operationLimit: 0, writeRate: 0 };
  /** Requests already reported as stuck, to report each once. */
  readonly #stuck = new Set<number>();

  constructor(lags: Record<string, number>, publishAt: number) {
    this.directus = new ModelDirectus(publishAt);
    this.network = new KvNetwork({
      clock: () => this.now,
      lags: { [HOME]: 0, ...lags },
      operationsPerInvocation: OPERATION_LIMIT,
    });
    this.#coordinator = this.#newCoordinator();
    for (const location of this.network.locations) {
      for (let n = 0; n < 2; n++) this.isolates.push(this.#newIsolate(location));
    }
  }

  #newIsolate(location: string): Isolate {
    const isolate: Isolate = {
      location,
      cache: createCatalogCache(() => this.now),
      current: null,
      pointerReads: new Map(),
      served: null,
      // Each request is its own invocation: reads made later by a view loaded earlier count against the request that makes them.
      store: {
        get: (async (key: string, options: never) => {
          const value = await this.#bound(isolate).get(key, options);
          if (key === POINTER_KEY && typeof value === "string") {
            const { manifest } = JSON.parse(value) as Pointer;
            const write = this.network.peekSeq(isolate.location, POINTER_KEY);
            isolate.pointerReads.set(manifest, Math.max(write, isolate.pointerReads.get(manifest) ?? 0));
          }
          return value;
        }) as CatalogStore["get"],
        put: (key, value, options) => this.#bound(isolate).put(key, value, options),
        delete: (key) => this.#bound(isolate).delete(key),
        list: (options) => this.#bound(isolate).list(options),
      },
    };
    return isolate;
  }

  #bound(isolate: Isolate): CatalogStore {
    if (!isolate.current) throw new Error("model: an isolate read KV outside a request");
    return isolate.current;
  }

  /** Directus as the coordinator reads it: each call is an operation of the step, where faults may sit. */
  #source(): ContentSource {
    const inner = memorySource(() => (this.directus.down ? "down" : this.directus.content()));
    const call = async <T>(key: string, read: () => T | Promise<T>): Promise<T> => {
      await this.#stepHook?.({ kind: "get", key: `directus:${key}`, phase: "before", index: 0 });
      const result = await read();
      await this.#stepHook?.({ kind: "get", key: `directus:${key}`, phase: "after", index: 0 });
      return result;
    };
    // What Directus held when a run's read began: the saves a publish of it can have carried. Its first
    // page of recipes is that moment; a read spread over steps may see later saves too, never earlier ones lost.
    const recipePage: ContentSource["recipePage"] = (query) =>
      call("recipes", () => {
        const running = this.#coordinator.status().running;
        if (running && !this.readRevision.has(running.id)) this.readRevision.set(running.id, this.directus.revision);
        return inner.recipePage(query);
      });
    return {
      countRecipes: () => call("count", () => inner.countRecipes()),
      countIngredients: () => call("count-ingredients", () => inner.countIngredients()),
      recipePage,
      ingredientPage: (query) => call("ingredients", () => inner.ingredientPage(query)),
      recipeIds: (afterId) => call("recipe-ids", () => inner.recipeIds(afterId)),
      ingredientIds: (afterId) => call("ingredient-ids", () => inner.ingredientIds(afterId)),
    };
  }

  #newCoordinator(): Coordinator {
    const store: CatalogStore = {
      get: ((key: string, options: never) => this.#coordinatorStore().get(key, options)) as CatalogStore["get"],
      put: (key, value, options) => this.#coordinatorStore().put(key, value, options),
      delete: (key) => this.#coordinatorStore().delete(key),
      list: (options) => this.#coordinatorStore().list(options),
    };
    // The status write-back is a Directus call of the step too.
    const publications: PublicationWriter = {
      write: async (rows) => {
        await this.#stepHook?.({ kind: "put", key: "directus:statuses", phase: "before", index: 0 });
        const result = await this.statuses.write(rows);
        await this.#stepHook?.({ kind: "put", key: "directus:statuses", phase: "after", index: 0 });
        return result;
      },
    };
    return new Coordinator({
      db: this.#db,
      store,
      source: () => this.#source(),
      clock: () => this.now,
      limits: LIMITS,
      publications,
      publishOnSave: true,
      alarm: {
        get: async () => this.#alarmAt,
        set: async (at) => {
          this.#alarmAt = at;
        },
        delete: async () => {
          this.#alarmAt = null;
        },
      },
      log: (level, event, fields = {}, options = {}) => {
        this.logs.push({
          at: this.now,
          level,
          event,
          fields,
          report: options.report ?? level === "error",
        });
      },
    });
  }

  #coordinatorStore(): CatalogStore {
    if (!this.#stepStore) throw new Error("model: the coordinator used KV outside a step");
    return this.#stepStore;
  }

  get coordinator(): Coordinator {
    return this.#coordinator;
  }

  /** Asks the coordinator, as the flow, an operator or the cron does; answers the request's id, or null when it was busy. */
  async request(action: "publish" | "rollback" | "release", trigger: "cron" | "api" = "api"): Promise<number | null> {
    try {
      const { id, joined } = await this.#coordinator.request({ action, trigger });
      this.asked.push({ at: this.now, id, action, trigger, joined });
      return id;
    } catch {
      // Busy: the caller (the flow, the cron) tries again later; the cron's next run in the end.
      return null;
    }
  }

  /** A save in Directus, and the flow's publish-on-save call unless it is lost. */
  async #saved(flowCall: boolean): Promise<void> {
    const called = flowCall ? await this.request("publish") : null;
    if (called === null) this.lostSaves.push({ at: this.now, revision: this.directus.revision });
  }

  async run(next: Command): Promise<void> {
    switch (next.kind) {
      case "save":
        await this.directus.save(next.recipe);
        await this.#saved(next.flowCall);
        break;
      case "revert":
        if (this.directus.revert()) await this.#saved(next.flowCall);
        break;
      case "cron":
        await this.request("publish", "cron");
        break;
      case "operator":
        await this.request("publish");
        break;
      case "rollback":
        await this.request("rollback");
        break;
      case "release":
        await this.request("release");
        break;
      case "restart":
        this.#coordinator = this.#newCoordinator();
        break;
      case "wait":
        await this.advance(this.now + next.ms);
        break;
      case "directus":
        this.directus.down = next.down;
        break;
      case "statuses":
        this.statuses.fault = next.fault;
        break;
      case "stale": {
        const location = LOCATION_NAMES[next.location] ?? HOME;
        this.staleAt = this.now;
        this.network.serveOlder(location, POINTER_KEY, Math.min(next.ms, MAX_LAG_MS), POINTER_CACHE_TTL_SECONDS);
        // Pages are asked for there while it does: its isolates look at the pointer again.
        await this.advance(this.now + RECHECK_MS);
        break;
      }
      case "fault":
        this.#fault = { ...next, left: next.times };
        break;
    }
    await this.advance(this.now);
    await this.serveEverywhere();
    this.check();
  }

  /** Faults are over: the armed one is dropped. */
  endFaults(): void {
    this.#fault = null;
  }

  /** Runs every alarm due by `until`, the clock moving to each; then the clock is at `until`. */
  async advance(until: number): Promise<void> {
    while (this.#alarmAt !== null && this.#alarmAt <= until) {
      this.now = Math.max(this.now, this.#alarmAt);
      await this.#step();
      this.check();
    }
    this.now = Math.max(this.now, until);
  }

  /** Whether the armed fault sits at this operation of the step. */
  static #hits(target: FaultTarget, operation: Parameters<OperationHook>[0], position: number): boolean {
    if ("position" in target) return target.position === position;
    const directus = operation.key.startsWith("directus:");
    switch (target.first) {
      case "pointer-write":
        return operation.kind === "put" && operation.key === POINTER_KEY;
      case "manifest-write":
        return operation.kind === "put" && operation.key.startsWith(MANIFEST_PREFIX);
      case "blob-write":
        return operation.kind === "put" && operation.key.startsWith(BLOB_PREFIX);
      case "delete":
        return operation.kind === "delete";
      case "directus-read":
        return directus && operation.kind === "get";
    }
  }

  /**
   * One alarm: the step runs as one invocation at HOME, with the armed fault
   * if any. A killed step is abandoned where it stands: nothing more of it
   * runs, the runtime drops the instance and delivers the alarm again, from
   * 2 s, doubling, ALARM_RETRIES times at most.
   */
  async #step(): Promise<void> {
    this.#alarmAt = null;
    const fault = this.#fault;
    let operations = 0;
    let fired = false;
    let dead = false;
    /** Each KV operation's position in the step, by its number in the invocation. */
    const positions = new Map<number, number>();
    let kill: () => void = () => {};
    const killed = new Promise<"killed">((resolve) => {
      kill = () => resolve("killed");
    });
    const never = () => new Promise<never>(() => {});
    const hook: OperationHook = async (operation) => {
      // A killed invocation does nothing more: what it had started may land, nothing new starts or returns.
      if (dead) await never();
      let position: number;
      const directus = operation.key.startsWith("directus:");
      if (operation.phase === "before") {
        operations += 1;
        position = operations;
        if (!directus) positions.set(operation.index, position);
      } else position = directus ? operations : (positions.get(operation.index) ?? operations);
      if (!fault || fired || operation.phase !== fault.when || !Simulation.#hits(fault.target, operation, position)) {
        return;
      }
      fired = true;
      fault.left -= 1;
      if (fault.left <= 0 && this.#fault === fault) this.#fault = null;
      if (fault.mode === "error") {
        throw new Error(
          operation.phase === "after"
            ? "KV: 500 Internal Server Error (it may have landed)"
            : "KV: 503 Service Unavailable",
        );
      }
      if (fault.mode === "kill") {
        dead = true;
        kill();
        await never();
      }
      if (fault.meanwhile === "save") {
        await this.directus.save((this.directus.revision % RECIPES) + 1);
        await this.#saved(true);
      } else
        await this.request(
          fault.meanwhile === "cron" ? "publish" : "rollback",
          fault.meanwhile === "cron" ? "cron" : "api",
        );
    };
    this.#stepHook = hook;
    this.#stepStore = this.network.invocation(HOME, hook);
    const logged = this.logs.length;
    const outcome = await Promise.race([
      this.#coordinator.step().then(
        () => "done" as const,
        () => "threw" as const,
      ),
      killed,
    ]);
    this.#stepHook = null;
    this.#stepStore = null;
    this.#noteLive();
    const died = outcome !== "done";
    if (died) {
      // The runtime drops the instance and retries the alarm, until its retries run out.
      this.#coordinator = this.#newCoordinator();
      this.#deadDeliveries += 1;
      if (this.#deadDeliveries <= ALARM_RETRIES) {
        const retry = this.now + ALARM_RETRY_MS * 2 ** (this.#deadDeliveries - 1);
        this.#alarmAt = this.#alarmAt === null ? retry : Math.min(this.#alarmAt, retry);
      } else this.#deadDeliveries = 0;
    } else this.#deadDeliveries = 0;
    this.#noteBadSteps(died || this.logs.slice(logged).some((line) => line.event === "sync.step-failed"));
    this.#noteOwnRequests(logged);
    // The coordinator's promise: never without an alarm while work waits, whatever became of the step.
    const status = this.#coordinator.status();
    if ((status.running || status.queued.length > 0) && this.#alarmAt === null) {
      this.fail(
        "no-alarm",
        `request ${(status.running ?? status.queued[0])?.id} waits, but no alarm is set (the step ${outcome === "done" ? "ended" : "died"})`,
      );
    }
    // When nothing waits, the ledger's live version is the one KV's pointer names, or soon is again: a repair
    // may wait for the pointer's next allowed write.
    if (!status.running && status.queued.length === 0 && status.live) {
      const pointer = this.network.latest(POINTER_KEY);
      const named = pointer ? (JSON.parse(pointer) as Pointer).manifest : null;
      if (named === status.live.manifest) this.#disagreeing = null;
      else {
        this.#disagreeing ??= this.now;
        if (this.now - this.#disagreeing > DISAGREEMENT_TOLERATED_MS) {
          this.fail(
            "ledger-kv",
            `since ${this.#disagreeing - START} ms, KV's pointer names ${named?.slice(0, 8)}, ` +
              `the coordinator's live version is ${status.live.manifest.slice(0, 8)}`,
          );
          this.#disagreeing = this.now;
        }
      }
    }
  }

  /** Requests the coordinator made in the step whose log lines start at `logged`: whom each stands for. */
  #noteOwnRequests(logged: number): void {
    const status = this.#coordinator.status();
    const held = this.logs
      .slice(logged)
      .filter((line) => line.event === "sync" && line.fields.outcome === "held")
      .map((line) => this.#askedFirstBy(line.fields.request as number));
    for (const request of [...(status.running ? [status.running] : []), ...status.queued]) {
      if (this.#standsFor.has(request.id) || this.asked.some((entry) => entry.id === request.id)) continue;
      this.#standsFor.set(request.id, held.includes("api") ? "api" : held.includes("cron") ? "cron" : null);
    }
  }

  /** Who asked for a request first: the model's call that made it, whom the coordinator's own stands for, or the first that joined it. */
  #askedFirstBy(id: number): "api" | "cron" | undefined {
    const made = this.asked.find((entry) => entry.id === id && !entry.joined);
    if (made) return made.trigger;
    const standsFor = this.#standsFor.get(id);
    if (standsFor) return standsFor;
    return this.asked.find((entry) => entry.id === id)?.trigger;
  }

  /** A request under way that fails or dies step after step must be given up (and that logged), not run forever. */
  #noteBadSteps(bad: boolean): void {
    const running = this.#coordinator.status().running?.id ?? null;
    if (!bad || running === null) {
      this.#badSteps = null;
      return;
    }
    const count = this.#badSteps?.request === running ? this.#badSteps.count + 1 : 1;
    this.#badSteps = { request: running, count };
    if (count >= BAD_STEPS_TOLERATED && !this.#stuck.has(running)) {
      this.#stuck.add(running);
      this.fail("stuck", `request ${running} still runs after ${count} failed or killed steps in a row`);
    }
  }

  /**
   * The name a full write gives the version `manifest` names: a publish
   * over a base packs its new blobs (decision 0069), and a revision's
   * version is what the catalog decides, wherever its blobs lie.
   */
  contentOf(manifest: string): string {
    const text = this.network.peek(HOME, manifestKey(manifest));
    const body = text ? (JSON.parse(text) as Manifest) : null;
    if (!body?.delta) return manifest;
    return createHash("sha256")
      .update(JSON.stringify(contentManifest(body)))
      .digest("hex");
  }

  /** Every version a pointer named, by its name, with the name its content has (contentOf). */
  readonly named = new Map<string, string>();

  #noteLive(): void {
    const text = this.network.latest(POINTER_KEY);
    if (!text) return;
    const pointer = JSON.parse(text) as Pointer;
    const name = pointer.manifest;
    const writtenAt = this.network.latestAt(POINTER_KEY) ?? this.now;
    if (pointer.held && this.rollbacks.at(-1) !== writtenAt) this.rollbacks.push(writtenAt);
    const manifest = this.named.get(name) ?? this.contentOf(name);
    this.named.set(name, manifest);
    if (this.directus.withScheduled.has(manifest)) this.#scheduledLive = Math.min(this.#scheduledLive, this.now);
  }

  /** One page request at every isolate: what it serves must not go back in time. */
  async serveEverywhere(): Promise<void> {
    for (const isolate of this.isolates) await this.serve(isolate);
  }

  /** One page request at `isolate`: the version it serves, or null while nothing is published. */
  async serve(isolate: Isolate): Promise<string | null> {
    isolate.current = this.network.invocation(isolate.location);
    try {
      let view: Awaited<ReturnType<Isolate["cache"]["get"]>>;
      try {
        view = await isolate.cache.get(isolate.store);
      } catch (error) {
        // A cold isolate with nothing to fall back on: the page fails.
        this.fail(
          "unreadable",
          `${isolate.location}: a page failed: ${error instanceof Error ? error.message : error}`,
        );
        return null;
      }
      if (!view) return null;
      const content = this.contentOf(view.version);
      if (!this.directus.known.has(content)) throw new Error(`model: version ${view.version} is no revision's`);
      if ((await view.recipesAt([0])).length !== 1)
        this.fail("unreadable", `${isolate.location}: a recipe of ${view.version} cannot be read`);
      const before = isolate.served;
      const scheduled = this.directus.withScheduled.has(content);
      if (scheduled && this.now < this.directus.publishAt) {
        this.fail("scheduled", `${isolate.location}: served the scheduled recipe before its time`);
      }
      if (before?.scheduled && !scheduled && !this.rollbacks.some((at) => at >= this.#scheduledLive)) {
        this.fail("scheduled", `${isolate.location}: served the scheduled recipe, then a version without it`);
      }
      // The pointer write that named what it serves now: the newest it read naming this version.
      const write = isolate.pointerReads.get(view.version);
      if (write === undefined) throw new Error(`model: ${isolate.location} serves ${view.version} without reading it`);
      if (before && before.manifest !== view.version && write < before.write) {
        this.fail(
          "back-in-time",
          `${isolate.location}: served ${view.version.slice(0, 8)} (pointer write ${write}) after ` +
            `${before.manifest.slice(0, 8)} (pointer write ${before.write})`,
        );
      }
      isolate.served = {
        manifest: view.version,
        write: before?.manifest === view.version ? Math.max(before.write, write) : write,
        scheduled,
      };
      return view.version;
    } finally {
      isolate.current = null;
    }
  }

  /** Records a broken invariant, unless MODEL_IGNORE names its kind (to search past a known failure). */
  fail(kind: string, message: string): void {
    if (IGNORED.has(kind)) return;
    this.failures.push(`${kind}: ${message}`);
  }

  /** The invariants that hold at every moment. */
  check(): void {
    for (const location of this.network.locations) {
      const text = this.network.peek(location, POINTER_KEY);
      if (!text) continue;
      const pointer = JSON.parse(text) as Pointer;
      const manifest = this.network.peek(location, manifestKey(pointer.manifest));
      if (!manifest) {
        this.fail("incomplete", `${location}: the pointer names ${pointer.manifest}, whose manifest it cannot read`);
        continue;
      }
      for (const blob of manifestBlobs(JSON.parse(manifest))) {
        if (this.network.peek(location, blobKey(blob)) === null) {
          this.fail(
            "incomplete",
            `${location}: the pointer names ${pointer.manifest}, whose blob ${blob} it cannot read`,
          );
        }
      }
    }
    const status = this.#coordinator.status();
    for (const version of [...(status.live ? [status.live] : []), ...status.kept]) {
      const manifest = this.network.peek(HOME, manifestKey(version.manifest));
      const blobs = manifest ? manifestBlobs(JSON.parse(manifest)) : [];
      if (!manifest || blobs.some((blob) => this.network.peek(HOME, blobKey(blob)) === null)) {
        this.fail(
          "incomplete",
          `a key of ${version === status.live ? "the live" : "a kept"} version ${version.manifest} is gone`,
        );
      }
    }
    const { operationLimit, writeRate } = this.network.violations;
    if (operationLimit > this.#reported.operationLimit) this.fail("limits", "an invocation exceeded its operations");
    for (const { key, at } of writeRate.slice(this.#reported.writeRate)) {
      this.fail("limits", `${key} was written twice in a second (at ${at - START} ms)`);
    }
    this.#reported = { operationLimit, writeRate: writeRate.length };
  }

  /** Steps until the coordinator has nothing left to do but sweeps, within `limitMs`; answers whether it got there. */
  async settle(limitMs: number): Promise<boolean> {
    const deadline = this.now + limitMs;
    for (;;) {
      const status = this.#coordinator.status();
      if (!status.running && status.queued.length === 0) return true;
      if (this.#alarmAt === null || this.#alarmAt > deadline) return false;
      await this.advance(this.#alarmAt);
    }
  }

  /**
   * The failures of logging: a request that failed without its `sync` error line; a save whose call was lost
   * and that a cron brought to the site (the first publish that read it was a cron's), with no publish of the API
   * asked from the save, or from that request's first ask if earlier, to that publish's end, without
   * `publish-on-save-missed` for that cron's request.
   */
  checkHeard(): void {
    const finished = this.logs.filter((line) => line.event === "sync");
    for (const { id } of this.asked) {
      const view = this.#coordinator.requestStatus(id);
      if (view?.state === "failed" && !finished.some((line) => line.fields.request === id && line.level === "error")) {
        this.fail("heard", `request ${id} failed without a logged error`);
      }
    }
    const published = finished.filter((line) => line.fields.outcome === "published");
    for (const save of this.lostSaves) {
      const carried = published.find(
        (line) => (this.readRevision.get(line.fields.request as number) ?? -1) >= save.revision,
      );
      if (!carried) continue;
      const id = carried.fields.request as number;
      // Brought by a cron: a cron asked for that publish first (or the requests it stands for, or it joined
      // the coordinator's own for a publish time); not when a call of the API asked first, before the save.
      const byCron = this.#askedFirstBy(id) === "cron";
      // The flow's call is a publish of the API (never a release or a rollback), asked after its save. One asked
      // while the cron's request waited or ran, before the save, counts too: the coordinator cannot know when a
      // save came, nor tell the flow's publish from an operator's, so it takes such a publish for the flow's
      // late call and stays quiet rather than report a call that came (docs/operations.md, 2.3).
      const from = Math.min(save.at, this.asked.find((entry) => entry.id === id)?.at ?? save.at);
      const called = this.asked.some(
        (entry) => entry.trigger === "api" && entry.action === "publish" && entry.at >= from && entry.at <= carried.at,
      );
      if (!byCron || called) continue;
      const missed = this.logs.some(
        (line) => line.event === "publish-on-save-missed" && line.fields.request === id && line.report,
      );
      if (!missed) {
        this.fail(
          "missed-unheard",
          `revision ${save.revision}'s publish-on-save call was lost; request ${id} (${carried.fields.trigger}), which a cron asked for, published it, ` +
            "and no publish-on-save-missed was logged",
        );
      }
    }
  }
}

/**
 * Kinds of failure to look past while searching (MODEL_IGNORE=kind,kind): stuck, heard, unreadable, scheduled,
 * incomplete, limits, back-in-time, missed-unheard, ledger-kv, no-alarm. Never set in a test run.
 */
const IGNORED = new Set((process.env.MODEL_IGNORE ?? "").split(",").filter(Boolean));

/** What one run of the model is given. */
interface Scenario {
  lags: [number, number, number];
  commands: Command[];
  publishIn: number;
  finalStatuses: WriteFault;
}

async function runScenario({ lags, commands, publishIn, finalStatuses }: Scenario): Promise<void> {
  const sim = new Simulation({ fra: lags[0], syd: lags[1], gru: lags[2] }, START + publishIn);
  await sim.directus.remember();
  // The site starts published, as after `npm start`'s first sync.
  await sim.run({ kind: "operator" });
  await sim.advance(sim.now + 5_000);
  for (const next of commands) await sim.run(next);
  expect(sim.failures).toEqual([]);

  // The last save settles: Directus is up, faults are over, and the cron asks once more.
  sim.endFaults();
  sim.directus.down = false;
  sim.statuses.fault = finalStatuses;
  await sim.run({ kind: "cron" });
  const settles = async (what: string) => {
    if (!(await sim.settle(30 * 60 * 1000))) sim.failures.push(`settle: ${what} does not settle`);
    expect(sim.failures).toEqual([]);
  };
  await settles("the last cron");
  const bound = Math.max(...lags) + POINTER_CACHE_TTL_SECONDS * 1000 + RECHECK_MS;
  /** Every isolate at every location serves the coordinator's live version within the bound, which is KV's pointer. */
  const everywhereLive = async () => {
    const live = sim.coordinator.status().live;
    if (!live) throw new Error("nothing is live");
    const pointer = sim.network.latest(POINTER_KEY);
    const named = pointer ? (JSON.parse(pointer) as Pointer).manifest : null;
    if (named !== live.manifest)
      sim.fail("ledger-kv", `KV's pointer names ${named}, the coordinator's live version is ${live.manifest}`);
    expect(sim.failures).toEqual([]);
    // An older value a location answered ("stale") stays in its cache for the pointer's cache TTL.
    const staleUntil = sim.staleAt + POINTER_CACHE_TTL_SECONDS * 1000 + RECHECK_MS;
    // From the pointer's write, not the time it names: that is fixed at the first attempt of the flip.
    const flipped = sim.network.latestAt(POINTER_KEY) ?? sim.now;
    await sim.advance(Math.max(sim.now, flipped + bound + 1, staleUntil + 1));
    for (const isolate of sim.isolates) {
      const served = await sim.serve(isolate);
      expect(sim.failures).toEqual([]);
      expect(served, isolate.location).toBe(live.manifest);
      expect(isolate.served?.scheduled).toBe(sim.directus.withScheduled.has(sim.contentOf(live.manifest)));
    }
    return live;
  };
  if (sim.coordinator.status().held) {
    // A hold keeps the version rolled back to everywhere, and its release publishes the newest content.
    await everywhereLive();
    await sim.run({ kind: "release" });
    await settles("the release");
    expect(sim.coordinator.status().held, "released").toBeNull();
  }
  // The publish time, if still ahead: the coordinator wakes for it by itself.
  await sim.advance(Math.max(sim.now, sim.directus.publishAt));
  await settles("the publish time's publish");
  const live = await everywhereLive();
  expect(sim.contentOf(live.manifest), "the newest content is live").toBe(await sim.directus.versionOf(true));
  sim.check();
  sim.checkHeard();
  expect(sim.failures).toEqual([]);
  expect(sim.network.maxOperations).toBeLessThanOrEqual(OPERATION_LIMIT);

  // Once Directus takes the statuses again, they catch up: every recipe's row says it is live.
  sim.statuses.fault = "none";
  await sim.advance(sim.now + 10 * 60 * 1000);
  expect(sim.coordinator.status().statuses.unwritten).toBe(0);
  expect([...sim.statuses.rows.keys()].sort((a, b) => a - b)).toEqual(
    Array.from({ length: SCHEDULED }, (_, i) => i + 1),
  );
  // A status names the version it went live in; that version's content is what a revision decides.
  const published = (version: string | null, among: ReadonlySet<string>) =>
    [...sim.named].some(([name, content]) => name.slice(0, VERSION_CHARS) === version && among.has(content));
  for (const row of sim.statuses.rows.values()) {
    expect(row.state, `recipe ${row.recipe}`).toBe("live");
    expect(published(row.version, sim.directus.known), `recipe ${row.recipe}`).toBe(true);
  }
  const scheduled = sim.statuses.rows.get(SCHEDULED);
  expect(published(scheduled?.version ?? null, sim.directus.withScheduled)).toBe(true);
  expect(Date.parse(scheduled?.live_since ?? "")).toBeGreaterThanOrEqual(sim.directus.publishAt);
}

const scenario: fc.Arbitrary<Scenario> = fc.record({
  lags: fc.tuple(
    fc.integer({ min: 0, max: MAX_LAG_MS }),
    fc.integer({ min: 0, max: MAX_LAG_MS }),
    fc.integer({ min: 0, max: MAX_LAG_MS }),
  ),
  commands: fc.array(command, { minLength: 1, maxLength: 30 }),
  // Mostly while the commands run; now and then only after them.
  publishIn: fc.integer({ min: 10_000, max: 3 * 60 * 60 * 1000 }),
  // Whether Directus takes the statuses at the end: publishing must not care.
  finalStatuses: fc.constantFrom<WriteFault>("none", "refused"),
});

/** Counterexamples the model found, kept so that they keep passing. */
const EXAMPLES: [Scenario][] = [
  // Found by seed -1521280250: a rollback asked for while the due publish ran gave that publish up (and
  // the crons that had joined it) as "held", was then refused (nothing kept to go back to), and nothing
  // published the recipe whose time had come.
  [
    {
      lags: [0, 0, 0],
      commands: [
        { kind: "wait", ms: 3000 },
        { kind: "wait", ms: 2019 },
        {
          kind: "fault",
          target: { position: 4 },
          when: "before",
          mode: "meanwhile",
          meanwhile: "rollback",
          times: 1,
        },
        { kind: "cron" },
      ],
      publishIn: 10019,
      finalStatuses: "none",
    },
  ],
  // Issue 43, on main before its fixes. A step killed at its first operation (the read of Directus), again
  // and again: the kill never reaches the `catch` that counts failed steps, so the request runs on and on,
  // nothing is logged, and once the runtime's six retries have run out no alarm is set while it waits.
  [
    {
      lags: [0, 0, 0],
      commands: [
        { kind: "fault", target: { position: 1 }, when: "before", mode: "kill", meanwhile: "save", times: 7 },
        { kind: "wait", ms: 3700000 },
        { kind: "cron" },
      ],
      publishIn: 10000,
      finalStatuses: "none",
    },
  ],
  // Issue 43: five flips whose pointer write failed but landed. The request is given up, the ledger keeps
  // the old version live while KV's pointer names the new one, whose keys no version in the ledger needs:
  // an hour later the sweep deletes them under the live pointer.
  [
    {
      lags: [0, 0, 0],
      commands: [
        {
          kind: "fault",
          target: { first: "pointer-write" },
          when: "after",
          mode: "error",
          meanwhile: "save",
          times: 5,
        },
        { kind: "wait", ms: 3700000 },
        { kind: "cron" },
      ],
      publishIn: 10000,
      finalStatuses: "none",
    },
  ],
  // Issue 43 (made by hand from the model's commands): a publish given up before its flip leaves its keys
  // to the sweep; an hour later the sweep's deletes fail, the first of each batch refused, the others done,
  // and none recorded. The same content saved again is a version whose keys the ledger believes present:
  // nothing is staged, the manifest is not written, and the pointer names a version KV does not hold.
  [
    {
      lags: [0, 0, 0],
      commands: [
        {
          kind: "fault",
          target: { first: "pointer-write" },
          when: "before",
          mode: "error",
          meanwhile: "save",
          times: 5,
        },
        { kind: "save", recipe: 1, flowCall: true },
        { kind: "wait", ms: 60000 },
        { kind: "revert", flowCall: true },
        { kind: "fault", target: { first: "delete" }, when: "before", mode: "error", meanwhile: "save", times: 8 },
        { kind: "wait", ms: 3700000 },
        { kind: "save", recipe: 1, flowCall: true },
      ],
      publishIn: 10800000,
      finalStatuses: "none",
    },
  ],
  // Issue 43: a location answers the pointer it answered before the newest: its isolates go back to the
  // version before, though they served the newer one.
  [
    {
      lags: [0, 0, 0],
      commands: [
        { kind: "save", recipe: 1, flowCall: true },
        { kind: "stale", location: 0, ms: 1000 },
        { kind: "stale", location: 0, ms: 4000 },
      ],
      publishIn: 14001,
      finalStatuses: "none",
    },
  ],
  // Issue 43: a manifest write that failed but landed is not in the ledger (it records a write after it), so
  // a publish of the same version two seconds after the last of five such failures writes it again within
  // the second: KV refuses (429).
  [
    {
      lags: [0, 0, 0],
      commands: [
        { kind: "release" },
        { kind: "save", recipe: 1, flowCall: true },
        {
          kind: "fault",
          target: { first: "manifest-write" },
          when: "after",
          mode: "error",
          meanwhile: "save",
          times: 5,
        },
        { kind: "wait", ms: 31000 },
        { kind: "revert", flowCall: false },
      ],
      publishIn: 36001,
      finalStatuses: "none",
    },
  ],
  // Issue 43: a save whose publish-on-save call was lost, published by a cron that another cron joined
  // half a second later: the coordinator takes the join for the flow's call and logs no
  // publish-on-save-missed.
  [
    {
      lags: [0, 0, 0],
      commands: [
        { kind: "save", recipe: 1, flowCall: false },
        { kind: "cron" },
        { kind: "wait", ms: 500 },
        { kind: "cron" },
      ],
      publishIn: 10000000,
      finalStatuses: "none",
    },
  ],
  // Issue 43: the same, through a rollback that gave the cron up and was refused: the publish queued in the
  // cron's place is an "api" request, which the next cron joins, and no publish-on-save-missed is logged.
  [
    {
      lags: [0, 0, 0],
      commands: [{ kind: "save", recipe: 1, flowCall: false }, { kind: "cron" }, { kind: "rollback" }],
      publishIn: 10000,
      finalStatuses: "none",
    },
  ],
  // Issue 43, seed 47972296 (and -411955665), still failing with the fixes of branch faults: a rollback asked
  // while the cron that publishes a save without its call runs counts as the flow's call (any request of the
  // API queued after the cron started does), and no publish-on-save-missed is logged.
  [
    {
      lags: [0, 0, 0],
      commands: [
        {
          kind: "fault",
          target: { position: 4 },
          when: "before",
          mode: "meanwhile",
          meanwhile: "rollback",
          times: 2,
        },
        { kind: "cron" },
        { kind: "save", recipe: 1, flowCall: false },
        { kind: "wait", ms: 3700000 },
      ],
      publishIn: 10000,
      finalStatuses: "none",
    },
  ],
  // Issue 43, on main before branch missed-heard: a cron whose first two steps were killed reads Directus only
  // five seconds after it started. Meanwhile an operator releases, and a second later a save's call is lost.
  // The cron carries the save, and the coordinator took the release, queued after the cron started, for the
  // flow's late call: no publish-on-save-missed. The flow never asks for a release.
  [
    {
      lags: [0, 0, 0],
      commands: [
        { kind: "fault", target: { position: 1 }, when: "before", mode: "kill", meanwhile: "save", times: 2 },
        { kind: "cron" },
        { kind: "stale", location: 0, ms: 1000 },
        { kind: "release" },
        { kind: "wait", ms: 1 },
        { kind: "save", recipe: 1, flowCall: false },
        { kind: "statuses", fault: "none" },
      ],
      publishIn: 10000,
      finalStatuses: "none",
    },
  ],
  // Issue 43, branch missed-heard: what the coordinator cannot tell apart, which the model's expectation asked of
  // it before. An operator's publish joins a waiting cron (11), or comes while a cron whose killed steps delay
  // its read runs (12); then a save's call is lost and the cron carries the save. The operator's publish is, to
  // the coordinator, the flow's call for a save just before it: no publish-on-save-missed, and none expected.
  [
    {
      lags: [0, 0, 0],
      commands: [
        { kind: "cron" },
        { kind: "wait", ms: 500 },
        { kind: "operator" },
        { kind: "wait", ms: 300 },
        { kind: "save", recipe: 1, flowCall: false },
      ],
      publishIn: 10000000,
      finalStatuses: "none",
    },
  ],
  [
    {
      lags: [0, 0, 0],
      commands: [
        { kind: "fault", target: { position: 1 }, when: "before", mode: "kill", meanwhile: "save", times: 2 },
        { kind: "cron" },
        { kind: "stale", location: 0, ms: 1000 },
        { kind: "operator" },
        { kind: "wait", ms: 1 },
        { kind: "save", recipe: 1, flowCall: false },
      ],
      publishIn: 10000,
      finalStatuses: "none",
    },
  ],
  // Seed 1500089653 (issue 43, a fault of the model's own expectation): an hour after the scheduled recipe went
  // live, an operator rolls back, and the pointer's write fails twice after it landed. The coordinator tries
  // again, its ledger still naming the scheduled version; KV's pointer (sequence 3, then 4) names the version
  // rolled back to, and the isolates take it at their next look, before the rollback ends. Their losing the
  // recipe is the rollback's doing: the model counted only rollbacks the coordinator had logged.
  [
    {
      lags: [0, 0, 0],
      commands: [
        { kind: "wait", ms: 3700000 },
        {
          kind: "fault",
          target: { first: "pointer-write" },
          when: "after",
          mode: "error",
          meanwhile: "save",
          times: 2,
        },
        { kind: "rollback" },
        { kind: "wait", ms: 3000 },
        { kind: "wait", ms: 2000 },
      ],
      publishIn: 10000,
      finalStatuses: "none",
    },
  ],
];

describe("publishing on a model of Cloudflare's network", () => {
  it(
    "keeps every location on complete versions, never going back, and brings the newest content everywhere",
    async () => {
      await fc.assert(fc.asyncProperty(scenario, runScenario), {
        numRuns: MODEL_RUNS,
        // MODEL_SEED=<seed> replays a search fast-check reported.
        ...(process.env.MODEL_SEED ? { seed: Number(process.env.MODEL_SEED) } : {}),
        // A search past known failures leaves out the examples, which show them.
        examples: IGNORED.size > 0 ? [] : EXAMPLES,
      });
    },
    MODEL_RUNS * 400,
  );
});

describe.runIf(process.env.MODEL_EXAMPLE)(
  "one scenario of the model, from MODEL_EXAMPLE (a counterexample's JSON)",
  () => {
    it("runs it", async () => {
      const [given] = JSON.parse(process.env.MODEL_EXAMPLE ?? "[]") as [Scenario];
      await runScenario(given);
    });
  },
);
