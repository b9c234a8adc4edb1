/**
 * The week plan's days and size, in a module of its own: the notices
 * (notices.ts) and the recipe page's button name them, and they must not pull
 * the plan's schema (valibot) into every page's scripts.
 */

/** The days in order, Monday first (day 0): a plan entry names its day by this index. */
export const WEEK_DAYS = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"] as const;

/** The most entries a plan holds: six recipes on each day is more than any cook plans. */
export const MAX_PLAN_ENTRIES = 42;

/**
 * The servings an entry may have: those the recipe page offers (MIN_SERVINGS
 * and MAX_SERVINGS of catalog/recipes/units.ts, which a unit test holds
 * equal). Not imported from there: that module carries the units' table,
 * which the plan's page does not need (decision 0070).
 */
export const PLAN_MIN_SERVINGS = 1;
export const PLAN_MAX_SERVINGS = 12;
