/**
 * The one writer of the published catalog. Every change of what the site
 * serves goes through here: the cron, POST /sync (Directus' publish on save,
 * an operator's `npm run sync`), rollback, hold and release. It runs inside
 * one Durable Object (catalog-coordinator.ts), so its state is strongly
 * consistent and its steps never overlap; tests run it on node:sqlite.
 *
 * - Requests only queue. A burst of publish requests joins one queued
 *   request, which starts SETTLE_MS after the last of them (at most
 *   MAX_SETTLE_MS after the first), so one sync reads Directus after the
 *   last save. A request that arrives while a sync reads or writes waits
 *   for the next one.
 * - The work happens in steps, one per alarm: each makes at most
 *   `operationsPerStep` KV operations, well under the 1,000 a Cloudflare
 *   invocation may make. A publish reads what changed in Directus into its
 *   stage (stage-read.ts, a few requests a step), builds the version from
 *   the stage a part a step and stages the blobs KV lacks in SQLite
 *   (stage-build.ts), walks the stage for its changes and statuses
 *   (stage-outcome.ts), writes the blobs a batch at a time, writes the
 *   manifest, and only then flips the pointer (decision 0052).
 *   A step cut off (eviction, deploy, exception) is run again from SQLite:
 *   every KV write is idempotent, and the pointer names only complete
 *   versions. Each attempt is counted before its work, so a step the
 *   runtime kills fails like one that throws, and after
 *   FAILED_STEPS_BEFORE_GIVING_UP its work is given up (`step`).
 * - The ledger (ledger.ts) knows every key the coordinator wrote, and which
 *   versions are live, kept and staged; a key is deleted only when none of
 *   them needs it. No decision reads KV, which is eventually consistent.
 *   A put or delete is recorded before it is made and settled after it; one
 *   whose outcome is unknown is trusted neither way, a pointer write's
 *   included (PointerDoubt).
 * - A key is written at most once a second (KV's limit per key).
 * - After each publish (and each sync that finds the live version current)
 *   it settles every recipe's publication status (publication.ts) and, when
 *   nothing else waits, writes the changed ones back to Directus. A write-back
 *   that fails is tried again later and never holds up a publish.
 * - Published recipes may carry publish times (publication-window.ts): it
 *   wakes at the next of them and publishes; the cron is the safety net.
 * - A live version in another catalog format than the code's (a deploy
 *   changed it) gets a publish by itself (`start`, #queueFormatPublish).
 * - What fails shows in `status()` (`faults`), not only in the logs.
 */

import { errorMessage } from "../../logging/error-message.ts";
import { logEvent } from "../../logging/log.ts";
import {
  BLOB_PREFIX,
  blobKey,
  type CatalogStore,
  MANIFEST_PREFIX,
  type Manifest,
  manifestBlobs,
  manifestKey,
  POINTER_KEY,
  type Pointer,
  pointerSequence,
  readManifest,
  readPointer,
  versionBlobList,
  writtenAt,
} from "../format/storage.ts";
import { CATALOG_FORMAT_VERSION } from "../recipes/types.ts";
import type { ShardedLayout } from "../search/engine/sharded-format.ts";
import { SEARCH_INDEX_VERSION } from "../search/search-index.ts";
import { contentName, PACK_CHARS_BOUND, packedVersion, packs } from "./delta-packing.ts";
import type { ContentSource } from "./directus-source.ts";
import { SourceError } from "./directus-source.ts";
import {
  type FailureKind,
  Ledger,
  type RequestRow,
  type SqlDatabase,
  type SyncAction,
  type SyncTrigger,
  type VersionRow,
} from "./ledger.ts";
import { CLOUDFLARE_OPERATIONS_PER_INVOCATION, OperationBudget } from "./operation-budget.ts";
import { PARALLEL_WRITES, type PlannedVersion } from "./plan-version.ts";
import { publicationRow, settledStatus } from "./publication.ts";
import type { PublicationWriter } from "./publication-writer.ts";
import type { RatingSource } from "./rating-source.ts";
import { type RatingRead, RatingStage, ratingReadStep, startRatingRead } from "./rating-stage.ts";
import { SHRINK_LIMIT, type SkippedRecord, SyncAborted, shrinkRefusal } from "./read-catalog.ts";
import { SourceStage } from "./source-stage.ts";
import { type BuildHands, type StageBuild, stageBuildStep, startStageBuild } from "./stage-build.ts";
import { type OutcomeWalk, type StageChanges, stageOutcomeStep, startOutcomeWalk } from "./stage-outcome.ts";
import { OVERLAP_MS, type StageRead, stageReadStep, startStageRead } from "./stage-read.ts";

/** How long a replaced version stays readable for isolates still loading it, and an unused key before it is deleted. */
export const GRACE_MS = 60 * 60 * 1000;
/** How many earlier versions are kept for a rollback. */
export const KEEP_VERSIONS = 5;
/** KV takes at most one write per second to the same key. */
export const KEY_SPACING_MS = 1_000;
/** Deleted keys are remembered this long (for KEY_SPACING_MS, and to read the ledger by hand). */
const FORGET_DELETED_MS = 24 * 60 * 60 * 1000;
/** Requests waiting at once; more is a flood, answered "busy". */
export const MAX_QUEUED = 20;
/** A request whose steps fail this often in a row is given up; the live version stays. */
const FAILED_STEPS_BEFORE_GIVING_UP = 5;
/** The pause after a failed step, doubled for each further failure in a row, up to the most. */
const RETRY_PAUSE_MS = 2_000;
const MAX_RETRY_PAUSE_MS = 5 * 60 * 1000;
/** The pause after the `failures`-th failure in a row. */
const retryPause = (failures: number) => Math.min(RETRY_PAUSE_MS * 2 ** (failures - 1), MAX_RETRY_PAUSE_MS);
/** Skipped records kept in a summary; the count says how many there were. */
const SUMMARY_SKIPPED = 100;
/** Publication statuses per write to Directus, and writes per step (each a few subrequests). */
export const STATUS_BATCH = 100;
const STATUS_BATCHES_PER_STEP = 5;
/** Pending statuses settled per query. */
const SETTLE_CHUNK = 1_000;
/** A write-back failing this often in a row is reported (the ones before are logged only). */
const STATUS_FAILURES_REPORTED = 3;

/** What a step may do, and how requests settle. */
export interface CoordinatorLimits {
  /** KV operations one step (one alarm invocation) makes at most. */
  operationsPerStep: number;
  /** Characters of blobs one step writes at most: what it holds in memory at once. */
  charsPerStep: number;
  /** List pieces (about 4,096 recipes each) one step of a build makes at most. */
  piecesPerStep: number;
  /** Locator shards (about 1,024 recipes each) one step of a build makes at most. */
  locatorShardsPerStep: number;
  /** Recipes whose search postings one step of a build makes at most. */
  indexRecipesPerStep: number;
  /** Characters of search index blobs one step of a build makes, about (it stops after the shard that reaches it). */
  searchCharsPerStep: number;
  /** The search index's pieces (stage-build.ts), the site's unless given: tests give small ones. */
  searchLayout?: ShardedLayout;
  /** Staged recipes one step walks at most for a version's changes and statuses. */
  walkRowsPerStep: number;
  /** Publication statuses one step settles at most once a version is live (a first publish: one a recipe). */
  settleStatusesPerStep: number;
  /** Directus requests one step of a read makes at most (a page of records, a count, or a page of ids each). */
  requestsPerStep: number;
  /** How far before the newest change it saw a read of changes starts again (stage-read.ts OVERLAP_MS). */
  readOverlapMs: number;
  /** A publish request starts this long after the last request that joined it … */
  settleMs: number;
  /** … but no later than this after the first. */
  maxSettleMs: number;
  /** Characters a version's delta pack holds at most; above, its blobs are written under their own keys (delta-packing.ts). */
  packChars: number;
}

/** The limits on Cloudflare: a quarter of an invocation's 1,000 operations per step. */
export const PRODUCTION_LIMITS: CoordinatorLimits = {
  operationsPerStep: CLOUDFLARE_OPERATIONS_PER_INVOCATION / 4,
  charsPerStep: 48_000_000,
  requestsPerStep: 5,
  piecesPerStep: 1,
  locatorShardsPerStep: 128,
  indexRecipesPerStep: 20_000,
  // At 350,000 recipes 8 M characters took 23 s a step in Node (two steps): near a step's 30 s of CPU.
  searchCharsPerStep: 3_000_000,
  walkRowsPerStep: 50_000,
  // About 60 µs a status in Node at 350,000 recipes (a first publish settled all of them in one step: 20.9 s).
  settleStatusesPerStep: 20_000,
  readOverlapMs: OVERLAP_MS,
  settleMs: 1_000,
  maxSettleMs: 10_000,
  packChars: PACK_CHARS_BOUND,
};

/** The Durable Object's single alarm: when the next step runs. */
export interface AlarmClock {
  get(): Promise<number | null>;
  set(at: number): Promise<void>;
  /** No step waits: the retry set at a step's start (see `step`) is taken back. */
  delete(): Promise<void>;
}

/** Recipes that differ from the last sync's read, by slug: the first CHANGES_LISTED of each kind, and counts. */
export type CatalogChanges = StageChanges;

/** What a finished request did. */
export interface SyncSummary {
  /** "held": a rollback holds the live version, nothing was read or written. */
  status: "published" | "unchanged" | "dry-run" | "held" | "rolled-back";
  manifest: string;
  recipes: number;
  ingredients: number;
  /** The first SUMMARY_SKIPPED records left out; `skippedCount` says how many in all. */
  skipped: SkippedRecord[];
  skippedCount: number;
  /** The live version's recipes before. */
  previousRecipes: number | null;
  /** Against what the sync before this one read. */
  changes: CatalogChanges | null;
  /** What the run read from Directus; null when it read nothing (held, rolled back). */
  read?: ReadFigures | null;
  /** What it read of the ratings (decision 0066); absent when the coordinator reads none. */
  ratings?: RatingFigures | null;
  /**
   * The build's list pieces, and of them those made again (their recipes changed); the rest were kept. And
   * of its locator and search index shards, those taken from the build before as they were (nothing of
   * theirs changed).
   */
  built?: {
    pieces: number;
    rebuilt: number;
    locatorShards?: { of: number; taken: number };
    searchShards?: { of: number; taken: number };
  } | null;
  /** KV puts and deletes this request's run made. */
  writes: number;
  deletes: number;
  durationMs: number;
  /** Alarm invocations the run took, and the most KV operations any of them made. */
  steps: number;
  maxOperations: number;
}

/** What a run read from Directus into its stage (source-stage.ts). */
export interface ReadFigures {
  /** Whether it read every recipe, rather than those changed since the last read. */
  full: boolean;
  /** Directus requests: pages of records, counts, pages of ids. */
  requests: number;
  /** Records those pages gave (ids not counted). */
  rows: number;
  /** Staged records added, changed or dropped. */
  changed: number;
}

/** What a run read of visitors' ratings (rating-stage.ts). */
export interface RatingFigures {
  /** Directus requests: the signature, and pages of tallies when it changed. */
  requests: number;
  /** Recipes whose tally changed in the stage. */
  changed: number;
  /** Why the read ended early; the tallies held before were published. */
  failed?: string;
}

