/**
 * "Plan meine Woche" (catalog/view/week-plan-proposal.ts, decision 0068):
 * against a brute force over every plan of small random catalogs, the
 * proposal needs exactly the fewest ingredients to buy whenever its search
 * says it finished (it always does at this size), and the first two steps
 * alone stay within the stated bound of days × the fewest; every proposal
 * and swap keeps the filter and the category rule, and has as many days as
 * asked whenever the kept recipes allow them. Then a hand-worked table, and
 * the adapter on a catalog view held in memory.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RECIPE_TYPES } from "../../catalog/recipes/categories.ts";
import { NO_FILTER } from "../../catalog/recipes/recipe-filter.ts";
import { createMemoryCatalogView } from "../../catalog/view/catalog-view.ts";
import {
  categoryCap,
  proposeWeekPlan,
  swapDay,
  type WeekPlanProposal,
  type WeekPlanRecipes,
} from "../../catalog/view/week-plan-proposal.ts";
import { weekPlanRecipes } from "../../catalog/view/week-plan-recipes.ts";
import { recipe } from "./catalog-fixture.ts";
import { proposeByFullScan, swapByFullScan } from "./week-plan-full-scan.ts";

/** A small catalog as the test writes it: each recipe's category (index in RECIPE_TYPES) and ingredient ids. */
interface SmallRecipe {
  category: number;
  ingredients: number[];
}

interface SmallCase {
  ingredientCount: number;
  recipes: SmallRecipe[];
  /** Whether the filter keeps each recipe. */
  kept: boolean[];
  pantry: number[];
  basics: number[];
  days: number;
}

/** The arrays the proposal reads, made from a small catalog. */
function recipesOf(small: Pick<SmallCase, "ingredientCount" | "recipes" | "kept">): WeekPlanRecipes {
  const runStarts = new Uint32Array(small.recipes.length + 1);
  const ids: number[] = [];
  small.recipes.forEach((entry, position) => {
    runStarts[position] = ids.length;
    ids.push(...new Set(entry.ingredients));
  });
  runStarts[small.recipes.length] = ids.length;
  const postings = Array.from({ length: small.ingredientCount }, (_, id) =>
    Int32Array.from(small.recipes.flatMap((entry, position) => (entry.ingredients.includes(id) ? [position] : []))),
  );
  return {
    ingredientCount: small.ingredientCount,
    ingredientIds: Uint16Array.from(ids),
    runStarts,
    positionsWith: (id) => postings[id] ?? new Int32Array(0),
    categories: Uint8Array.from(small.recipes.map((entry) => entry.category)),
    kept: Int32Array.from(small.recipes.flatMap((_, position) => (small.kept[position] ? [position] : []))),
  };
}

/** What the recipes at `positions` need that is neither in the pantry nor a basic, and what they use of the pantry. */
function needs(small: SmallCase, positions: readonly number[]): { toBuy: number[]; pantryUsed: number[] } {
  const all = new Set(positions.flatMap((position) => small.recipes[position]?.ingredients ?? []));
  const sorted = (ids: number[]) => ids.sort((a, b) => a - b);
  return {
    toBuy: sorted([...all].filter((id) => !small.pantry.includes(id) && !small.basics.includes(id))),
    pantryUsed: sorted([...all].filter((id) => small.pantry.includes(id))),
  };
}

/** Whether these categories can be put in an order with no two equal neighbours: tried by backtracking, not by the cap. */
function canOrderApart(categories: readonly number[]): boolean {
  const left = new Map<number, number>();
  for (const category of categories) left.set(category, (left.get(category) ?? 0) + 1);
  const place = (placed: number, previous: number): boolean => {
    if (placed === categories.length) return true;
    for (const [category, count] of left) {
      if (count === 0 || category === previous) continue;
      left.set(category, count - 1);
      const done = place(placed + 1, category);
      left.set(category, count);
      if (done) return true;
    }
    return false;
  };
  return place(0, -1);
}

