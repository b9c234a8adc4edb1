/**
 * The bench's `pantry` part (issue 34, decision 0040): what basics at hand
 * and one ingredient more give a visitor on the seed catalog, and what the
 * pantry questions cost on a large one.
 *
 * Pantries: PANTRIES random draws (a seeded PRNG, so every run draws the
 * same) of PANTRY_SIZE distinct ingredients among the CANDIDATES most used
 * of the seed. For each: how many recipes are complete (matched and nothing
 * missing) by the product rules alone, with the basics at hand, and with the
 * basics and the first "one more" suggestion taken.
 *
 * Cost: pantryAnswer (catalog/view/pantry-queries.ts), as every
 * ingredient-search page asks it, on a synthetic catalog published and
 * loaded as an isolate loads it, for random pantries of the same size.
 */
import { MATCHES_PER_PAGE } from "../../app/lib/url/pagination.ts";
import { createMemoryStore } from "../../catalog/format/memory-store.ts";
import { BASIC_INGREDIENTS } from "../../catalog/recipes/basic-ingredients.ts";
import { publishWithoutCoordinator } from "../../catalog/sync/plan-version.ts";
import { createCatalogCache } from "../../catalog/view/catalog-cache.server.ts";
import type { CatalogView } from "../../catalog/view/catalog-view.ts";
import { pantryAnswer } from "../../catalog/view/pantry-queries.ts";
import { matchIngredients } from "../../catalog/view/queries.ts";
import { seedCatalog } from "../../tests/search/seed-catalog.ts";
import { random, syntheticCatalog } from "./catalog.ts";
import { percentile } from "./statistics.ts";

const PANTRIES = 200;
const PANTRY_SIZE = 5;
const CANDIDATES = 30;
/** The PRNG's seed: each way of drawing starts from it, so every run draws the same pantries. */
const SEED = 34;
const TIMED_RECIPES = 50_000;
const TIMED_QUERIES = 1_000;
const WARM_UP = 50;

/** Mean complete recipes, and the share of pantries with at least one. */
interface Completeness {
  mean: number;
  anyShare: number;
}

/** One way of drawing pantries, and what they complete. */
export interface PantryDraws {
  /** What the report calls it. */
  label: string;
  pantrySize: number;
  /** How many of the most used ingredients they are drawn from, and whether the basics are among those. */
  candidates: number;
  basicsAmongCandidates: boolean;
  withoutBasics: Completeness;
  withBasics: Completeness;
  withOneMore: Completeness;
  /** Share of pantries that got a suggestion, and the mean it promised over those. */
  suggestedShare: number;
  meanPromised: number;
  /** The most frequent first suggestions, with how often each came first. */
  topSuggestions: { name: string; times: number }[];
}

export interface PantryBench {
  recipes: number;
  pantries: number;
  seed: number;
  basics: string[];
  /** The first is what issue 34 asks for: 5 of the 30 most used, basics among them. */
  draws: PantryDraws[];
  /** pantryAnswer and, in the same loop, matchIngredients' first page, per page. */
  timing: {
    recipes: number;
    queries: number;
    firstMs: number;
    p50Ms: number;
    p90Ms: number;
    p99Ms: number;
    matchP50Ms: number;
    matchP99Ms: number;
  };
}

/** `size` distinct items of `from`, drawn with `rand` (a partial Fisher–Yates shuffle). */
export function draw<T>(from: readonly T[], size: number, rand: () => number): T[] {
  const pool = [...from];
  for (let at = 0; at < size; at++) {
    const pick = at + Math.floor(rand() * (pool.length - at));
    [pool[at], pool[pick]] = [pool[pick] as T, pool[at] as T];
  }
  return pool.slice(0, size);
}

function completeness(counts: readonly number[]): Completeness {
  return {
    mean: counts.reduce((sum, count) => sum + count, 0) / counts.length,
    anyShare: counts.filter((count) => count > 0).length / counts.length,
  };
}

/** The ingredient names of a view, most used first (the order a version holds them in). */
function mostUsed(view: CatalogView, count: number): string[] {
  return view.ingredients.slice(0, count).map((ingredient) => ingredient.name);
}

