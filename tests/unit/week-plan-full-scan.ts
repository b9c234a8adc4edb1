/**
 * The oracle of the week plan's tests (tests/unit/week-plan-proposal.test.ts):
 * the proposal and the swap as catalog/view/week-plan-proposal.ts made them
 * before its levels (decision 0068, "Bounded by the answer"), scanning every
 * kept recipe for each day and keeping every recipe's `adds` up to date
 * through the postings. The levels must choose the very same recipes; this
 * method is the plain statement of what they choose, whatever they skip.
 * So it shares with that module only what surrounds the choice (the
 * constants, the question's flags, the ids a plan holds, and step 4, the
 * order of the chosen days, which the brute force of the test checks on
 * its own); steps 1 to 3 and the swap are written here again on purpose.
 */
import { RECIPE_TYPES } from "../../catalog/recipes/categories.ts";
import { IN_PANTRY } from "../../catalog/view/week-plan-levels.ts";
import {
  categoryCap,
  daysWithinRange,
  flagsOf,
  heldIds,
  MOST_PASSES,
  orderedApart,
  possibleDaysOf,
  SEARCH_BUDGET,
  TIES_COMPARED,
  type WeekPlanProposal,
  type WeekPlanQuestion,
  type WeekPlanRecipes,
  type WeekPlanSwap,
} from "../../catalog/view/week-plan-proposal.ts";

/**
 * A plan being built: which recipes it holds, the ingredients they miss (each
 * with how many of them miss it) and use of the pantry, and for every recipe
 * how many of its missing ingredients the plan does not miss yet (`adds`).
 */
class PlanState {
  readonly recipes: WeekPlanRecipes;
  /** Per ingredient id: IN_PANTRY, BASIC, or 0 for one to buy. */
  readonly flags: Uint8Array;
  /** Per recipe position: how many of its ingredients are to buy (neither in the pantry nor basics). */
  readonly missing: Uint8Array;
  /** Per recipe position: how many of its missing ingredients the plan does not hold yet. */
  readonly adds: Uint8Array;
  readonly chosen: Uint8Array;
  readonly missCounts: Uint16Array;
  readonly pantryCounts: Uint16Array;
  readonly categoryCounts = new Uint8Array(RECIPE_TYPES.length);
  readonly members: number[] = [];
  missingSize = 0;
  pantrySize = 0;

  constructor(recipes: WeekPlanRecipes, flags: Uint8Array) {
    const count = recipes.categories.length;
    this.recipes = recipes;
    this.flags = flags;
    this.missing = new Uint8Array(count);
    this.chosen = new Uint8Array(count);
    this.missCounts = new Uint16Array(recipes.ingredientCount);
    this.pantryCounts = new Uint16Array(recipes.ingredientCount);
    const { ingredientIds, runStarts } = recipes;
    for (const position of recipes.kept) {
      let missing = 0;
      const end = runStarts[position + 1] ?? 0;
      for (let at = runStarts[position] ?? 0; at < end; at++) {
        if ((flags[ingredientIds[at] ?? 0] ?? 0) === 0) missing++;
      }
      this.missing[position] = Math.min(missing, 255);
    }
    this.adds = this.missing.slice();
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
        if (misses === 1) {
          this.missingSize++;
          for (const other of this.recipes.positionsWith(id)) this.adds[other] = (this.adds[other] ?? 1) - 1;
        }
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
        if (misses === 0) {
          this.missingSize--;
          for (const other of this.recipes.positionsWith(id)) this.adds[other] = (this.adds[other] ?? 0) + 1;
        }
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
   * the first TIES_COMPARED that tie), then the lowest position; none when
   * `allowed` lets none through.
   */
  bestAddition(allowed: (position: number) => boolean): { position: number; missing: number; pantry: number } | null {
    let fewest = 256;
    for (const position of this.recipes.kept) {
      if (this.chosen[position] === 1) continue;
      const adds = this.adds[position] ?? 0;
      if (adds < fewest && allowed(position)) fewest = adds;
    }
    if (fewest === 256) return null;
    let best = -1;
    let bestPantry = -1;
    let compared = 0;
    for (const position of this.recipes.kept) {
      if (this.chosen[position] === 1 || this.adds[position] !== fewest || !allowed(position)) continue;
      const pantry = this.pantryWith(position);
      if (pantry > bestPantry) {
        best = position;
        bestPantry = pantry;
      }
      if (++compared === TIES_COMPARED) break;
    }
    return { position: best, missing: this.missingSize + fewest, pantry: bestPantry };
  }

