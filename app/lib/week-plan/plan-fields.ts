/**
 * The week plan's form names, beside its days (plan-limits.ts): with the plan's code, not among the form names
 * of every page (app/lib/url/form-fields.ts). vite.config.ts still puts both small modules in the shared chunk,
 * as the recipe page's "Zum Wochenplan" and the plan's pages import them (decision 0070).
 */

/**
 * The week plan (/wochenplan, routes/week-plan.tsx), posted with
 * RECIPE_ACTION_FIELD (app/lib/url/form-fields.ts) as its action: a recipe by slug (RECIPE_FIELD) on a day
 * (0 = Montag … 6 = Sonntag) with servings (SERVINGS_PARAM); a move names the
 * day it goes to; "Plan meine Woche" posts its days as repeated
 * `eintrag=<tag>|<slug>|<portionen>`; the device's plan moves into the
 * account, and is sent to be shown ("ansehen"), as repeated `eintrag` too.
 */
export const WEEK_PLAN_ACTIONS = {
  add: "hinzufuegen",
  move: "verschieben",
  servings: "portionen",
  remove: "entfernen",
  clear: "leeren",
  merge: "uebernehmen",
  proposal: "vorschlag-uebernehmen",
  toShoppingList: "auf-die-einkaufsliste",
  view: "ansehen",
} as const;
export const WEEK_PLAN_DAY_FIELD = "tag";
export const WEEK_PLAN_TO_DAY_FIELD = "nach";
export const WEEK_PLAN_ENTRY_FIELD = "eintrag";
/** With "ansehen": the device's pantry as it is stored (JSON), for the week's list to leave out what it holds. */
export const WEEK_PLAN_PANTRY_FIELD = "vorrat";