/** What PANTRIES pantries of `pantrySize` drawn from `candidates` complete, without basics, with them, and with the best suggestion taken. */
async function drawPantries(
  view: CatalogView,
  label: string,
  pantrySize: number,
  candidates: readonly string[],
): Promise<PantryDraws> {
  const basics = BASIC_INGREDIENTS.map((basic) => basic.name);
  const rand = random(SEED);
  const without: number[] = [];
  const withBasics: number[] = [];
  const withOneMore: number[] = [];
  const promised: number[] = [];
  const firsts = new Map<string, number>();
  for (let round = 0; round < PANTRIES; round++) {
    const pantry = draw(candidates, pantrySize, rand);
    without.push((await pantryAnswer(view, { covering: pantry, basics: [], excluded: [] })).complete);
    const answer = await pantryAnswer(view, { covering: pantry, basics, excluded: [] });
    withBasics.push(answer.complete);
    const best = answer.oneMore[0];
    if (!best) {
      withOneMore.push(answer.complete);
      continue;
    }
    promised.push(best.recipes);
    firsts.set(best.name, (firsts.get(best.name) ?? 0) + 1);
    const taken = await pantryAnswer(view, { covering: [...pantry, best.name], basics, excluded: [] });
    // The page's promise, checked on every draw: a bench figure built on a broken promise is worth nothing.
    if (taken.complete !== answer.complete + best.recipes) {
      throw new Error(
        `bench: taking ${best.name} for ${pantry.join(", ")} did not complete ${best.recipes} more recipes`,
      );
    }
    withOneMore.push(taken.complete);
  }
  return {
    label,
    pantrySize,
    candidates: candidates.length,
    basicsAmongCandidates: candidates.some((name) => basics.includes(name)),
    withoutBasics: completeness(without),
    withBasics: completeness(withBasics),
    withOneMore: completeness(withOneMore),
    suggestedShare: promised.length / PANTRIES,
    meanPromised: promised.length === 0 ? 0 : promised.reduce((sum, count) => sum + count, 0) / promised.length,
    topSuggestions: [...firsts]
      .map(([name, times]) => ({ name, times }))
      .sort((a, b) => b.times - a.times || a.name.localeCompare(b.name, "de"))
      .slice(0, 5),
  };
}

/**
 * The seed's figures: first what issue 34 asks for (5 of the 30 most used,
 * the basics among them), then, for context, pantries drawn from the 30 most
 * used that are not basics, of 5 and of 10.
 */
export async function benchPantry(): Promise<PantryBench> {
  const { view } = seedCatalog();
  const basics = BASIC_INGREDIENTS.map((basic) => basic.name);
  const others = view.ingredients.map((ingredient) => ingredient.name).filter((name) => !basics.includes(name));
  return {
    recipes: view.count,
    pantries: PANTRIES,
    seed: SEED,
    basics,
    draws: [
      await drawPantries(view, "5 of the 30 most used (issue 34)", PANTRY_SIZE, mostUsed(view, CANDIDATES)),
      await drawPantries(view, "5 of the 30 most used that are no basic", PANTRY_SIZE, others.slice(0, CANDIDATES)),
      await drawPantries(view, "10 of the 30 most used that are no basic", 10, others.slice(0, CANDIDATES)),
    ],
    timing: await timePantryAnswer(),
  };
}

/** pantryAnswer's time per page on a synthetic catalog loaded as an isolate loads it, first call apart. */
async function timePantryAnswer(): Promise<PantryBench["timing"]> {
  const store = createMemoryStore();
  await publishWithoutCoordinator(store, syntheticCatalog(TIMED_RECIPES));
  const view = await createCatalogCache().get(store);
  if (!view) throw new Error("bench: nothing was published");
  // The built catalog is garbage now: collected before the timing (run-bench runs with --expose-gc), as an isolate never holds it.
  (globalThis as { gc?: () => void }).gc?.();
  const basics = BASIC_INGREDIENTS.map((basic) => basic.name);
  const candidates = mostUsed(view, CANDIDATES);
  const rand = random(SEED);
  // The first ingredient search of a version builds the lookups: measured on its own.
  let started = performance.now();
  await pantryAnswer(view, { covering: draw(candidates, PANTRY_SIZE, rand), basics, excluded: [] });
  const firstMs = performance.now() - started;
  const times: number[] = [];
  const matches: number[] = [];
  for (let query = 0; query < WARM_UP + TIMED_QUERIES; query++) {
    const pantry = draw(candidates, PANTRY_SIZE, rand);
    started = performance.now();
    await pantryAnswer(view, { covering: pantry, basics, excluded: [] });
    if (query >= WARM_UP) times.push(performance.now() - started);
    // What the same page asks besides, for scale: the product rules' matches of its first page.
    started = performance.now();
    (await matchIngredients(view, pantry)).slice(0, MATCHES_PER_PAGE);
    if (query >= WARM_UP) matches.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  matches.sort((a, b) => a - b);
  return {
    recipes: TIMED_RECIPES,
    queries: TIMED_QUERIES,
    firstMs,
    p50Ms: percentile(times, 0.5),
    p90Ms: percentile(times, 0.9),
    p99Ms: percentile(times, 0.99),
    matchP50Ms: percentile(matches, 0.5),
    matchP99Ms: percentile(matches, 0.99),
  };
}
