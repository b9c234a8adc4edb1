import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { storedOrder, summaryOf } from "../../catalog/format/stored-catalog.ts";
import { RECIPE_TYPES } from "../../catalog/recipes/categories.ts";
import type { IngredientType } from "../../catalog/recipes/ingredient-types.ts";
import type { CatalogIngredient, CatalogRecipe } from "../../catalog/recipes/types.ts";
import { foldTerm } from "../../catalog/search/engine/fold.ts";
import { buildSearchIndex } from "../../catalog/search/search-index.ts";
import { type CatalogView, createMemoryCatalogView } from "../../catalog/view/catalog-view.ts";
import {
  cardsById,
  matchIngredients,
  missingIngredients,
  pickRandomRecipe,
  recipeBySlug,
  searchRecipes,
} from "../../catalog/view/queries.ts";
import { recipe } from "./catalog-fixture.ts";

const WORDS = ["Käse", "Spätzle", "Suppe", "Pasta", "mit", "Zucchini", "Rote", "Bete", "Soße", "Ofen", "Salat", "Ei"];
const INGREDIENTS = ["Zwiebel", "Knoblauch", "Tomate", "Zucchini", "Feta", "Spinat", "Ei", "Käse", "Reis", "Linsen"];

/** Every result of a name search, as an array, with its whole recipe. */
async function search(catalog: CatalogView, term: string) {
  const results = (await searchRecipes(catalog, term)).slice();
  const recipes = await catalog.recipesAt(results.map((result) => result.position));
  return results.map((result, index) => ({ recipe: recipes[index] as CatalogRecipe, match: result.match }));
}

/** Every ingredient match, with its whole recipe. */
async function match(catalog: CatalogView, selected: string[], excluded: string[] = []) {
  const matches = (await matchIngredients(catalog, selected, excluded)).slice();
  const recipes = await catalog.recipesAt(matches.map((found) => found.position));
  return matches.map((found, index) => ({ recipe: recipes[index] as CatalogRecipe, score: found.score }));
}

/** A catalog version of these recipes held in memory; without a published index, one is built from them. */
function viewOf(
  recipes: CatalogRecipe[],
  { ingredients = [], searchIndex = null }: { ingredients?: CatalogIngredient[]; searchIndex?: string | null } = {},
): CatalogView {
  return createMemoryCatalogView("test", { recipes, ingredients, categories: [] }, searchIndex);
}

const arbitraryRecipe = fc
  .record({
    words: fc.array(fc.oneof(fc.constantFrom(...WORDS), fc.string({ minLength: 1, maxLength: 8 })), {
      minLength: 1,
      maxLength: 5,
    }),
    ingredients: fc.uniqueArray(fc.constantFrom(...INGREDIENTS), { maxLength: 6 }),
    totalTime: fc.integer({ min: 1, max: 30 }),
    type: fc.constantFrom(...RECIPE_TYPES),
    hasImage: fc.boolean(),
  })
  .map(({ words, ingredients, totalTime, type, hasImage }) =>
    recipe({ name: words.join(" "), ingredients, totalTime, type, image: hasImage ? "file" : null }),
  );

const catalogArbitrary = fc.array(arbitraryRecipe, { maxLength: 40 });

/** INGREDIENTS as the catalog lists them, each with a kind. */
const TYPED_INGREDIENTS: CatalogIngredient[] = INGREDIENTS.map((name, index) => ({
  slug: `zutat-${index}`,
  name,
  description: null,
  vegetarian: true,
  vegan: false,
  type:
    (
      [
        "VEGETABLE",
        "VEGETABLE",
        "VEGETABLE",
        "VEGETABLE",
        "CHEESE",
        "VEGETABLE",
        "BASIC_FOOD_ITEM",
        "CHEESE",
        "RICE",
        "VEGETABLE",
      ] as const
    )[index] ?? null,
  tags: [],
  recipeCount: 0,
}));

/** The spec's rule, by brute force. */
function substringOracle(recipes: CatalogRecipe[], term: string): Set<number> {
  const needle = term.trim().toLowerCase();
  return new Set(recipes.filter((r) => r.name.toLowerCase().includes(needle)).map((r) => r.id));
}

