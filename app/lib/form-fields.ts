/**
 * Names of form fields and query parameters that browser code (a form, a
 * link) and server code (a loader, an action, a Worker route, the edge
 * cache's key) must agree on. Both sides import them from here, so neither
 * can be renamed alone.
 *
 * They are German, like the paths, and they are part of what the site does:
 * bookmarked and shared addresses, forms posted by pages still open in a
 * browser, and the tests carry them as they are. Changing a value changes
 * behaviour (decision 0016).
 */

// ── Query parameters: the address of a list or a search ──

/** The page of a long list (pagination.ts); page 1 has none. */
export const PAGE_PARAM = "seite";

/** The search term on /suche. */
export const SEARCH_TERM_PARAM = "q";

/** On /zutatensuche (ingredient-query.ts): the text that filters the ingredient overview. */
export const INGREDIENT_FILTER_PARAM = "zutat";
/** On /zutatensuche: an ingredient the visitor has, by slug; repeated. */
export const SELECTED_INGREDIENT_PARAM = "z";
/** On /zutatensuche: an ingredient the recipes must not need, by slug; repeated. */
export const EXCLUDED_INGREDIENT_PARAM = "ohne";

/** On the random pick ("/", "/zufallsgenerator"): the category to pick from. */
export const RANDOM_TYPE_PARAM = "typ";
/** On the random pick: the recipe shown before the press, so the next pick is another. */
export const LAST_SHOWN_PARAM = "zuletzt";

// ── Posted forms ──

/** The hidden field that repeats the form token (csrf.server.ts). */
export const CSRF_FIELD = "csrf";

/**
 * With this field set to ANSWER_WITH_DATA, an action answers a background
 * post (useFetcher) with data instead of redirecting back.
 */
export const ANSWER_FIELD = "antwort";
export const ANSWER_WITH_DATA = "daten";

/** Saving a recipe: which recipe (its id), and whether to save or remove it. */
export const RECIPE_FIELD = "rezept";
export const RECIPE_ACTION_FIELD = "aktion";
export const RECIPE_ACTIONS = { save: "speichern", remove: "entfernen" } as const;
export type RecipeAction = (typeof RECIPE_ACTIONS)[keyof typeof RECIPE_ACTIONS];

/** The cookie banner: the button pressed (consent.ts, consentFromChoice) and the boxes ticked. */
export const CONSENT_CHOICE_FIELD = "auswahl";
export const CONSENT_CHOICES = { all: "alle", none: "keine", selected: "auswahl", close: "schliessen" } as const;
export const CONSENT_CATEGORY_FIELD = "kategorie";

// ── The return path (return-path.ts), under three names ──
// One idea, the page to go back to, but three addresses with different
// owners; each keeps the name it has (decision 0016).

/**
 * A posted form's hidden field: where the action redirects when it answers
 * without JavaScript (saving a recipe, the cookie banner, signing out).
 * Internal to the site, but pages rendered before a deploy still post it.
 */
export const RETURN_PATH_FIELD = "zurueck";

/** `/login?redirect=<path>`: the sign-in link's return path; the spec fixes this address. */
export const SIGN_IN_RETURN_PARAM = "redirect";

/**
 * `/login/zurueck?ziel=<path>` (workers/auth-routes.ts): the landing page
 * Directus sends the visitor back to carries the return path under another
 * name. The landing address travels inside Directus' own `redirect`
 * parameter and is held by Directus for the whole sign-in, so a sign-in that
 * spans a deploy would lose its way back if this name changed.
 */
export const SIGN_IN_LANDING_RETURN_PARAM = "ziel";
