/**
 * The bench's `week-plan` part (issue 46, decision 0068): "Plan meine Woche"
 * on synthetic catalogs (the edge part's, published and loaded as an isolate
 * loads them) for PANTRIES pantries: the time per proposal and per swap, and
 * how many ingredients a 5-day proposal leaves to buy against 5 recipes
 * drawn at random among those the same filter keeps.
 *
 * CPU per proposal is taken twice. In workerd (week-plan-workerd.ts): the
 * proposal's module in a Worker of its own, one proposal per request, each
 * request's CPU from the scheduler. And in Node around each call
 * (process.cpuUsage, user + system, to the microsecond), with the view's
 * arrays read for the filter as a page would, and the swaps, which are too
 * quick to tell from a request's own cost in workerd. CPU, not the wall
 * clock: the host is shared, and a wall clock counts another's turns.
 */
import { createMemoryStore } from "../../catalog/format/memory-store.ts";
import { BASIC_INGREDIENTS } from "../../catalog/recipes/basic-ingredients.ts";
import { NO_FILTER, type RecipeFilter } from "../../catalog/recipes/recipe-filter.ts";
import { publishWithoutCoordinator } from "../../catalog/sync/plan-version.ts";
import { createCatalogCache } from "../../catalog/view/catalog-cache.server.ts";
import type { CatalogView } from "../../catalog/view/catalog-view.ts";
import { proposeWeekPlan, SEARCH_BUDGET, swapDay } from "../../catalog/view/week-plan-proposal.ts";
import { categoriesByPosition, weekPlanRecipes } from "../../catalog/view/week-plan-recipes.ts";
import { random, syntheticCatalog } from "./catalog.ts";
import { draw } from "./pantry.ts";
import { timeReferenceWorkloadApart } from "./reference-workload.ts";
import { median, percentile } from "./statistics.ts";
import type { WeekPlanWorkerLoad } from "./week-plan-worker.ts";
import { proposalsInWorkerd } from "./week-plan-workerd.ts";

export const WEEK_PLAN_SIZES = [10_000, 50_000];
const PANTRIES = 200;
/** Each pantry: PANTRY_SIZE of the CANDIDATES most used ingredients that are no basic. */
const PANTRY_SIZE = 10;
const CANDIDATES = 40;
const DAYS = 5;
/** Timed passes over the pantries, after one untimed pass that warms the JIT. */
const TIMED_PASSES = 3;
const SEED = 46;

/** The filters the pantries take turns with: none, each diet, a time, light dishes, and two at once. */
export const WEEK_PLAN_FILTERS: readonly RecipeFilter[] = [
  NO_FILTER,
  { ...NO_FILTER, diet: "vegetarian" },
  { ...NO_FILTER, diet: "vegan" },
  { ...NO_FILTER, maxMinutes: 20 },
  { ...NO_FILTER, maxKcal: 500 },
  { ...NO_FILTER, diet: "vegetarian", maxMinutes: 20 },
];

export interface WeekPlanSizeBench {
  recipes: number;
  /** The first proposal of a version, which builds the matching lookups the ingredient search shares. */
  firstMs: number;
  /** Per proposal (the recipes read from the view, then proposeWeekPlan), over the timed passes. */
  proposals: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** In workerd, per proposal above an empty request (week-plan-workerd.ts), over as many proposals. */
  workerdP50Ms: number;
  workerdP99Ms: number;
  workerdMaxMs: number;
  /** The empty request's own CPU in workerd, the median. */
  workerdBaselineMs: number;
  /** Whether workerd's proposals needed as many to buy as Node's, pantry by pantry. */
  workerdAgrees: boolean;
  /** Per swap of the third day. */
  swapP50Ms: number;
  swapP99Ms: number;
  /** The reference workload's time in this process after each pass: how fast the host was (decision 0055). */
  referenceWorkloadMs: number[];
  /** Ingredients to buy for 5 days, per pantry: the proposal's, and 5 random kept recipes'. */
  toBuyMedian: number;
  randomToBuyMedian: number;
  toBuyMean: number;
  randomToBuyMean: number;
  /** Share of proposals whose search finished within its budget (the fewest proven). */
  provenShare: number;
  /** Proposals with fewer days than asked (the filter kept too few). */
  short: number;
}

