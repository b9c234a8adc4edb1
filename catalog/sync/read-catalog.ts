/**
 * The read half of a sync: read published content from Directus, validate
 * every record, build the catalog and its search index. Nothing is written
 * here; the coordinator (coordinator.ts) decides what to publish.
 *
 * Any failure to read (Directus down, a timeout, a 5xx, a malformed page)
 * throws a SourceError, so the live version stays as it is.
 */
import type { CatalogRecipe } from "../recipes/types.ts";
import { type BuiltCatalog, buildCatalog } from "./build-catalog.ts";
import { type ContentSource, everyPage, type RawIngredient, type RawRecipe } from "./directus-source.ts";
import { nextDueTime, type PublicationTimes, publicationWindow, windowState } from "./publication-window.ts";
import { checkIngredient, checkRecipe, type RawIngredientRecord } from "./validate.ts";

/** A new catalog (or a rollback's target) with fewer than this share of the live one's recipes is refused. */
export const SHRINK_LIMIT = 0.5;

export type ReadProgress =
  | { phase: "recipes"; done: number; total: number }
  | { phase: "ingredients"; done: number }
  | { phase: "building" };

/** A record the sync left out, and why. */
export interface SkippedRecord {
  kind: "recipe" | "ingredient";
  /** Directus' id as it came, when it is one an id can be. */
  id: number | string | null;
  label: string;
  problems: string[];
}

/** Thrown when the sync refuses to publish (or to roll back); the live catalog stays as it is. */
export class SyncAborted extends Error {
  override name = "SyncAborted";
}

/** A record's id for a report: Directus' own when it is a number or a string. */
function recordId(id: unknown): number | string | null {
  return typeof id === "number" || typeof id === "string" ? id : null;
}

/** A valid published recipe that its publish times keep off the site for now (publication-window.ts). */
export interface OutOfWindow {
  id: number;
  /** "scheduled": its time to appear has not come; "ended": its time to go offline has passed. */
  state: "scheduled" | "ended";
  times: PublicationTimes;
}

/** What one read of Directus gave. */
export interface ReadCatalog {
  built: BuiltCatalog;
  skipped: SkippedRecord[];
  /** Valid recipes left out by their publish times: not problems, so not among `skipped`. */
  outOfWindow: OutOfWindow[];
  /** The publish times of the valid recipes that have any, by id. */
  times: Map<number, PublicationTimes>;
  /** The next time after the read at which a recipe appears or goes offline; null for none. */
  nextDueAt: number | null;
  /** Why a recipe in the catalog has no nutrition, in German, by id (its publication status says it). */
  nutritionGaps: Map<number, string>;
}

/** A recipe record checked: valid with its publish times, or left out with its problems. */
export type CheckedRecipeRecord =
  | { ok: true; recipe: CatalogRecipe; times: PublicationTimes; nutritionGap: string | null }
  | { ok: false; skipped: SkippedRecord };

/** An ingredient record checked: valid, or left out with its problems. */
export type CheckedIngredientRecord =
  | { ok: true; ingredient: RawIngredientRecord }
  | { ok: false; skipped: SkippedRecord };

/** Validates a recipe as Directus returns it, its publish times included (their place against now aside). */
export function checkRecipeRecord(raw: RawRecipe): CheckedRecipeRecord {
  const checked = checkRecipe(raw);
  // The times' problems do not depend on when they are looked at; where now lies in them does (assembleCatalog).
  const window = publicationWindow(raw, 0);
  if (checked.ok && window.ok) {
    return { ok: true, recipe: checked.value, times: window.times, nutritionGap: checked.nutritionGap };
  }
  return {
    ok: false,
    skipped: {
      kind: "recipe",
      id: recordId(raw.id),
      label: String(raw.slug ?? raw.name ?? "?"),
      problems: [...(checked.ok ? [] : checked.problems), ...(window.ok ? [] : window.problems)],
    },
  };
}