/** A request as the status endpoint shows it. */
export interface RequestView {
  id: number;
  action: SyncAction;
  trigger: SyncTrigger;
  state: RequestRow["state"];
  requestedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  progress: RunProgress | null;
  summary: SyncSummary | null;
  error: { kind: FailureKind; message: string } | null;
}

export type RunProgress =
  | { phase: "reading"; requests: number; rows: number }
  | { phase: "recipes"; done: number; total: number }
  | { phase: "ingredients"; done: number }
  /** `part`: what the build makes next (stage-build.ts), or "outcome" for the walk over the stage. */
  | { phase: "building"; part?: StageBuild["phase"] | "outcome" }
  | { phase: "writing"; done: number; total: number }
  | { phase: "flipping" };

/** The coordinator's view of the catalog. */
export interface CoordinatorStatus {
  live: VersionView | null;
  /** Newest first. */
  kept: VersionView[];
  held: Held | null;
  /** When a sync last found the live version to be what Directus holds. */
  verifiedAt: string | null;
  running: RequestView | null;
  queued: RequestView[];
  last: RequestView | null;
  /** The most KV operations a step ever made. */
  maxOperationsPerStep: number;
  /** The write-back of publication statuses to Directus. */
  statuses: StatusWriteBack;
  /** When a recipe's publish time next comes (a publish then), if any. */
  dueAt: string | null;
  /** What fails, or failed and was given up, and a pointer write whose outcome is unknown (decision 0032, Faults). */
  faults: CoordinatorFaults;
}

/** What an operator needs to see of the coordinator's faults, which otherwise show only in the logs. */
export interface CoordinatorFaults {
  /**
   * A step began and has not ended: it runs now, or the runtime cut it off
   * (memory, CPU time, an eviction), and the next step counts it as failed.
   */
  stepUnderWay: { work: StepWork["kind"]; request: number | null; startedAt: string } | null;
  /**
   * Steps failed in a row (thrown or cut off), and the last of them; the
   * work is given up when `failures` reaches `giveUpAt`. Null once a step
   * succeeds.
   */
  failing: {
    work: StepWork["kind"];
    request: number | null;
    failures: number;
    giveUpAt: number;
    killed: boolean;
    error: string;
    at: string;
  } | null;
  /** The last work given up after `failures` steps in a row (a request fails; other work pauses). */
  gaveUp: { work: StepWork["kind"]; request: number | null; failures: number; error: string; at: string } | null;
  /**
   * Versions KV's pointer may name besides the live one: a pointer write
   * naming it whose outcome is unknown (`keptUntil` null: the pointer is
   * written again for the live version), or one a later write replaced,
   * kept for readers until `keptUntil`.
   */
  pointerInDoubt: { manifest: string; keptUntil: string | null }[];
  /** When a pointer repair that was given up is tried again. */
  pointerRepairAt: string | null;
}

/** A failed step as the "stepFailure" setting keeps it, for the status (#stepFailed). */
interface StepFailure {
  work: StepWork["kind"];
  request: number | null;
  killed: boolean;
  error: string;
  at: number;
}

/** Work given up, as the "gaveUp" setting keeps it (#giveUp). */
interface GaveUp {
  work: StepWork["kind"];
  request: number | null;
  failures: number;
  error: string;
  at: number;
}

export interface StatusWriteBack {
  /** Whether the site writes statuses back at all (DIRECTUS_STATUS_TOKEN). */
  enabled: boolean;
  /** Statuses Directus does not hold yet. */
  unwritten: number;
  /** Write-backs failed in a row, and when the next is tried. */
  failures: number;
  retryAt: string | null;
}

export interface VersionView {
  manifest: string;
  recipes: number;
  ingredients: number;
  publishedAt: string | null;
  retiredAt: string | null;
  rolledBack: boolean;
}

interface Held {
  since: string;
  from: string;
}

/** Thrown by `request` when too many requests wait already. */
export class CoordinatorBusy extends Error {
  override name = "CoordinatorBusy";
}

/** What a run carries from step to step (the "run" setting). */
interface Run {
  requestId: number;
  /** A dry run reads and builds, and ends there. */
  action: "publish" | "release" | "dry-run";
  target: string;
  /** The target's row was added by this run (dropped again if it is given up). */
  targetIsNew: boolean;
  /**
   * Reading Directus into the stage, building the version from it, walking the stage for what the version
   * means (changes, statuses), writing it, flipping the pointer.
   */
  phase: "reading" | "building" | "outcome" | "writing" | "flipping";
  /** While reading: where the read stands. */
  read?: StageRead;
  /** While reading, after the content: where the read of the ratings stands. */
  ratings?: RatingRead;
  /** While building: where the build stands; then the version it made, while the walk over the stage goes on. */
  build?: StageBuild;
  version?: PlannedVersion;
  walk?: OutcomeWalk;
  startedAt: number;
  blobsTotal: number;
  writes: number;
  deletes: number;
  steps: number;
  maxOperations: number;
  /** The time the pointer names, fixed before it is written. */
  flipAt?: number;
  base: Omit<SyncSummary, "status" | "manifest" | "writes" | "deletes" | "durationMs" | "steps" | "maxOperations">;
}

/** What adoption of a KV written before the coordinator has done (the "adoption" setting). */
interface Adoption {
  stage: "pointer" | "list";
  prefix?: string;
  cursor?: string;
}

/** What one step (one alarm invocation) has spent. */
interface Invocation {
  budget: OperationBudget;
  /** A step reads Directus or builds at most once: a read and a build are the heaviest work there is. */
  read: boolean;
  chars: number;
  /** The run this step worked on, for its step count. */
  runRequest: number | null;
  /** Publication statuses this step settled. */
  settled: number;
  /** What the step works on now: what a failure of it gives up (the "stepUnderWay" setting holds it too). */
  work: StepWork;
}

/**
 * What a step works on, recorded in SQLite before the work starts: a step
 * the runtime kills (memory, CPU, an eviction) never reaches its `catch`,
 * and the next step finds this record and counts the failure instead.
 * "step": between pieces of work (choosing what comes next).
 */
export type StepWork =
  | { kind: "step" }
  | { kind: "adoption" }
  | { kind: "request"; request: number }
  | { kind: "sweep" }
  | { kind: "statuses" }
  /** Settling the statuses of a version that went live (#settleSome). */
  | { kind: "settle" }
  /** Writing the pointer again for the live version, after a write whose outcome is unknown (#repairPointer). */
  | { kind: "pointer" };

/** The "settling" setting: the statuses of a version that went live, settled a share a step, up to `after`. */
interface Settling {
  version: string;
  at: number;
  after: number;
}

/** The "stepUnderWay" setting: a step began and has not ended. */
type StepUnderWay = StepWork & { startedAt: number };

/**
 * A version KV's pointer may name although the ledger does not say it is
 * live: a pointer write naming it began and its outcome is not known (it
 * failed, or its step was cut off), so it may have landed. Its version stays
 * in the ledger, and so its keys in KV, until a later pointer write is known
 * to have landed, and GRACE_MS after that for readers still on it (`until`).
 */
interface PointerDoubt {
  manifest: string;
  until: number | null;
}

/** What the next step reports for a step that never ended. */
const CUT_OFF_MESSAGE = "the step never finished: the runtime ended it (memory, CPU time or an eviction)";

/** Run the next step at once. */
const AT_ONCE = 0;

export interface CoordinatorOptions {
  db: SqlDatabase;
  /** The catalog's KV namespace. */
  store: CatalogStore;
  /** Directus, as the sync reads it. */
  source: () => ContentSource;
  /** Visitors' ratings in Directus (decision 0066); none: versions carry the ratings the stage holds (none at first). */
  ratings?: (() => RatingSource) | null;
  alarm: AlarmClock;
  clock?: () => number;
  limits?: Partial<CoordinatorLimits>;
  /**
   * Whether Directus' flow asks for a publish on every save (the site has a
   * SYNC_TOKEN). Then a cron run that publishes changed content means a save
   * was not published on save, which is logged and reported.
   */
  publishOnSave?: boolean;
  /** Where log lines go: logging/log.ts (Workers Logs in production, and the error tracker). */
  log?: typeof logEvent;
  /** Where recipes' publication statuses are written (Directus); none: they are kept, not written. */
  publications?: PublicationWriter | null;
  /**
   * Waits until the SQL writes made so far are durable (a Durable Object's
   * `storage.sync()`): a step's record of its attempt, and the ledger's
   * intent before a KV operation, must outlive a kill that comes before the
   * runtime commits on its own. None: writes are durable at once (node:sqlite).
   */
  persist?: () => Promise<void>;
}

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

/** Every KV key a version is made of: its manifest and its blobs. */
function versionKeys(version: VersionRow): string[] {
  return [manifestKey(version.manifest), ...manifestBlobs(version.body).map(blobKey)];
}

function versionView(version: VersionRow): VersionView {
  return {
    manifest: version.manifest,
    recipes: version.recipes,
    ingredients: version.ingredients,
    publishedAt: iso(version.publishedAt),
    retiredAt: iso(version.retiredAt),
    rolledBack: version.rolledBack,
  };
}

function failureKind(error: unknown): FailureKind {
  if (error instanceof SyncAborted) return "refused";
  if (error instanceof SourceError) return "source";
  return "failed";
}

export class Coordinator {
  readonly #ledger: Ledger;
  readonly #stage: SourceStage;
  readonly #ratingStage: RatingStage;
  readonly #store: CatalogStore;
  readonly #source: () => ContentSource;
  readonly #ratingSource: (() => RatingSource) | null;
  readonly #alarm: AlarmClock;
  readonly #clock: () => number;
  readonly #limits: CoordinatorLimits;
  readonly #log: NonNullable<CoordinatorOptions["log"]>;
  readonly #publishOnSave: boolean;
  readonly #publications: PublicationWriter | null;
  readonly #persist: () => Promise<void>;
  constructor(options: CoordinatorOptions) {
    this.#ledger = new Ledger(options.db);
    this.#stage = new SourceStage(options.db);
    this.#ratingStage = new RatingStage(options.db);
    this.#store = options.store;
    this.#source = options.source;
    this.#ratingSource = options.ratings ?? null;
    this.#alarm = options.alarm;
    this.#clock = options.clock ?? Date.now;
    this.#limits = { ...PRODUCTION_LIMITS, ...options.limits };
    this.#log = options.log ?? logEvent;
    this.#publishOnSave = options.publishOnSave ?? false;
    this.#publications = options.publications ?? null;
    this.#persist = options.persist ?? (async () => {});
  }

  /** While a step runs: the earliest wake a request asked for meanwhile (the step sets the alarm last). */
  #askedDuringStep: number | null = null;
  #stepping = false;
  /** Whether this instance has dealt with a live version in another catalog format (#queueFormatPublish). */
  #formatHandled = false;