export interface WeekPlanBench {
  pantries: number;
  pantrySize: number;
  candidates: number;
  days: number;
  seed: number;
  searchBudget: number;
  filters: string[];
  sizes: WeekPlanSizeBench[];
}

/** This process's CPU time so far, user and system, in ms. */
function cpuMs(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/** A filter as the report names it. */
function filterLabel(filter: RecipeFilter): string {
  const parts = [
    filter.diet,
    filter.maxMinutes ? `≤ ${filter.maxMinutes} min` : null,
    filter.maxKcal ? `≤ ${filter.maxKcal} kcal` : null,
  ];
  return parts.filter((part) => part !== null).join(", ") || "none";
}

/** How many ingredients `positions` need that neither `atHand` holds (recipe runs of the view's pantry lookup). */
function toBuyCount(
  runs: { ingredientIds: Uint16Array | Uint32Array; runStarts: Uint32Array },
  positions: readonly number[],
  atHand: ReadonlySet<number>,
): number {
  const needed = new Set<number>();
  for (const position of positions) {
    const end = runs.runStarts[position + 1] ?? 0;
    for (let at = runs.runStarts[position] ?? 0; at < end; at++) {
      const id = runs.ingredientIds[at] ?? 0;
      if (!atHand.has(id)) needed.add(id);
    }
  }
  return needed.size;
}

async function benchSize(recipes: number): Promise<WeekPlanSizeBench> {
  const store = createMemoryStore();
  await publishWithoutCoordinator(store, syntheticCatalog(recipes));
  const view: CatalogView | null = await createCatalogCache().get(store);
  if (!view) throw new Error("bench: nothing was published");
  (globalThis as { gc?: () => void }).gc?.();
  // Kept with the version, as a page would keep it: positions are stored by category.
  const categories = categoriesByPosition(view);
  const basicNames = new Set(BASIC_INGREDIENTS.map((basic) => basic.name));
  const candidates = view.ingredients
    .map((ingredient) => ingredient.name)
    .filter((name) => !basicNames.has(name))
    .slice(0, CANDIDATES);
  const rand = random(SEED);
  const pantries = Array.from({ length: PANTRIES }, () => draw(candidates, PANTRY_SIZE, rand));

  const propose = async (index: number) => {
    const filter = WEEK_PLAN_FILTERS[index % WEEK_PLAN_FILTERS.length] ?? NO_FILTER;
    const { recipes: planRecipes, pantry } = await weekPlanRecipes(view, filter, categories);
    const ids = (names: Iterable<string>) => [...names].flatMap((name) => pantry.idOf(name) ?? []);
    const question = { days: DAYS, pantry: ids(pantries[index] ?? []), basics: ids(basicNames) };
    return { planRecipes, pantry, question, proposal: proposeWeekPlan(planRecipes, question) };
  };

  let started = cpuMs();
  await propose(0);
  const firstMs = cpuMs() - started;
  for (let index = 0; index < PANTRIES; index++) await propose(index);

  const times: number[] = [];
  const swaps: number[] = [];
  const referenceWorkloadMs: number[] = [];
  const toBuy: number[] = [];
  const randomToBuy: number[] = [];
  let proven = 0;
  let short = 0;
  const drawRandom = random(SEED + 1);
  for (let pass = 0; pass < TIMED_PASSES; pass++) {
    for (let index = 0; index < PANTRIES; index++) {
      started = cpuMs();
      const { planRecipes, pantry, question, proposal } = await propose(index);
      times.push(cpuMs() - started);
      started = cpuMs();
      swapDay(planRecipes, question, proposal.days, 2);
      swaps.push(cpuMs() - started);
      if (pass > 0) continue;
      // What is bought: the proposal's, and five kept recipes drawn at random for the same pantry and filter.
      const atHand = new Set([...question.pantry, ...question.basics]);
      const drawn = draw([...planRecipes.kept], Math.min(DAYS, planRecipes.kept.length), drawRandom);
      toBuy.push(proposal.toBuy.length);
      randomToBuy.push(toBuyCount(pantry, drawn, atHand));
      if (proposal.provenFewest) proven++;
      if (proposal.days.length < DAYS) short++;
    }
    referenceWorkloadMs.push(timeReferenceWorkloadApart());
  }
  const workerd = await proposalsInWorkerd(await workerLoad(view, categories, pantries), TIMED_PASSES);
  times.sort((a, b) => a - b);
  swaps.sort((a, b) => a - b);
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    recipes,
    firstMs,
    proposals: times.length,
    p50Ms: percentile(times, 0.5),
    p99Ms: percentile(times, 0.99),
    maxMs: times[times.length - 1] ?? Number.NaN,
    workerdP50Ms: percentile(workerd.proposalMs, 0.5),
    workerdP99Ms: percentile(workerd.proposalMs, 0.99),
    workerdMaxMs: workerd.proposalMs[workerd.proposalMs.length - 1] ?? Number.NaN,
    workerdBaselineMs: workerd.baselineMs,
    workerdAgrees:
      workerd.toBuy.length === toBuy.length && workerd.toBuy.every((count, index) => count === toBuy[index]),
    swapP50Ms: percentile(swaps, 0.5),
    swapP99Ms: percentile(swaps, 0.99),
    referenceWorkloadMs,
    toBuyMedian: median(toBuy) ?? Number.NaN,
    randomToBuyMedian: median(randomToBuy) ?? Number.NaN,
    toBuyMean: mean(toBuy),
    randomToBuyMean: mean(randomToBuy),
    provenShare: proven / PANTRIES,
    short,
  };
}

