/**
 * "Plan meine Woche" (issue 46, decision 0068): dinners for 3 to 7 days that
 * together need the fewest ingredients the pantry lacks, with what the pantry
 * holds used as a tie-break, within the list filters the visitor chose, and no
 * category on two days in a row; and, for one day, the next-best swap.
 *
 * Pure: it reads the matching column's arrays the ingredient search already
 * holds in the isolate (matching-lookups.ts, through week-plan-recipes.ts)
 * and does no I/O, so a page, a test and the bench call it alike.
 *
 * The method (decision 0068 gives the why and the bound):
 * 1. greedy: day after day the recipe that adds the fewest missing
 *    ingredients, a category at most ⌈days / 2⌉ times (what lets the days be
 *    ordered with no category twice in a row);
 * 2. local search: each day in turn replaced by the best recipe for it, until
 *    no day improves (fewer missing, or as many and more of the pantry used);
 * 3. a depth-first search with pruning for a plan with fewer missing, over the
 *    recipes that miss fewer than the best plan so far, each step keeping for
 *    the next only the candidates that still fit, within a work budget;
 *    finished, it proves the plan has the fewest (`provenFewest`);
 * 4. the days ordered so that no category follows itself.
 *
 * Steps 1 to 3 read the kept recipes level by level, by how many
 * ingredients each misses (week-plan-levels.ts), and stop at the level past
 * which no recipe can do better: the work follows how few the good recipes
 * miss, which falls as the catalog grows, not the catalog's size. They
 * choose exactly the recipes a scan of every kept recipe would (the unit
 * test holds them to that scan).
 */
import { RECIPE_TYPES } from "../recipes/categories.ts";
import { BASIC, IN_PANTRY, MissingLevels } from "./week-plan-levels.ts";

/** The fewest and the most days a visitor can ask for (issue 46). */
export const FEWEST_DAYS = 3;
export const MOST_DAYS = 7;

/**
 * What the search does at most in its third step, in recipes looked at: up to
 * about 8 ms of CPU on the bench's host (decision 0068 weighs it against the
 * share of plans it proves). The first two steps read only the levels their
 * best recipe is found in (bestAddition).
 */
export const SEARCH_BUDGET = 600_000;
/** How many passes of the local search at most: each pass that changes nothing ends it sooner. */
export const MOST_PASSES = 8;
/** How many recipes that add equally few missing ones are compared by what they use of the pantry. */
export const TIES_COMPARED = 64;

/** The recipes as the proposal reads them: by position, as the catalog view numbers them. */
export interface WeekPlanRecipes {
  /** How many ingredient ids there are (PantryLookup `names`). */
  readonly ingredientCount: number;
  /** Each recipe's ingredients as ids, one run after another (PantryLookup). */
  readonly ingredientIds: Uint16Array | Uint32Array;
  readonly runStarts: Uint32Array;
  /** The positions of the recipes that need ingredient `id`, ascending. */
  positionsWith(id: number): Int32Array;
  /** Each recipe's category, as its index in RECIPE_TYPES. */
  readonly categories: Uint8Array;
  /** The positions the list filter keeps, ascending (every position without a filter). */
  readonly kept: Int32Array;
  /** Whether the filter keeps `position` (FilteredRecipes `has`); without it, a mask of `kept` is made per question. */
  keeps?(position: number): boolean;
}

export interface WeekPlanQuestion {
  /** How many dinners: FEWEST_DAYS to MOST_DAYS (others are brought into that range). */
  days: number;
  /** The pantry's ingredients, by id: at hand, and what the plan should use. */
  pantry: Iterable<number>;
  /** The basics at hand, by id: never bought, but using them is no merit. */
  basics: Iterable<number>;
  /** The third step's budget (SEARCH_BUDGET); 0 proposes from the first two steps alone. */
  searchBudget?: number;
}