/** Every subset of `size` of `items`. */
function* subsets(items: readonly number[], size: number, from = 0, taken: number[] = []): Generator<number[]> {
  if (taken.length === size) {
    yield [...taken];
    return;
  }
  for (let index = from; index <= items.length - (size - taken.length); index++) {
    taken.push(items[index] as number);
    yield* subsets(items, size, index + 1, taken);
    taken.pop();
  }
}

/** By brute force: the most days (up to `asked`) a plan can have, and the fewest to buy for that many. */
function bruteForce(small: SmallCase, asked: number): { days: number; fewest: number } {
  const kept = small.recipes.flatMap((_, position) => (small.kept[position] ? [position] : []));
  for (let days = asked; days > 0; days--) {
    let fewest = Number.POSITIVE_INFINITY;
    for (const plan of subsets(kept, days)) {
      if (!canOrderApart(plan.map((position) => small.recipes[position]?.category ?? 0))) continue;
      fewest = Math.min(fewest, needs(small, plan).toBuy.length);
    }
    if (fewest !== Number.POSITIVE_INFINITY) return { days, fewest };
  }
  return { days: 0, fewest: 0 };
}

/** The rules every plan keeps: kept recipes, each once, no category on two days in a row, and its needs as said. */
function expectRulesKept(small: SmallCase, days: readonly number[], said: { toBuy: number[]; pantryUsed: number[] }) {
  expect(new Set(days).size).toBe(days.length);
  for (const position of days) expect(small.kept[position]).toBe(true);
  for (let day = 1; day < days.length; day++) {
    expect(small.recipes[days[day] as number]?.category).not.toBe(small.recipes[days[day - 1] as number]?.category);
  }
  expect({ toBuy: said.toBuy, pantryUsed: said.pantryUsed }).toEqual(needs(small, days));
}

/** The bounds of a random catalog and question: every range is inclusive. */
interface CaseBounds {
  ingredientCount: { min: number; max: number };
  recipeCount: { min: number; max: number };
  categoryCount: { min: number; max: number };
  /** How many ingredients a recipe has. */
  ingredientsEach: { minLength: number; maxLength: number };
  /** The pantry: ids from `min` on, at most `maxLength` of them. */
  pantry: { min: number; maxLength: number };
  /** The basics: ids up to `max`, at most `maxLength` of them. */
  basics: { max: number; maxLength: number };
}

/**
 * A random catalog within `bounds`, a filter that keeps each recipe with a
 * chance of 4 in 5, a pantry, basics and 3–7 days; and what `extra` draws
 * after them, given the recipe count.
 */
function randomCase<Extra extends object>(
  bounds: CaseBounds,
  extra: (recipeCount: number) => { [Key in keyof Extra]: fc.Arbitrary<Extra[Key]> },
): fc.Arbitrary<SmallCase & Extra> {
  // fc.record types a model it can see; with a generic one spread in, it is told what it makes.
  return fc
    .record({
      ingredientCount: fc.integer(bounds.ingredientCount),
      recipeCount: fc.integer(bounds.recipeCount),
      categoryCount: fc.integer(bounds.categoryCount),
      days: fc.integer({ min: 3, max: 7 }),
    })
    .chain(({ ingredientCount, recipeCount, categoryCount, days }) =>
      fc.record({
        ingredientCount: fc.constant(ingredientCount),
        recipes: fc.array(
          fc.record({
            category: fc.integer({ min: 0, max: categoryCount - 1 }),
            ingredients: fc.uniqueArray(fc.integer({ min: 0, max: ingredientCount - 1 }), bounds.ingredientsEach),
          }),
          { minLength: recipeCount, maxLength: recipeCount },
        ),
        kept: fc.array(
          fc.integer({ min: 0, max: 4 }).map((roll) => roll > 0),
          { minLength: recipeCount, maxLength: recipeCount },
        ),
        pantry: fc.uniqueArray(fc.integer({ min: bounds.pantry.min, max: ingredientCount - 1 }), {
          maxLength: bounds.pantry.maxLength,
        }),
        basics: fc.uniqueArray(fc.integer({ min: 0, max: bounds.basics.max }), {
          maxLength: bounds.basics.maxLength,
        }),
        days: fc.constant(days),
        ...extra(recipeCount),
      }),
    ) as fc.Arbitrary<SmallCase & Extra>;
}