describe("name search", () => {
  it("gives any slice of its results as the whole list would", async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogArbitrary,
        fc.constantFrom(...WORDS, "sup", "e", "käse salat", "tomate ei"),
        fc.array(fc.tuple(fc.integer({ min: -5, max: 45 }), fc.integer({ min: -5, max: 45 })), { maxLength: 3 }),
        async (recipes, term, slices) => {
          const found = await searchRecipes(viewOf(recipes), term);
          const whole = (await searchRecipes(viewOf(recipes), term)).slice();
          expect(whole).toHaveLength(found.length);
          expect(new Set(whole.map((result) => result.position)).size).toBe(whole.length);
          for (const [start, end] of slices) expect(found.slice(start, end)).toEqual(whole.slice(start, end));
        },
      ),
    );
  });

  it("puts every recipe whose name contains the term first, and only those", async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogArbitrary,
        fc.oneof(
          fc.constantFrom(...WORDS, "sup", "ÄSE", "e", " mit ", "Nudeln", "Gemüse", "käse salat", "Eier"),
          fc.string({ minLength: 1, maxLength: 4 }),
        ),
        async (recipes, term) => {
          fc.pre(term.trim() !== "");
          // Typed ingredients, so kinds ("Käse", "Gemüse") add related hits too.
          const results = await search(viewOf(recipes, { ingredients: TYPED_INGREDIENTS }), term);
          const expected = substringOracle(recipes, term);
          const direct = results.slice(0, expected.size);
          expect(new Set(direct.map((r) => r.recipe.id))).toEqual(expected);
          expect(direct.every((r) => r.match !== "related")).toBe(true);
          expect(results.slice(expected.size).every((r) => r.match === "related")).toBe(true);
          expect(new Set(results.map((r) => r.recipe.id)).size).toBe(results.length);
        },
      ),
    );
  });

  it("ranks whole words before word starts before matches inside a word", async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogArbitrary,
        fc.constantFrom(...WORDS.map((word) => word.toLowerCase()), "sup", "tte"),
        async (recipes, term) => {
          const rank = { word: 0, "word-start": 1, inside: 2, related: 3 };
          const ranks = (await search(viewOf(recipes), term)).map((r) => rank[r.match]);
          expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
        },
      ),
    );
  });

  it("matches within one name only, and lists a name with the term twice once", async () => {
    const recipes = [recipe({ name: "Tomatensuppe" }), recipe({ name: "Nudeln mit Nudeln" })];
    const catalog = viewOf(recipes);
    expect((await search(catalog, "suppe\nnudeln")).filter((r) => r.match !== "related")).toEqual([]);
    expect((await search(catalog, "nudeln")).map((r) => [r.recipe.name, r.match])).toEqual([
      ["Nudeln mit Nudeln", "word"],
    ]);
  });

  it("finds recipes whatever their ids, small or far apart", async () => {
    const recipes = [
      recipe({ id: 3, name: "Linsensuppe", ingredients: ["Linsen"] }),
      recipe({ id: 2_000_000_000, name: "Linsensalat", ingredients: ["Linsen"] }),
      recipe({ id: 0, name: "Dal", ingredients: ["Linsen"] }),
    ];
    const found = (await search(viewOf(recipes), "linsen")).map((r) => [r.recipe.id, r.match]);
    expect(found).toEqual([
      [2_000_000_000, "word-start"],
      [3, "word-start"],
      [0, "related"],
    ]);
  });

  it("gives any page of the results as the whole list would", async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogArbitrary,
        fc.constantFrom("e", "suppe", "pasta", "mit"),
        fc.integer({ min: -5, max: 45 }),
        fc.integer({ min: -5, max: 45 }),
        async (recipes, term, start, end) => {
          const results = await searchRecipes(viewOf(recipes), term);
          const all = results.slice();
          expect(all).toHaveLength(results.length);
          expect(results.slice(start, end)).toEqual(all.slice(start, end));
          expect(results.slice(start)).toEqual(all.slice(start));
        },
      ),
    );
  });

  it("finds nothing for a blank term", async () => {
    const recipes = [recipe({ name: "Suppe" })];
    for (const term of ["", " ", "\t\n"]) expect(await search(viewOf(recipes), term)).toEqual([]);
  });

  it("finds what the substring rule misses: umlauts, typos, ingredients", async () => {
    const spaetzle = recipe({ name: "Käsespätzle aus der Pfanne", ingredients: ["Spätzle", "Bergkäse"] });
    const spaghetti = recipe({ name: "Spaghetti aglio e olio", ingredients: ["Spaghetti", "Knoblauch"] });
    const zucchini = recipe({ name: "Sommerpasta", ingredients: ["Zucchini", "Penne"] });
    const soup = recipe({ name: "Kartoffelsuppe", ingredients: ["Kartoffel"] });
    const recipes = [spaetzle, spaghetti, zucchini, soup];
    const catalog = viewOf(recipes);
    const names = async (term: string) => (await search(catalog, term)).map((r) => r.recipe.name);
    expect(await names("spatzle")).toContain(spaetzle.name);
    expect(await names("spaetzle")).toContain(spaetzle.name);
    expect(await names("spagetti")).toContain(spaghetti.name);
    expect(await names("zucchini")).toEqual([zucchini.name]);
    expect((await search(catalog, "suppe"))[0]).toEqual({ recipe: soup, match: "inside" });
  });

  it("folds German spellings to one term", () => {
    expect(foldTerm("Spätzle")).toBe(foldTerm("spaetzle"));
    expect(foldTerm("Soße")).toBe("sosse");
    expect(foldTerm("Crème")).toBe("creme");
  });
});