export interface WeekPlanProposal {
  /** The recipes, day by day, by position. Fewer than asked only when `possibleDays` is fewer. */
  days: number[];
  /** The days asked for, within FEWEST_DAYS to MOST_DAYS. */
  asked: number;
  /**
   * The most days, up to `asked`, that the recipes the filter keeps can fill
   * with no category twice in a row: fewer than `asked` says that the filter
   * leaves too few recipes (or categories) for the week asked for.
   */
  possibleDays: number;
  /** What to buy: the ingredients the days need that neither the pantry nor the basics hold, by id, ascending. */
  toBuy: number[];
  /** The pantry's ingredients the days use, by id, ascending. */
  pantryUsed: number[];
  /** Whether the search finished within its budget: then no plan of as many days needs fewer to buy. */
  provenFewest: boolean;
}

/** A day's count brought into the range the page offers. */
export function daysWithinRange(days: number): number {
  if (!Number.isFinite(days)) return FEWEST_DAYS;
  return Math.min(MOST_DAYS, Math.max(FEWEST_DAYS, Math.round(days)));
}

/** How often one category may come in a plan of `days` so that its days can be ordered apart. */
export function categoryCap(days: number): number {
  return Math.ceil(days / 2);
}

/**
 * A plan being built: which recipes it holds, the ingredients they miss (each
 * with how many of them miss it) and use of the pantry, and the kept
 * recipes by how many ingredients each misses (week-plan-levels.ts), which
 * is where a better addition is looked for.
 */
class PlanState {
  readonly recipes: WeekPlanRecipes;
  /** Per ingredient id: IN_PANTRY, BASIC, or 0 for one to buy. */
  readonly flags: Uint8Array;
  readonly levels: MissingLevels;
  readonly chosen: Uint8Array;
  readonly missCounts: Uint16Array;
  readonly pantryCounts: Uint16Array;
  readonly categoryCounts = new Uint8Array(RECIPE_TYPES.length);
  readonly members: number[] = [];
  missingSize = 0;
  pantrySize = 0;
  /** bestAddition's scratch: the recipes that tie, level by level, and where each level's run starts. */
  private readonly ties: number[] = [];
  private readonly tieRuns: number[] = [];

  constructor(recipes: WeekPlanRecipes, flags: Uint8Array) {
    this.recipes = recipes;
    this.flags = flags;
    this.levels = new MissingLevels(recipes, flags);
    this.chosen = new Uint8Array(recipes.categories.length);
    this.missCounts = new Uint16Array(recipes.ingredientCount);
    this.pantryCounts = new Uint16Array(recipes.ingredientCount);
  }

  /** Per recipe position: how many of its ingredients are to buy (neither in the pantry nor basics). */
  get missing(): Uint8Array {
    return this.levels.missing;
  }

  /** Takes the recipe at `position` into the plan. */
  add(position: number): void {
    const { ingredientIds, runStarts } = this.recipes;
    const end = runStarts[position + 1] ?? 0;
    for (let at = runStarts[position] ?? 0; at < end; at++) {
      const id = ingredientIds[at] ?? 0;
      const flag = this.flags[id] ?? 0;
      if (flag === 0) {
        const misses = (this.missCounts[id] ?? 0) + 1;
        this.missCounts[id] = misses;
        if (misses === 1) this.missingSize++;
      } else if (flag === IN_PANTRY) {
        const uses = (this.pantryCounts[id] ?? 0) + 1;
        this.pantryCounts[id] = uses;
        if (uses === 1) this.pantrySize++;
      }
    }
    this.chosen[position] = 1;
    const category = this.recipes.categories[position] ?? 0;
    this.categoryCounts[category] = (this.categoryCounts[category] ?? 0) + 1;
    this.members.push(position);
  }

  /** Takes the recipe at `position` out of the plan. */
  remove(position: number): void {
    const { ingredientIds, runStarts } = this.recipes;
    const end = runStarts[position + 1] ?? 0;
    for (let at = runStarts[position] ?? 0; at < end; at++) {
      const id = ingredientIds[at] ?? 0;
      const flag = this.flags[id] ?? 0;
      if (flag === 0) {
        const misses = (this.missCounts[id] ?? 1) - 1;
        this.missCounts[id] = misses;
        if (misses === 0) this.missingSize--;
      } else if (flag === IN_PANTRY) {
        const uses = (this.pantryCounts[id] ?? 1) - 1;
        this.pantryCounts[id] = uses;
        if (uses === 0) this.pantrySize--;
      }
    }
    this.chosen[position] = 0;
    const category = this.recipes.categories[position] ?? 0;
    this.categoryCounts[category] = (this.categoryCounts[category] ?? 1) - 1;
    this.members.splice(this.members.indexOf(position), 1);
  }

