/**
 * The German words for a list's filter (recipe-filter.ts): the chips'
 * labels, a short form for titles and a clause for sentences.
 */
import type { Diet, KcalLimit, RecipeFilter, TimeLimit } from "../../../catalog/recipes/recipe-filter.ts";

/** The chips' labels, as the recipe card's badges name the diets. */
export const DIET_LABELS: Readonly<Record<Diet, string>> = { vegetarian: "Vegetarisch", vegan: "Vegan" };

/** A time chip's label: "bis 15 Min.". */
export function timeLabel(limit: TimeLimit): string {
  return `bis ${limit} Min.`;
}

/** A kcal chip's label: "Leicht (bis 500 kcal)" (decision 0064). */
export function kcalLabel(limit: KcalLimit): string {
  return `Leicht (bis ${limit} kcal)`;
}

/** The filter in a few words, for a title: "vegan, bis 20 Min."; empty without one. */
export function filterLabel(filter: RecipeFilter): string {
  const parts: string[] = [];
  if (filter.diet !== null) parts.push(DIET_LABELS[filter.diet].toLowerCase());
  if (filter.maxMinutes !== null) parts.push(timeLabel(filter.maxMinutes));
  if (filter.maxKcal !== null) parts.push(`bis ${filter.maxKcal} kcal`);
  return parts.join(", ");
}

/** What the filter asks of a recipe, as the end of "Rezepte, die …": "vegan und in höchstens 20 Minuten fertig sind". */
export function filterClause(filter: RecipeFilter): string {
  const parts: string[] = [];
  if (filter.diet !== null) parts.push(DIET_LABELS[filter.diet].toLowerCase());
  if (filter.maxMinutes !== null) parts.push(`in höchstens ${filter.maxMinutes} Minuten fertig`);
  const clauses = parts.length > 0 ? [`${parts.join(" und ")} sind`] : [];
  if (filter.maxKcal !== null) clauses.push(`höchstens ${filter.maxKcal} kcal pro Portion haben`);
  return clauses.join(" und ");
}

/** The notice for filter parameters of the address that were refused (recipe-filter-param.ts). */
export function refusedFilterText(refused: number): string {
  return refused > 1
    ? "Die Filter aus dem Link kennen wir nicht – wir zeigen die Rezepte ohne sie."
    : "Einen Filter aus dem Link kennen wir nicht – wir zeigen die Rezepte ohne ihn.";
}