/**
 * Small random catalogs: 8–14 recipes of 2–6 of 10–20 ingredients, in 1–4
 * categories (few, so the category rule binds), a pantry, basics among the
 * first five ids.
 */
const smallCase = randomCase(
  {
    ingredientCount: { min: 10, max: 20 },
    recipeCount: { min: 8, max: 14 },
    categoryCount: { min: 1, max: 4 },
    ingredientsEach: { minLength: 2, maxLength: 6 },
    pantry: { min: 5, maxLength: 8 },
    basics: { max: 4, maxLength: 5 },
  },
  () => ({}),
);

/** How many random catalogs each property is tried on. */
const RUNS = 400;

describe("a proposed week plan, against a brute force over every plan", () => {
  it("needs exactly the fewest to buy when its search finished, and the search finishes on small catalogs", () => {
    fc.assert(
      fc.property(smallCase, (small) => {
        const proposal = proposeWeekPlan(recipesOf(small), small);
        const truth = bruteForce(small, small.days);
        expect(proposal.provenFewest).toBe(true);
        expect(proposal.toBuy.length).toBe(truth.fewest);
        expect(proposal.possibleDays).toBe(truth.days);
        expect(proposal.days).toHaveLength(truth.days);
        expectRulesKept(small, proposal.days, proposal);
      }),
      { numRuns: RUNS },
    );
  });

  it("without the search (greedy and local search alone) needs at most days × the fewest, and none when none is possible", () => {
    let optimal = 0;
    fc.assert(
      fc.property(smallCase, (small) => {
        const proposal = proposeWeekPlan(recipesOf(small), { ...small, searchBudget: 0 });
        const truth = bruteForce(small, small.days);
        expect(proposal.days).toHaveLength(truth.days);
        expect(proposal.toBuy.length).toBeLessThanOrEqual(truth.days * truth.fewest);
        expect(proposal.toBuy.length).toBeGreaterThanOrEqual(truth.fewest);
        expectRulesKept(small, proposal.days, proposal);
        if (proposal.toBuy.length === truth.fewest) optimal++;
      }),
      { numRuns: RUNS },
    );
    // The figure decision 0068 quotes; not a bound, so not asserted beyond "some".
    console.log(`week plan: greedy and local search alone found the fewest in ${optimal} of ${RUNS} catalogs`);
    expect(optimal).toBeGreaterThan(0);
  });

  it("with its search cut short never needs more than greedy and local search alone, and keeps the rules", () => {
    fc.assert(
      fc.property(smallCase, (small) => {
        const recipes = recipesOf(small);
        const withoutSearch = proposeWeekPlan(recipes, { ...small, searchBudget: 0 });
        const cut = proposeWeekPlan(recipes, { ...small, searchBudget: 3 });
        expect(cut.toBuy.length).toBeLessThanOrEqual(withoutSearch.toBuy.length);
        if (!cut.provenFewest) expect(withoutSearch.provenFewest).toBe(false);
        expectRulesKept(small, cut.days, cut);
      }),
      { numRuns: RUNS },
    );
  });

  it("swaps a day for the kept recipe with which the plan needs the fewest to buy, keeping the rules", () => {
    fc.assert(
      fc.property(smallCase, fc.nat(), (small, dayRoll) => {
        const recipes = recipesOf(small);
        const proposal = proposeWeekPlan(recipes, small);
        if (proposal.days.length === 0) return;
        const day = dayRoll % proposal.days.length;
        const swap = swapDay(recipes, small, proposal.days, day);
        // Every alternative by brute force: kept, not in the plan, of another category than the neighbours.
        const neighbours = [day - 1, day + 1].flatMap((index) => {
          const position = proposal.days[index];
          return position === undefined ? [] : [small.recipes[position]?.category];
        });
        const alternatives = small.recipes.flatMap((entry, position) =>
          small.kept[position] && !proposal.days.includes(position) && !neighbours.includes(entry.category)
            ? [proposal.days.map((current, index) => (index === day ? position : current))]
            : [],
        );
        if (alternatives.length === 0) {
          expect(swap).toBeNull();
          return;
        }
        expect(swap).not.toBeNull();
        const swapped = swap as NonNullable<typeof swap>;
        expectRulesKept(small, swapped.days, swapped);
        const fewest = Math.min(...alternatives.map((plan) => needs(small, plan).toBuy.length));
        expect(swapped.toBuy.length).toBe(fewest);
        const most = Math.max(
          ...alternatives
            .filter((plan) => needs(small, plan).toBuy.length === fewest)
            .map((plan) => needs(small, plan).pantryUsed.length),
        );
        expect(swapped.pantryUsed.length).toBe(most);
        // Swapping again past it goes on to another recipe, never back to one shown.
        const again = swapDay(recipes, small, proposal.days, day, [swapped.days[day] as number]);
        if (again) expect(again.days[day]).not.toBe(swapped.days[day]);
      }),
      { numRuns: RUNS },
    );
  });
});

