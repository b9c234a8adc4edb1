import { describe, expect, it } from "vitest";
import { searchReason } from "../../app/lib/catalog/search-reason.ts";
import type { RecipeType } from "../../app/lib/categories.ts";
import type { IngredientType } from "../../app/lib/ingredient-types.ts";

const KINDS: Record<string, IngredientType[]> = {
  Ziegenkäse: ["CHEESE"],
  Spaghetti: ["NOODLES"],
  Reisnudeln: ["NOODLES"],
  Lachsfilet: ["MEAT"],
};
const kindsOf = (name: string) => KINDS[name] ?? [];

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
  });
});
