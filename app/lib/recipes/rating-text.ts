/**
 * How a recipe's ratings read (decision 0066): "★ 4,6 (23 Bewertungen)" to
 * the eye, "Bewertet mit 4,6 von 5 Sternen, 23 Bewertungen" to a screen
 * reader, the mean with one decimal and a German decimal comma. Shown from
 * RATINGS_SHOWN_FROM ratings on only, so a count is never "1 Bewertung".
 */
import { BEST_RATING, RATINGS_SHOWN_FROM } from "../../../catalog/format/ratings-column.ts";
import type { RecipeRating } from "../../../catalog/recipes/types.ts";
import { germanNumber } from "./german-number.ts";

/** The mean as shown and as the JSON-LD gives it: one decimal. */
export function roundedMean(mean: number): number {
  return Math.round(mean * 10) / 10;
}

/** The rating a page shows, or null below RATINGS_SHOWN_FROM ratings (or none). */
export function shownRating(rating: RecipeRating | undefined | null): RecipeRating | null {
  return rating && rating.count >= RATINGS_SHOWN_FROM ? rating : null;
}

/** "4,6": one decimal, a German decimal comma (a mean is at most 5, so no thousands). */
const meanText = (mean: number) => roundedMean(mean).toFixed(1).replace(".", ",");

/** "23 Bewertungen", "1.200 Bewertungen" (shown ratings are never one). */
const countText = (count: number) => `${germanNumber(count)} Bewertungen`;

/** What the eye reads: "★ 4,6 (23 Bewertungen)". */
export function ratingText({ count, mean }: RecipeRating): string {
  return `★ ${meanText(mean)} (${countText(count)})`;
}

/** What a screen reader reads: "Bewertet mit 4,6 von 5 Sternen, 23 Bewertungen". */
export function ratingLabel({ count, mean }: RecipeRating): string {
  return `Bewertet mit ${meanText(mean)} von ${BEST_RATING} Sternen, ${countText(count)}`;
}
