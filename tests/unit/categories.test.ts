import { describe, expect, it } from "vitest";
import {
  CATEGORY_HEADINGS,
  categoryPath,
  FOOTER_CATEGORIES,
  RECIPE_TYPES,
  recipeTypeFromParam,
} from "../../catalog/recipes/categories.ts";

describe("recipe categories", () => {
  it("has the nine categories of the spec, each with a German heading", () => {
    expect(RECIPE_TYPES).toHaveLength(9);
    for (const type of RECIPE_TYPES) expect(CATEGORY_HEADINGS[type]).toMatch(/\S/);
  });

  it("upper-cases the route parameter to find the category", () => {
    expect(recipeTypeFromParam("soup")).toBe("SOUP");
    expect(recipeTypeFromParam("baked_dish")).toBe("BAKED_DISH");
    expect(recipeTypeFromParam("Cold_Dish")).toBe("COLD_DISH");
  });

  it("knows nothing else", () => {
    for (const param of [undefined, "", "suppe", "soups", "baked-dish", "SOUP "]) {
      expect(recipeTypeFromParam(param)).toBeUndefined();
    }
  });

  it("links the footer categories with lower-case values, in the spec's order", () => {
    expect(FOOTER_CATEGORIES.map(categoryPath)).toEqual([
      "/kategorie/soup",
      "/kategorie/pasta",
      "/kategorie/salad",
      "/kategorie/dish",
      "/kategorie/baked_dish",
    ]);
    expect(FOOTER_CATEGORIES.map((type) => CATEGORY_HEADINGS[type])).toEqual([
      "Suppen",
      "Pasta",
      "Salate",
      "Klassische Rezepte",
      "Rezepte für den Ofen",
    ]);
  });
});
