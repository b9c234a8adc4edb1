/**
 * The list filters (recipe-filter.ts) in the catalog's queries, against the
 * seed as the sync publishes it and against generated catalogs: every result
 * keeps to the filter, the filtered list is the unfiltered one with the
 * others left out (same order), and the counts are what the rule says.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { RECIPE_TYPES } from "../../catalog/recipes/categories.ts";
import {
  DIETS,
  dietCode,
  filterMask,
  isFiltering,
  KCAL_LIMITS,
  NO_FILTER,
  type RecipeFilter,
  TIME_LIMITS,
  traitBits,
} from "../../catalog/recipes/recipe-filter.ts";
import type { CatalogRecipe, RecipeSummary } from "../../catalog/recipes/types.ts";
import { type CatalogView, createMemoryCatalogView } from "../../catalog/view/catalog-view.ts";
import { matchIngredients, recipesOfType, searchRecipes } from "../../catalog/view/queries.ts";
import { seedCatalog } from "../search/seed-catalog.ts";
import { recipe } from "./catalog-fixture.ts";

/** Every filter there is, none included. */
const EVERY_FILTER: RecipeFilter[] = [null, ...DIETS].flatMap((diet) =>
  [null, ...TIME_LIMITS].flatMap((maxMinutes) =>
    [null, ...KCAL_LIMITS].map((maxKcal) => ({ diet, maxMinutes, maxKcal })),
  ),
);

/**
 * The rule, written out: vegan recipes are vegetarian too; the time is the total time; the kcal are per portion,
 * and a recipe without nutrition is never light.
 */
function keeps(
  recipe: Pick<RecipeSummary, "vegetarian" | "vegan" | "totalTime" | "kcal">,
  filter: RecipeFilter,
): boolean {
  if (filter.diet === "vegan" && !recipe.vegan) return false;
  if (filter.diet === "vegetarian" && !recipe.vegetarian && !recipe.vegan) return false;
  if (filter.maxKcal !== null && (recipe.kcal === undefined || recipe.kcal > filter.maxKcal)) return false;
  return filter.maxMinutes === null || recipe.totalTime <= filter.maxMinutes;
}

/** The recipe at every position of a view, in stored order. */
async function everyRecipe(view: CatalogView): Promise<RecipeSummary[]> {
  return view.cardsAt(Array.from({ length: view.count }, (_, position) => position));
}

/** A list's positions, whole. */
async function positionsOf(list: Promise<{ slice(): { position: number }[] } | { slice(): number[] }>) {
  return (await list).slice().map((item) => (typeof item === "number" ? item : item.position));
}

describe("a recipe's traits against a filter's mask", () => {
  it("passes exactly when the rule says so", () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 1, max: 30 }),
        fc.option(fc.constantFrom(0, 1, 499, 500, 501, 900), { nil: undefined }),
        fc.constantFrom(...EVERY_FILTER),
        (vegetarian, vegan, totalTime, kcal, filter) => {
          const bits = traitBits(dietCode({ vegetarian, vegan }), totalTime, kcal ?? null);
          const mask = filterMask(filter);
          expect((bits & mask) === mask).toBe(keeps({ vegetarian, vegan, totalTime, kcal }, filter));
          expect(mask === 0).toBe(!isFiltering(filter));
        },
      ),
    );
  });
});

describe("filtered queries on the seed", () => {
  let view: CatalogView;
  let recipes: RecipeSummary[];
  beforeAll(async () => {
    view = seedCatalog().view;
    recipes = await everyRecipe(view);
  });

  it("has vegan recipes of at most 20 minutes to find, and recipes the filters leave out", () => {
    const veganQuick = recipes.filter((each) => keeps(each, { diet: "vegan", maxMinutes: 20, maxKcal: null }));
    expect(veganQuick.length).toBeGreaterThan(5);
    expect(veganQuick.length).toBeLessThan(recipes.length / 2);
  });

  it("lists each category's recipes the filter keeps, in name order, counted right", async () => {
    for (const type of RECIPE_TYPES) {
      const all = await positionsOf(recipesOfType(view, type));
      for (const filter of EVERY_FILTER) {
        const list = await recipesOfType(view, type, filter);
        const positions = list.slice();
        expect(positions).toEqual(all.filter((position) => keeps(recipes[position] as RecipeSummary, filter)));
        expect(list.length).toBe(recipes.filter((each) => each.type === type && keeps(each, filter)).length);
        // Any page of it as the whole list would.
        expect(list.slice(1, 3)).toEqual(positions.slice(1, 3));
        expect(list.slice(-2)).toEqual(positions.slice(-2));
      }
    }
  });

  it("finds by name what it finds without the filter, less the recipes the filter leaves out", async () => {
    for (const term of ["suppe", "salat", "pasta", "tomate", "nudeln", "käse", "e", "spaetzle", "reis mit"]) {
      const all = (await searchRecipes(view, term)).slice();
      for (const filter of EVERY_FILTER) {
        const found = await searchRecipes(view, term, filter);
        const expected = all.filter((result) => keeps(recipes[result.position] as RecipeSummary, filter));
        expect(found.slice(), `${term} ${JSON.stringify(filter)}`).toEqual(expected);
        expect(found.length).toBe(expected.length);
      }
    }
  });

  it("gives the index's hits the filter keeps exactly as without it: same words, scores and order", async () => {
    const index = await view.searchIndex();
    for (const term of ["suppe", "nudeln", "tomate basilikum", "käse", "gemüse"]) {
      const all = index.search(term).slice();
      for (const filter of EVERY_FILTER.filter(isFiltering)) {
        const kept = (position: number) => keeps(recipes[position] as RecipeSummary, filter);
        expect(index.search(term, kept).slice()).toEqual(all.filter((hit) => kept(hit.position)));
      }
    }
  });

  it("matches ingredients as without the filter, less the recipes the filter leaves out", async () => {
    const selections = [["Knoblauch"], ["Tomate", "Zwiebel"], ["Olivenöl", "Salz", "Ei"], ["Spaghetti"]];
    for (const selected of selections) {
      const all = (await matchIngredients(view, selected)).slice();
      expect(all.length).toBeGreaterThan(0);
      for (const filter of EVERY_FILTER) {
        const found = await matchIngredients(view, selected, [], {}, filter);
        const expected = all.filter((match) => keeps(recipes[match.position] as RecipeSummary, filter));
        expect(found.slice()).toEqual(expected);
        expect(found.length).toBe(expected.length);
      }
    }
  });

  it("makes each filter's list once per version and keeps it", async () => {
    const filter: RecipeFilter = { diet: "vegan", maxMinutes: 20, maxKcal: null };
    const first = await view.filtered(filter);
    const again = await view.filtered({ ...filter });
    expect(again).toBe(first);
    expect(again?.positions()).toBe(first?.positions());
    expect(await view.filtered(NO_FILTER)).toBeNull();
  });
});

