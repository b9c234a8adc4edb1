/**
 * The catalog sync: read published content from Directus, validate it, build
 * the catalog and search index, publish to KV. The one core behind the
 * Worker's cron trigger and the operator CLI (scripts/sync.ts).
 *
 * Any failure to read (Directus down, a timeout, a 5xx, a malformed page) or
 * a suspicious shrink aborts before anything is written: the site keeps
 * serving the last good version.
 */
import { readPublished, readWholeRecipes } from "../../app/lib/catalog/published-catalog.ts";
import { type CatalogStore, readPointer } from "../../app/lib/catalog/storage.ts";
import { comparableRecipe } from "../../app/lib/catalog/stored-catalog.ts";
import type { CatalogRecipe } from "../../app/lib/catalog/types.ts";
import { buildCatalog } from "./build-catalog.ts";
import type { ContentSource } from "./directus-source.ts";
import { plan, publish } from "./publish.ts";
import { checkIngredient, checkRecipe, type RawIngredientRecord } from "./validate.ts";

/** A new catalog with fewer than this share of the live one's recipes is refused. */
export const SHRINK_LIMIT = 0.5;

export type SyncProgress =
  | { phase: "recipes"; done: number; total: number }
  | { phase: "ingredients"; done: number }
  | { phase: "building" }
  | { phase: "publishing" };

interface SkippedRecord {
  kind: "recipe" | "ingredient";
  id: unknown;
  label: string;
  problems: string[];
}

/** Recipes that differ from the live version, by slug. */
interface CatalogChanges {
  added: string[];
  removed: string[];
  changed: string[];
}

export interface SyncSummary {
  /** "held": a rollback holds the live version, nothing was read or written (see rollback.ts). */
  status: "published" | "unchanged" | "dry-run" | "held" | "rolled-back";
  manifest: string;
  recipes: number;
  ingredients: number;
  skipped: SkippedRecord[];
  /** Compared with the version that was live before. */
  previousRecipes: number | null;
  /** Only when asked for (`compare`): reading the live catalog costs memory the cron does not spend. */
  changes: CatalogChanges | null;
  writes: number;
  deletes: number;
  durationMs: number;
}

interface SyncOptions {
  source: ContentSource;
  store: CatalogStore;
  dryRun?: boolean;
  /** Publish even if the catalog shrinks below SHRINK_LIMIT (an operator's decision). */
  allowShrink?: boolean;
  /** Publish although a rollback holds the live version, and lift the hold (an operator's decision). */
  release?: boolean;
  onProgress?: (progress: SyncProgress) => void;
  /** Also list which recipes were added, removed or changed against the live version. */
  compare?: boolean;
  now?: () => Date;
}

/** Recipe-level differences between two recipe lists. */
function compareRecipes(before: readonly CatalogRecipe[], after: readonly CatalogRecipe[]): CatalogChanges {
  const old = new Map(before.map((recipe) => [recipe.id, recipe]));
  const changes: CatalogChanges = { added: [], removed: [], changed: [] };
  for (const recipe of after) {
    const previous = old.get(recipe.id);
    old.delete(recipe.id);
    if (!previous) changes.added.push(recipe.slug);
    else if (comparableRecipe(previous) !== comparableRecipe(recipe)) changes.changed.push(recipe.slug);
  }
  changes.removed = [...old.values()].map((recipe) => recipe.slug);
  return changes;
}

/** Thrown when the sync refuses to publish; the live catalog stays as it is. */
export class SyncAborted extends Error {
  override name = "SyncAborted";
}

/** How often a sync reads Directus again when other syncs keep publishing while it runs. */
const MAX_RUNS = 3;

export async function runSync(options: SyncOptions): Promise<SyncSummary> {
  for (let run = 1; ; run++) {
    const summary = await syncOnce(options);
    if (summary !== SUPERSEDED) return summary;
    // The other sync read Directus before it published, and so before this one's publish: what this
    // one read may be older than what is live now. Reading again gets content at least as new.
    if (run >= MAX_RUNS) {
      throw new Error(`sync: other syncs published during each of ${MAX_RUNS} runs; the live catalog stays`);
    }
    console.warn("sync: another sync published while this one ran; reading Directus again");
  }
}