  /**
   * What the object does when it starts, before any request or alarm (a
   * deploy restarts it): a live version in another catalog format than this
   * code's gets a publish queued (#queueFormatPublish), woken at its time.
   */
  async start(): Promise<void> {
    const id = this.#queueFormatPublish();
    const request = id === null ? undefined : this.#ledger.request(id);
    if (request) await this.#wakeAt(this.#dueAt(request));
  }

  // Requests: cheap, never touching KV, so that they can be answered while a step awaits KV.

  /**
   * Queues a request and makes sure a step will run for it. A publish,
   * release or dry run joins one of its kind that has not started yet.
   */
  async request({
    action,
    allowShrink = false,
    trigger,
    full = false,
  }: {
    action: SyncAction;
    allowShrink?: boolean;
    trigger: SyncTrigger;
    /** Read everything from Directus, not only what changed (an operator's `npm run sync -- --full`). */
    full?: boolean;
  }): Promise<{ id: number; joined: boolean }> {
    const now = this.#clock();
    // The next read reads everything, and so does every read until one has (stage-read.ts).
    if (full && action !== "rollback") this.#ledger.setSetting("fullRead", true);
    const queued = this.#ledger.queued();
    const same =
      action === "rollback"
        ? undefined
        : queued.find((entry) => entry.action === action && entry.allowShrink === allowShrink);
    if (same) {
      // A cron that joins adds nothing: the request reads Directus after it anyway. Only a call of the API
      // moves the start (a burst of saves settling) and tells that a save asked (#noticeMissedPublishOnSave).
      // The coordinator's own request becomes the cron's: what it publishes, the cron would have.
      if (trigger === "cron") {
        if (same.trigger === "schedule") this.#ledger.setTrigger(same.id, "cron");
        return { id: same.id, joined: true };
      }
      this.#ledger.joinRequest(same.id, now);
      await this.#wakeAt(this.#dueAt({ ...same, lastRequestedAt: now }));
      return { id: same.id, joined: true };
    }
    if (queued.length >= MAX_QUEUED) {
      throw new CoordinatorBusy(`coordinator: ${queued.length} requests are waiting already; try again later`);
    }
    const id = this.#ledger.addRequest(action, allowShrink, trigger, now);
    await this.#wakeAt(action === "rollback" ? now : now + this.#limits.settleMs);
    return { id, joined: false };
  }

  /** One request, or undefined if it is unknown (or long forgotten). */
  requestStatus(id: number): RequestView | undefined {
    const row = this.#ledger.request(id);
    return row ? this.#requestView(row) : undefined;
  }

