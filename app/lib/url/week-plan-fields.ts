/**
 * Names of the query parameters of "Plan meine Woche" that its links, forms
 * and loader agree on (what it posts to /wochenplan is named in
 * app/lib/week-plan/plan-fields.ts),
 * as form-fields.ts names the others (decision 0016: they are part of what
 * the site does). A module of their own rather than in form-fields.ts,
 * whose names every page's script carries (decision 0071).
 */

/** "Plan meine Woche"'s page. */
export const PROPOSAL_PATH = "/wochenplan/vorschlag";
/** On /wochenplan/vorschlag: how many dinners, 3 to 7. */
export const WEEK_DAYS_PARAM = "tage";
/** On /wochenplan/vorschlag: the proposal shown, one recipe slug per day from Monday on; repeated. */
export const WEEK_PLAN_RECIPE_PARAM = "plan";
/** On /wochenplan/vorschlag: the day (0 = Monday) whose recipe "Anderes Rezept" replaces. */
export const WEEK_SWAP_PARAM = "tausch";
/** On /wochenplan/vorschlag: a recipe shown for a day before, `<day>|<slug>`, not proposed for it again; repeated. */
export const WEEK_SHOWN_PARAM = "gezeigt";

/**
 * On /wochenplan: the recipe a card's "Zum Wochenplan" brings along, for the
 * page to offer a day and servings for it. A link, not a form on every card:
 * a list's HTML and scripts stay as they were (decision 0070).
 */
export const WEEK_PLAN_ADD_PARAM = "rezept";

/** Where a card's "Zum Wochenplan" leads. */
export function addToWeekPlanHref(slug: string): string {
  return `/wochenplan?${WEEK_PLAN_ADD_PARAM}=${encodeURIComponent(slug)}`;
}
