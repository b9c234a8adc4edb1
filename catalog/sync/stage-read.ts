/**
 * A publish's read of Directus into the stage (source-stage.ts), a few
 * requests per step: only the records created or updated since the last
 * read, then the deletions. The coordinator (coordinator.ts) carries a
 * `StageRead` from step to step in its SQLite, so a read cut off goes on
 * where it stood; every write to the stage is idempotent, and the marks
 * move only when a read is complete, so a read that fails is simply read
 * again.
 *
 * - Changed records: Directus' `date_updated` (or `date_created`) at or
 *   after the newest one the last read saw, less OVERLAP_MS for a save
 *   whose transaction committed after a later one was read. Keyset pages by
 *   id, so a save during the read is never skipped between two pages.
 * - Deletions and unpublishing (the public sees published recipes only): once
 *   the changes are in, what Directus shows is a subset of the stage, so the
 *   counts are compared; only when Directus has fewer are the ids read (a
 *   page of thousands per request) to find what is gone. When it has more,
 *   the stage lacks something (a record saved after its page was read, or a
 *   read of a Directus that showed too few), and the collection is read in
 *   full.
 * - An ingredient whose name, plural or whole pieces changed, or that
 *   appeared or went, changes what every recipe that uses it reads as
 *   (recipes embed these in their lines). The recipes are then read in full,
 *   in steps, rather than only those that use it: a common ingredient is in
 *   most recipes anyway, an ingredient that went can no longer be looked up
 *   in Directus, and such changes are rare (see docs/decisions/0052).
 * - A first read, a stage of another format, or an operator's `--full`
 *   reads everything, and drops what it did not see.
 */

import type { ContentSource, RawIngredient } from "./directus-source.ts";
import { INGREDIENT_FACT_FIELDS } from "./ingredient-facts.ts";
import { checkIngredientRecord, checkRecipeRecord } from "./read-catalog.ts";
import { type SourceStage, STAGE_FORMAT, type StagedCollection, type StageMarks } from "./source-stage.ts";

/** How far before the newest change seen the next read starts: saves that commit late are read again. */
export const OVERLAP_MS = 2 * 60 * 1000;

export type StageReadPhase =
  /** Changed records (all of them when the collection is read in full). */
  | "changed"
  /** Compare Directus' count with the stage's. */
  | "count"
  /** The counts differ: read the ids to find what is gone. */
  | "ids";

/** A read under way, carried from step to step. */
export interface StageRead {
  /** The read's number: what `seen` says in the rows it stages (a run's request id). */
  generation: number;
  /** What is read now: ingredients first (a change of one may call for every recipe), then recipes. */
  collection: StagedCollection | "done";
  phase: StageReadPhase;
  /** Keyset: the last id read in this phase. */
  afterId: number;
  /** Per collection: whether it is read in full (and what it did not see is dropped). */
  full: Record<StagedCollection, boolean>;
  /** The marks the read started from, moved to the newest change it sees. */
  marks: StageMarks;
  /**
   * Per collection, where its read of changes starts: fixed when the read starts, since the marks move
   * as it reads (a later page must not skip what an earlier mark let through).
   */
  since: Record<StagedCollection, string | null>;
  /** Directus requests made, and the records they gave, for the summary. */
  requests: number;
  rows: number;
  /** Records that changed, were added or dropped, per collection. */
  changed: Record<StagedCollection, number>;
}

/** A new read: in full where the stage has no marks (or `full` is asked for), else from the marks on. */
export function startStageRead(
  stage: SourceStage,
  generation: number,
  { full = false, overlapMs = OVERLAP_MS }: { full?: boolean; overlapMs?: number } = {},
): StageRead {
  const marks = full ? undefined : stage.marks();
  const since = (mark: string | null | undefined) =>
    mark ? new Date(Date.parse(mark) - overlapMs).toISOString() : null;
  return {
    generation,
    collection: "ingredients",
    phase: "changed",
    afterId: 0,
    // A collection without a mark has never been read whole into this stage (or must be again).
    full: { recipes: !marks?.recipes, ingredients: !marks?.ingredients },
    marks: marks ?? { format: STAGE_FORMAT, recipes: null, ingredients: null },
    since: { recipes: since(marks?.recipes), ingredients: since(marks?.ingredients) },
    requests: 0,
    rows: 0,
    changed: { recipes: 0, ingredients: 0 },
  };
}