describe("ingredient matching", () => {
  it("scores and orders exactly as the spec's rule says", async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogArbitrary,
        fc.uniqueArray(fc.constantFrom(...INGREDIENTS), { maxLength: 5 }),
        fc.uniqueArray(fc.constantFrom(...INGREDIENTS), { maxLength: 2 }),
        async (recipes, selected, excluded) => {
          const matches = await match(viewOf(recipes), selected, excluded);
          // Oracle: every recipe with at least one selected and no excluded ingredient, scored by counting.
          const expected = recipes
            .filter((r) => !r.ingredients.some((name) => excluded.includes(name)))
            .map((r) => ({ id: r.id, score: r.ingredients.filter((name) => selected.includes(name)).length }))
            .filter((r) => r.score > 0);
          expect(new Set(matches.map((m) => m.recipe.id))).toEqual(new Set(expected.map((r) => r.id)));
          for (const match of matches) {
            expect(match.score).toBe(expected.find((r) => r.id === match.recipe.id)?.score);
            expect(missingIngredients(match.recipe, selected)).toEqual(
              match.recipe.ingredients.filter((name) => !selected.includes(name)),
            );
          }
          for (let i = 1; i < matches.length; i++) {
            const [a, b] = [matches[i - 1], matches[i]] as [(typeof matches)[0], (typeof matches)[0]];
            const order =
              b.score - a.score ||
              missingIngredients(a.recipe, selected).length - missingIngredients(b.recipe, selected).length ||
              a.recipe.totalTime - b.recipe.totalTime ||
              a.recipe.name.localeCompare(b.recipe.name, "de");
            expect(order).toBeLessThanOrEqual(0);
          }
        },
      ),
    );
  });

  it("gives any slice of its matches as the whole list would, sorting no more than it is asked for", async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogArbitrary,
        fc.uniqueArray(fc.constantFrom(...INGREDIENTS), { minLength: 1, maxLength: 5 }),
        fc.array(fc.tuple(fc.integer({ min: -5, max: 45 }), fc.integer({ min: -5, max: 45 })), { maxLength: 4 }),
        async (recipes, selected, slices) => {
          const catalog = viewOf(recipes);
          // Asked in pieces first (groups sorted as pages reach them), then whole from a fresh result.
          const found = await matchIngredients(catalog, selected);
          const pieces = slices.map(([start, end]) => found.slice(start, end));
          const whole = (await matchIngredients(catalog, selected)).slice();
          expect(whole).toHaveLength(found.length);
          expect(new Set(whole.map((result) => result.position)).size).toBe(whole.length);
          for (const [index, [start, end]] of slices.entries()) expect(pieces[index]).toEqual(whole.slice(start, end));
          expect(found.slice()).toEqual(whole);
        },
      ),
    );
  });

  it("finds nothing without a selection", async () => {
    const none = await matchIngredients(viewOf([recipe({ ingredients: ["Ei"] })]), []);
    expect(none.length).toBe(0);
    expect(none.slice()).toEqual([]);
  });

  it("counts a kind chosen as a whole once, and leaves out recipes with an excluded kind", async () => {
    const kindOf: Record<string, IngredientType> = {
      Feta: "CHEESE",
      Käse: "CHEESE",
      Reis: "RICE",
      Zwiebel: "VEGETABLE",
      Knoblauch: "VEGETABLE",
      Tomate: "VEGETABLE",
      Zucchini: "VEGETABLE",
      Spinat: "VEGETABLE",
    };
    const ingredients: CatalogIngredient[] = INGREDIENTS.map((name) => ({
      slug: foldTerm(name),
      name,
      description: null,
      vegetarian: true,
      vegan: false,
      type: kindOf[name] ?? null,
      tags: [],
      recipeCount: 0,
    }));
    const kinds = fc.uniqueArray(fc.constantFrom<IngredientType>("CHEESE", "RICE", "VEGETABLE"), { maxLength: 2 });
    await fc.assert(
      fc.asyncProperty(
        catalogArbitrary,
        fc.uniqueArray(fc.constantFrom(...INGREDIENTS), { maxLength: 3 }),
        kinds,
        kinds,
        async (recipes, selected, selectedKinds, excludedKinds) => {
          const catalog = viewOf(recipes, { ingredients });
          const found = (
            await matchIngredients(catalog, selected, [], {
              selected: selectedKinds,
              excluded: excludedKinds,
            })
          ).slice();
          const ofKind = (name: string, list: readonly IngredientType[]) =>
            list.includes(kindOf[name] as IngredientType);
          // Oracle: a point per selected ingredient it needs and per selected kind it needs any of.
          const expected = recipes
            .filter((r) => !r.ingredients.some((name) => ofKind(name, excludedKinds)))
            .map((r) => ({
              recipe: r,
              score:
                r.ingredients.filter((name) => selected.includes(name)).length +
                selectedKinds.filter((kind) => r.ingredients.some((name) => kindOf[name] === kind)).length,
              missing: r.ingredients.filter((name) => !selected.includes(name) && !ofKind(name, selectedKinds)).length,
            }))
            .filter((r) => r.score > 0);
          expect(found.map((m) => m.position).length).toBe(expected.length);
          const recipesFound = await catalog.recipesAt(found.map((m) => m.position));
          const byId = new Map(expected.map((r) => [r.recipe.id, r]));
          recipesFound.forEach((r, index) => {
            expect(found[index]?.score).toBe(byId.get(r.id)?.score);
          });
          for (let i = 1; i < recipesFound.length; i++) {
            const [a, b] = [byId.get(recipesFound[i - 1]?.id ?? -1), byId.get(recipesFound[i]?.id ?? -1)];
            if (!a || !b) throw new Error("a match the oracle does not have");
            const order =
              b.score - a.score ||
              a.missing - b.missing ||
              a.recipe.totalTime - b.recipe.totalTime ||
              a.recipe.name.localeCompare(b.recipe.name, "de");
            expect(order).toBeLessThanOrEqual(0);
          }
        },
      ),
    );
  });
});

