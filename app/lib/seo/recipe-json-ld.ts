/**
 * schema.org Recipe data for a recipe page, after Google's recipe rich-result
 * guidance: images in 1:1, 4:3 and 16:9, times in ISO 8601, ingredients and
 * steps, diet. Absolute URLs, since crawlers read it out of context.
 */
import type { AggregateRating, NutritionInformation, Recipe, RestrictedDiet, WithContext } from "schema-dts";
import { BEST_RATING, WORST_RATING } from "../../../catalog/format/ratings-column.ts";
import { CATEGORY_HEADINGS } from "../../../catalog/recipes/categories.ts";
import type { CatalogRecipe, Nutrients } from "../../../catalog/recipes/types.ts";
import { formatIngredientLine } from "../recipes/ingredient-amounts/format.ts";
import { roundedMean, shownRating } from "../recipes/rating-text.ts";
import { IMAGE_TRANSFORMS, recipeImageUrl } from "../recipes/recipe-images.ts";
import { servingsText } from "../recipes/servings-text.ts";

/** ISO 8601 duration of whole minutes: 25 → "PT25M". */
function isoMinutes(minutes: number): `PT${number}M` {
  return `PT${minutes}M`;
}

/** An EU label's salt is sodium × 2.5 (regulation 1169/2011, annex I), so its sodium is salt ÷ 2.5. */
const SALT_PER_SODIUM = 2.5;

/**
 * Nutrition per portion for schema.org and Google: energy as "N kcal" (what Google's recipe guidance shows),
 * grams with a decimal point, and sodium in mg, since schema.org has no salt; `servingSize` says the figures
 * are for one of the `recipeYield` portions.
 */
export function nutritionJsonLd(nutrition: Nutrients): NutritionInformation {
  const grams = (value: number) => `${value} g`;
  return {
    "@type": "NutritionInformation",
    servingSize: "1 Portion",
    calories: `${Math.round(nutrition.kcal)} kcal`,
    fatContent: grams(nutrition.fat),
    saturatedFatContent: grams(nutrition.saturates),
    carbohydrateContent: grams(nutrition.carbohydrate),
    sugarContent: grams(nutrition.sugars),
    proteinContent: grams(nutrition.protein),
    sodiumContent: `${Math.round((nutrition.salt / SALT_PER_SODIUM) * 1000)} mg`,
  };
}

/**
 * Terms beyond the recipe's category and cuisine: Google asks keywords not to repeat those, as they have
 * properties of their own (`recipeCategory`, `recipeCuisine`). Every recipe here is quick; diet and
 * guests are what else a searcher adds.
 */
function recipeKeywords(recipe: CatalogRecipe): string {
  return [
    "schnell",
    "unter 30 Minuten",
    ...(recipe.vegan ? ["vegan", "vegetarisch"] : recipe.vegetarian ? ["vegetarisch"] : []),
    ...(recipe.manyGuests ? ["für viele Gäste"] : []),
  ].join(", ");
}

/** Visitors' ratings as Google's recipe guidance reads them: the mean as shown (one decimal), the count, the scale. */
export function aggregateRatingJsonLd({ count, mean }: { count: number; mean: number }): AggregateRating {
  return {
    "@type": "AggregateRating",
    ratingValue: roundedMean(mean),
    ratingCount: count,
    bestRating: BEST_RATING,
    worstRating: WORST_RATING,
  };
}

const ASPECTS = [IMAGE_TRANSFORMS.square, IMAGE_TRANSFORMS.fourByThree, IMAGE_TRANSFORMS.sixteenByNine];

export function recipeJsonLd(recipe: CatalogRecipe, site: { siteUrl: string; siteName: string }): WithContext<Recipe> {
  const url = `${site.siteUrl}/rezepte/${recipe.slug}`;
  const diets: RestrictedDiet[] = recipe.vegan
    ? ["https://schema.org/VeganDiet", "https://schema.org/VegetarianDiet"]
    : recipe.vegetarian
      ? ["https://schema.org/VegetarianDiet"]
      : [];
  const rating = shownRating(recipe.rating);
  return {
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: recipe.name,
    url,
    mainEntityOfPage: url,
    ...(recipe.image
      ? {
          image: ASPECTS.map((transform) => `${site.siteUrl}${recipeImageUrl(recipe.image ?? "", transform)}`),
        }
      : {}),
    author: { "@type": "Organization", name: site.siteName, url: site.siteUrl },
    publisher: { "@type": "Organization", name: site.siteName, url: site.siteUrl },
    datePublished: recipe.published.slice(0, 10),
    description: recipe.description ?? recipe.name,
    prepTime: isoMinutes(recipe.prepTime),
    cookTime: isoMinutes(recipe.cookTime),
    totalTime: isoMinutes(recipe.totalTime),
    recipeCategory: CATEGORY_HEADINGS[recipe.type],
    ...(recipe.cuisine ? { recipeCuisine: recipe.cuisine } : {}),
    keywords: recipeKeywords(recipe),
    // A number for machines (Google divides nutrition by it), and the words for people.
    recipeYield: [String(recipe.servings), servingsText(recipe.servings)],
    // Every line as written for the recipe's servings; optional ones are marked as such.
    recipeIngredient: recipe.ingredientLines.map((line) => {
      const { text } = formatIngredientLine(line, recipe.servings, recipe.servings);
      return line.optional ? `${text} (optional)` : text;
    }),
    recipeInstructions: (recipe.steps.length > 0 ? recipe.steps : [recipe.instructions ?? ""]).map((text, index) => ({
      "@type": "HowToStep",
      position: index + 1,
      text,
    })),
    ...(diets.length > 0 ? { suitableForDiet: diets } : {}),
    // Only what the sync could compute from every line (decision 0063): no figure rather than a wrong one.
    ...(recipe.nutrition ? { nutrition: nutritionJsonLd(recipe.nutrition) } : {}),
    // From 3 ratings on, as the page shows them (decision 0066); never a visitor's own rating.
    ...(rating ? { aggregateRating: aggregateRatingJsonLd(rating) } : {}),
  };
}
