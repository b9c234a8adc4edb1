/**
 * What a recipe list can be narrowed to (issue 34): a diet and a most total
 * time; and (issue 45, decision 0064) a most kcal per portion. The name search, the ingredient search and the category pages take
 * one; its place in the address is app/lib/url/recipe-filter-param.ts.
 *
 * A recipe's traits are a few bits, so a filter is a mask: the catalog view
 * keeps one byte per recipe (catalog-view.ts `filtered`) and a recipe
 * passes when it has every bit of the mask.
 */
import type { RecipeSummary } from "./types.ts";

/** The diets a list can ask for. Vegan recipes are vegetarian too. */
export const DIETS = ["vegetarian", "vegan"] as const;
export type Diet = (typeof DIETS)[number];

/**
 * The most minutes a list can ask for, in total time. Every recipe takes at most 30 (validate.ts).
 * The traits column stores `traitBits` (catalog/format/stored-catalog.ts `traitsPieceText`): a change here
 * changes what it holds, and so CATALOG_FORMAT_VERSION.
 */
export const TIME_LIMITS = [15, 20, 30] as const;
export type TimeLimit = (typeof TIME_LIMITS)[number];

/**
 * The most kcal per portion a list can ask for (issue 45: "leichte Gerichte"). Stored as a bit of
 * `traitBits` like the time limits: a change here changes CATALOG_FORMAT_VERSION.
 */
export const KCAL_LIMITS = [500] as const;
export type KcalLimit = (typeof KCAL_LIMITS)[number];

export interface RecipeFilter {
  readonly diet: Diet | null;
  readonly maxMinutes: TimeLimit | null;
  /** A recipe without nutrition (decision 0063) never passes: its energy is unknown. */
  readonly maxKcal: KcalLimit | null;
}

/** Every recipe. */
export const NO_FILTER: RecipeFilter = { diet: null, maxMinutes: null, maxKcal: null };

/** Whether `filter` leaves any recipe out. */
export function isFiltering(filter: RecipeFilter): boolean {
  return filter.diet !== null || filter.maxMinutes !== null || filter.maxKcal !== null;
}

/** A recipe's diet as `traitBits` reads it: 0 none, 1 vegetarian, 2 vegan. */
export function dietCode(recipe: Pick<RecipeSummary, "vegetarian" | "vegan">): number {
  if (recipe.vegan) return 2;
  return recipe.vegetarian ? 1 : 0;
}

const VEGETARIAN_BIT = 1;
const VEGAN_BIT = 2;
/** The bit of each time limit, after the diet bits. */
const timeBit = (index: number) => 4 << index;
/** The bit of each kcal limit, after the time bits. */
const kcalBit = (index: number) => (4 << TIME_LIMITS.length) << index;

/** A recipe's traits as bits, from its stored diet code, total time and kcal per portion (null: unknown). */
export function traitBits(diet: number, minutes: number, kcal: number | null): number {
  let bits = 0;
  // A vegan recipe that the editor did not tick as vegetarian still is one.
  if (diet >= 1) bits |= VEGETARIAN_BIT;
  if (diet === 2) bits |= VEGAN_BIT;
  TIME_LIMITS.forEach((limit, index) => {
    if (minutes <= limit) bits |= timeBit(index);
  });
  KCAL_LIMITS.forEach((limit, index) => {
    if (kcal !== null && kcal <= limit) bits |= kcalBit(index);
  });
  return bits;
}

/** The bits a recipe must have to pass `filter`; 0 for no filter. */
export function filterMask(filter: RecipeFilter): number {
  let mask = 0;
  if (filter.diet === "vegetarian") mask |= VEGETARIAN_BIT;
  if (filter.diet === "vegan") mask |= VEGAN_BIT;
  if (filter.maxMinutes !== null) mask |= timeBit(TIME_LIMITS.indexOf(filter.maxMinutes));
  if (filter.maxKcal !== null) mask |= kcalBit(KCAL_LIMITS.indexOf(filter.maxKcal));
  return mask;
}
