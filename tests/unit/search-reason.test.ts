import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RECIPE_TYPES, type RecipeType } from "../../catalog/recipes/categories.ts";
import type { IngredientType } from "../../catalog/recipes/ingredient-types.ts";
import { searchReasons } from "../../catalog/search/search-reason.ts";

const KINDS: Record<string, IngredientType[]> = {
  Ziegenkäse: ["CHEESE"],
  Spaghetti: ["NOODLES"],
  Reisnudeln: ["NOODLES"],
  Lachsfilet: ["MEAT"],
};
const kindsOf = (name: string) => KINDS[name] ?? [];

/** The reason for one recipe, from an explainer made for it alone. */
function searchReason(query: string, found: ReturnType<typeof recipe>, kinds: (name: string) => IngredientType[]) {
  return searchReasons(query, kinds)(found);
}

function recipe(name: string, ingredients: string[], type: RecipeType = "DISH", cuisine: string | null = null) {
  return { name, ingredients, type, cuisine };
}

describe("why a related search hit is there", () => {
  it.each([
    ["käse", recipe("Champignon-Burger", ["Burgerbrötchen", "Ziegenkäse"], "BURGER"), "enthält Ziegenkäse"],
    ["tomaten", recipe("Caprese", ["Tomate", "Mozzarella"], "SALAD"), "enthält Tomate"],
    ["eier", recipe("Carbonara", ["Spaghetti", "Ei"], "PASTA"), "enthält Ei"],
    ["pasta", recipe("Spaghetti carbonara", ["Spaghetti", "Ei"], "PASTA"), "Kategorie Pasta"],
    ["nudeln", recipe("Spaghetti carbonara", ["Spaghetti"], "PASTA"), "Kategorie Pasta"],
    ["nudeln", recipe("Pad Thai", ["Reisnudeln"], "DISH"), "enthält Reisnudeln"],
    ["fleisch", recipe("Ofenlachs", ["Lachsfilet"], "BAKED_DISH"), "enthält Lachsfilet"],
    ["huhn", recipe("Caesar Salad", ["Römersalat", "Hähnchenbrust"], "SALAD"), "enthält Hähnchenbrust"],
    ["porree", recipe("Kartoffelsuppe", ["Kartoffel", "Knoblauch", "Lauch"], "SOUP"), "enthält Lauch"],
    ["suppen", recipe("Gazpacho", ["Tomate"], "SOUP"), "Kategorie Suppen"],
    ["italienisch", recipe("Risotto", ["Reis"], "DISH", "Italienisch"), "Küche: Italienisch"],
    [
      "nudeln mit lachs",
      recipe("Tagliatelle", ["Spaghetti", "Lachsfilet"], "PASTA"),
      "Kategorie Pasta, enthält Lachsfilet",
    ],
  ])("%j finds %o: %j", (query, found, reason) => {
    expect(searchReason(query, found, kindsOf)).toBe(reason);
  });

  it("gives none when only the name matched", () => {
    expect(searchReason("spagetti", recipe("Spaghetti aglio e olio", ["Knoblauch"]), kindsOf)).toBeNull();
    expect(searchReason("suppe", recipe("Kartoffelsuppe", ["Kartoffel"]), kindsOf)).toBeNull();
    // Knoblauch is no Lauch, nor Muskatnuss a Nuss (word-match.ts).
    expect(searchReason("lauch", recipe("Lauchquiche", ["Knoblauch", "Schnittlauch"]), kindsOf)).toBeNull();
    expect(searchReason("nüsse", recipe("Nusskuchen", ["Muskatnuss"]), kindsOf)).toBeNull();
  });

  it("gives each recipe of a page the reason it gets alone, whatever came before", () => {
    // One explainer serves every card of a page and keeps what it found per ingredient: no answer may leak into the next card's.
    const ingredient = fc.constantFrom("Ziegenkäse", "Spaghetti", "Reisnudeln", "Lachsfilet", "Tomate", "Ei", "Reis");
    const recipes = fc.array(
      fc.record({
        name: fc.constantFrom("Risotto", "Pad Thai", "Caprese"),
        ingredients: fc.array(ingredient, { maxLength: 4 }),
        type: fc.constantFrom(...RECIPE_TYPES),
        cuisine: fc.constantFrom(null, "Italienisch", "Thailändisch"),
      }),
      { maxLength: 12 },
    );
    const query = fc.constantFrom("käse", "nudeln", "pasta", "nudeln mit lachs", "italienisch", "eier", "suppen");
    fc.assert(
      fc.property(query, recipes, (words, page) => {
        const reasonOf = searchReasons(words, kindsOf);
        for (const each of page) expect(reasonOf(each)).toBe(searchReason(words, each, kindsOf));
      }),
    );
  });
});