describe("random pick", () => {
  const soups = [recipe({ type: "SOUP", slug: "a", image: "x" }), recipe({ type: "SOUP", slug: "b", image: null })];
  const salads = [recipe({ type: "SALAD", slug: "c", image: "y" })];
  const all = viewOf([...soups, ...salads]);

  it("picks from the category, never the excluded one when there is another", async () => {
    for (let i = 0; i < 50; i++) {
      expect((await pickRandomRecipe(all, { type: "SOUP" }))?.type).toBe("SOUP");
      expect((await pickRandomRecipe(all, { type: "SOUP", exclude: "a" }))?.slug).toBe("b");
      expect((await pickRandomRecipe(all, { exclude: "c" }))?.slug).not.toBe("c");
    }
  });

  it("falls back to the excluded recipe if it is the only one, and to nothing for an empty category", async () => {
    expect((await pickRandomRecipe(all, { type: "SALAD", exclude: "c" }))?.slug).toBe("c");
    expect(await pickRandomRecipe(all, { type: "PIZZA" })).toBeUndefined();
    expect(await pickRandomRecipe(viewOf([]), {})).toBeUndefined();
  });

  it("reaches every candidate, and every other one when one is excluded", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) seen.add((await pickRandomRecipe(all, {}, () => i / 30))?.slug ?? "");
    expect(seen).toEqual(new Set(["a", "b", "c"]));
    const others = new Set<string>();
    for (let i = 0; i < 30; i++) others.add((await pickRandomRecipe(all, { exclude: "a" }, () => i / 30))?.slug ?? "");
    expect(others).toEqual(new Set(["b", "c"]));
  });
});