/** What the Worker in workerd is loaded with: the view's arrays, and each pantry's question with its filter. */
async function workerLoad(
  view: CatalogView,
  categories: Uint8Array,
  pantries: readonly string[][],
): Promise<WeekPlanWorkerLoad> {
  const kept: number[][] = [];
  let shared: Awaited<ReturnType<typeof weekPlanRecipes>> | undefined;
  for (const filter of WEEK_PLAN_FILTERS) {
    shared = await weekPlanRecipes(view, filter, categories);
    kept.push([...shared.recipes.kept]);
  }
  if (!shared) throw new Error("bench: no filters");
  const { recipes, pantry } = shared;
  const postingStarts = [0];
  const postings: number[] = [];
  for (let id = 0; id < recipes.ingredientCount; id++) {
    postings.push(...recipes.positionsWith(id));
    postingStarts.push(postings.length);
  }
  const ids = (names: Iterable<string>) => [...names].flatMap((name) => pantry.idOf(name) ?? []);
  const basics = ids(BASIC_INGREDIENTS.map((basic) => basic.name));
  return {
    ingredientCount: recipes.ingredientCount,
    ingredientIds: [...recipes.ingredientIds],
    runStarts: [...recipes.runStarts],
    postingStarts,
    postings,
    categories: [...categories],
    kept,
    questions: pantries.map((names, index) => ({
      filter: index % WEEK_PLAN_FILTERS.length,
      pantry: ids(names),
      basics,
    })),
    days: DAYS,
  };
}

/** The part at each of `sizes` (WEEK_PLAN_SIZES unless the run names others). */
export async function benchWeekPlan(sizes: readonly number[] = WEEK_PLAN_SIZES): Promise<WeekPlanBench> {
  const measured: WeekPlanSizeBench[] = [];
  for (const size of sizes) {
    console.log(`bench: week plan at ${size} recipes …`);
    measured.push(await benchSize(size));
  }
  return {
    pantries: PANTRIES,
    pantrySize: PANTRY_SIZE,
    candidates: CANDIDATES,
    days: DAYS,
    seed: SEED,
    searchBudget: SEARCH_BUDGET,
    filters: WEEK_PLAN_FILTERS.map(filterLabel),
    sizes: measured,
  };
}