/** Nutrients per portion with `kcal`; the filter reads only the energy. */
const nutrients = (kcal: number) => ({
  kcal,
  fat: 10,
  saturates: 2,
  carbohydrate: 30,
  sugars: 5,
  protein: 12,
  salt: 1,
});

describe("the kcal per portion on the cards", () => {
  it("is on a card exactly when its recipe has nutrition, as the details have it", async () => {
    const recipes = [
      recipe({ name: "Leicht", nutrition: nutrients(420) }),
      recipe({ name: "Grenze", nutrition: nutrients(500) }),
      recipe({ name: "Schwer", nutrition: nutrients(660) }),
      recipe({ name: "Ohne" }),
    ];
    const view = createMemoryCatalogView("test", { recipes, ingredients: [], categories: [] });
    const cards = await everyRecipe(view);
    expect(Object.fromEntries(cards.map((card) => [card.name, card.kcal]))).toEqual({
      Leicht: 420,
      Grenze: 500,
      Schwer: 660,
      Ohne: undefined,
    });
    expect(cards.find((card) => card.name === "Ohne")).not.toHaveProperty("kcal");
    const light = await positionsOf(recipesOfType(view, "DISH", { diet: null, maxMinutes: null, maxKcal: 500 }));
    expect(light.map((position) => cards[position]?.name).sort()).toEqual(["Grenze", "Leicht"]);
  });
});

describe("filtered queries on any catalog", () => {
  const arbitraryRecipe = fc
    .record({
      name: fc.constantFrom("Tomatensuppe", "Nudelsalat", "Käsespätzle", "Linsensuppe", "Ofengemüse", "Pasta Rosso"),
      ingredients: fc.uniqueArray(fc.constantFrom("Tomate", "Zwiebel", "Nudeln", "Käse", "Linsen"), { maxLength: 4 }),
      totalTime: fc.integer({ min: 1, max: 30 }),
      vegetarian: fc.boolean(),
      vegan: fc.boolean(),
      type: fc.constantFrom(...RECIPE_TYPES),
      // Around the light limit, and none (a line that could not be weighed, decision 0063).
      kcal: fc.option(fc.constantFrom(0, 120, 499, 500, 501, 660, 1_250), { nil: null }),
    })
    .map(({ kcal, ...fields }) => recipe({ ...fields, nutrition: kcal === null ? null : nutrients(kcal) }));
  const catalog = fc.array(arbitraryRecipe, { maxLength: 30 });
  const viewOf = (recipes: CatalogRecipe[]) =>
    createMemoryCatalogView("test", { recipes, ingredients: [], categories: [] });

  it("keeps to the filter in every query, a subset of the unfiltered results in their order", async () => {
    await fc.assert(
      fc.asyncProperty(
        catalog,
        fc.constantFrom(...EVERY_FILTER),
        fc.constantFrom("suppe", "nudeln", "tomate", "e"),
        fc.constantFrom(...RECIPE_TYPES),
        async (list, filter, term, type) => {
          const view = viewOf(list);
          const recipes = await everyRecipe(view);
          const kept = (position: number) => keeps(recipes[position] as RecipeSummary, filter);

          const searched = await positionsOf(searchRecipes(view, term, filter));
          expect(searched).toEqual((await positionsOf(searchRecipes(view, term))).filter(kept));

          const matched = await positionsOf(matchIngredients(view, ["Tomate", "Käse"], [], {}, filter));
          expect(matched).toEqual((await positionsOf(matchIngredients(view, ["Tomate", "Käse"]))).filter(kept));

          const ofType = await positionsOf(recipesOfType(view, type, filter));
          expect(ofType).toEqual((await positionsOf(recipesOfType(view, type))).filter(kept));
          expect(ofType).toHaveLength(recipes.filter((each) => each.type === type && keeps(each, filter)).length);
        },
      ),
      { numRuns: 150 },
    );
  });
});