describe("catalog view", () => {
  it("looks recipes up by slug and id, and nothing else", async () => {
    await fc.assert(
      fc.asyncProperty(catalogArbitrary, fc.oneof(fc.integer(), fc.double()), async (recipes, strayId) => {
        const catalog = viewOf(recipes);
        for (const entry of recipes) {
          expect(await recipeBySlug(catalog, entry.slug)).toEqual(entry);
          expect(await cardsById(catalog, [entry.id])).toEqual([summaryOf(entry)]);
        }
        fc.pre(!recipes.some((entry) => entry.id === strayId));
        expect(await cardsById(catalog, [strayId])).toEqual([]);
        expect(await recipeBySlug(catalog, "gibt-es-nicht")).toBeUndefined();
      }),
      { numRuns: 40 },
    );
  });

  it("finds recipes by id when the ids lie far apart, in the order asked", async () => {
    const far = [recipe({ id: 7 }), recipe({ id: 2_000_000_000 })];
    const catalog = viewOf(far);
    expect((await cardsById(catalog, [2_000_000_000, 8, 7])).map((found) => found.id)).toEqual([2_000_000_000, 7]);
  });

  it("gives the whole recipes at positions, in the order asked, and refuses a position it does not have", async () => {
    const recipes = [recipe({ name: "Zucchinisuppe" }), recipe({ name: "Apfelkuchen" }), recipe({ name: "Brot" })];
    const catalog = viewOf(recipes);
    // Stored order is category, then name: Apfelkuchen, Brot, Zucchinisuppe.
    expect(await catalog.recipesAt([2, 0])).toEqual([recipes[0], recipes[1]]);
    await expect(catalog.recipesAt([3])).rejects.toThrow(/no recipe at position 3/);
    await expect(catalog.recipesAt([-1])).rejects.toThrow(/no recipe at position -1/);
  });

  it("keeps each recipe whole through many buckets and pieces, whatever it holds", async () => {
    const many = Array.from({ length: 700 }, (_, index) =>
      recipe({
        name: `Gericht ${index} „Spezial“ \\ ${"ä".repeat(index % 7)}`,
        type: RECIPE_TYPES[index % RECIPE_TYPES.length],
        steps: [`Schritt\nmit Umbruch ${index}`],
        image: index % 2 ? `bild-${index}` : null,
      }),
    );
    const catalog = viewOf(many);
    const positions = Array.from({ length: many.length }, (_, position) => position);
    const read = await catalog.recipesAt(positions);
    expect(new Set(read.map((entry) => entry.id))).toEqual(new Set(many.map((entry) => entry.id)));
    for (const entry of read) expect(entry).toEqual(many.find((original) => original.id === entry.id));
    const directory = await catalog.directoryRange(0, many.length);
    for (const [position, entry] of read.entries()) {
      expect(directory.slugAt(position)).toBe(entry.slug);
      expect(directory.imageAt(position)).toBe(entry.image);
      expect(await catalog.positionOfId(entry.id)).toBe(position);
      expect(await catalog.positionOfSlug(entry.slug)).toBe(position);
      if (entry.image) expect(await catalog.hasImage(entry.image.toLowerCase())).toBe(true);
    }
    expect(await catalog.positionOfSlug("kein-rezept")).toBeUndefined();
    expect(await catalog.positionOfId(999_999)).toBeUndefined();
    expect(await catalog.hasImage("bild-2")).toBe(false);
    // A range in the middle, across pieces when there are several.
    const middle = await catalog.directoryRange(100, 130);
    expect(middle.slugAt(110)).toBe(read[110]?.slug);
  });

  it("counts an ingredient a recipe names twice once, for its score and for what is missing", async () => {
    const twice = recipe({ id: 1, name: "Tomatensuppe", ingredients: ["Tomate", "Tomate", "Salz"] });
    const catalog = viewOf([twice]);
    const lookup = await catalog.ingredientLookup();
    expect([...lookup.positionsWith("Tomate")]).toEqual([0]);
    expect(lookup.ingredientCounts[0]).toBe(2);
    expect((await matchIngredients(catalog, ["Tomate", "Salz"])).slice()).toEqual([{ position: 0, score: 2 }]);
  });

  it("finds every recipe by slug and by id through several locator shards, and nothing for what it lacks", async () => {
    const recipes = Array.from({ length: 2_100 }, (_, index) =>
      recipe({ id: 3 * index + 1, name: `Gericht ${(index * 7919) % 2_100}`, type: RECIPE_TYPES[index % 3] }),
    );
    const catalog = viewOf(recipes);
    const directory = await catalog.directoryRange(0, catalog.count);
    for (let position = 0; position < catalog.count; position += 7) {
      const slug = directory.slugAt(position);
      expect(await catalog.positionOfSlug(slug)).toBe(position);
      expect((await catalog.cardsAt([position]))[0]?.slug).toBe(slug);
    }
    const [first] = await catalog.cardsAt([1_000]);
    expect(await catalog.positionOfId(first?.id ?? 0)).toBe(1_000);
    expect(await catalog.positionOfId(2)).toBeUndefined();
    expect(await catalog.positionOfId(Number.NaN)).toBeUndefined();
    expect(await catalog.positionOfSlug("rezept-2")).toBeUndefined();
  });

  it("looks ingredients up by slug", () => {
    const ei: CatalogIngredient = {
      slug: "ei",
      name: "Ei",
      description: null,
      vegetarian: true,
      vegan: false,
      type: null,
      tags: [],
      recipeCount: 1,
    };
    const catalog = viewOf([recipe({ ingredients: ["Ei"] })], { ingredients: [ei] });
    expect(catalog.ingredientBySlug("ei")).toEqual(ei);
    expect(catalog.ingredientBySlug("Ei")).toBeUndefined();
  });

  it("builds its own search index when the published one does not load", async () => {
    const recipes = [recipe({ name: "Käsespätzle", ingredients: ["Spätzle"] }), recipe({ name: "Linsensuppe" })];
    for (const broken of ["", "{", '{"version":999}', "[1,2,3]"]) {
      const names = (await search(viewOf(recipes, { searchIndex: broken }), "spatzle")).map((r) => r.recipe.name);
      expect(names, broken).toEqual(["Käsespätzle"]);
    }
  });

  it("revives a published search index and searches with it as with one built from the recipes", async () => {
    const recipes = [
      recipe({ name: "Käsespätzle", ingredients: ["Spätzle", "Bergkäse"] }),
      recipe({ name: "Linsensuppe", ingredients: ["Linsen"] }),
    ];
    // Published indexes name recipes by their place in the stored order.
    const published = viewOf(recipes, { searchIndex: buildSearchIndex(storedOrder(recipes)) });
    for (const term of ["spatzle", "linsen", "bergkase"]) {
      expect(await search(published, term)).toEqual(await search(viewOf(recipes), term));
    }
    expect((await search(published, "spatzle")).map((result) => result.recipe.name)).toEqual(["Käsespätzle"]);
  });
});