/**
 * Larger random catalogs for the comparison with the full scan: 20–300
 * recipes of 1–8 of 8–40 ingredients (short recipes, so the low levels are
 * full and ties many), in 1–5 categories, the same kind of filter, pantry
 * and basics; and the basics of another question, asked first of the same
 * arrays, so that the levels are counted against other basics than the
 * question's (week-plan-levels.ts moves the recipes between them).
 */
const mediumCase = randomCase(
  {
    ingredientCount: { min: 8, max: 40 },
    recipeCount: { min: 20, max: 300 },
    categoryCount: { min: 1, max: 5 },
    ingredientsEach: { minLength: 1, maxLength: 8 },
    pantry: { min: 0, maxLength: 12 },
    basics: { max: 7, maxLength: 8 },
  },
  (recipeCount) => ({
    firstBasics: fc.uniqueArray(fc.integer({ min: 0, max: 7 }), { maxLength: 8 }),
    searchBudget: fc.constantFrom(0, 40, 2_000),
    withKeeps: fc.boolean(),
    swapDay: fc.nat(),
    passedOver: fc.uniqueArray(fc.integer({ min: 0, max: recipeCount - 1 }), { maxLength: 4 }),
  }),
);

describe("a proposed week plan, against the full scan of every kept recipe (the method before the levels)", () => {
  it("proposes and swaps exactly what the full scan does: as few to buy, the same recipes, and keeps the rules", () => {
    fc.assert(
      fc.property(mediumCase, (medium) => {
        const plain = recipesOf(medium);
        const recipes: WeekPlanRecipes = medium.withKeeps
          ? { ...plain, keeps: (position) => medium.kept[position] === true }
          : plain;
        // Another question first: the levels are then counted against its basics, not this one's.
        proposeWeekPlan(recipes, { days: medium.days, pantry: [], basics: medium.firstBasics, searchBudget: 0 });
        const proposal = proposeWeekPlan(recipes, medium);
        const oracle = proposeByFullScan(recipesOf(medium), medium);
        expect(proposal.toBuy.length).toBeLessThanOrEqual(oracle.toBuy.length);
        expect(proposal).toEqual(oracle);
        expect(proposal.days).toHaveLength(proposal.possibleDays);
        expectRulesKept(medium, proposal.days, proposal);
        if (proposal.days.length === 0) return;
        const day = medium.swapDay % proposal.days.length;
        const swap = swapDay(recipes, medium, proposal.days, day, medium.passedOver);
        expect(swap).toEqual(swapByFullScan(plain, medium, proposal.days, day, medium.passedOver));
        if (swap) expectRulesKept(medium, swap.days, swap);
      }),
      { numRuns: 300 },
    );
  });
});

