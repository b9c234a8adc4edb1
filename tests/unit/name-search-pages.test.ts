/**
 * The name search reads its direct matches lazily, in name order, and stops
 * looking once a page is full (decision 0056). Against the plain
 * computation, written out here (every name looked into, the keys sorted
 * whole, then the index's hits that are not direct matches), it must give
 * the same results in the same order, the same count and the same pages,
 * whatever pages are asked for one after another, with filters and with
 * names made of few letters, so terms match in many ways.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RECIPE_TYPES } from "../../catalog/recipes/categories.ts";
import {
  DIETS,
  filterMask,
  KCAL_LIMITS,
  NO_FILTER,
  type RecipeFilter,
  TIME_LIMITS,
} from "../../catalog/recipes/recipe-filter.ts";
import type { CatalogIngredient } from "../../catalog/recipes/types.ts";
import { type CatalogView, createMemoryCatalogView } from "../../catalog/view/catalog-view.ts";
import { searchRecipes } from "../../catalog/view/queries.ts";
import { recipe } from "./catalog-fixture.ts";

const WORDS = ["Suppe", "Kürbissuppe", "Pasta", "mit", "Salat", "Ei", "Eier", "Käse", "Spätzle", "Nudeln"];
const INGREDIENTS = ["Zwiebel", "Tomate", "Käse", "Ei", "Nudeln", "Kürbis"];
const INGREDIENT_LIST: CatalogIngredient[] = INGREDIENTS.map((name, index) => ({
  slug: `zutat-${index}`,
  name,
  description: null,
  vegetarian: true,
  vegan: false,
  type: (["VEGETABLE", "VEGETABLE", "CHEESE", "BASIC_FOOD_ITEM", "NOODLES", "VEGETABLE"] as const)[index] ?? null,
  tags: [],
  recipeCount: 0,
}));
const EVERY_FILTER: RecipeFilter[] = [null, ...DIETS].flatMap((diet) =>
  [null, ...TIME_LIMITS].flatMap((maxMinutes) =>
    [null, ...KCAL_LIMITS].map((maxKcal) => ({ diet, maxMinutes, maxKcal })),
  ),
);
/** Energy per portion, or none (a recipe without nutrition is never light). */
const NUTRITION = fc.option(
  fc
    .integer({ min: 50, max: 1200 })
    .map((kcal) => ({ kcal, fat: 0, saturates: 0, carbohydrate: 0, sugars: 0, protein: 0, salt: 0 })),
);

const MATCHES = ["word", "word-start", "inside"] as const;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** How `name` holds `term` at best (an index into MATCHES), or -1: the spec's rule, one occurrence at a time. */
function plainRank(name: string, term: string): number {
  let best = -1;
  const boundary = (at: number) => at < 0 || at >= name.length || !LETTER_OR_DIGIT.test(name.charAt(at));
  for (let at = name.indexOf(term); at !== -1; at = name.indexOf(term, at + 1)) {
    const rank = !boundary(at - 1) ? 2 : boundary(at + term.length) ? 0 : 1;
    if (best === -1 || rank < best) best = rank;
  }
  return best;
}

/** The search's results whole, computed plainly from the view's names, name order, filter and index. */
async function plainSearch(view: CatalogView, query: string, filter: RecipeFilter) {
  const term = query.trim().toLowerCase();
  if (term === "") return [];
  const [names, index, kept] = await Promise.all([view.names(), view.searchIndex(term), view.filtered(filter)]);
  const direct: { position: number; rank: number }[] = [];
  for (let position = 0; position < view.count; position++) {
    if (kept && !kept.has(position)) continue;
    const name = names.allNames.slice(names.nameStarts[position], (names.nameStarts[position + 1] ?? 0) - 1);
    const rank = plainRank(name, term);
    if (rank !== -1) direct.push({ position, rank });
  }
  direct.sort((a, b) => a.rank - b.rank || (names.namePlace[a.position] ?? 0) - (names.namePlace[b.position] ?? 0));
  const isDirect = new Set(direct.map((each) => each.position));
  const related = index
    .search(term, kept?.has)
    .slice()
    .filter((hit) => !isDirect.has(hit.position));
  return [
    ...direct.map(({ position, rank }) => ({ position, match: MATCHES[rank] as string })),
    ...related.map((hit) => ({ position: hit.position, match: "related" })),
  ];
}

const name = fc.oneof(
  fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((words) => words.join(" ")),
  fc.string({ unit: fc.constantFrom("s", "u", "p", "e", "i", " ", "-", "ü"), minLength: 1, maxLength: 12 }),
);
const recipes = fc.array(
  fc
    .record({
      name,
      ingredients: fc.uniqueArray(fc.constantFrom(...INGREDIENTS), { maxLength: 3 }),
      totalTime: fc.integer({ min: 1, max: 40 }),
      vegetarian: fc.boolean(),
      vegan: fc.boolean(),
      type: fc.constantFrom(...RECIPE_TYPES),
      nutrition: NUTRITION,
    })
    .map((fields) => recipe(fields)),
  // Past 32 and 64 recipes, so candidates span words of a bitmap ("max": fast-check's default size stays near 10).
  { maxLength: 90, size: "max" },
);
const query = fc.oneof(
  fc.constantFrom(
    "suppe",
    "sup",
    "e",
    "ei",
    "pasta",
    "mit",
    "salat mit",
    "käse",
    "kase",
    "nudeln",
    "gemüse",
    " Suppe ",
  ),
  fc.string({ unit: fc.constantFrom("s", "u", "p", "e", "i", " ", "ü"), minLength: 1, maxLength: 5 }),
  // Short terms as a visitor or an attacker may send them: any code units, a line break (the names' separator),
  // a lone surrogate, a combining accent.
  fc.string({ unit: "binary", minLength: 1, maxLength: 3 }),
  fc.constantFrom("a\nb", "\n", "%", "//", "\\", "\u0000", "e\u0301", "İ", "\ud83c"),
);
/** Pages asked one after another of one search's results: small ones, past the end, from the start or not. */
const pages = fc.array(fc.tuple(fc.integer({ min: -3, max: 100 }), fc.option(fc.integer({ min: -3, max: 100 }))), {
  minLength: 1,
  maxLength: 4,
});

describe("name search pages", () => {
  it("are the plain computation's, in order, counted alike, whatever pages come first, signed or not", async () => {
    await fc.assert(
      fc.asyncProperty(
        recipes,
        query,
        fc.constantFrom(...EVERY_FILTER),
        pages,
        fc.boolean(),
        async (list, term, filter, asked, signed) => {
          const view = createMemoryCatalogView("test", { recipes: list, ingredients: INGREDIENT_LIST, categories: [] });
          const expected = await plainSearch(view, term, filter);
          // The names are loaded now: after an answer, the Worker signs them (a slice holds them all).
          if (signed) expect(view.afterAnswer()).toBe(false);
          const results = await searchRecipes(view, term, filterMask(filter) === 0 ? NO_FILTER : filter);
          expect(results.length).toBe(expected.length);
          for (const [start, end] of asked) {
            expect(results.slice(start, end ?? undefined)).toEqual(expected.slice(start, end ?? undefined));
          }
          expect(results.slice()).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
