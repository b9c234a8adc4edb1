/**
 * What a build from the stage means besides its version, found by a walk
 * over the stage in id order a chunk at a time, never holding the catalog:
 * which recipes changed since the last read (the summary), how their
 * publication statuses change (publication.ts, pending until the version
 * is live), which records are left out, and when a publish time comes next.
 * The same as a read of everything gives (read-catalog.ts, publication.ts
 * desiredStatuses and pendingChanges); tests/unit/stage-build.test.ts
 * compares them.
 */

import type { Ledger } from "./ledger.ts";
import { type DesiredStatus, desiredStatusOf, NOT_PUBLISHED, sameStatus } from "./publication.ts";
import { windowState } from "./publication-window.ts";
import type { SkippedRecord } from "./read-catalog.ts";
import type { SourceStage } from "./source-stage.ts";

/** Stage rows per chunk of the walk. */
const WALK_ROWS = 1_000;
/** Slugs a summary lists per kind of change; the counts say how many there were. */
export const CHANGES_LISTED = 1_000;
/** The problem of a recipe whose slug an earlier one has (build-catalog.ts leaves it out). */
const DUPLICATE_SLUG = "slug already used by an earlier recipe";

/** Recipes that differ from the last sync's read, by slug: the first CHANGES_LISTED of each kind, and counts. */
export interface StageChanges {
  added: string[];
  removed: string[];
  changed: string[];
  counts: { added: number; removed: number; changed: number };
}

export interface StageOutcome {
  changes: StageChanges;
  /** The first `skippedKept` records left out (recipes, then ingredients, then duplicate slugs), and how many. */
  skipped: SkippedRecord[];
  skippedCount: number;
  nextDueAt: number | null;
}

/** A walk under way, carried from step to step (its lists are capped, so it stays small). */
export interface OutcomeWalk {
  /** The last recipe id walked. */
  afterId: number;
  changes: StageChanges;
  skippedRecipes: SkippedRecord[];
  duplicates: SkippedRecord[];
  skippedCount: number;
}

interface OutcomeOptions {
  /** The time the catalog was built for. */
  now: number;
  /** Keep this read's digests for the next comparison, and its statuses as pending (not on a dry run). */
  remember: boolean;
  skippedKept: number;
  /** Each record left out, as the walk finds it (for the log). */
  onSkipped: (record: SkippedRecord) => void;
  /** Stage rows one call walks at most: a step's share of a large catalog. */
  rows: number;
}

export function startOutcomeWalk(): OutcomeWalk {
  return {
    afterId: Number.MIN_SAFE_INTEGER,
    changes: { added: [], removed: [], changed: [], counts: { added: 0, removed: 0, changed: 0 } },
    skippedRecipes: [],
    duplicates: [],
    skippedCount: 0,
  };
}

/**
 * Walks on for at most `options.rows` stage rows. Answers the walk as it
 * stands and, once it has walked the whole stage, the outcome. The pending
 * statuses and the digests it keeps are written as it goes (a walk that is
 * given up leaves digests of a read that never went live: they only say
 * what the next summary counts as changed).
 */
