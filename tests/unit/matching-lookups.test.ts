/**
 * The matching column as written since decision 0057 (catalog/format/matching-piece.ts)
 * and the lookups the view makes of it (catalog/view/matching-lookups.ts), against the
 * computation before it: the column as JSON, each recipe's ingredient ids found by name,
 * and each ingredient's positions inverted from them, kept here as it was. The same
 * recipes, cut into the same pieces, must give the same answers to every question
 * matching and the pantry ask; and the traits column the same bits.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchingPieceText, readMatchingPiece } from "../../catalog/format/matching-piece.ts";
import { TRAITS_MARK, traitsPieceText } from "../../catalog/format/stored-catalog.ts";
import { BASIC_INGREDIENTS } from "../../catalog/recipes/basic-ingredients.ts";
import { INGREDIENT_TYPES } from "../../catalog/recipes/ingredient-types.ts";
import { dietCode, NO_FILTER, traitBits } from "../../catalog/recipes/recipe-filter.ts";
import type { CatalogIngredient } from "../../catalog/recipes/types.ts";
import { createMemoryCatalogView } from "../../catalog/view/catalog-view.ts";
import { buildMatchingLookups } from "../../catalog/view/matching-lookups.ts";
import { pantryAnswer } from "../../catalog/view/pantry-queries.ts";
import { ingredientsOfKinds, matchIngredients } from "../../catalog/view/queries.ts";
import { recipe } from "./catalog-fixture.ts";

interface Recipe {
  ingredients: string[];
  totalTime: number;
  vegetarian: boolean;
  vegan: boolean;
}

/** The matching column's piece before decision 0057. */
interface OldMatchingPiece {
  ingredients: string[];
  counts: number[];
  uses: number[];
  minutes: number[];
}

function oldMatchingPiece(recipes: readonly Recipe[]): OldMatchingPiece {
  const piece: OldMatchingPiece = { ingredients: [], counts: [], uses: [], minutes: [] };
  const indexes = new Map<string, number>();
  for (const recipe of recipes) {
    piece.counts.push(recipe.ingredients.length);
    piece.minutes.push(recipe.totalTime);
    for (const name of recipe.ingredients) {
      let index = indexes.get(name);
      if (index === undefined) {
        index = piece.ingredients.push(name) - 1;
        indexes.set(name, index);
      }
      piece.uses.push(index);
    }
  }
  return piece;
}

/** The pantry lookup and ingredient lookup as the view made them before decision 0057, by name rather than id. */
function oldLookups(pieces: readonly OldMatchingPiece[], namePlace: Int32Array, count: number) {
  const ids = new Map<string, number>();
  const names: string[] = [];
  const idOf = (name: string) => {
    let id = ids.get(name);
    if (id === undefined) {
      id = names.push(name) - 1;
      ids.set(name, id);
    }
    return id;
  };
  const basicIds = new Set(BASIC_INGREDIENTS.map((basic) => idOf(basic.name)));
  const runs: number[][] = [];
  const otherCounts: number[] = [];
  const nearlyBasic: number[] = [];
  const ingredientCounts: number[] = [];
  const timeThenName: number[] = [];
  for (const piece of pieces) {
    const pieceIds = piece.ingredients.map(idOf);
    let use = 0;
    piece.counts.forEach((needed, row) => {
      const run: number[] = [];
      for (const end = use + needed; use < end; use++) {
        const id = pieceIds[piece.uses[use] ?? -1];
        if (id === undefined || run.includes(id)) continue;
        run.push(id);
      }
      const basics = run.filter((id) => basicIds.has(id)).length;
      const position = runs.length;
      runs.push(run);
      otherCounts.push(Math.min(run.length - basics, 255));
      if (run.length - basics <= 1) nearlyBasic.push(position);
      ingredientCounts.push(Math.min(run.length, 255));
      const minutes = Math.min(Math.max(piece.minutes[row] ?? 0, 0), 1023);
      timeThenName.push((minutes * count + (namePlace[position] ?? 0)) >>> 0);
    });
  }
  const positionsWith = (name: string) => {
    const id = ids.get(name);
    return runs.flatMap((run, position) => (id !== undefined && run.includes(id) ? [position] : []));
  };
  return { names, runs, otherCounts, nearlyBasic, ingredientCounts, timeThenName, positionsWith };
}