describe("a proposed week plan, worked by hand", () => {
  // Ingredient ids: the basics Salz 0 and Olivenöl 1; the pantry Tomate 2, Zwiebel 3, Nudeln 4; then to buy.
  const [SALZ, OEL, TOMATE, ZWIEBEL, NUDELN, FETA, REIS, EI, SPINAT, LACHS, KOKOS] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const SOUP = RECIPE_TYPES.indexOf("SOUP");
  const PASTA = RECIPE_TYPES.indexOf("PASTA");
  const DISH = RECIPE_TYPES.indexOf("DISH");
  const SALAD = RECIPE_TYPES.indexOf("SALAD");
  const dishes: SmallRecipe[] = [
    { category: SOUP, ingredients: [TOMATE, ZWIEBEL, SALZ] }, // 0 Tomatensuppe: nothing to buy
    { category: PASTA, ingredients: [NUDELN, TOMATE, OEL] }, // 1 Pasta pomodoro: nothing
    { category: SOUP, ingredients: [ZWIEBEL, SALZ] }, // 2 Zwiebelsuppe: nothing
    { category: PASTA, ingredients: [NUDELN, FETA, TOMATE] }, // 3 Feta-Pasta: Feta
    { category: DISH, ingredients: [REIS, SPINAT, ZWIEBEL] }, // 4 Spinatreis: Reis, Spinat
    { category: DISH, ingredients: [LACHS, KOKOS, REIS] }, // 5 Lachs in Kokos: three
    { category: DISH, ingredients: [TOMATE, EI, ZWIEBEL] }, // 6 Shakshuka: Ei
    { category: SALAD, ingredients: [TOMATE, ZWIEBEL, OEL] }, // 7 Tomatensalat: nothing
  ];
  const everyDish: SmallCase = {
    ingredientCount: 11,
    recipes: dishes,
    kept: dishes.map(() => true),
    pantry: [TOMATE, ZWIEBEL, NUDELN],
    basics: [SALZ, OEL],
    days: 3,
  };
  const soupsOnly = { ...everyDish, kept: dishes.map((entry) => entry.category === SOUP) };

  it.each<{ what: string; small: SmallCase; expected: Partial<WeekPlanProposal> }>([
    {
      what: "3 days from what is at hand, the whole pantry used, the two soups apart",
      small: everyDish,
      expected: { days: [0, 1, 2], toBuy: [], pantryUsed: [TOMATE, ZWIEBEL, NUDELN], possibleDays: 3 },
    },
    {
      what: "5 days: Feta is all to buy (Feta-Pasta before Shakshuka, which ties, by position); soups and pastas apart",
      small: { ...everyDish, days: 5 },
      expected: { days: [0, 3, 2, 7, 1], toBuy: [FETA], possibleDays: 5, provenFewest: true },
    },
    {
      what: "7 days: Feta, Ei, Reis and Spinat (Spinatreis misses two where Lachs in Kokos misses three)",
      small: { ...everyDish, days: 7 },
      expected: { toBuy: [FETA, REIS, EI, SPINAT], possibleDays: 7 },
    },
    {
      what: "a filter that keeps two soups: one day, and it says so",
      small: soupsOnly,
      expected: { days: [0], asked: 3, possibleDays: 1, toBuy: [] },
    },
    {
      what: "asking for 10 days is asking for 7",
      small: { ...everyDish, days: 10 },
      expected: { asked: 7, possibleDays: 7 },
    },
  ])("$what", ({ small, expected }) => {
    const proposal = proposeWeekPlan(recipesOf(small), small);
    expect(proposal).toMatchObject(expected);
    expectRulesKept(small, proposal.days, proposal);
  });

  it("swaps Feta-Pasta for Shakshuka (Ei), then past it for Spinatreis (Reis, Spinat), never for a soup between soups", () => {
    const recipes = recipesOf(everyDish);
    const plan = [0, 3, 2, 7, 1];
    const first = swapDay(recipes, everyDish, plan, 1);
    expect(first).toEqual({ day: 1, days: [0, 6, 2, 7, 1], toBuy: [EI], pantryUsed: [TOMATE, ZWIEBEL, NUDELN] });
    const second = swapDay(recipes, everyDish, plan, 1, [6]);
    expect(second?.days).toEqual([0, 4, 2, 7, 1]);
    expect(second?.toBuy).toEqual([REIS, SPINAT]);
    expect(swapDay(recipes, everyDish, plan, 1, [4, 5, 6])).toBeNull();
  });

  it("finds by its search what greedy and local search miss: three recipes that share what they lack", () => {
    // Three decoys lack two each, all different (6 together); three others lack the same three (3 together).
    const decoys: SmallRecipe[] = [
      { category: 0, ingredients: [1, 2] },
      { category: 1, ingredients: [3, 4] },
      { category: 2, ingredients: [5, 6] },
    ];
    const sharing: SmallRecipe[] = [
      { category: 3, ingredients: [7, 8, 9] },
      { category: 4, ingredients: [7, 8, 9] },
      { category: 5, ingredients: [7, 8, 9] },
    ];
    const small: SmallCase = {
      ingredientCount: 10,
      recipes: [...decoys, ...sharing],
      kept: [true, true, true, true, true, true],
      pantry: [],
      basics: [],
      days: 3,
    };
    const recipes = recipesOf(small);
    const alone = proposeWeekPlan(recipes, { ...small, searchBudget: 0 });
    expect(alone.toBuy).toHaveLength(6);
    expect(alone.provenFewest).toBe(false);
    const searched = proposeWeekPlan(recipes, small);
    expect(searched.toBuy).toEqual([7, 8, 9]);
    expect(searched.provenFewest).toBe(true);
  });

  it("caps a category at half the days, rounded up", () => {
    expect([3, 4, 5, 6, 7].map(categoryCap)).toEqual([2, 2, 3, 3, 4]);
  });
});