export function stageOutcomeStep(
  stage: SourceStage,
  ledger: Ledger,
  walk: OutcomeWalk,
  options: OutcomeOptions,
): { walk: OutcomeWalk; outcome?: StageOutcome } {
  const state: OutcomeWalk = {
    ...walk,
    changes: {
      added: [...walk.changes.added],
      removed: [...walk.changes.removed],
      changed: [...walk.changes.changed],
      counts: { ...walk.changes.counts },
    },
    skippedRecipes: [...walk.skippedRecipes],
    duplicates: [...walk.duplicates],
  };
  const { changes } = state;
  const note = (kind: "added" | "removed" | "changed", slug: string) => {
    changes.counts[kind] += 1;
    if (changes[kind].length < CHANGES_LISTED) changes[kind].push(slug);
  };
  const skip = (list: SkippedRecord[], record: SkippedRecord) => {
    state.skippedCount += 1;
    if (list.length < options.skippedKept) list.push(record);
    options.onSkipped(record);
  };
  if (options.remember && walk.afterId === Number.MIN_SAFE_INTEGER) ledger.clearPendingStatuses();

  for (let walked = 0; walked < options.rows; walked += WALK_ROWS) {
    const afterId = state.afterId;
    const rows = stage.statusRows(afterId, WALK_ROWS);
    const last = rows.length < WALK_ROWS;
    const upTo = last ? Number.MAX_SAFE_INTEGER : (rows.at(-1)?.id as number);
    const before = ledger.recipeDigestsBetween(afterId, upTo);
    const held = ledger.statusesBetween(afterId, upTo);
    const pending: DesiredStatus[] = [];
    for (const row of rows) {
      let desired: DesiredStatus;
      if (row.live) {
        const times =
          row.times && (row.times.publishAt !== null || row.times.unpublishAt !== null) ? row.times : undefined;
        desired = desiredStatusOf(row.id, { kind: "live", times, digest: row.digest, nutritionGap: row.nutritionGap });
        const previous = before.get(row.id);
        if (!previous) note("added", row.slug as string);
        else if (previous.digest !== row.digest || previous.slug !== row.slug) note("changed", row.slug as string);
        if (options.remember && (previous?.digest !== row.digest || previous?.slug !== row.slug)) {
          ledger.putRecipeDigest(row.id, row.slug as string, row.digest as string);
        }
      } else {
        if (row.skipped) {
          skip(state.skippedRecipes, row.skipped);
          desired = desiredStatusOf(row.id, { kind: "skipped", problems: row.skipped.problems });
        } else {
          const times = row.times ?? { publishAt: null, unpublishAt: null };
          const window = windowState(times, options.now);
          if (window === "open") {
            const record: SkippedRecord = {
              kind: "recipe",
              id: row.id,
              label: row.slug ?? "?",
              problems: [DUPLICATE_SLUG],
            };
            skip(state.duplicates, record);
            desired = desiredStatusOf(row.id, { kind: "skipped", problems: record.problems });
          } else desired = desiredStatusOf(row.id, { kind: window, times });
        }
        const previous = before.get(row.id);
        if (previous) {
          note("removed", previous.slug);
          if (options.remember) ledger.deleteRecipeDigest(row.id);
        }
      }
      before.delete(row.id);
      const status = held.get(row.id);
      held.delete(row.id);
      if (!status || !sameStatus(status, desired)) pending.push(desired);
    }
    // What the last read had and the stage does not: gone from Directus, or no longer published.
    for (const [id, { slug }] of before) {
      note("removed", slug);
      if (options.remember) ledger.deleteRecipeDigest(id);
    }
    for (const [recipe, status] of held) {
      const gone: DesiredStatus = { recipe, state: "left_out", reason: NOT_PUBLISHED, digest: null };
      if (!sameStatus(status, gone)) pending.push(gone);
    }
    if (options.remember) ledger.addPendingStatuses(pending);
    state.afterId = upTo;
    if (last) return { walk: state, outcome: finishWalk(stage, state, options, skip) };
  }
  return { walk: state };
}

/** The walk's end: the ingredients left out, and the next publish time. */
function finishWalk(
  stage: SourceStage,
  state: OutcomeWalk,
  options: OutcomeOptions,
  skip: (list: SkippedRecord[], record: SkippedRecord) => void,
): StageOutcome {
  const skippedIngredients: SkippedRecord[] = [];
  for (const skipped of stage.skippedIngredients()) skip(skippedIngredients, skipped);
  return {
    changes: state.changes,
    skipped: [...state.skippedRecipes, ...skippedIngredients, ...state.duplicates].slice(0, options.skippedKept),
    skippedCount: state.skippedCount,
    nextDueAt: stage.nextDueAt(options.now),
  };
}