  /** How many of the recipe's missing ingredients the plan does not miss yet. */
  addsOf(position: number): number {
    const { ingredientIds, runStarts } = this.recipes;
    let adds = 0;
    const end = runStarts[position + 1] ?? 0;
    for (let at = runStarts[position] ?? 0; at < end; at++) {
      const id = ingredientIds[at] ?? 0;
      if (this.flags[id] === 0 && this.missCounts[id] === 0) adds++;
    }
    return adds;
  }

  /** How many of the pantry's ingredients the plan would use with the recipe at `position` added. */
  pantryWith(position: number): number {
    const { ingredientIds, runStarts } = this.recipes;
    let added = 0;
    const end = runStarts[position + 1] ?? 0;
    for (let at = runStarts[position] ?? 0; at < end; at++) {
      const id = ingredientIds[at] ?? 0;
      if (this.flags[id] === IN_PANTRY && this.pantryCounts[id] === 0) added++;
    }
    return this.pantrySize + added;
  }

  /**
   * The recipe the plan is best completed with: the fewest missing
   * ingredients after it, then the most of the pantry used (compared among
   * the first TIES_COMPARED that tie, by position), then the lowest
   * position; none when `allowed` lets none through.
   *
   * A recipe that misses `m` adds at least `m` less what the plan already
   * misses, so once the level reaches the fewest found plus the plan's
   * missing count, no later level holds one that adds as few: the levels
   * below that are all that is read. It is the same recipe a scan of every
   * kept recipe would choose.
   */
  bestAddition(allowed: (position: number) => boolean): { position: number; missing: number; pantry: number } | null {
    const { ties, tieRuns, chosen } = this;
    ties.length = 0;
    tieRuns.length = 0;
    let fewest = 256;
    for (let level = 0; level < 256 && level <= fewest + this.missingSize; level++) {
      tieRuns.push(ties.length);
      for (const position of this.levels.at(level)) {
        if (chosen[position] === 1) continue;
        const adds = this.addsOf(position);
        if (adds > fewest || !allowed(position)) continue;
        if (adds < fewest) {
          fewest = adds;
          ties.length = 0;
          tieRuns.length = 0;
          tieRuns.push(0);
        }
        ties.push(position);
      }
    }
    if (fewest === 256) return null;
    // Each level's ties are ascending: merged, the first TIES_COMPARED by position are compared.
    tieRuns.push(ties.length);
    const heads = tieRuns.slice(0, -1);
    let best = -1;
    let bestPantry = -1;
    for (let compared = 0; compared < TIES_COMPARED; compared++) {
      let run = -1;
      for (let index = 0; index < heads.length; index++) {
        const head = heads[index] ?? 0;
        if (head >= (tieRuns[index + 1] ?? 0)) continue;
        if (run === -1 || (ties[head] ?? 0) < (ties[heads[run] ?? 0] ?? 0)) run = index;
      }
      if (run === -1) break;
      const position = ties[heads[run] ?? 0] ?? 0;
      heads[run] = (heads[run] ?? 0) + 1;
      const pantry = this.pantryWith(position);
      if (pantry > bestPantry) {
        best = position;
        bestPantry = pantry;
      }
    }
    return { position: best, missing: this.missingSize + fewest, pantry: bestPantry };
  }

  /** Whether one more recipe of the category at `position` keeps every category within `cap`. */
  withinCap(position: number, cap: number): boolean {
    return (this.categoryCounts[this.recipes.categories[position] ?? 0] ?? 0) < cap;
  }
}

