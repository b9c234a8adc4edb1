/**
 * The pantry questions (catalog/view/pantry-queries.ts) on catalogs held in
 * memory: what is complete with the basics at hand and which one ingredient
 * more completes the most, as tables and as properties against a plain
 * count over every recipe and against the product rules' own matching.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BASIC_INGREDIENTS } from "../../catalog/recipes/basic-ingredients.ts";
import type { CatalogIngredient, CatalogRecipe } from "../../catalog/recipes/types.ts";
import { type CatalogView, createMemoryCatalogView } from "../../catalog/view/catalog-view.ts";
import { pantryAnswer } from "../../catalog/view/pantry-queries.ts";
import { ingredientsOfKinds, matchIngredients, missingIngredients } from "../../catalog/view/queries.ts";
import { recipe } from "./catalog-fixture.ts";

const BASICS = BASIC_INGREDIENTS.map((basic) => basic.name);
const OTHERS = ["Zwiebel", "Tomate", "Ei", "Feta", "Reis", "Linsen", "Knoblauch"];
const NAMES = [...BASICS, ...OTHERS];

function viewOf(recipes: CatalogRecipe[], ingredients: CatalogIngredient[] = []): CatalogView {
  return createMemoryCatalogView("test", { recipes, ingredients, categories: [] });
}

const dish = (name: string, ingredients: string[]) => recipe({ name, ingredients });

describe("pantry answers, by example", () => {
  const recipes = [
    dish("Tomatensalat", ["Tomate", "Zwiebel", "Olivenöl", "Salz"]),
    dish("Rührei", ["Ei", "Salz", "Pfeffer"]),
    dish("Shakshuka", ["Tomate", "Zwiebel", "Ei", "Olivenöl"]),
    dish("Zwiebelsuppe", ["Zwiebel", "Wasser", "Salz"]),
    dish("Reis", ["Reis", "Wasser", "Salz"]),
    dish("Feta-Tomaten", ["Feta", "Tomate", "Olivenöl"]),
    dish("Linsen mit Feta", ["Linsen", "Feta", "Zwiebel"]),
  ];
  const catalog = viewOf(recipes);

  it.each([
    {
      what: "basics at hand complete what needs only them besides the choice",
      covering: ["Tomate", "Zwiebel"],
      basics: BASICS,
      excluded: [],
      complete: 2,
      // Ei completes Rührei (no chosen ingredient yet, only basics) and Shakshuka; Feta and Reis one each.
      oneMore: [
        { name: "Ei", recipes: 2 },
        { name: "Feta", recipes: 1 },
        { name: "Reis", recipes: 1 },
      ],
    },
    {
      what: "without basics, the rules' own: Tomatensalat lacks oil and salt",
      covering: ["Tomate", "Zwiebel"],
      basics: [],
      excluded: [],
      complete: 0,
      oneMore: [],
    },
    {
      what: "a missing basic is missing again",
      covering: ["Tomate", "Zwiebel"],
      basics: BASICS.filter((name) => name !== "Salz"),
      excluded: [],
      complete: 0,
      oneMore: [
        { name: "Salz", recipes: 2 },
        { name: "Ei", recipes: 1 },
        { name: "Feta", recipes: 1 },
      ],
    },
    {
      what: "an excluded ingredient drops its recipes, also as suggestions",
      covering: ["Tomate", "Zwiebel"],
      basics: BASICS,
      excluded: ["Ei"],
      complete: 2,
      oneMore: [
        { name: "Feta", recipes: 1 },
        { name: "Reis", recipes: 1 },
      ],
    },
    {
      what: "an excluded basic drops every recipe that needs it",
      covering: ["Tomate", "Zwiebel"],
      basics: BASICS,
      excluded: ["Olivenöl"],
      complete: 1,
      oneMore: [
        { name: "Ei", recipes: 1 },
        { name: "Reis", recipes: 1 },
      ],
    },
    {
      what: "a basic chosen counts like any choice",
      covering: ["Salz"],
      basics: BASICS,
      excluded: [],
      complete: 0,
      // Ties go to the ingredient more recipes need: Zwiebel (4), Ei (2), Reis (1).
      oneMore: [
        { name: "Zwiebel", recipes: 1 },
        { name: "Ei", recipes: 1 },
        { name: "Reis", recipes: 1 },
      ],
    },
    {
      what: "names the catalog does not know change nothing",
      covering: ["Tomate", "Zwiebel", "Drachenfrucht"],
      basics: [...BASICS, "Zucker"],
      excluded: ["Sellerie"],
      complete: 2,
      oneMore: [
        { name: "Ei", recipes: 2 },
        { name: "Feta", recipes: 1 },
        { name: "Reis", recipes: 1 },
      ],
    },
  ])("$what", async ({ covering, basics, excluded, complete, oneMore }) => {
    const answer = await pantryAnswer(catalog, { covering, basics, excluded });
    expect(answer).toEqual({ complete, oneMore });
  });

  it("counts only the recipes the list's filter keeps (keep), as the results do", async () => {
    const question = { covering: ["Tomate", "Zwiebel"], basics: BASICS, excluded: [] };
    const all = await pantryAnswer(catalog, question);
    expect(await pantryAnswer(catalog, { ...question, keep: () => true })).toEqual(all);
    expect(await pantryAnswer(catalog, { ...question, keep: () => false })).toEqual({ complete: 0, oneMore: [] });
    // Each recipe kept alone: what it adds, summed, is the whole answer's.
    let complete = 0;
    for (let position = 0; position < catalog.count; position++) {
      complete += (await pantryAnswer(catalog, { ...question, keep: (at) => at === position })).complete;
    }
    expect(complete).toBe(all.complete);
  });

  it("gives at most as many suggestions as asked for, and none for an empty catalog", async () => {
    const answer = await pantryAnswer(catalog, { covering: ["Tomate"], basics: BASICS, excluded: [] }, 1);
    expect(answer.oneMore).toHaveLength(1);
    expect(await pantryAnswer(viewOf([]), { covering: ["Tomate"], basics: BASICS, excluded: [] })).toEqual({
      complete: 0,
      oneMore: [],
    });
  });

  it("reads only the listed basics as basics: any other name given as one is not at hand", async () => {
    const answer = await pantryAnswer(catalog, {
      covering: ["Linsen"],
      basics: [...BASICS, "Zwiebel", "Feta"],
      excluded: [],
    });
    expect(answer.complete).toBe(0);
  });

  it("counts the members of a chosen kind as at hand", async () => {
    const withCheese = viewOf(recipes, [
      {
        name: "Feta",
        slug: "feta",
        description: null,
        vegetarian: true,
        vegan: false,
        type: "CHEESE",
        tags: [],
        recipeCount: 2,
      },
    ]);
    const covering = ingredientsOfKinds(withCheese, ["CHEESE"]);
    expect(covering).toEqual(["Feta"]);
    const answer = await pantryAnswer(withCheese, { covering: [...covering, "Tomate"], basics: BASICS, excluded: [] });
    // Feta-Tomaten is complete; Tomatensalat and Zwiebelsuppe lack Zwiebel, Linsen mit Feta two.
    expect(answer).toEqual({
      complete: 1,
      oneMore: [
        { name: "Zwiebel", recipes: 2 },
        { name: "Ei", recipes: 1 },
        { name: "Reis", recipes: 1 },
      ],
    });
  });
});

/** A catalog of random recipes over basics and other ingredients. */
const recipesArbitrary = fc.array(
  fc
    .uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 6 })
    .map((ingredients) => dish("R", ingredients)),
  { maxLength: 40 },
);
const choice = fc.record({
  selected: fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 4 }),
  excluded: fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: 2 }),
  basics: fc.subarray(BASICS),
});