  status(): CoordinatorStatus {
    const live = this.#ledger.live();
    const running = this.#ledger.running();
    const last = this.#ledger.lastFinished();
    return {
      live: live ? versionView(live) : null,
      kept: this.#ledger.kept().reverse().map(versionView),
      held: this.#ledger.setting<Held>("held") ?? null,
      verifiedAt: iso(this.#ledger.setting<number>("verifiedAt")),
      running: running ? this.#requestView(running) : null,
      queued: this.#ledger.queued().map((row) => this.#requestView(row)),
      last: last ? this.#requestView(last) : null,
      maxOperationsPerStep: this.#ledger.setting<number>("maxOperationsPerStep") ?? 0,
      statuses: {
        enabled: this.#publications !== null,
        unwritten: this.#ledger.unwrittenCount(),
        failures: this.#ledger.setting<number>("statusFailures") ?? 0,
        retryAt: iso(this.#ledger.setting<number>("statusRetryAt")),
      },
      dueAt: iso(this.#ledger.setting<number>("dueAt")),
      faults: this.#faults(),
    };
  }

  #faults(): CoordinatorFaults {
    const underWay = this.#ledger.setting<StepUnderWay>("stepUnderWay");
    const failures = this.#ledger.setting<number>("failedSteps") ?? 0;
    const failure = this.#ledger.setting<StepFailure>("stepFailure");
    const gaveUp = this.#ledger.setting<GaveUp>("gaveUp");
    return {
      stepUnderWay: underWay
        ? {
            work: underWay.kind,
            request: underWay.kind === "request" ? underWay.request : null,
            startedAt: iso(underWay.startedAt) as string,
          }
        : null,
      failing:
        failures > 0 && failure
          ? { ...failure, failures, giveUpAt: FAILED_STEPS_BEFORE_GIVING_UP, at: iso(failure.at) as string }
          : null,
      gaveUp: gaveUp ? { ...gaveUp, at: iso(gaveUp.at) as string } : null,
      pointerInDoubt: this.#pointerDoubts().map((doubt) => ({ manifest: doubt.manifest, keptUntil: iso(doubt.until) })),
      pointerRepairAt: this.#pointerInDoubt() ? iso(this.#ledger.setting<number>("pointerRepairAt")) : null,
    };
  }

  #requestView(row: RequestRow): RequestView {
    return {
      id: row.id,
      action: row.action,
      trigger: row.trigger,
      state: row.state,
      requestedAt: iso(row.requestedAt) as string,
      startedAt: iso(row.startedAt),
      finishedAt: iso(row.finishedAt),
      progress: (row.progress as RunProgress | null) ?? null,
      summary: (row.summary as SyncSummary | null) ?? null,
      error: row.error,
    };
  }

  /** When a queued request may start: settled after the last request that joined it, or waited long enough. */
  #dueAt(request: Pick<RequestRow, "action" | "requestedAt" | "lastRequestedAt">): number {
    if (request.action === "rollback") return request.requestedAt;
    return Math.min(request.requestedAt + this.#limits.maxSettleMs, request.lastRequestedAt + this.#limits.settleMs);
  }

  /** Sets the alarm to `at` unless it is set earlier already. */
  async #wakeAt(at: number): Promise<void> {
    if (this.#stepping) this.#askedDuringStep = Math.min(this.#askedDuringStep ?? at, at);
    const current = await this.#alarm.get();
    if (current === null || at < current) await this.#alarm.set(at);
  }

  // Steps: one per alarm.

  /**
   * Does the next piece of work within one step's budget, then sets the
   * alarm for the one after, if any. A step that fails is tried again after
   * a pause (#stepFailed); it never leaves the coordinator without an alarm
   * while work waits.
   *
   * The attempt is counted before any work: what the step works on is in
   * SQLite ("stepUnderWay") and the alarm is set for its retry, both made
   * durable (`persist`), before the first KV or Directus call. A step the
   * runtime kills never reaches its `catch`; the next step, woken by that
   * alarm whether or not the runtime's own retries of the alarm have run
   * out, finds the record and counts the failure as if the step had thrown.
   */
  async step(): Promise<void> {
    const invocation: Invocation = {
      budget: new OperationBudget(this.#store, this.#limits.operationsPerStep),
      read: false,
      chars: 0,
      runRequest: null,
      settled: 0,
      work: { kind: "step" },
    };
    this.#stepping = true;
    this.#askedDuringStep = null;
    let wake: number | null;
    try {
      const cutOff = this.#ledger.setting<StepUnderWay>("stepUnderWay");
      if (cutOff) this.#stepFailed(cutOff, new Error(CUT_OFF_MESSAGE), true);
      const failures = this.#ledger.setting<number>("failedSteps") ?? 0;
      this.#ledger.setSetting("stepUnderWay", { kind: "step", startedAt: this.#clock() } satisfies StepUnderWay);
      await this.#alarm.set(this.#clock() + retryPause(failures + 1));
      await this.#persist();
      try {
        wake = await this.#work(invocation);
        if (this.#ledger.setting<number>("failedSteps")) {
          this.#ledger.setSetting("failedSteps", undefined);
          this.#ledger.setSetting("stepFailure", undefined);
        }
      } catch (error) {
        wake = this.#stepFailed(invocation.work, error);
      }
      this.#ledger.setSetting("stepUnderWay", undefined);
      this.#countStep(invocation);
      // The one alarm also wakes the coordinator for the next publish time. One that has come already has its
      // publish queued (or waits for a hold's release), whose own time is in `wake`.
      const dueAt = this.#ledger.setting<number>("dueAt");
      if (dueAt !== undefined && dueAt > this.#clock() && (wake === null || dueAt < wake)) wake = dueAt;
      // A pointer repair given up for a while (#giveUp) is tried again then.
      const repairAt = this.#ledger.setting<number>("pointerRepairAt");
      const later = repairAt !== undefined && repairAt > this.#clock();
      if (later && this.#pointerInDoubt() && (wake === null || repairAt < wake)) wake = repairAt;
      // A request that came while the step awaited KV or Directus asked to be woken: the retry set above is
      // replaced now, by the earlier of the two.
      const asked = this.#askedDuringStep;
      if (asked !== null && (wake === null || asked < wake)) wake = asked;
    } finally {
      this.#stepping = false;
      this.#askedDuringStep = null;
    }
    if (wake === null) await this.#alarm.delete();
    else await this.#alarm.set(Math.max(wake, this.#clock()));
  }

  /** Records what the step works on now, durably, before it starts (see `step`). */
  async #workOn(invocation: Invocation, work: StepWork): Promise<void> {
    const current = invocation.work;
    if (
      current.kind === work.kind &&
      (current.kind !== "request" || current.request === (work as typeof current).request)
    )
      return;
    invocation.work = work;
    this.#ledger.setSetting("stepUnderWay", { ...work, startedAt: this.#clock() } satisfies StepUnderWay);
    await this.#persist();
  }

  /**
   * Records a failed step (thrown, or `killed`: found unfinished by the next
   * one) and answers when to try again: after a pause that doubles with each
   * failure in a row. After FAILED_STEPS_BEFORE_GIVING_UP what the step
   * worked on is given up (#giveUp), so that work that always fails does not
   * hold up what comes behind it.
   */
  #stepFailed(work: StepWork, error: unknown, killed = false): number {
    const failures = (this.#ledger.setting<number>("failedSteps") ?? 0) + 1;
    const running = this.#ledger.running();
    const request = work.kind === "request" ? work.request : (running?.id ?? null);
    this.#log("error", "sync.step-failed", { request, work: work.kind, failures, killed }, { error });
    if (failures >= FAILED_STEPS_BEFORE_GIVING_UP && this.#giveUp(work, failures, errorMessage(error))) {
      this.#ledger.setSetting("failedSteps", undefined);
      this.#ledger.setSetting("stepFailure", undefined);
      this.#ledger.setSetting("gaveUp", {
        work: work.kind,
        request,
        failures,
        error: errorMessage(error),
        at: this.#clock(),
      } satisfies GaveUp);
      return AT_ONCE;
    }
    this.#ledger.setSetting("failedSteps", failures);
    this.#ledger.setSetting("stepFailure", {
      work: work.kind,
      request,
      killed,
      error: errorMessage(error),
      at: this.#clock(),
    } satisfies StepFailure);
    return this.#clock() + retryPause(failures);
  }

  /**
   * Gives up what failed FAILED_STEPS_BEFORE_GIVING_UP steps in a row, logged
   * as an error (so reported): a request fails and the live version stays, the
   * next request goes ahead; a sweep or a status write-back waits a while.
   * Answers false when nothing can be given up (adoption's first stage, without
   * which nothing can be published safely): it is tried again, every
   * MAX_RETRY_PAUSE_MS at most.
   */
  #giveUp(work: StepWork, failures: number, message: string): boolean {
    const now = this.#clock();
    const fields = { work: work.kind, failures };
    switch (work.kind) {
      case "adoption": {
        const adoption = this.#ledger.setting<Adoption>("adoption");
        if (!adoption || adoption.stage === "pointer") return false;
        // Keys not listed yet stay unknown: never swept, and written again when a version needs them.
        this.#ledger.setSetting("adoption", undefined);
        this.#ledger.setSetting("adopted", true);
        this.#log("error", "sync.gave-up", { ...fields, what: "adoption's list of keys" }, { error: message });
        return true;
      }
      case "pointer":
        // The next publish writes it too; until then it is tried again after the longest pause.
        this.#ledger.setSetting("pointerRepairAt", now + MAX_RETRY_PAUSE_MS);
        this.#log("error", "sync.gave-up", { ...fields, what: "pointer repair" }, { error: message });
        return true;
      case "sweep":
        this.#ledger.setSetting("sweepPausedUntil", now + GRACE_MS);
        this.#log("error", "sync.gave-up", { ...fields, what: "sweep", pausedMs: GRACE_MS }, { error: message });
        return true;
      case "settle":
        // The statuses stay as they were: the next publish's walk finds those that differ and settles them.
        this.#ledger.setSetting("settling", undefined);
        this.#ledger.clearPendingStatuses();
        this.#log("error", "sync.gave-up", { ...fields, what: "settling statuses" }, { error: message });
        return true;
      case "statuses": {
        const statusFailures = (this.#ledger.setting<number>("statusFailures") ?? 0) + 1;
        this.#ledger.setSetting("statusFailures", statusFailures);
        this.#ledger.setSetting("statusRetryAt", now + MAX_RETRY_PAUSE_MS);
        this.#log("error", "sync.gave-up", { ...fields, what: "status write-back" }, { error: message });
        return true;
      }
      default: {
        const request = work.kind === "request" ? this.#ledger.request(work.request) : this.#ledger.running();
        if (!request || request.state === "done" || request.state === "failed") return true;
        const run = this.#ledger.setting<Run>("run");
        if (run && run.requestId === request.id) this.#dropRun(run);
        this.#fail(request, { kind: "failed", message: `sync: gave up after ${failures} failed steps: ${message}` });
        if (request.action === "rollback") this.#publishAfterRollback();
        return true;
      }
    }
  }

  /** Adds this step to its run's count and to the coordinator's largest step. */
  #countStep(invocation: Invocation): void {
    const used = invocation.budget.used;
    const largest = this.#ledger.setting<number>("maxOperationsPerStep") ?? 0;
    if (used > largest) this.#ledger.setSetting("maxOperationsPerStep", used);
    const run = this.#ledger.setting<Run>("run");
    if (run && run.requestId === invocation.runRequest) {
      this.#ledger.setSetting("run", {
        ...run,
        steps: run.steps + 1,
        maxOperations: Math.max(run.maxOperations, used),
      });
    }
  }

  /** The work of one step; answers when the next step should run (null: nothing waits). */
  async #work(invocation: Invocation): Promise<number | null> {
    for (;;) {
      if (!this.#ledger.setting<boolean>("adopted")) {
        await this.#workOn(invocation, { kind: "adoption" });
        const wake = await this.#adopt(invocation);
        if (wake !== undefined) return wake;
        continue;
      }
      await this.#workOn(invocation, { kind: "step" });
      // The statuses of the version that went live are settled before anything else: a new run's read
      // replaces the pending ones.
      if (this.#ledger.setting<Settling>("settling")) {
        await this.#workOn(invocation, { kind: "settle" });
        if (!this.#settleSome(invocation)) return AT_ONCE;
        continue;
      }
      this.#queueDuePublish();
      this.#queueFormatPublish();
      const queued = this.#ledger.queued();
      const rollback = queued.find((entry) => entry.action === "rollback");
      const running = this.#ledger.running();
      if (rollback && running?.action !== "rollback") {
        this.#supersede(rollback);
        continue;
      }
      if (running?.action === "rollback") {
        await this.#workOn(invocation, { kind: "request", request: running.id });
        const wake = await this.#rollback(running, invocation);
        if (wake !== undefined) return wake;
        continue;
      }
      const run = this.#ledger.setting<Run>("run");
      if (run) {
        invocation.runRequest = run.requestId;
        await this.#workOn(invocation, { kind: "request", request: run.requestId });
        const wake = await this.#continueRun(run, invocation);
        if (wake !== undefined) return wake;
        continue;
      }
      if (running) {
        // A step was cut off while it read Directus: nothing of its run was stored, so it reads again.
        this.#ledger.setSetting("run", undefined);
        this.#ledger.startRequest(running.id, this.#clock());
      }
      const next = running ?? queued[0];
      if (next) {
        const due = running ? AT_ONCE : this.#dueAt(next);
        if (due > this.#clock()) return due;
        if (invocation.read) return AT_ONCE;
        // The attempt is recorded before the read begins (#readStep reads in the next piece of work).
        await this.#workOn(invocation, { kind: "request", request: next.id });
        this.#startRun(next, invocation);
        continue;
      }
      // Nothing waits: a pointer in doubt is written again first, then housekeeping, then the statuses'
      // write-back, which never holds up a publish. It gets a step of its own: its Directus calls never add to
      // a step that read Directus or wrote KV.
      if (this.#pointerRepairDue()) {
        await this.#workOn(invocation, { kind: "pointer" });
        const wake = await this.#repairPointer(invocation);
        if (wake !== undefined) return wake;
        continue;
      }
      await this.#workOn(invocation, { kind: "sweep" });
      const swept = await this.#sweep(invocation);
      const busy = invocation.read || invocation.budget.used > 0;
      let statuses: number | null = AT_ONCE;
      if (!(busy && this.#publications && this.#ledger.unwrittenCount() > 0)) {
        await this.#workOn(invocation, { kind: "statuses" });
        statuses = await this.#writeStatuses();
      }
      if (swept === null) return statuses;
      return statuses === null ? swept : Math.min(swept, statuses);
    }
  }

  /**
   * A recipe's publish or unpublish time has come: a publish reads Directus
   * again (one that is queued or under way already will). The time is cleared
   * when a publish starts reading, not here: a publish that ends without
   * reading (given up for a rollback that is then refused) leaves it due, and
   * the next step queues another. While a rollback holds, the release reads.
   */
  #queueDuePublish(): void {
    const dueAt = this.#ledger.setting<number>("dueAt");
    const now = this.#clock();
    if (dueAt === undefined || dueAt > now || this.#ledger.setting<Held>("held")) return;
    const running = this.#ledger.running();
    if (running && running.action !== "rollback") return;
    const queued = this.#ledger.queued();
    if (queued.some((entry) => entry.action === "publish" || entry.action === "release")) return;
    // A flooded queue: the cron's next run publishes it.
    if (queued.length >= MAX_QUEUED) return;
    this.#ledger.addRequest("publish", false, "schedule", now);
  }

  /**
   * The live version is in another catalog format than this code writes
   * and reads (CATALOG_FORMAT_VERSION): the code changed under it (a deploy,
   * or a deploy's rollback). A cold isolate of this code cannot read it
   * (warm ones keep what they loaded), so a publish that reads all of
   * Directus is queued as the coordinator's own ("schedule") and logged. Not
   * while a publish or release is queued or under way (it writes this format;
   * if it fails, the cron's next run does), nor while a rollback holds the
   * live version: nothing may be published then, and since pages fail until
   * the hold is lifted, that is reported. Once per instance at most: a publish
   * that fails is not asked for again and again. Answers the request queued.
   * A live search index of another version (SEARCH_INDEX_VERSION) counts the
   * same: pages can read it only by building a whole index from every card,
   * which a page isolate cannot afford at the catalog's largest (decision 0054).
   */
  #queueFormatPublish(): number | null {
    if (this.#formatHandled) return null;
    const live = this.#ledger.live();
    if (
      !live ||
      (live.body.formatVersion === CATALOG_FORMAT_VERSION && live.body.searchIndexVersion === SEARCH_INDEX_VERSION)
    ) {
      // Nothing left to look for in this instance, unless a run the code before began flips a version of its own.
      if (live && !this.#ledger.setting<Run>("run")) this.#formatHandled = true;
      return null;
    }
    const fields = {
      version: live.manifest,
      format: live.body.formatVersion,
      codeFormat: CATALOG_FORMAT_VERSION,
      searchIndex: live.body.searchIndexVersion,
      codeSearchIndex: SEARCH_INDEX_VERSION,
    };
    const writes = (entry: RequestRow) => entry.action === "publish" || entry.action === "release";
    const running = this.#ledger.running();
    if (running && writes(running)) return null;
    this.#formatHandled = true;
    if (this.#ledger.setting<Held>("held")) {
      this.#log("error", "sync.format-outdated", { ...fields, held: true, request: null });
      return null;
    }
    const queued = this.#ledger.queued();
    const waiting = queued.find(writes);
    if (waiting || queued.length >= MAX_QUEUED) {
      this.#log("warn", "sync.format-outdated", { ...fields, held: false, request: waiting?.id ?? null });
      return null;
    }
    this.#ledger.setSetting("fullRead", true);
    const id = this.#ledger.addRequest("publish", false, "schedule", this.#clock());
    this.#log("warn", "sync.format-outdated", { ...fields, held: false, request: id });
    return id;
  }

  // Publication statuses.

  /**
   * Settles the statuses the run's read changed, now that `version` is live
   * (since `at`), for the write-back: starts it here and goes on in the
   * steps after (#settleSome), a share a step, since a first publish settles
   * a status per recipe.
   */
  #settleStatuses(version: string, at: number): void {
    this.#ledger.setSetting("settling", { version, at, after: Number.MIN_SAFE_INTEGER } satisfies Settling);
  }

  /** Settles up to the step's share of pending statuses; answers whether all are settled. */
  #settleSome(invocation: Invocation): boolean {
    const settling = this.#ledger.setting<Settling>("settling");
    if (!settling) return true;
    const now = this.#clock();
    let { after } = settling;
    // A chunk at a time, the step's progress kept after each: a step cut off settles its last chunk again.
    while (invocation.settled < this.#limits.settleStatusesPerStep) {
      const chunk = Math.min(SETTLE_CHUNK, this.#limits.settleStatusesPerStep - invocation.settled);
      const pending = this.#ledger.pendingStatusesAfter(after, chunk);
      const live = { version: settling.version, at: settling.at };
      for (const status of pending) {
        this.#ledger.putStatus(settledStatus(status, this.#ledger.status(status.recipe), live, now));
      }
      invocation.settled += pending.length;
      const last = pending.at(-1);
      if (!last || pending.length < chunk) {
        this.#ledger.clearPendingStatuses();
        this.#ledger.setSetting("settling", undefined);
        return true;
      }
      after = last.recipe;
      this.#ledger.setSetting("settling", { ...settling, after } satisfies Settling);
    }
    return false;
  }

  /**
   * Writes statuses Directus does not hold yet, a few batches per step.
   * Never throws: a failure is logged (reported once it repeats) and tried
   * again after a pause that doubles up to MAX_RETRY_PAUSE_MS. Answers when
   * to come back, or null when nothing is left to write.
   */
  async #writeStatuses(): Promise<number | null> {
    if (this.#ledger.unwrittenCount() === 0) return null;
    if (!this.#publications) {
      if (!this.#ledger.setting<boolean>("statusOffLogged")) {
        this.#ledger.setSetting("statusOffLogged", true);
        this.#log("info", "sync.status-off", { unwritten: this.#ledger.unwrittenCount() });
      }
      return null;
    }
    const now = this.#clock();
    const retryAt = this.#ledger.setting<number>("statusRetryAt");
    if (retryAt !== undefined && retryAt > now) return retryAt;
    let written = 0;
    let gone = 0;
    try {
      for (let batch = 0; batch < STATUS_BATCHES_PER_STEP; batch++) {
        const statuses = this.#ledger.unwrittenStatuses(STATUS_BATCH);
        if (statuses.length === 0) break;
        const result = await this.#publications.write(statuses.map(publicationRow));
        const goneNow = new Set(result.gone);
        for (const status of statuses) {
          if (goneNow.has(status.recipe)) this.#ledger.forgetStatus(status.recipe);
          else this.#ledger.markWritten(status.recipe, status.changedAt);
        }
        written += statuses.length - goneNow.size;
        gone += goneNow.size;
      }
    } catch (error) {
      const failures = (this.#ledger.setting<number>("statusFailures") ?? 0) + 1;
      const pause = Math.min(RETRY_PAUSE_MS * 2 ** (failures - 1), MAX_RETRY_PAUSE_MS);
      this.#ledger.setSetting("statusFailures", failures);
      this.#ledger.setSetting("statusRetryAt", now + pause);
      this.#log(
        "warn",
        "sync.status-failed",
        { failures, written, unwritten: this.#ledger.unwrittenCount(), retryInMs: pause },
        { error, report: failures >= STATUS_FAILURES_REPORTED },
      );
      return now + pause;
    }
    this.#ledger.setSetting("statusFailures", undefined);
    this.#ledger.setSetting("statusRetryAt", undefined);
    this.#ledger.setSetting("statusOffLogged", undefined);
    const unwritten = this.#ledger.unwrittenCount();
    this.#log("info", "sync.status-written", { rows: written, gone, unwritten });
    return unwritten > 0 ? AT_ONCE : null;
  }

  /**
   * A rollback waits: the run under way is given up, and every request
   * queued before the rollback ends as held (the last word is the
   * operator's), so the rollback comes next.
   */
  #supersede(rollback: RequestRow): void {
    const before = this.#ledger.running();
    const givenUp = [
      ...(before && before.action !== "rollback" ? [before] : []),
      ...this.#ledger.queued().filter((entry) => entry.id < rollback.id),
    ];
    const run = this.#ledger.setting<Run>("run");
    if (run) this.#finishRun(run, "held");
    const running = this.#ledger.running();
    if (running && running.action !== "rollback") this.#finish(running, this.#heldSummary(running));
    for (const entry of this.#ledger.queued()) {
      if (entry.id < rollback.id) this.#finish(entry, this.#heldSummary(entry));
    }
    // Should the rollback be refused, nothing holds: what these publishes were asked for is published then, as
    // asked by whom they were (a call of the API before a cron: #noticeMissedPublishOnSave tells them apart).
    const publishes = givenUp.filter((entry) => entry.action !== "dry-run").map((entry) => entry.trigger);
    if (publishes.length > 0) {
      const trigger: SyncTrigger = publishes.includes("api") ? "api" : publishes.includes("cron") ? "cron" : "schedule";
      this.#ledger.setSetting("publishAfterRollback", trigger);
    }
    this.#ledger.startRequest(rollback.id, this.#clock());
  }

  // Adoption: a KV published before the coordinator existed (or a coordinator whose storage was lost).

  /**
   * Learns what KV holds: the pointer's versions from their manifests, then
   * every catalog key KV lists. Only listed keys count as present, so a
   * version missing a blob is never rolled back to, and the next publish
   * writes what it lacks. Answers a wake time while there is more to do.
   */
  async #adopt(invocation: Invocation): Promise<number | undefined> {
    const { budget } = invocation;
    const adoption = this.#ledger.setting<Adoption>("adoption") ?? { stage: "pointer" };
    const now = this.#clock();
    if (adoption.stage === "pointer") {
      const pointer = await readPointer(budget.store);
      if (pointer) {
        const entries = [
          { manifest: pointer.manifest, live: true, at: Date.parse(pointer.publishedAt), rolledBack: false },
          ...pointer.retired.map((entry) => ({
            manifest: entry.manifest,
            live: false,
            at: Date.parse(entry.retiredAt),
            rolledBack: entry.rolledBack === true,
          })),
        ];
        for (const entry of entries) {
          const body = await readManifest(budget.store, entry.manifest).catch(() => null);
          if (!body) continue;
          this.#ledger.putVersion({
            manifest: entry.manifest,
            body,
            role: entry.live ? "live" : "kept",
            recipes: body.counts.recipes,
            ingredients: body.counts.ingredients,
            publishedAt: entry.live ? entry.at : null,
            retiredAt: entry.live ? null : entry.at,
            rolledBack: entry.rolledBack,
          });
        }
        if (pointer.held) this.#ledger.setSetting("held", pointer.held);
        // The next pointer must come after this one, or isolates that read it would not take the next.
        const sequence = Math.max(this.#ledger.setting<number>("pointerSequence") ?? 0, pointerSequence(pointer));
        this.#ledger.setSetting("pointerSequence", sequence);
        this.#ledger.setSetting("verifiedAt", Date.parse(pointer.verifiedAt ?? pointer.publishedAt));
        // Whoever wrote it may have done so a moment ago.
        this.#ledger.setSetting("pointerWrittenAt", now);
      }
      this.#ledger.setSetting("adoption", { stage: "list", prefix: MANIFEST_PREFIX } satisfies Adoption);
      return budget.remaining > 0 ? undefined : AT_ONCE;
    }
    let { prefix = MANIFEST_PREFIX, cursor } = adoption;
    while (budget.remaining > 0) {
      const page = await budget.store.list(cursor === undefined ? { prefix } : { prefix, cursor });
      for (const { name, metadata } of page.keys) {
        if (!this.#ledger.keyRow(name)) this.#ledger.recordWritten(name, writtenAt(metadata) ?? now);
      }
      cursor = page.list_complete ? undefined : page.cursor;
      if (cursor !== undefined) continue;
      if (prefix === MANIFEST_PREFIX) {
        prefix = BLOB_PREFIX;
        continue;
      }
      this.#ledger.setSetting("adoption", undefined);
      this.#ledger.setSetting("adopted", true);
      return undefined;
    }
    this.#ledger.setSetting("adoption", { stage: "list", prefix, cursor } satisfies Adoption);
    return AT_ONCE;
  }

  // Publishing.

  /**
   * Starts a publish, release or dry run: its read of Directus into the
   * stage begins with the next piece of work (#readStep), then the build
   * (#build), the writes and the flip.
   */
  #startRun(request: RequestRow, invocation: Invocation): void {
    const startedAt = this.#clock();
    this.#ledger.startRequest(request.id, startedAt);
    const live = this.#ledger.live();
    if (request.action === "publish" && this.#ledger.setting<Held>("held")) {
      this.#finish(request, this.#heldSummary(request));
      return;
    }
    if (request.action === "rollback") throw new Error("coordinator: a rollback is not a run");
    // This read answers any publish time that has come (it sets the next one); if it fails, the cron's next
    // publish reads again.
    if (request.action !== "dry-run") this.#ledger.setSetting("dueAt", undefined);
    this.#ledger.clearStaged();
    this.#ledger.clearPendingStatuses();
    const full = this.#ledger.setting<boolean>("fullRead") === true;
    const run: Run = {
      requestId: request.id,
      action: request.action,
      target: "",
      targetIsNew: false,
      phase: "reading",
      read: startStageRead(this.#stage, request.id, { full, overlapMs: this.#limits.readOverlapMs }),
      startedAt,
      blobsTotal: 0,
      writes: 0,
      deletes: 0,
      steps: 0,
      maxOperations: 0,
      base: {
        recipes: 0,
        ingredients: 0,
        skipped: [],
        skippedCount: 0,
        previousRecipes: live?.recipes ?? null,
        changes: null,
        read: null,
      },
    };
    invocation.runRequest = request.id;
    this.#ledger.setSetting("run", run);
  }

  /** A failed read or build ends its request at once (the live version stays); the stage keeps what it read. */
  #runFailed(run: Run, error: unknown): void {
    this.#dropRun(run);
    this.#fail(this.#ledger.request(run.requestId), { kind: failureKind(error), message: errorMessage(error) });
  }

  /** Reads on into the stage for one step; answers a wake time while the read goes on. */
  async #readStep(run: Run, invocation: Invocation): Promise<number | undefined> {
    if (invocation.read) return AT_ONCE;
    invocation.read = true;
    if (run.ratings) return this.#ratingStep(run, run.ratings);
    if (!run.read) throw new Error("coordinator: a run reads without a read under way");
    let step: Awaited<ReturnType<typeof stageReadStep>>;
    try {
      step = await stageReadStep(run.read, this.#source(), this.#stage, this.#limits.requestsPerStep);
    } catch (error) {
      this.#runFailed(run, error);
      return undefined;
    }
    const { read } = step;
    this.#ledger.setProgress(run.requestId, {
      phase: "reading",
      requests: read.requests,
      rows: read.rows,
    } satisfies RunProgress);
    const figures: ReadFigures = {
      full: read.full.recipes,
      requests: read.requests,
      rows: read.rows,
      changed: read.changed.recipes + read.changed.ingredients,
    };
    if (step.done && read.full.recipes && read.full.ingredients) this.#ledger.setSetting("fullRead", undefined);
    const next: Run = { ...run, read: step.done ? undefined : read, base: { ...run.base, read: figures } };
    if (!step.done) {
      this.#ledger.setSetting("run", next satisfies Run);
      return AT_ONCE;
    }
    // The ratings next, in steps of their own; without a source of them, the build.
    if (this.#ratingSource) {
      this.#ledger.setSetting("run", { ...next, ratings: startRatingRead() } satisfies Run);
      return AT_ONCE;
    }
    this.#startBuild(next);
    return undefined;
  }

  /** The content is read: the build starts. */
  #startBuild(run: Run): void {
    this.#ledger.setSetting("run", {
      ...run,
      phase: "building",
      read: undefined,
      ratings: undefined,
      build: startStageBuild(this.#clock()),
    } satisfies Run);
    this.#ledger.setProgress(run.requestId, { phase: "building", part: "order" } satisfies RunProgress);
  }

  /**
   * Reads the ratings on for one step (rating-stage.ts). Never fails the run:
   * a Directus that is down or answers garbage leaves the tallies the stage
   * holds, which the version carries, and the next publish reads again.
   */
  async #ratingStep(run: Run, ratings: RatingRead): Promise<number | undefined> {
    const source = this.#ratingSource;
    const read = source
      ? await ratingReadStep(ratings, source(), this.#ratingStage, this.#limits.requestsPerStep)
      : { ...ratings, done: true };
    const figures: RatingFigures = {
      requests: read.requests,
      changed: read.changed,
      ...(read.failed ? { failed: read.failed } : {}),
    };
    if (read.failed) this.#log("warn", "sync.ratings-failed", { request: run.requestId, error: read.failed });
    const next: Run = { ...run, ratings: read, base: { ...run.base, ratings: figures } };
    if (!read.done) {
      this.#ledger.setSetting("run", next);
      return AT_ONCE;
    }
    this.#startBuild(next);
    return undefined;
  }

  /**
   * Builds the version the stage holds, a part per step (stage-build.ts),
   * staging the blobs KV lacks in SQLite as they are made; then what it
   * means (stage-outcome.ts), and the writes. A dry run stages nothing.
   */
  async #build(run: Run, invocation: Invocation): Promise<number | undefined> {
    if (invocation.read) return AT_ONCE;
    invocation.read = true;
    const request = this.#ledger.request(run.requestId);
    if (!request) throw new Error(`coordinator: the run's request ${run.requestId} is gone`);
    if (!run.build) throw new Error("coordinator: a run builds without a build under way");
    const live = this.#ledger.live();
    const present = (hash: string) => this.#isPresent(blobKey(hash));
    const hands: BuildHands =
      run.action === "dry-run"
        ? { present, keep: () => {} }
        : {
            present: (hash) => present(hash) || this.#ledger.hasStaged(hash),
            keep: (hash, text) => this.#ledger.stage(hash, text),
          };
    let step: Awaited<ReturnType<typeof stageBuildStep>>;
    try {
      step = await stageBuildStep(run.build, this.#stage, hands, this.#limits, this.#ratingStage);
      if (step.version) {
        const refusal = shrinkRefusal(step.build.recipes, live?.recipes ?? null, request.allowShrink);
        if (refusal) throw new SyncAborted(refusal);
      }
    } catch (error) {
      this.#runFailed(run, error);
      return undefined;
    }
    const { version, build } = step;
    if (!version) {
      this.#ledger.setSetting("run", { ...run, build } satisfies Run);
      this.#ledger.setProgress(request.id, { phase: "building", part: build.phase } satisfies RunProgress);
      return AT_ONCE;
    }
    this.#ledger.setSetting("run", {
      ...run,
      build,
      version,
      walk: startOutcomeWalk(),
      phase: "outcome",
    } satisfies Run);
    this.#ledger.setProgress(request.id, { phase: "building", part: "outcome" } satisfies RunProgress);
    return AT_ONCE;
  }

  /**
   * Walks the stage for what the built version means (stage-outcome.ts), a
   * share a step; then ends a dry run or an unchanged catalog, or goes on to
   * the writes.
   */
  async #outcomeStep(run: Run, invocation: Invocation): Promise<number | undefined> {
    if (invocation.read) return AT_ONCE;
    invocation.read = true;
    const request = this.#ledger.request(run.requestId);
    const { build, version: built, walk } = run;
    if (!request) throw new Error(`coordinator: the run's request ${run.requestId} is gone`);
    if (!build || !built || !walk) throw new Error("coordinator: a run walks the stage without a version");
    const live = this.#ledger.live();
    const held = this.#ledger.setting<Held>("held");
    const step = stageOutcomeStep(this.#stage, this.#ledger, walk, {
      now: build.now,
      remember: run.action !== "dry-run",
      skippedKept: SUMMARY_SKIPPED,
      onSkipped: (record) => this.#logSkipped(record),
      rows: this.#limits.walkRowsPerStep,
    });
    const { outcome } = step;
    if (!outcome) {
      this.#ledger.setSetting("run", { ...run, walk: step.walk } satisfies Run);
      return AT_ONCE;
    }
    // A dry run staged nothing to pack: it compares what the catalog decides, the live version's delta aside.
    const version = run.action === "dry-run" ? built : await this.#packDelta(built, live);
    const base: Run["base"] = {
      ...run.base,
      recipes: build.recipes,
      ingredients: build.ingredients,
      skipped: outcome.skipped,
      skippedCount: outcome.skippedCount,
      changes: outcome.changes,
      built: {
        pieces: build.made,
        rebuilt: build.rebuilt,
        locatorShards: { of: build.locator?.length ?? 0, taken: build.locatorTaken ?? 0 },
        searchShards: { of: build.searchShards ?? 0, taken: build.searchTaken ?? 0 },
      },
    };
    if (run.action !== "dry-run") this.#ledger.setSetting("dueAt", outcome.nextDueAt ?? undefined);
    const summary = (status: SyncSummary["status"]): SyncSummary => ({
      status,
      manifest: version.hash,
      ...base,
      writes: 0,
      deletes: 0,
      durationMs: this.#clock() - run.startedAt,
      steps: run.steps + 1,
      maxOperations: Math.max(run.maxOperations, invocation.budget.used),
    });
    // The blobs in a pack are staged still (#packDelta); the pack is written in their stead.
    const staged = this.#ledger.stagedCount() - (version.manifest.delta?.blobs.length ?? 0);
    const ready: Run = { ...run, build: undefined, version: undefined, walk: undefined, target: version.hash, base };
    if (run.action === "dry-run") {
      this.#ledger.setSetting("run", undefined);
      const liveContent = live ? await contentName(live.manifest, live.body) : null;
      this.#finish(request, summary(liveContent === version.hash ? "unchanged" : "dry-run"));
      return undefined;
    }
    if (live?.manifest === version.hash) {
      this.#ledger.setSetting("verifiedAt", build.now);
      // Unchanged content: nothing to do, unless a hold is lifted (only the pointer changes) or the live
      // version lacks keys (adopted from a KV that lost some): those are written again.
      const release = run.action === "release" && held !== undefined;
      // A pointer write whose outcome is unknown may have named another version: the pointer is written again.
      if (!release && staged === 0 && !this.#pointerInDoubt()) {
        this.#ledger.setSetting("run", undefined);
        this.#dropPacked(version.manifest);
        this.#settleStatuses(live.manifest, live.publishedAt ?? build.now);
        this.#finish(request, summary("unchanged"));
        return undefined;
      }
      this.#ledger.setSetting("run", {
        ...ready,
        phase: staged > 0 ? "writing" : "flipping",
        blobsTotal: staged,
      } satisfies Run);
      this.#dropPacked(version.manifest);
      return undefined;
    }

    // A new version, or a kept one again (Directus went back to content it had).
    const existing = this.#ledger.version(version.hash);
    if (!existing) {
      this.#ledger.putVersion({
        manifest: version.hash,
        body: version.manifest,
        role: "staged",
        recipes: base.recipes,
        ingredients: base.ingredients,
        publishedAt: null,
        retiredAt: null,
        rolledBack: false,
      });
    }
    this.#ledger.setSetting("run", {
      ...ready,
      phase: "writing",
      targetIsNew: !existing,
      blobsTotal: staged,
    } satisfies Run);
    this.#dropPacked(version.manifest);
    this.#ledger.setProgress(request.id, { phase: "writing", done: 0, total: staged } satisfies RunProgress);
    return undefined;
  }

  /**
   * Packs the blobs the built version lacks in KV (those it staged, less
   * those the live version names under their own keys) into one delta pack
   * beside the live version's blobs when they fit (decision 0069),
   * and stages the pack in their stead; answers the version that names it,
   * or the built one when its blobs go under their own keys. The same blobs
   * pack to the same pack, so a catalog that did not change since the live
   * version was packed answers the live version.
   */
  async #packDelta(built: PlannedVersion, live: VersionRow | undefined): Promise<PlannedVersion> {
    const base =
      live !== undefined &&
      live.body.formatVersion === CATALOG_FORMAT_VERSION &&
      live.body.searchIndexVersion === SEARCH_INDEX_VERSION;
    const missing = this.#ledger.stagedSize();
    if (!live || !packs(missing, base, this.#limits.packChars)) return built;
    const blobs = new Set(versionBlobList(built.manifest));
    // A blob the live version keeps under its own key stays there: staged, it is one KV lost (a repair).
    const own = new Set(manifestBlobs(live.body));
    const texts = new Map<string, string>();
    for (const hash of this.#ledger.stagedHashes(missing.count)) {
      if (blobs.has(hash) && !own.has(hash)) texts.set(hash, this.#ledger.stagedText(hash));
    }
    const { version, pack } = await packedVersion(built, texts, this.#limits.packChars);
    if (!pack) return built;
    // The blobs in it stay staged until the run names the version (#dropPacked): a step cut off before then
    // packs the same blobs again.
    if (!this.#isPresent(blobKey(pack.hash))) this.#ledger.stage(pack.hash, pack.text);
    return version;
  }

  /** Unstages the blobs a version's pack holds: the pack is written in their stead. Safe to repeat. */
  #dropPacked(version: Manifest): void {
    for (const hash of version.delta?.blobs ?? []) this.#ledger.unstage(hash);
  }

  /**
   * Whether the ledger says KV holds `key`: written, not deleted, and no put
   * or delete of it of unknown outcome (kv_intent), which counts as neither
   * there nor gone, so a version that needs it writes it again.
   */
  #isPresent(key: string): boolean {
    const row = this.#ledger.keyRow(key);
    return row !== undefined && row.deletedAt === null && row.intent === null;
  }

  /** Writes staged blobs, then the manifest, then flips; answers a wake time when the step must end first. */
  async #continueRun(run: Run, invocation: Invocation): Promise<number | undefined> {
    const { budget } = invocation;
    if (run.action === "publish" && this.#ledger.setting<Held>("held")) {
      this.#finishRun(run, "held");
      return undefined;
    }
    if (run.phase === "reading") return this.#readStep(run, invocation);
    if (run.phase === "building") return this.#build(run, invocation);
    if (run.phase === "outcome") return this.#outcomeStep(run, invocation);
    if (run.phase === "writing") {
      // A step cut off between naming the version and unstaging its pack's blobs left them staged.
      const named = this.#ledger.version(run.target);
      if (named) this.#dropPacked(named.body);
      for (;;) {
        const hashes = this.#ledger.stagedHashes(Math.min(PARALLEL_WRITES, budget.remaining));
        if (hashes.length === 0) break;
        const now = this.#clock();
        const spaced = Math.max(...hashes.map((hash) => this.#writableAt(blobKey(hash))));
        if (spaced > now) return spaced;
        const texts = hashes.map((hash) => this.#ledger.stagedText(hash));
        const chars = texts.reduce((sum, text) => sum + text.length, 0);
        if (invocation.chars > 0 && invocation.chars + chars > this.#limits.charsPerStep) return AT_ONCE;
        // Intent first: a put that fails, or whose step is cut off, may still land. Such a key is not present
        // for a plan (it is staged and written again) and is swept only once it is GRACE_MS old.
        for (const hash of hashes) this.#ledger.intendWrite(blobKey(hash), now);
        await this.#persist();
        const outcomes = await Promise.allSettled(
          hashes.map((hash, index) =>
            budget.store.put(blobKey(hash), texts[index] as string, { metadata: { writtenAt: iso(now) as string } }),
          ),
        );
        let written = 0;
        outcomes.forEach((outcome, index) => {
          const hash = hashes[index] as string;
          if (outcome.status === "rejected") return;
          this.#ledger.recordWritten(blobKey(hash), now);
          this.#ledger.unstage(hash);
          written += 1;
        });
        invocation.chars += chars;
        run = { ...run, writes: run.writes + written };
        const failed = outcomes.find((outcome) => outcome.status === "rejected");
        if (failed) {
          this.#ledger.setSetting("run", run);
          throw failed.reason;
        }
        this.#ledger.setSetting("run", run);
        this.#ledger.setProgress(run.requestId, {
          phase: "writing",
          // Until the manifest, the run's writes are its blobs.
          done: run.writes,
          total: run.blobsTotal,
        } satisfies RunProgress);
      }
      if (budget.remaining === 0) return AT_ONCE;
      const key = manifestKey(run.target);
      const manifestRow = this.#ledger.keyRow(key);
      if (!manifestRow || manifestRow.deletedAt !== null || manifestRow.intent !== null) {
        const now = this.#clock();
        const spaced = this.#writableAt(key);
        if (spaced > now) return spaced;
        const target = this.#ledger.version(run.target);
        if (!target) throw new Error(`coordinator: the run's version ${run.target} is not in the ledger`);
        this.#ledger.intendWrite(key, now);
        await this.#persist();
        await budget.store.put(key, JSON.stringify(target.body), { metadata: { writtenAt: iso(now) as string } });
        this.#ledger.recordWritten(key, now);
        run = { ...run, writes: run.writes + 1 };
      }
      run = { ...run, phase: "flipping" };
      this.#ledger.setSetting("run", run);
      this.#ledger.setProgress(run.requestId, { phase: "flipping" } satisfies RunProgress);
    }
    return this.#flip(run, invocation);
  }

  /** When `key` may be written again: a second after it was last written or deleted (or either was tried). */
  #writableAt(key: string): number {
    const row = this.#ledger.keyRow(key);
    if (!row) return Number.NEGATIVE_INFINITY;
    const none = Number.NEGATIVE_INFINITY;
    return Math.max(row.writtenAt, row.deletedAt ?? none, row.intent?.at ?? none) + KEY_SPACING_MS;
  }

  /** When the pointer may be written again: a second after it was last (KV's limit per key). */
  #pointerWritableAt(): number {
    return (this.#ledger.setting<number>("pointerWrittenAt") ?? Number.NEGATIVE_INFINITY) + KEY_SPACING_MS;
  }

  /** Flips the pointer to the run's version; answers a wake time when it must wait. */
  async #flip(run: Run, invocation: Invocation): Promise<number | undefined> {
    const live = this.#ledger.live();
    const release = run.action === "release" && this.#ledger.setting<Held>("held");
    if (live?.manifest === run.target && !release && !this.#pointerInDoubt()) {
      // The live version made whole again: its pointer stays as it is.
      this.#finishRun(run, "unchanged", invocation.budget.used);
      return undefined;
    }
    const now = this.#clock();
    const spaced = this.#pointerWritableAt();
    if (spaced > now) return spaced;
    if (invocation.budget.remaining === 0) return AT_ONCE;
    const flipAt = run.flipAt ?? now;
    if (run.flipAt === undefined) this.#ledger.setSetting("run", { ...run, flipAt } satisfies Run);
    const target = this.#ledger.version(run.target);
    if (!target) throw new Error(`coordinator: the run's version ${run.target} is not in the ledger`);
    const held = run.action === "release" ? undefined : this.#ledger.setting<Held>("held");
    const kept = this.#keptAfter(live, target, flipAt, false);
    await this.#writePointer(invocation, target, flipAt, held, kept);
    this.#applyFlip(live, target, flipAt, false);
    this.#ledger.setSetting("held", held);
    this.#ledger.setSetting("verifiedAt", flipAt);
    this.#finishRun(
      { ...run, writes: run.writes + 1 },
      live?.manifest === target.manifest ? "unchanged" : "published",
      invocation.budget.used,
    );
    return undefined;
  }

  /** The kept versions, oldest first, once `target` goes live and `live` retires at `at`. */
  #keptAfter(live: VersionRow | undefined, target: VersionRow, at: number, rolledBack: boolean): VersionRow[] {
    const kept = this.#ledger.kept().filter((version) => version.manifest !== target.manifest);
    if (live && live.manifest !== target.manifest) kept.push({ ...live, role: "kept", retiredAt: at, rolledBack });
    return kept;
  }

  /** Writes the pointer (KV's read path) for `target` live at `at`. */
  async #writePointer(
    invocation: Invocation,
    target: VersionRow,
    at: number,
    held: Held | undefined,
    kept: VersionRow[],
  ): Promise<void> {
    // Every write gets a number of its own, a retried one too: no two pointers that may be in KV share one.
    const sequence = (this.#ledger.setting<number>("pointerSequence") ?? 0) + 1;
    const pointer: Pointer = {
      manifest: target.manifest,
      publishedAt: iso(at) as string,
      sequence,
      counts: { recipes: target.recipes, ingredients: target.ingredients },
      ...(held ? { held } : {}),
      retired: kept.map((version) => ({
        manifest: version.manifest,
        retiredAt: iso(version.retiredAt) as string,
        counts: { recipes: version.recipes, ingredients: version.ingredients },
        ...(version.rolledBack ? { rolledBack: true } : {}),
      })),
    };
    // Counted before the write: a write that fails halfway may still land.
    this.#ledger.setSetting("pointerWrittenAt", this.#clock());
    this.#ledger.setSetting("pointerSequence", sequence);
    // Until the write answers, KV's pointer may name the target: its version is kept, whatever becomes of the run.
    this.#doubtPointer(target.manifest);
    await this.#persist();
    await invocation.budget.store.put(POINTER_KEY, JSON.stringify(pointer));
    this.#settlePointer(target.manifest);
  }

  /** Whether a pointer write's outcome is unknown while nothing else waits: the pointer is written again now. */
  #pointerRepairDue(): boolean {
    if (!this.#pointerInDoubt() || !this.#ledger.live()) return false;
    const at = this.#ledger.setting<number>("pointerRepairAt");
    return at === undefined || at <= this.#clock();
  }

  /**
   * Writes the pointer again for the ledger's live version (with its hold
   * and kept versions), so that KV names what the ledger says once more: a
   * write whose outcome is unknown may have named another version, of a run
   * that was then given up. Readers that took that one follow within the
   * usual bound (its sequence is higher); its keys stay GRACE_MS more.
   */
  async #repairPointer(invocation: Invocation): Promise<number | undefined> {
    const live = this.#ledger.live();
    if (!live) return undefined;
    const now = this.#clock();
    const spaced = this.#pointerWritableAt();
    if (spaced > now) return spaced;
    if (invocation.budget.remaining === 0) return AT_ONCE;
    const held = this.#ledger.setting<Held>("held");
    await this.#writePointer(invocation, live, live.publishedAt ?? now, held, this.#ledger.kept());
    this.#ledger.setSetting("pointerRepairAt", undefined);
    this.#log("info", "sync.pointer-repaired", { version: live.manifest });
    return undefined;
  }

  /** Versions KV's pointer may name besides the live one (PointerDoubt). */
  #pointerDoubts(): PointerDoubt[] {
    return this.#ledger.setting<PointerDoubt[]>("pointerInDoubt") ?? [];
  }

  /** Whether a pointer write's outcome is unknown: the next publish writes the pointer even over unchanged content. */
  #pointerInDoubt(): boolean {
    return this.#pointerDoubts().some((doubt) => doubt.until === null);
  }

  #doubtPointer(manifest: string): void {
    const doubts = this.#pointerDoubts().filter((doubt) => doubt.manifest !== manifest);
    this.#ledger.setSetting("pointerInDoubt", [...doubts, { manifest, until: null }]);
  }

  /**
   * A pointer write naming `manifest` landed: KV's pointer names it now. The
   * other versions an earlier failed write may have named stay GRACE_MS more,
   * for readers that took that pointer (the sweep then lets them go).
   */
  #settlePointer(manifest: string): void {
    const until = this.#clock() + GRACE_MS;
    const doubts = this.#pointerDoubts()
      .filter((doubt) => doubt.manifest !== manifest)
      .map((doubt) => ({ manifest: doubt.manifest, until: doubt.until ?? until }));
    this.#ledger.setSetting("pointerInDoubt", doubts.length > 0 ? doubts : undefined);
  }

  /** Records in the ledger that `target` went live at `at` and `live` retired. */
  #applyFlip(live: VersionRow | undefined, target: VersionRow, at: number, rolledBack: boolean): void {
    if (live && live.manifest !== target.manifest) {
      this.#ledger.putVersion({ ...live, role: "kept", retiredAt: at, rolledBack });
    }
    this.#ledger.putVersion({ ...target, role: "live", publishedAt: at, retiredAt: null, rolledBack: false });
  }

  /**
   * Ends a run: its request gets the summary, counting the step under way
   * (`operations` so far); a run that did not flip leaves no trace but its
   * written blobs, which the sweep deletes once they are old enough.
   */
  #finishRun(run: Run, status: SyncSummary["status"], operations = 0): void {
    const flipped = status === "published" || status === "unchanged";
    if (!flipped) this.#dropRun(run);
    else {
      this.#ledger.setSetting("run", undefined);
      this.#ledger.clearStaged();
      this.#settleStatuses(run.target, this.#ledger.version(run.target)?.publishedAt ?? this.#clock());
    }
    const request = this.#ledger.request(run.requestId);
    if (!request) return;
    this.#finish(request, {
      status,
      manifest: flipped ? run.target : (this.#ledger.live()?.manifest ?? run.target),
      ...run.base,
      writes: run.writes,
      deletes: run.deletes,
      durationMs: this.#clock() - run.startedAt,
      steps: run.steps + 1,
      maxOperations: Math.max(run.maxOperations, operations),
    });
  }

  /** Forgets a run that will not flip: its staged blobs, and its version if the run added it. */
  #dropRun(run: Run): void {
    this.#ledger.setSetting("run", undefined);
    this.#ledger.clearStaged();
    this.#ledger.clearPendingStatuses();
    // A version a pointer write may have named stays (PointerDoubt): KV may serve it.
    const doubted = this.#pointerDoubts().some((doubt) => doubt.manifest === run.target);
    if (run.targetIsNew && !doubted && this.#ledger.version(run.target)?.role === "staged") {
      this.#ledger.deleteVersion(run.target);
    }
  }

  #heldSummary(request: RequestRow): SyncSummary {
    const live = this.#ledger.live();
    return {
      status: "held",
      manifest: live?.manifest ?? "",
      recipes: live?.recipes ?? 0,
      ingredients: live?.ingredients ?? 0,
      skipped: [],
      skippedCount: 0,
      previousRecipes: live?.recipes ?? null,
      changes: null,
      writes: 0,
      deletes: 0,
      durationMs: this.#clock() - (request.startedAt ?? this.#clock()),
      steps: 0,
      maxOperations: 0,
    };
  }

  // Rollback.

  /**
   * Flips the pointer back to the newest kept version that was not itself
   * rolled back, and holds it: publishes then leave it alone until an
   * operator releases it, since the content that was rolled back is still in
   * Directus. Refused unless that version is complete in KV, readable by this
   * code, and (unless allowed) not below SHRINK_LIMIT of the live recipes.
   */
  async #rollback(request: RequestRow, invocation: Invocation): Promise<number | undefined> {
    const live = this.#ledger.live();
    const refuse = (message: string) => {
      this.#fail(request, { kind: "refused", message });
      this.#publishAfterRollback();
      return undefined;
    };
    if (!live) return refuse("rollback: nothing is published yet");
    const target = this.#ledger
      .kept()
      .filter((version) => !version.rolledBack)
      .at(-1);
    if (!target) return refuse("rollback: no earlier version is kept to go back to");
    const name = target.manifest.slice(0, 16);
    const present = this.#ledger.presentKeys();
    const missing = versionKeys(target).filter((key) => !present.has(key)).length;
    if (target.body.formatVersion !== CATALOG_FORMAT_VERSION || missing > 0) {
      const why =
        missing > 0
          ? `${missing} of its keys are not in KV`
          : `it is in format ${target.body.formatVersion}, this code reads ${CATALOG_FORMAT_VERSION}`;
      return refuse(`rollback: version ${name} cannot be served (${why}); the live catalog stays`);
    }
    if (!request.allowShrink && target.recipes < live.recipes * SHRINK_LIMIT) {
      return refuse(
        `rollback: version ${name} has ${target.recipes} recipes where ${live.recipes} are live ` +
          `(less than ${SHRINK_LIMIT * 100} %); the live catalog stays. Roll back with --allow-shrink to go ahead.`,
      );
    }
    const now = this.#clock();
    const spaced = this.#pointerWritableAt();
    if (spaced > now) return spaced;
    if (invocation.budget.remaining === 0) return AT_ONCE;
    const held: Held = { since: iso(now) as string, from: live.manifest };
    await this.#writePointer(invocation, target, now, held, this.#keptAfter(live, target, now, true));
    this.#applyFlip(live, target, now, true);
    this.#ledger.setSetting("held", held);
    this.#ledger.setSetting("publishAfterRollback", undefined);
    this.#finish(request, {
      status: "rolled-back",
      manifest: target.manifest,
      recipes: target.recipes,
      ingredients: target.ingredients,
      skipped: [],
      skippedCount: 0,
      previousRecipes: live.recipes,
      changes: null,
      writes: 1,
      deletes: 0,
      durationMs: this.#clock() - (request.startedAt ?? now),
      steps: 1,
      maxOperations: invocation.budget.used,
    });
    return undefined;
  }

  /**
   * A rollback that ends without going back (refused, or given up): the
   * publishes it gave up (#supersede) were answered "held", but nothing
   * holds, so one publish reads Directus again for them (a publish time that
   * came meanwhile included).
   */
  #publishAfterRollback(): void {
    // `true`: set before the trigger was kept.
    const trigger = this.#ledger.setting<SyncTrigger | true>("publishAfterRollback");
    if (trigger === undefined) return;
    this.#ledger.setSetting("publishAfterRollback", undefined);
    this.#ledger.addRequest("publish", false, trigger === true ? "api" : trigger, this.#clock());
  }

  // Retention.

  /**
   * Retires versions beyond the newest KEEP_VERSIONS kept ones that were
   * retired over GRACE_MS ago, and deletes every key no live, kept or staged
   * version (nor one KV's pointer may name: PointerDoubt) needs once it is
   * GRACE_MS old (so a key an interrupted publish just wrote is never
   * taken). Answers when to look again.
   *
   * A key is marked before its delete and recorded deleted only after it:
   * until then it is not present for a plan (a version that needs it again
   * writes it again), and a delete that failed is tried again.
   */
  async #sweep(invocation: Invocation): Promise<number | null> {
    const { budget } = invocation;
    const now = this.#clock();
    const pausedUntil = this.#ledger.setting<number>("sweepPausedUntil");
    if (pausedUntil !== undefined && pausedUntil > now) return pausedUntil;
    if (pausedUntil !== undefined) this.#ledger.setSetting("sweepPausedUntil", undefined);
    const kept = this.#ledger.kept();
    const beyond = kept.slice(0, Math.max(0, kept.length - KEEP_VERSIONS));
    let wake = this.#forgetSettledDoubts(now);
    // A kept version KV's pointer may name (a rollback's write in doubt) stays until that is settled.
    const doubted = new Set(this.#pointerDoubts().map((doubt) => doubt.manifest));
    for (const version of beyond) {
      const expires = (version.retiredAt ?? now) + GRACE_MS;
      if (doubted.has(version.manifest)) continue;
      if (expires < now) this.#ledger.deleteVersion(version.manifest);
      else wake = Math.min(wake, expires + 1);
    }
    const needed = new Set(this.#ledger.versions().flatMap(versionKeys));
    const unused = [...this.#ledger.possibleKeys()].filter(([key]) => !needed.has(key));
    const due = unused.filter(([, written]) => written + GRACE_MS < now).map(([key]) => key);
    for (const [, written] of unused) if (written + GRACE_MS >= now) wake = Math.min(wake, written + GRACE_MS + 1);
    let deleted = 0;
    let tried = 0;
    while (tried < due.length) {
      const batch = due.slice(tried, tried + Math.min(PARALLEL_WRITES, budget.remaining));
      if (batch.length === 0) return AT_ONCE;
      for (const key of batch) this.#ledger.intendDelete(key, now);
      await this.#persist();
      const outcomes = await Promise.allSettled(batch.map((key) => budget.store.delete(key)));
      outcomes.forEach((outcome, index) => {
        if (outcome.status === "fulfilled") this.#ledger.recordDeleted(batch[index] as string, now);
      });
      deleted += outcomes.filter((outcome) => outcome.status === "fulfilled").length;
      tried += batch.length;
      const failed = outcomes.find((outcome) => outcome.status === "rejected");
      if (failed) {
        if (deleted > 0) this.#log("info", "sync.swept", { deletes: deleted });
        throw failed.reason;
      }
    }
    if (deleted > 0) this.#log("info", "sync.swept", { deletes: deleted });
    this.#ledger.forgetDeletedKeys(now - FORGET_DELETED_MS);
    return Number.isFinite(wake) ? wake : null;
  }

  /**
   * Lets go of versions a failed pointer write may have named once a later
   * write landed GRACE_MS ago: their staged rows go (a live or kept one
   * stays what it is), and with them what keeps their keys. Answers when to
   * look again.
   */
  #forgetSettledDoubts(now: number): number {
    const doubts = this.#pointerDoubts();
    const staying = doubts.filter((doubt) => doubt.until === null || doubt.until >= now);
    if (staying.length < doubts.length) {
      const run = this.#ledger.setting<Run>("run");
      for (const doubt of doubts) {
        if (staying.includes(doubt) || run?.target === doubt.manifest) continue;
        if (this.#ledger.version(doubt.manifest)?.role === "staged") this.#ledger.deleteVersion(doubt.manifest);
      }
      this.#ledger.setSetting("pointerInDoubt", staying.length > 0 ? staying : undefined);
    }
    const untils = staying.flatMap((doubt) => (doubt.until === null ? [] : [doubt.until + 1]));
    return Math.min(Number.POSITIVE_INFINITY, ...untils);
  }

  // Finishing requests.

  #finish(request: RequestRow | undefined, summary: SyncSummary, skipped: SkippedRecord[] = []): void {
    if (!request) return;
    this.#ledger.finishRequest(request.id, this.#clock(), { summary });
    this.#logFinished(request, summary.status, summary);
    for (const record of skipped) this.#logSkipped(record);
    if (summary.status === "published") this.#noticeMissedPublishOnSave(request, summary);
  }

  /**
   * A cron run that publishes changed content found saves that no publish on
   * save brought to the site: the flow's call failed, or the flow did not run
   * (off, misconfigured, Directus' flows down), or content changed outside
   * the Data Studio. Not when a publish of the API joined the cron's before
   * it started, or came while it ran: that was the flow's call, only later
   * than the cron. A first publish has nothing to miss. The rule and its
   * limits are in docs/operations.md (2.3, "A save that publish on save
   * missed").
   */
  #noticeMissedPublishOnSave(request: RequestRow, summary: SyncSummary): void {
    if (!this.#publishOnSave || request.trigger !== "cron" || summary.previousRecipes === null) return;
    // Nothing of the content changed: the cron published visitors' ratings, which are never published on save.
    if (summary.read?.changed === 0 && (summary.ratings?.changed ?? 0) > 0) return;
    if (request.lastRequestedAt !== request.requestedAt) return;
    const startedAt = request.startedAt ?? request.requestedAt;
    // Only a publish is the flow's call (cms/flows.ts posts no action): an operator's release, rollback or dry
    // run asked meanwhile is not, and may have come before the save the cron's read found.
    const flowCall = (entry: RequestRow) => entry.trigger === "api" && entry.action === "publish";
    if (this.#ledger.queued().some((entry) => flowCall(entry) && entry.requestedAt >= startedAt)) return;
    const changes = summary.changes ?? {
      added: [],
      changed: [],
      removed: [],
      counts: { added: 0, changed: 0, removed: 0 },
    };
    this.#log(
      "warn",
      "publish-on-save-missed",
      {
        request: request.id,
        version: summary.manifest,
        added: changes.counts.added,
        changed: changes.counts.changed,
        removed: changes.counts.removed,
        // A few, to find them in Directus; the counts say how many.
        recipes: [...changes.changed, ...changes.added, ...changes.removed].slice(0, 5),
      },
      { report: true },
    );
  }

  #fail(request: RequestRow | undefined, error: { kind: FailureKind; message: string }): void {
    if (!request) return;
    this.#ledger.finishRequest(request.id, this.#clock(), { error });
    this.#logFinished(request, "failed", null, error.message);
  }

  /** The one log line of a finished request, so Workers Logs can filter and count by field. */
  #logFinished(
    request: RequestRow,
    outcome: SyncSummary["status"] | "failed",
    summary: SyncSummary | null,
    error?: string,
  ): void {
    const fields = {
      request: request.id,
      trigger: request.trigger,
      action: request.action,
      outcome,
      version: summary?.manifest || null,
      recipes: summary?.recipes ?? null,
      ingredients: summary?.ingredients ?? null,
      skipped: summary?.skippedCount ?? null,
      writes: summary?.writes ?? null,
      deletes: summary?.deletes ?? null,
      steps: summary?.steps ?? null,
      maxOperations: summary?.maxOperations ?? null,
      durationMs: this.#clock() - (request.startedAt ?? request.requestedAt),
    };
    this.#log(outcome === "failed" ? "error" : "info", "sync", fields, { error });
  }

  #logSkipped(record: SkippedRecord): void {
    this.#log("warn", "sync.skipped", {
      kind: record.kind,
      id: record.id,
      label: record.label,
      problems: record.problems,
    });
  }
}