  /** Whether one more recipe of the category at `position` keeps every category within `cap`. */
  withinCap(position: number, cap: number): boolean {
    return (this.categoryCounts[this.recipes.categories[position] ?? 0] ?? 0) < cap;
  }
}

/** The plan's days proposed for `question`. */
export function proposeByFullScan(recipes: WeekPlanRecipes, question: WeekPlanQuestion): WeekPlanProposal {
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
  const search = searchFewer(recipes, flags, state.missing, days, cap, state.missingSize, budget);
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
      const currentMissing = state.missingSize + (state.adds[current] ?? 0);
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
  missing: Uint8Array,
  days: number,
  cap: number,
  start: number,
  budget: number,
): { found: number[] | null; finished: boolean } {
  if (days === 0) return { found: null, finished: true };
  let bound = start;
  const order = Int32Array.from(
    Array.from(recipes.kept)
      .filter((position) => (missing[position] ?? 0) < bound)
      .sort((a, b) => (missing[a] ?? 0) - (missing[b] ?? 0) || a - b),
  );
  const { ingredientIds, runStarts, categories } = recipes;
  const missCounts = new Uint16Array(recipes.ingredientCount);
  const categoryCounts = new Uint8Array(RECIPE_TYPES.length);
  const path: number[] = [];
  let size = 0;
  let work = 0;
  let found: number[] | null = null;

  /** What the plan misses more with the recipe at `position`. */
  const addsOf = (position: number) => {
    let adds = 0;
    const end = runStarts[position + 1] ?? 0;
    for (let at = runStarts[position] ?? 0; at < end; at++) {
      const id = ingredientIds[at] ?? 0;
      if (flags[id] === 0 && missCounts[id] === 0) adds++;
    }
    return adds;
  };
  /** Counts the recipe at `position` in (`step` 1) or out (−1) of the plan. */
  const count = (position: number, step: 1 | -1) => {
    const end = runStarts[position + 1] ?? 0;
    for (let at = runStarts[position] ?? 0; at < end; at++) {
      const id = ingredientIds[at] ?? 0;
      if (flags[id] !== 0) continue;
      const misses = (missCounts[id] ?? 0) + step;
      missCounts[id] = misses;
      if (step === 1 && misses === 1) size++;
      if (step === -1 && misses === 0) size--;
    }
    const category = categories[position] ?? 0;
    categoryCounts[category] = (categoryCounts[category] ?? 0) + step;
  };

  // Where each depth keeps the candidates that still fit: a step's children read a part of it, and lay theirs in the next.
  const fittingAt = Array.from({ length: days }, () => new Int32Array(order.length));

  /** Whether the search finished over `candidates` (false: the budget ran out). */
  const descend = (candidates: Int32Array): boolean => {
    const left = days - path.length;
    const fitting = fittingAt[path.length] ?? new Int32Array(0);
    let fits = 0;
    for (const position of candidates) {
      // Sorted by what each misses: from here on every recipe alone reaches the bound.
      if ((missing[position] ?? 0) >= bound) break;
      if (++work > budget) return false;
      if ((categoryCounts[categories[position] ?? 0] ?? 0) >= cap) continue;
      if (size + addsOf(position) < bound) fitting[fits++] = position;
    }
    for (let index = 0; index <= fits - left; index++) {
      const position = fitting[index] ?? 0;
      // The bound may have fallen since the candidate was kept.
      if ((missing[position] ?? 0) >= bound) return true;
      if (++work > budget) return false;
      if ((categoryCounts[categories[position] ?? 0] ?? 0) >= cap || size + addsOf(position) >= bound) continue;
      count(position, 1);
      path.push(position);
      let finished = true;
      if (left === 1) {
        bound = size;
        found = [...path];
      } else {
        finished = descend(fitting.subarray(index + 1, fits));
      }
      path.pop();
      count(position, -1);
      if (!finished) return false;
    }
    return true;
  };
  const finished = descend(order);
  return { found, finished };
}

/**
 * The next-best recipe for one day of `days` (positions, as proposed or as
 * the visitor has changed them): the kept recipe, not in the plan nor in
 * `passedOver` (the swaps already shown, so that swapping again goes further
 * down), of a category other than the days before and after, with which the
 * plan needs the fewest to buy, then uses the most of the pantry. Null when
 * no recipe fits.
 */
export function swapByFullScan(
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