/** The page's view of one search: the rules' matches, and each one's missing ingredients with `basics` at hand. */
async function pageOf(catalog: CatalogView, selected: string[], excluded: string[], basics: string[]) {
  // As the address reads it: an ingredient both selected and excluded counts as selected.
  const dropped = excluded.filter((name) => !selected.includes(name));
  const matches = (await matchIngredients(catalog, selected, dropped)).slice();
  const recipes = await catalog.recipesAt(matches.map((match) => match.position));
  return {
    dropped,
    matches,
    missing: recipes.map((each) => missingIngredients(each, [...selected, ...basics])),
  };
}

describe("pantry answers, as properties", () => {
  it("basics never appear as missing, nor as a suggestion", async () => {
    await fc.assert(
      fc.asyncProperty(recipesArbitrary, choice, async (recipes, { selected, excluded, basics }) => {
        const catalog = viewOf(recipes);
        const page = await pageOf(catalog, selected, excluded, basics);
        for (const missing of page.missing) for (const name of basics) expect(missing).not.toContain(name);
        const answer = await pantryAnswer(catalog, { covering: selected, basics, excluded: page.dropped }, 50);
        for (const { name } of answer.oneMore) expect([...basics, ...selected]).not.toContain(name);
      }),
    );
  });

  it("counts as complete exactly the rules' matches with nothing missing; without basics, the rules' own result", async () => {
    await fc.assert(
      fc.asyncProperty(recipesArbitrary, choice, fc.boolean(), async (recipes, choices, none) => {
        const basics = none ? [] : choices.basics;
        const catalog = viewOf(recipes);
        const page = await pageOf(catalog, choices.selected, choices.excluded, basics);
        const answer = await pantryAnswer(catalog, {
          covering: choices.selected,
          basics,
          excluded: page.dropped,
        });
        expect(answer.complete).toBe(page.missing.filter((missing) => missing.length === 0).length);
        if (none) {
          // "Es fehlt nichts!" as the product rules have it: every ingredient selected.
          const recipesOfPage = await catalog.recipesAt(page.matches.map((match) => match.position));
          const rules = recipesOfPage.filter((each) => missingIngredients(each, choices.selected).length === 0);
          expect(answer.complete).toBe(rules.length);
        }
      }),
    );
  });

  it("taking a suggestion makes exactly the promised number more recipes complete", async () => {
    await fc.assert(
      fc.asyncProperty(recipesArbitrary, choice, async (recipes, { selected, excluded, basics }) => {
        const catalog = viewOf(recipes);
        const dropped = excluded.filter((name) => !selected.includes(name));
        const before = await pantryAnswer(catalog, { covering: selected, basics, excluded: dropped }, 50);
        for (const { name, recipes: promised } of before.oneMore) {
          const taken = [...selected, name];
          const after = await pantryAnswer(catalog, { covering: taken, basics, excluded: dropped });
          expect(after.complete - before.complete).toBe(promised);
          // And as the page counts it: the rules' matches of the new search with nothing missing.
          const page = await pageOf(catalog, taken, dropped, basics);
          expect(page.missing.filter((missing) => missing.length === 0).length).toBe(after.complete);
        }
      }),
    );
  });

  it("suggests the ingredients that complete the most, each at most once, best first", async () => {
    await fc.assert(
      fc.asyncProperty(recipesArbitrary, choice, async (recipes, { selected, excluded, basics }) => {
        const catalog = viewOf(recipes);
        const dropped = excluded.filter((name) => !selected.includes(name));
        const atHand = new Set([...selected, ...basics]);
        // The plain count: every recipe without an excluded ingredient that lacks exactly one.
        const oneShort = new Map<string, number>();
        for (const each of recipes) {
          if (each.ingredients.some((name) => dropped.includes(name))) continue;
          const lacking = each.ingredients.filter((name) => !atHand.has(name));
          if (lacking.length === 1) oneShort.set(lacking[0] ?? "", (oneShort.get(lacking[0] ?? "") ?? 0) + 1);
        }
        const all = await pantryAnswer(catalog, { covering: selected, basics, excluded: dropped }, 100);
        expect(new Map(all.oneMore.map(({ name, recipes: count }) => [name, count]))).toEqual(oneShort);
        const counts = all.oneMore.map((suggestion) => suggestion.recipes);
        expect(counts).toEqual([...counts].sort((a, b) => b - a));
        const five = await pantryAnswer(catalog, { covering: selected, basics, excluded: dropped });
        expect(five.oneMore).toEqual(all.oneMore.slice(0, 5));
      }),
    );
  });
});