export function checkIngredientRecord(raw: RawIngredient): CheckedIngredientRecord {
  const checked = checkIngredient(raw);
  if (checked.ok) return { ok: true, ingredient: checked.value };
  return {
    ok: false,
    skipped: { kind: "ingredient", id: recordId(raw.id), label: String(raw.name ?? "?"), problems: checked.problems },
  };
}

/**
 * The catalog of checked records (each kind in id order), as it is at `now`: the recipes in their publish
 * window built into the catalog, the others left out. Shared by a read of everything (readCatalog) and the
 * coordinator's build from its stage (source-stage.ts), so both make the same catalog of the same records.
 */
export async function assembleCatalog(
  recipeRecords: AsyncIterable<CheckedRecipeRecord> | Iterable<CheckedRecipeRecord>,
  ingredientRecords: AsyncIterable<CheckedIngredientRecord> | Iterable<CheckedIngredientRecord>,
  now: number,
): Promise<ReadCatalog> {
  const skipped: SkippedRecord[] = [];
  const outOfWindow: OutOfWindow[] = [];
  const times = new Map<number, PublicationTimes>();
  const nutritionGaps = new Map<number, string>();
  const recipes: CatalogRecipe[] = [];
  for await (const record of recipeRecords) {
    if (!record.ok) {
      skipped.push(record.skipped);
      continue;
    }
    const { recipe } = record;
    if (record.times.publishAt !== null || record.times.unpublishAt !== null) times.set(recipe.id, record.times);
    const state = windowState(record.times, now);
    // A stage written before nutrition was computed holds no gap (undefined): it reads as none.
    if (state === "open" && record.nutritionGap) nutritionGaps.set(recipe.id, record.nutritionGap);
    if (state === "open") recipes.push(recipe);
    else outOfWindow.push({ id: recipe.id, state, times: record.times });
  }
  const ingredients: RawIngredientRecord[] = [];
  for await (const record of ingredientRecords) {
    if (record.ok) ingredients.push(record.ingredient);
    else skipped.push(record.skipped);
  }
  const built = buildCatalog(recipes, ingredients);
  for (const duplicate of built.duplicateSlugs) {
    skipped.push({
      kind: "recipe",
      id: duplicate.id,
      label: duplicate.slug,
      problems: ["slug already used by an earlier recipe"],
    });
  }
  return { built, skipped, outOfWindow, times, nextDueAt: nextDueTime(times.values(), now), nutritionGaps };
}

/** Reads, validates and builds the catalog Directus holds now (`now`: for the recipes' publish times). */
export async function readCatalog(
  source: ContentSource,
  onProgress: (progress: ReadProgress) => void = () => {},
  now: number = Date.now(),
): Promise<ReadCatalog> {
  const total = await source.countRecipes();
  const recipes: CheckedRecipeRecord[] = [];
  onProgress({ phase: "recipes", done: 0, total });
  for await (const page of everyPage(source.recipePage)) {
    for (const raw of page) recipes.push(checkRecipeRecord(raw));
    onProgress({ phase: "recipes", done: recipes.length, total: Math.max(total, recipes.length) });
  }
  const ingredients: CheckedIngredientRecord[] = [];
  for await (const page of everyPage(source.ingredientPage)) {
    for (const raw of page) ingredients.push(checkIngredientRecord(raw));
    onProgress({ phase: "ingredients", done: ingredients.length });
  }
  onProgress({ phase: "building" });
  return assembleCatalog(recipes, ingredients, now);
}

/**
 * Why a catalog of `recipes` may not replace `live` recipes, or null when
 * it may: it lost more than SHRINK_LIMIT of them (unless an operator allows
 * it), or there is nothing to publish at all.
 */
export function shrinkRefusal(recipes: number, live: number | null, allowShrink: boolean): string | null {
  if (!allowShrink && live !== null && recipes < live * SHRINK_LIMIT) {
    return (
      `sync: refusing to publish ${recipes} recipes where ${live} are live ` +
      `(less than ${SHRINK_LIMIT * 100} %); the live catalog stays. Check Directus, or publish with --allow-shrink.`
    );
  }
  if (recipes === 0 && live === null) return "sync: Directus has no published recipes; nothing to publish";
  return null;
}
