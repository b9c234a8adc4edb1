import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ingredientFilter } from "../../app/lib/recipes/ingredient-filter.ts";
import { INGREDIENT_TYPES, type IngredientType } from "../../catalog/recipes/ingredient-types.ts";
import { kindMask, kindsOfIngredient, kindsOfMask, maskHasKind } from "../../catalog/search/search-words.ts";
import { SEED_DIR, type SeedIngredient } from "../../scripts/cms/seed.ts";

// The seed's ingredients, with their kinds as the search counts them.
const INGREDIENTS = (JSON.parse(readFileSync(join(SEED_DIR, "ingredients.json"), "utf8")) as SeedIngredient[]).map(
  (ingredient) => ({
    name: ingredient.name,
    kinds: kindsOfIngredient({
      type: ingredient.type as IngredientType,
      tags: ingredient.tags as IngredientType[],
    }),
  }),
);

function listed(text: string): string[] {
  const filter = ingredientFilter(text);
  return INGREDIENTS.filter((ingredient) => filter.lists(ingredient)).map((ingredient) => ingredient.name);
}

describe("the ingredient picker's filter", () => {
  it("lists every cheese for Käse, and offers the kind", () => {
    expect(listed("käse")).toEqual(
      expect.arrayContaining(["Parmesan", "Mozzarella", "Feta", "Ziegenkäse", "Bergkäse", "Frischkäse"]),
    );
    expect(listed("Kaese")).toEqual(listed("käse"));
    expect(ingredientFilter("käse").kinds).toEqual(["CHEESE"]);
    expect(listed("käse")).not.toContain("Tomate");
  });

  it("lists the forms and compounds of a word", () => {
    expect(listed("tomaten")).toEqual(
      expect.arrayContaining(["Tomate", "Kirschtomate", "Passierte Tomaten", "Getrocknete Tomaten", "Tomatenmark"]),
    );
    expect(listed("zwiebeln")).toEqual(expect.arrayContaining(["Zwiebel", "Rote Zwiebel", "Frühlingszwiebel"]));
    expect(listed("eier")).toEqual(["Ei"]);
  });

  it("lists a kind's members and offers the kind for Nudeln and Pasta", () => {
    for (const word of ["nudeln", "Pasta"]) {
      expect(listed(word)).toEqual(
        expect.arrayContaining(["Spaghetti", "Penne", "Tagliatelle", "Spätzle", "Reisnudeln", "Gnocchi"]),
      );
      expect(ingredientFilter(word).kinds).toContain("NOODLES");
    }
  });

  it("lists the members of a word's family", () => {
    expect(listed("pilze")).toEqual(["Champignons"]);
    expect(listed("fisch")).toEqual(expect.arrayContaining(["Lachsfilet", "Räucherlachs", "Thunfisch"]));
    // Names for the same thing find each other's: no ingredient is called "Huhn".
    for (const word of ["huhn", "Hühnchen", "chicken"]) expect(listed(word)).toContain("Hähnchenbrust");
    expect(listed("Möhren")).toContain("Karotte");
    expect(listed("Erdäpfel")).toContain("Kartoffel");
    expect(listed("paradeiser")).toContain("Tomate");
    expect(listed("Shrimps")).toContain("Garnelen");
    // "Lauch" finds no Knoblauch (word-match.ts), so neither does "Porree"; the picker shows names as typed.
    expect(listed("Porree")).toEqual(["Lauch"]);
  });

  it("still lists names that hold the text, as typed", () => {
    expect(listed("zwi")).toEqual(expect.arrayContaining(["Zwiebel", "Rote Zwiebel", "Frühlingszwiebel"]));
    expect(listed("xyz")).toEqual([]);
    expect(ingredientFilter("xyz").kinds).toEqual([]);
  });
});

describe("kinds as one number (how the page sends each ingredient's kinds)", () => {
  const someKinds = fc.subarray([...INGREDIENT_TYPES]);

  it("gives back exactly the kinds it was made of, in the list's order", () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([...INGREDIENT_TYPES]), (kinds) => {
        const mask = kindMask(kinds);
        expect(kindsOfMask(mask)).toEqual(INGREDIENT_TYPES.filter((kind) => kinds.includes(kind)));
        for (const kind of INGREDIENT_TYPES) expect(maskHasKind(mask, kind)).toBe(kinds.includes(kind));
      }),
    );
  });

  it("keeps every kind apart: a mask of all of them is a whole number the page's data carries as it is", () => {
    fc.assert(
      fc.property(someKinds, someKinds, (a, b) => {
        const same = a.length === b.length && a.every((kind, i) => kind === b[i]);
        expect(kindMask(a) === kindMask(b)).toBe(same);
      }),
    );
    const all = kindMask(INGREDIENT_TYPES);
    expect(Number.isSafeInteger(all) && all > 0).toBe(true);
    expect(JSON.parse(JSON.stringify(all))).toBe(all);
  });
});
