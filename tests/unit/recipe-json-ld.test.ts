import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { recipeJsonLd } from "../../app/lib/seo/recipe-json-ld.ts";
import { CATEGORY_HEADINGS, RECIPE_TYPES } from "../../catalog/recipes/categories.ts";
import type { CatalogRecipe } from "../../catalog/recipes/types.ts";
import { validateRecipePage } from "../../scripts/seo/recipe-validator.ts";
import { SHAKSHUKA_LINES } from "../fixtures/ingredient-line.ts";
import { recipe } from "./catalog-fixture.ts";

// The builder's JSON-LD through our validator (scripts/seo/recipe-validator.ts): a recipe with what the seed's
// recipes have gets every field Google recommends but the two we do not make (ratings come with issue 45's
// ratings, videos we have none of).

const SITE = { siteUrl: "https://www.example.de", siteName: "Was koche ich jetzt" };

/** What a seed recipe has: an image, a cuisine, a description, steps, lines and nutrition. */
const FULL: CatalogRecipe = recipe({
  slug: "shakshuka",
  name: "Shakshuka",
  cuisine: "Orientalisch",
  description: "In würziger Tomatensoße gestockte Eier.",
  steps: ["Gib die Tomaten in die Pfanne.", "Lass die Eier darin stocken."],
  image: "f392d2b3-4a6c-44b7-b8ad-35ea8506e828",
  prepTime: 5,
  cookTime: 20,
  totalTime: 25,
  type: "BREAKFAST",
  ingredientLines: SHAKSHUKA_LINES.slice(0, 1),
  nutrition: { kcal: 257, fat: 16.1, saturates: 3.4, carbohydrate: 11.9, sugars: 10.5, protein: 18.5, salt: 0.65 },
});

const pageOf = (data: unknown) =>
  `<html><head><script type="application/ld+json">${JSON.stringify(data)}</script></head></html>`;

/** What the validator says of the builder's JSON-LD for `item`: errors, and the fields it warns of. */
function validated(item: CatalogRecipe) {
  const result = validateRecipePage(pageOf(recipeJsonLd(item, SITE)));
  return { errors: result.errors, warned: result.warnings.map(({ field, problem }) => `${field} ${problem}`) };
}

describe("the recipe JSON-LD", () => {
  it("has every required and recommended field but aggregateRating and video, in Google's forms", () => {
    expect(validated(FULL)).toEqual({ errors: [], warned: ["aggregateRating missing", "video missing"] });
  });

  it("keeps the category and cuisine out of the keywords, and names the diet and guests there", () => {
    const data = recipeJsonLd({ ...FULL, vegan: true, manyGuests: true }, SITE);
    expect(data.keywords).toBe("schnell, unter 30 Minuten, vegan, vegetarisch, für viele Gäste");
    expect(recipeJsonLd({ ...FULL, vegetarian: false }, SITE).keywords).toBe("schnell, unter 30 Minuten");
  });

  it("stays valid for any category, cuisine, diet, times and servings a recipe can have", () => {
    fc.assert(
      fc.property(
        fc.record({
          type: fc.constantFrom(...RECIPE_TYPES),
          cuisine: fc.constantFrom(...Object.values(CATEGORY_HEADINGS), "Italienisch", "Deutsch", "International"),
          prepTime: fc.integer({ min: 0, max: 30 }),
          cookTime: fc.integer({ min: 0, max: 30 }),
          servings: fc.integer({ min: 1, max: 12 }),
          vegetarian: fc.boolean(),
          vegan: fc.boolean(),
          manyGuests: fc.boolean(),
        }),
        (fields) => {
          const item = { ...FULL, ...fields, totalTime: fields.prepTime + fields.cookTime };
          expect(validated(item)).toEqual({ errors: [], warned: ["aggregateRating missing", "video missing"] });
        },
      ),
    );
  });

  it("reports what a recipe without image, cuisine or nutrition lacks", () => {
    expect(validated({ ...FULL, image: null, cuisine: null, nutrition: null })).toEqual({
      errors: [expect.objectContaining({ field: "image", problem: "missing" })],
      warned: ["aggregateRating missing", "nutrition.calories missing", "recipeCuisine missing", "video missing"],
    });
  });
});
