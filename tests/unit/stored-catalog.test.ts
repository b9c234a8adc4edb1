import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CatalogMeta, storeCatalog, storedOrder } from "../../catalog/format/stored-catalog.ts";
import { RECIPE_TYPES } from "../../catalog/recipes/categories.ts";
import type { CatalogRecipe } from "../../catalog/recipes/types.ts";
import { recipe } from "./catalog-fixture.ts";

const NAMES = ["Äpfel", "apfel", "Zucchini", "Öl", "Ofen", "ofen", "Soße", "Sosse", "Ei", "eis", "Bete", "Béchamel"];

const recipesArbitrary = fc
  .uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: 100_000 }),
      name: fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 6 })),
      type: fc.constantFrom(...RECIPE_TYPES),
    }),
    { selector: (entry) => entry.id, maxLength: 300 },
  )
  .map((entries) => entries.map((entry) => recipe(entry)));

describe("a stored version", () => {
  it("places every recipe in German name order as one sort of all of them would", () => {
    const collator = new Intl.Collator("de");
    fc.assert(
      fc.property(recipesArbitrary, (recipes) => {
        const ordered = storedOrder(recipes);
        const stored = storeCatalog({ recipes: ordered, ingredients: [], categories: [] });
        const byName = ordered
          .map((_, position) => position)
          .sort((a, b) => {
            const [x, y] = [ordered[a] as CatalogRecipe, ordered[b] as CatalogRecipe];
            return collator.compare(x.name, y.name) || x.id - y.id;
          });
        const places = JSON.parse(stored.nameOrder) as number[];
        expect(byName.map((position) => places[position])).toEqual(byName.map((_, place) => place));
      }),
    );
  });

  it("says where each category lies and how many recipes each bucket holds, covering every recipe once", () => {
    fc.assert(
      fc.property(recipesArbitrary, (recipes) => {
        const ordered = storedOrder(recipes);
        const meta = JSON.parse(
          storeCatalog({ recipes: ordered, ingredients: [], categories: [] }).meta,
        ) as CatalogMeta;
        expect(meta.bucketSizes.reduce((sum, size) => sum + size, 0)).toBe(recipes.length);
        let next = 0;
        for (const { type, start, end } of meta.typeRanges) {
          expect(start).toBe(next);
          expect(ordered.slice(start, end).every((entry) => entry.type === type)).toBe(true);
          next = end;
        }
        expect(next).toBe(recipes.length);
      }),
    );
  });
});