describe("the recipes a proposal reads, from a catalog view", () => {
  it("takes each recipe's category from the view's ranges and the filter's kept positions", async () => {
    const view = createMemoryCatalogView("test", {
      recipes: [
        recipe({ name: "Tomatensuppe", type: "SOUP", ingredients: ["Tomate", "Zwiebel", "Salz"] }),
        recipe({ name: "Pasta", type: "PASTA", ingredients: ["Nudeln", "Tomate"], vegetarian: false }),
        recipe({ name: "Feta-Pasta", type: "PASTA", ingredients: ["Nudeln", "Feta"] }),
        recipe({ name: "Salat", type: "SALAD", ingredients: ["Tomate", "Gurke"] }),
      ],
      ingredients: [],
      categories: [],
    });
    const { recipes, pantry } = await weekPlanRecipes(view, { ...NO_FILTER, diet: "vegetarian" });
    const ids = (names: string[]) => names.map((name) => pantry.idOf(name) as number);
    const proposal = proposeWeekPlan(recipes, { days: 3, pantry: ids(["Tomate", "Nudeln"]), basics: ids(["Salz"]) });
    const cards = await view.cardsAt(proposal.days);
    expect(cards.map((card) => card.name).sort()).toEqual(["Feta-Pasta", "Salat", "Tomatensuppe"]);
    expect(proposal.toBuy.map((id) => pantry.names[id]).sort()).toEqual(["Feta", "Gurke", "Zwiebel"]);
    const types = cards.map((card) => card.type);
    expect(new Set(types).size).toBe(3);
  });
});