/** The ids whose count in `counts` is above 0, ascending (a plan's `toBuy` and `pantryUsed`). */
export function heldIds(counts: Uint16Array): number[] {
  const ids: number[] = [];
  counts.forEach((count, id) => {
    if (count > 0) ids.push(id);
  });
  return ids;
}

/** The pantry's and the basics' flags per ingredient id; the pantry wins where an id is both. */
export function flagsOf(recipes: WeekPlanRecipes, question: Pick<WeekPlanQuestion, "pantry" | "basics">): Uint8Array {
  const flags = new Uint8Array(recipes.ingredientCount);
  for (const id of question.basics) if (id >= 0 && id < flags.length) flags[id] = BASIC;
  for (const id of question.pantry) if (id >= 0 && id < flags.length) flags[id] = IN_PANTRY;
  return flags;
}

/**
 * The most days, up to `asked`, that the kept recipes fill with no category
 * twice in a row: `days` recipes can be so ordered exactly when no category
 * has more than ⌈days / 2⌉ of them, so `days` are possible when the kept
 * recipes give that many within that cap.
 */
export function possibleDaysOf(recipes: WeekPlanRecipes, asked: number): number {
  const perCategory = keptPerCategory(recipes);
  for (let days = asked; days > 0; days--) {
    const cap = categoryCap(days);
    if (perCategory.reduce((sum, kept) => sum + Math.min(kept, cap), 0) >= days) return days;
  }
  return 0;
}

/** The kept recipes per category, counted once per `kept` array (a filter's positions are kept with the view). */
const keptCounts = new WeakMap<Int32Array, number[]>();

function keptPerCategory(recipes: WeekPlanRecipes): number[] {
  const known = keptCounts.get(recipes.kept);
  if (known) return known;
  const perCategory = new Array<number>(RECIPE_TYPES.length).fill(0);
  for (const position of recipes.kept) {
    const category = recipes.categories[position] ?? 0;
    perCategory[category] = (perCategory[category] ?? 0) + 1;
  }
  keptCounts.set(recipes.kept, perCategory);
  return perCategory;
}

/** The plan's days proposed for `question`. */
export function proposeWeekPlan(recipes: WeekPlanRecipes, question: WeekPlanQuestion): WeekPlanProposal {
  const asked = daysWithinRange(question.days);
  const days = possibleDaysOf(recipes, asked);
  const cap = categoryCap(days);
  const flags = flagsOf(recipes, question);
  const state = new PlanState(recipes, flags);

  // 1. Greedy. While fewer than `days` are chosen a kept recipe within the cap is left (possibleDaysOf).
  const withinCap = (position: number) => state.withinCap(position, cap);
  while (state.members.length < days) {
    const next = state.bestAddition(withinCap);
    if (!next) break;
    state.add(next.position);
  }
  improveLocally(state, cap);

  // 3. The search for a plan with fewer missing; its plan improved by the local search as well.
  const budget = question.searchBudget ?? SEARCH_BUDGET;
  const search = searchFewer(recipes, flags, state.levels, days, cap, state.missingSize, budget);
  if (search.found) {
    for (const position of [...state.members]) state.remove(position);
    for (const position of search.found) state.add(position);
    improveLocally(state, cap);
  }
  return {
    days: orderedApart(recipes, state.members),
    asked,
    possibleDays: days,
    toBuy: heldIds(state.missCounts),
    pantryUsed: heldIds(state.pantryCounts),
    provenFewest: search.finished,
  };
}

/**
 * 2. Each day in turn replaced by the best recipe for the others, when that
 * needs fewer to buy, or as many and uses more of the pantry; until a pass
 * changes nothing (MOST_PASSES at most).
 */
function improveLocally(state: PlanState, cap: number): void {
  const withinCap = (position: number) => state.withinCap(position, cap);
  for (let pass = 0; pass < MOST_PASSES; pass++) {
    let improved = false;
    for (const current of [...state.members]) {
      state.remove(current);
      const currentMissing = state.missingSize + state.addsOf(current);
      const currentPantry = state.pantryWith(current);
      const next = state.bestAddition(withinCap);
      if (
        next &&
        next.position !== current &&
        (next.missing < currentMissing || (next.missing === currentMissing && next.pantry > currentPantry))
      ) {
        state.add(next.position);
        improved = true;
      } else {
        state.add(current);
      }
    }
    if (!improved) return;
  }
}