/** What syncOnce answers when another sync moved the pointer while it ran (publish.ts). */
const SUPERSEDED = Symbol("superseded");

async function syncOnce({
  source,
  store,
  dryRun = false,
  allowShrink = false,
  release = false,
  onProgress = () => {},
  compare = false,
  now = () => new Date(),
}: SyncOptions): Promise<SyncSummary | typeof SUPERSEDED> {
  const started = Date.now();
  const skipped: SkippedRecord[] = [];

  // After a rollback the live version stays until an operator releases it; Directus is not even read.
  const pointer = await readPointer(store);
  if (pointer?.held && !release && !dryRun) {
    return {
      status: "held",
      manifest: pointer.manifest,
      recipes: pointer.counts.recipes,
      ingredients: pointer.counts.ingredients,
      skipped,
      previousRecipes: pointer.counts.recipes,
      changes: null,
      writes: 0,
      deletes: 0,
      durationMs: Date.now() - started,
    };
  }

  const total = await source.countRecipes();
  const recipes: CatalogRecipe[] = [];
  let read = 0;
  onProgress({ phase: "recipes", done: 0, total });
  for await (const page of source.recipePages()) {
    for (const raw of page) {
      const checked = checkRecipe(raw);
      if (checked.ok) recipes.push(checked.value);
      else
        skipped.push({
          kind: "recipe",
          id: raw.id,
          label: String(raw.slug ?? raw.name ?? "?"),
          problems: checked.problems,
        });
    }
    read += page.length;
    onProgress({ phase: "recipes", done: read, total: Math.max(total, read) });
  }

  const ingredients: RawIngredientRecord[] = [];
  for await (const page of source.ingredientPages()) {
    for (const raw of page) {
      const checked = checkIngredient(raw);
      if (checked.ok) ingredients.push(checked.value);
      else skipped.push({ kind: "ingredient", id: raw.id, label: String(raw.name ?? "?"), problems: checked.problems });
    }
    onProgress({ phase: "ingredients", done: ingredients.length });
  }

  onProgress({ phase: "building" });
  const built = buildCatalog(recipes, ingredients);
  for (const duplicate of built.duplicateSlugs) {
    skipped.push({
      kind: "recipe",
      id: duplicate.id,
      label: duplicate.slug,
      problems: ["slug already used by an earlier recipe"],
    });
  }

  const previousRecipes = pointer?.counts.recipes ?? null;
  const count = built.catalog.recipes.length;
  if (!allowShrink && previousRecipes !== null && count < previousRecipes * SHRINK_LIMIT) {
    throw new SyncAborted(
      `sync: refusing to publish ${count} recipes where ${previousRecipes} are live ` +
        `(less than ${SHRINK_LIMIT * 100} %); the live catalog stays. Check Directus, or publish with --allow-shrink.`,
    );
  }
  if (count === 0 && previousRecipes === null) {
    throw new SyncAborted("sync: Directus has no published recipes; nothing to publish");
  }

  const live =
    compare && pointer
      ? await readPublished(store, pointer.manifest)
          .then(readWholeRecipes)
          .catch(() => null)
      : null;
  const base = {
    recipes: count,
    ingredients: built.catalog.ingredients.length,
    skipped,
    previousRecipes,
    changes: compare ? compareRecipes(live ?? [], built.catalog.recipes) : null,
  };
  if (dryRun) {
    const { hash } = await plan(built);
    return {
      status: pointer?.manifest === hash ? "unchanged" : "dry-run",
      manifest: hash,
      ...base,
      writes: 0,
      deletes: 0,
      durationMs: Date.now() - started,
    };
  }
  onProgress({ phase: "publishing" });
  const result = await publish(store, built, { now: now(), release, expected: pointer });
  if (result.status === "superseded") return SUPERSEDED;
  return {
    status: result.status,
    manifest: result.manifest,
    ...base,
    writes: result.writes,
    deletes: result.deletes,
    durationMs: Date.now() - started,
  };
}