describe("the chosen counts matching lends the pantry questions (queries.ts ChosenCounts)", () => {
  const keepArbitrary = fc.option(fc.func(fc.boolean()), { nil: undefined });

  it("count, for every recipe that needs a chosen ingredient, how many it needs: as a plain count does", async () => {
    await fc.assert(
      fc.asyncProperty(recipesArbitrary, choice, async (recipes, { selected, excluded }) => {
        const catalog = viewOf(recipes);
        const { chosen } = await matchIngredients(catalog, selected, excluded);
        const counted = new Map<number, number>();
        chosen.positions.forEach((position, at) => {
          expect(counted.has(position)).toBe(false);
          counted.set(position, chosen.counts[at] ?? -1);
        });
        const all = await catalog.recipesAt(recipes.map((_, position) => position));
        const plain = new Map<number, number>();
        all.forEach((each, position) => {
          const needed =
            new Set(each.ingredients).size - new Set(each.ingredients.filter((n) => !selected.includes(n))).size;
          if (needed > 0) plain.set(position, needed);
        });
        expect(counted).toEqual(plain);
        expect(chosen.names).toEqual(new Set(selected));
      }),
    );
  });

  it("give the same answers as the pantry's own count and as a plain count over every recipe, with a filter too", async () => {
    await fc.assert(
      fc.asyncProperty(recipesArbitrary, choice, keepArbitrary, async (recipes, choices, keepOf) => {
        const catalog = viewOf(recipes);
        const dropped = choices.excluded.filter((name) => !choices.selected.includes(name));
        const keep = keepOf ? (position: number) => keepOf(position) : undefined;
        const matches = await matchIngredients(catalog, choices.selected, dropped);
        const question = { covering: choices.selected, basics: choices.basics, excluded: dropped, keep };
        const lent = await pantryAnswer(catalog, { ...question, chosen: matches.chosen }, 100);
        expect(lent).toEqual(await pantryAnswer(catalog, question, 100));
        // Counts for other names than the question's are not used.
        const other = await matchIngredients(catalog, choices.selected.slice(1), dropped);
        expect(await pantryAnswer(catalog, { ...question, chosen: other.chosen }, 100)).toEqual(lent);

        // The plain computation: every recipe the filter keeps, without an excluded ingredient.
        const all = await catalog.recipesAt(recipes.map((_, position) => position));
        const atHand = new Set([...choices.selected, ...choices.basics]);
        let complete = 0;
        const oneShort = new Map<string, number>();
        all.forEach((each, position) => {
          if ((keep && !keep(position)) || each.ingredients.some((name) => dropped.includes(name))) return;
          const lacking = [...new Set(each.ingredients.filter((name) => !atHand.has(name)))];
          if (lacking.length === 1) oneShort.set(lacking[0] ?? "", (oneShort.get(lacking[0] ?? "") ?? 0) + 1);
          else if (lacking.length === 0 && each.ingredients.some((name) => choices.selected.includes(name))) complete++;
        });
        expect(lent.complete).toBe(complete);
        expect(new Map(lent.oneMore.map(({ name, recipes: count }) => [name, count]))).toEqual(oneShort);
      }),
    );
  });
});