/**
 * 3. Depth-first over the kept recipes that miss fewer than `bound`
 * ingredients (a plan that needs fewer to buy holds no other), fewest first,
 * each plan once (in that order). Each step keeps of its candidates those
 * that still fit (the category within the cap, and what the plan misses
 * with them below `bound`), and hands the ones after each to the next step:
 * what a recipe adds only grows as the plan does, so a candidate dropped
 * once stays dropped, and a step with fewer candidates than days left ends
 * there. `bound` falls with every plan found. Finished within `budget`
 * recipes looked at, no plan of `days` needs fewer than the last bound.
 */
function searchFewer(
  recipes: WeekPlanRecipes,
  flags: Uint8Array,
  levels: MissingLevels,
  days: number,
  cap: number,
  start: number,
  budget: number,
): { found: number[] | null; finished: boolean } {
  if (days === 0) return { found: null, finished: true };
  let bound = start;
  // The candidates by their index in `order` (fewest missing first): each one's missing count, category, and the
  // ingredients it misses, listed once here so that a step reads those few, never the recipe's whole run.
  const order = levels.below(bound);
  const { ingredientIds, runStarts, categories } = recipes;
  const candidates = order.length;
  const missingOf = new Uint8Array(candidates);
  const categoryOf = new Uint8Array(candidates);
  const missStarts = new Int32Array(candidates + 1);
  let listed = 0;
  for (let index = 0; index < candidates; index++) {
    const position = order[index] ?? 0;
    listed += levels.missing[position] ?? 0;
    missingOf[index] = levels.missing[position] ?? 0;
    categoryOf[index] = categories[position] ?? 0;
    missStarts[index + 1] = listed;
  }
  const missIds = new Int32Array(listed);
  for (let index = 0, at = 0; index < candidates; index++) {
    const position = order[index] ?? 0;
    const end = runStarts[position + 1] ?? 0;
    for (let run = runStarts[position] ?? 0; run < end; run++) {
      const id = ingredientIds[run] ?? 0;
      if (flags[id] === 0) missIds[at++] = id;
    }
  }
  const missCounts = new Uint16Array(recipes.ingredientCount);
  const categoryCounts = new Uint8Array(RECIPE_TYPES.length);
  const path: number[] = [];
  let size = 0;
  let work = 0;
  let found: number[] | null = null;

  /** What the plan misses more with candidate `index`. */
  const addsOf = (index: number) => {
    let adds = 0;
    const end = missStarts[index + 1] ?? 0;
    for (let at = missStarts[index] ?? 0; at < end; at++) if (missCounts[missIds[at] ?? 0] === 0) adds++;
    return adds;
  };
  /** Counts candidate `index` in (`step` 1) or out (−1) of the plan. */
  const count = (index: number, step: 1 | -1) => {
    const end = missStarts[index + 1] ?? 0;
    for (let at = missStarts[index] ?? 0; at < end; at++) {
      const id = missIds[at] ?? 0;
      const misses = (missCounts[id] ?? 0) + step;
      missCounts[id] = misses;
      if (step === 1 && misses === 1) size++;
      if (step === -1 && misses === 0) size--;
    }
    const category = categoryOf[index] ?? 0;
    categoryCounts[category] = (categoryCounts[category] ?? 0) + step;
  };

  // Where each depth keeps the candidates that still fit: a step's children read a part of it, and lay theirs in the next.
  const fittingAt = Array.from({ length: days }, () => new Int32Array(candidates));
  const all = new Int32Array(candidates);
  for (let index = 0; index < candidates; index++) all[index] = index;

  /** Whether the search finished over `among` (candidate indexes, ascending; false: the budget ran out). */
  const descend = (among: Int32Array): boolean => {
    const left = days - path.length;
    const fitting = fittingAt[path.length] ?? new Int32Array(0);
    let fits = 0;
    for (let at = 0; at < among.length; at++) {
      const index = among[at] ?? 0;
      // Sorted by what each misses: from here on every recipe alone reaches the bound.
      if ((missingOf[index] ?? 0) >= bound) break;
      if (++work > budget) return false;
      if ((categoryCounts[categoryOf[index] ?? 0] ?? 0) >= cap) continue;
      if (size + addsOf(index) < bound) fitting[fits++] = index;
    }
    for (let at = 0; at <= fits - left; at++) {
      const index = fitting[at] ?? 0;
      // The bound may have fallen since the candidate was kept.
      if ((missingOf[index] ?? 0) >= bound) return true;
      if (++work > budget) return false;
      if ((categoryCounts[categoryOf[index] ?? 0] ?? 0) >= cap || size + addsOf(index) >= bound) continue;
      count(index, 1);
      path.push(index);
      let finished = true;
      if (left === 1) {
        bound = size;
        found = path.map((chosen) => order[chosen] ?? 0);
      } else {
        finished = descend(fitting.subarray(at + 1, fits));
      }
      path.pop();
      count(index, -1);
      if (!finished) return false;
    }
    return true;
  };
  const finished = descend(all);
  return { found, finished };
}

