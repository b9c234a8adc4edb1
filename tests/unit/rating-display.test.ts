/**
 * How ratings read on pages and in the JSON-LD (decision 0066): "★ 4,6
 * (23 Bewertungen)", a sentence for screen readers, `aggregateRating` from 3
 * ratings on with the mean as shown.
 */
import { describe, expect, it } from "vitest";
import { ratingLabel, ratingText, shownRating } from "../../app/lib/recipes/rating-text.ts";
import { recipeJsonLd } from "../../app/lib/seo/recipe-json-ld.ts";
import type { CatalogRecipe } from "../../catalog/recipes/types.ts";

const RECIPE: CatalogRecipe = {
  id: 7,
  slug: "linsensuppe",
  name: "Linsensuppe",
  cuisine: null,
  image: null,
  totalTime: 25,
  vegetarian: true,
  vegan: true,
  type: "SOUP",
  published: "2026-11-01T12:00:00.000Z",
  ingredients: ["Linsen"],
  description: null,
  recipeUrl: null,
  instructions: null,
  steps: ["Kochen."],
  prepTime: 5,
  cookTime: 20,
  manyGuests: false,
  servings: 2,
  optionalIngredients: [],
  ingredientLines: [],
  nutrition: null,
};
const SITE = { siteUrl: "https://example.org", siteName: "Was koche ich jetzt?" };

describe("rating text", () => {
  it("reads with a German decimal comma and one decimal", () => {
    expect(ratingText({ count: 23, mean: 4.6 })).toBe("★ 4,6 (23 Bewertungen)");
    expect(ratingText({ count: 3, mean: 14 / 3 })).toBe("★ 4,7 (3 Bewertungen)");
    expect(ratingText({ count: 1200, mean: 5 })).toBe("★ 5,0 (1.200 Bewertungen)");
    expect(ratingLabel({ count: 23, mean: 4.6 })).toBe("Bewertet mit 4,6 von 5 Sternen, 23 Bewertungen");
  });

  it("is shown from 3 ratings on only, so never '1 Bewertung'", () => {
    expect(shownRating(undefined)).toBeNull();
    expect(shownRating({ count: 2, mean: 5 })).toBeNull();
    expect(shownRating({ count: 3, mean: 5 })).toEqual({ count: 3, mean: 5 });
  });
});

describe("aggregateRating in the recipe's JSON-LD", () => {
  it("is there from 3 ratings on, with the mean as shown and the scale", () => {
    expect(recipeJsonLd({ ...RECIPE, rating: { count: 23, mean: 4.5652 } }, SITE)).toMatchObject({
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.6, ratingCount: 23, bestRating: 5, worstRating: 1 },
    });
  });

  it("is missing below 3 ratings and without any", () => {
    expect(recipeJsonLd(RECIPE, SITE)).not.toHaveProperty("aggregateRating");
    expect(recipeJsonLd({ ...RECIPE, rating: { count: 2, mean: 5 } }, SITE)).not.toHaveProperty("aggregateRating");
  });
});