const BASICS = BASIC_INGREDIENTS.map((basic) => basic.name);
const NAMES = [...BASICS.slice(0, 4), "Tomate", "Zwiebel", "Äpfel", "Soße", "Ei", "Crème fraîche", "Reis"];

const recipeArbitrary = fc.record({
  ingredients: fc.array(fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 4 })), { maxLength: 12 }),
  totalTime: fc.oneof(fc.integer({ min: 1, max: 30 }), fc.nat({ max: 5000 })),
  vegetarian: fc.boolean(),
  vegan: fc.boolean(),
});

/** Recipes, and where they are cut into pieces (sizes, each at least 1). */
const catalogArbitrary = fc.array(recipeArbitrary, { maxLength: 200 }).chain((recipes) =>
  fc.tuple(
    fc.constant(recipes),
    fc.array(fc.integer({ min: 1, max: 80 }), { minLength: 1, maxLength: 10 }),
    fc.shuffledSubarray(
      Array.from({ length: recipes.length }, (_, place) => place),
      { minLength: recipes.length, maxLength: recipes.length },
    ),
  ),
);

/** `recipes` cut into consecutive pieces of the sizes given, the last taking the rest. */
function cut<T>(recipes: readonly T[], sizes: readonly number[]): T[][] {
  const pieces: T[][] = [];
  let start = 0;
  for (const size of sizes) {
    if (start >= recipes.length) break;
    pieces.push(recipes.slice(start, start + size));
    start += size;
  }
  if (start < recipes.length) pieces.push(recipes.slice(start));
  return pieces;
}

describe("the matching column's lookups", () => {
  it("answer every question as the computation before decision 0057 did", () => {
    fc.assert(
      fc.property(catalogArbitrary, ([recipes, sizes, places]) => {
        const count = recipes.length;
        const namePlace = Int32Array.from(places);
        const pieces = cut(recipes, sizes);
        const old = oldLookups(pieces.map(oldMatchingPiece), namePlace, count);
        const { ingredients, pantry } = buildMatchingLookups(
          pieces.map((piece) => readMatchingPiece(matchingPieceText(piece))),
          namePlace,
          count,
        );
        for (const name of [...old.names, "Unbekannt"]) {
          expect([...ingredients.positionsWith(name)]).toEqual(old.positionsWith(name));
        }
        expect([...ingredients.ingredientCounts]).toEqual(old.ingredientCounts);
        expect([...ingredients.timeThenName]).toEqual(old.timeThenName);
        expect([...pantry.otherCounts]).toEqual(old.otherCounts);
        expect([...pantry.nearlyBasic]).toEqual(old.nearlyBasic);
        // Ids may be given in another order: each recipe's run is compared by name, in the recipe's order.
        const runOf = (position: number) =>
          [...pantry.ingredientIds.subarray(pantry.runStarts[position], pantry.runStarts[position + 1])].map(
            (id) => pantry.names[id],
          );
        expect(recipes.map((_, position) => runOf(position))).toEqual(
          old.runs.map((run) => run.map((id) => old.names[id])),
        );
        expect(new Set(pantry.names)).toEqual(new Set(old.names));
        for (const name of pantry.names) expect(pantry.names[pantry.idOf(name) ?? -1]).toBe(name);
        expect(pantry.runStarts[count]).toBe(pantry.ingredientIds.length);
      }),
    );
  });

  it("refuse a piece whose parts do not hold together", () => {
    const text = matchingPieceText([
      { ingredients: ["Tomate", "Salz"], totalTime: 10 },
      { ingredients: ["Salz"], totalTime: 5 },
    ]);
    const build = (changed: string, count = 2) =>
      buildMatchingLookups([readMatchingPiece(changed)], new Int32Array(count), count);
    expect(() => build(text)).not.toThrow();
    expect(() => build(text, 3)).toThrow(/2 of 3 recipes/);
    expect(() => build(`${text}!`)).toThrow(/uneven/);
    expect(() => build(text.slice(0, -1))).toThrow();
    expect(() => build(text.replace('"postings":[2,1]', '"postings":[3,1]'))).toThrow();
    expect(() => readMatchingPiece(text.split("\n")[0] ?? "")).toThrow(/three parts/);
  });
});