/**
 * 4. The plan's recipes in an order with no category on two days in a row:
 * the categories with the most recipes first, laid on every other day from
 * the first, then on the days between. With no category above ⌈days / 2⌉
 * (the cap every step keeps) no two neighbours share one.
 */
export function orderedApart(recipes: WeekPlanRecipes, members: readonly number[]): number[] {
  const byCategory = new Map<number, number[]>();
  for (const position of [...members].sort((a, b) => a - b)) {
    const category = recipes.categories[position] ?? 0;
    byCategory.set(category, [...(byCategory.get(category) ?? []), position]);
  }
  const groups = [...byCategory.entries()].sort((a, b) => b[1].length - a[1].length || a[0] - b[0]);
  const slots = members.length;
  const days = new Array<number>(slots);
  let slot = 0;
  for (const [, positions] of groups) {
    for (const position of positions) {
      days[slot] = position;
      slot += 2;
      if (slot >= slots) slot = 1;
    }
  }
  return days;
}

export interface WeekPlanSwap {
  /** The day asked about, 0 for the first. */
  day: number;
  /** The plan's days with that day swapped. */
  days: number[];
  /** What the swapped plan needs to buy, and uses of the pantry, as in WeekPlanProposal. */
  toBuy: number[];
  pantryUsed: number[];
}

/**
 * The next-best recipe for one day of `days` (positions, as proposed or as
 * the visitor has changed them): the kept recipe, not in the plan nor in
 * `passedOver` (the swaps already shown, so that swapping again goes further
 * down), of a category other than the days before and after, with which the
 * plan needs the fewest to buy, then uses the most of the pantry. Null when
 * no recipe fits.
 */
export function swapDay(
  recipes: WeekPlanRecipes,
  question: Pick<WeekPlanQuestion, "pantry" | "basics">,
  days: readonly number[],
  day: number,
  passedOver: Iterable<number> = [],
): WeekPlanSwap | null {
  const current = days[day];
  if (current === undefined) return null;
  const state = new PlanState(recipes, flagsOf(recipes, question));
  days.forEach((position, index) => {
    if (index !== day) state.add(position);
  });
  const skipped = new Set<number>([current, ...passedOver]);
  const neighbours = new Set<number>();
  for (const index of [day - 1, day + 1]) {
    const neighbour = days[index];
    if (neighbour !== undefined) neighbours.add(recipes.categories[neighbour] ?? 0);
  }
  const next = state.bestAddition(
    (position) => !skipped.has(position) && !neighbours.has(recipes.categories[position] ?? 0),
  );
  if (!next) return null;
  state.add(next.position);
  return {
    day,
    days: days.map((position, index) => (index === day ? next.position : position)),
    toBuy: heldIds(state.missCounts),
    pantryUsed: heldIds(state.pantryCounts),
  };
}