/** The later of two Directus times (either may be missing). */
function later(a: string | null, b: unknown): string | null {
  if (typeof b !== "string" || Number.isNaN(Date.parse(b))) return a;
  return a === null || Date.parse(b) > Date.parse(a) ? b : a;
}

/** What recipes embed of an ingredient: a change of it changes how they read. */
function embeddedOf(raw: RawIngredient): string {
  const facts = INGREDIENT_FACT_FIELDS.map((field) => raw[field] ?? null);
  return JSON.stringify([raw.name ?? null, raw.plural ?? null, raw.whole_pieces ?? null, ...facts]);
}

/**
 * Reads on for at most `requests` Directus requests. Answers the read as it
 * stands, `done` once it is complete; the stage holds what it read, and its
 * marks move on completion.
 */
export async function stageReadStep(
  read: StageRead,
  source: ContentSource,
  stage: SourceStage,
  requests: number,
): Promise<{ read: StageRead; done: boolean }> {
  let state: StageRead = {
    ...read,
    full: { ...read.full },
    marks: { ...read.marks },
    since: { ...read.since },
    changed: { ...read.changed },
  };
  for (let made = 0; made < requests && state.collection !== "done"; made++) {
    const { phase, afterId } = state;
    const collection = state.collection as StagedCollection;
    state.requests += 1;
    if (phase === "changed") {
      const query = {
        afterId,
        changedSince: state.full[collection] ? null : state.since[collection],
      };
      const page = collection === "recipes" ? await source.recipePage(query) : await source.ingredientPage(query);
      state.rows += page.length;
      for (const raw of page) {
        const id = raw.id as number;
        state.marks[collection] = later(later(state.marks[collection], raw.date_created), raw.date_updated);
        state.changed[collection] += 1;
        if (collection === "recipes") stage.putRecipe(id, checkRecipeRecord(raw), state.generation);
        else {
          const embedded = embeddedOf(raw);
          if (stage.embedded(id) !== embedded) readInFull(state, stage, "recipes");
          stage.putIngredient(id, checkIngredientRecord(raw), embedded, state.generation);
        }
      }
      const last = page.at(-1);
      if (last) state.afterId = last.id as number;
      else if (!state.full[collection]) state = { ...state, phase: "count", afterId: 0 };
      else {
        const dropped = stage.deleteUnseen(collection, state.generation);
        state.changed[collection] += dropped;
        // An ingredient that went changes the recipes that used it.
        if (collection === "ingredients" && dropped > 0) readInFull(state, stage, "recipes");
        state = nextCollection(state);
      }
    } else if (phase === "count") {
      const counted = collection === "recipes" ? await source.countRecipes() : await source.countIngredients();
      const staged = stage.count(collection);
      if (counted === staged) state = nextCollection(state);
      else if (counted < staged) state = { ...state, phase: "ids", afterId: 0 };
      else {
        // Directus shows records the stage lacks, though it has every change: a save that came after its page
        // was read, or a read that lost records (a Directus that showed too few). Read it all again.
        readInFull(state, stage, collection);
        state = { ...state, phase: "changed", afterId: 0 };
      }
    } else {
      // Whatever the stage holds between two ids Directus lists is gone.
      const ids = collection === "recipes" ? await source.recipeIds(afterId) : await source.ingredientIds(afterId);
      const present = new Set(ids);
      const upTo = ids.at(-1);
      for (const id of stage.idsBetween(collection, afterId, upTo)) {
        if (present.has(id)) continue;
        stage.delete(collection, id);
        state.changed[collection] += 1;
        if (collection === "ingredients") readInFull(state, stage, "recipes");
      }
      state = upTo === undefined ? nextCollection(state) : { ...state, afterId: upTo };
    }
  }
  if (state.collection !== "done") return { read: state, done: false };
  stage.setMarks(state.marks);
  return { read: state, done: true };
}

/**
 * A collection is read in full, by this read and, should it not finish, by the next one: the stage's marks
 * forget the collection's at once, since what called for it (an ingredient, a count) is staged already.
 */
function readInFull(state: StageRead, stage: SourceStage, collection: StagedCollection): void {
  if (state.full[collection]) return;
  state.full[collection] = true;
  const stored = stage.marks();
  if (stored) stage.setMarks({ ...stored, [collection]: null });
}

function nextCollection(state: StageRead): StageRead {
  return {
    ...state,
    collection: state.collection === "ingredients" ? "recipes" : "done",
    phase: "changed",
    afterId: 0,
  };
}