describe("the traits column", () => {
  it("holds each recipe's trait bits as the view computed them from its diet and time, a byte each", () => {
    fc.assert(
      fc.property(fc.array(recipeArbitrary, { maxLength: 100 }), (recipes) => {
        const bytes = new TextEncoder().encode(traitsPieceText(recipes));
        expect(bytes).toHaveLength(recipes.length);
        expect([...bytes].map((byte) => byte & ~TRAITS_MARK)).toEqual(
          recipes.map((recipe) => traitBits(dietCode(recipe), recipe.totalTime)),
        );
        expect(bytes.every((byte) => byte >= 0x40 && byte < 0x60)).toBe(true);
      }),
    );
  });
});

describe("a version's lent arrays (recipe-scratch.ts)", () => {
  const ingredientsOf = (names: readonly string[]): CatalogIngredient[] =>
    names.map((name, index) => ({
      slug: `zutat-${index}`,
      name,
      description: null,
      vegetarian: true,
      vegan: false,
      type: INGREDIENT_TYPES[index % 3] ?? null,
      tags: [],
      recipeCount: 1,
    }));
  const questionArbitrary = fc.record({
    selected: fc.subarray(NAMES),
    excluded: fc.subarray(NAMES, { maxLength: 2 }),
    kinds: fc.subarray(INGREDIENT_TYPES.slice(0, 4) as string[], { maxLength: 2 }),
    basics: fc.subarray(BASICS),
    filter: fc.constantFrom(
      NO_FILTER,
      { diet: "vegetarian", maxMinutes: null } as const,
      {
        diet: null,
        maxMinutes: 20,
      } as const,
    ),
  });

  it("come back as they were lent: questions asked one after another are answered as each alone", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(recipeArbitrary, { maxLength: 60 }),
        fc.array(questionArbitrary, { minLength: 1, maxLength: 6 }),
        async (shapes, questions) => {
          const catalog = {
            recipes: shapes.map((shape) => recipe({ ...shape, totalTime: Math.max(1, shape.totalTime % 40) })),
            ingredients: ingredientsOf(NAMES),
            categories: [],
          };
          const answer = async (view: ReturnType<typeof createMemoryCatalogView>, question: (typeof questions)[0]) => {
            const kinds = { selected: question.kinds as (typeof INGREDIENT_TYPES)[number][] };
            const matches = await matchIngredients(view, question.selected, question.excluded, kinds, question.filter);
            const pantry = await pantryAnswer(view, {
              covering: question.selected,
              basics: question.basics,
              excluded: question.excluded,
            });
            // With the kinds' members chosen too, and matching's chosen counts lent (queries.ts ChosenCounts).
            const covering = [...question.selected, ...ingredientsOfKinds(view, kinds.selected)];
            const withKinds = { covering, basics: question.basics, excluded: question.excluded };
            const all = await view.recipesAt(catalog.recipes.map((_, position) => position));
            const plainCounts = new Map(
              all
                .map((each, position) => [position, new Set(each.ingredients.filter((n) => covering.includes(n))).size])
                .filter(([, needed]) => (needed ?? 0) > 0) as [number, number][],
            );
            const { positions, counts } = matches.chosen;
            expect(new Map([...positions].map((position, at) => [position, counts[at]]))).toEqual(plainCounts);
            const lent = await pantryAnswer(view, { ...withKinds, chosen: matches.chosen });
            expect(lent).toEqual(await pantryAnswer(view, withKinds));
            return { matches: matches.slice(0, matches.length), pantry, lent };
          };
          const shared = createMemoryCatalogView("shared", catalog);
          for (const question of questions) {
            const alone = await answer(createMemoryCatalogView("alone", catalog), question);
            expect(await answer(shared, question)).toEqual(alone);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
