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
/**
 * On /zutatensuche: a basic the visitor does not have ("fehlt=salz"), by
 * slug; repeated. Basics not named are at hand (basic-ingredients.ts).
 */
export const MISSING_BASIC_PARAM = "fehlt";

/**
 * On the lists (/suche, /zutatensuche, /kategorie/…): the diet the recipes
 * must keep to, `vegetarisch` or `vegan` (recipe-filter-param.ts).
 */
export const DIET_PARAM = "ernaehrung";
/** On the lists: the most minutes a recipe may take in total, `15`, `20` or `30`. */
export const TIME_PARAM = "zeit";
/** On the lists: the most kcal per portion, `500` (light dishes, decision 0064). */
export const KCAL_PARAM = "kcal";

/** On /suche and /kategorie/…: the list's order, `bewertung` for best rated first (recipe-order-param.ts). */
export const SORT_PARAM = "sortierung";

/** On the random pick ("/", "/zufallsgenerator"): the category to pick from. */
export const RANDOM_TYPE_PARAM = "typ";
/** On the random pick: the recipe shown before the press, so the next pick is another. */
export const LAST_SHOWN_PARAM = "zuletzt";

/**
 * On a recipe page: the servings to show the amounts for ("?portionen=4"), one
 * canonical form per value (servings-param.ts); the recipe's own servings have none.
 */
export const SERVINGS_PARAM = "portionen";

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

/**
 * The shopping list (/einkaufsliste, routes/shopping-list.tsx), posted with
 * RECIPE_ACTION_FIELD as its action: a recipe by slug (RECIPE_FIELD) with
 * servings (SERVINGS_PARAM) and, from the ingredient search, the ingredients
 * to take, by name; a combined line by its key; a tick's new state; the
 * device's entries as JSON when they move into the account.
 */
export const SHOPPING_ACTIONS = {
  add: "hinzufuegen",
  tick: "abhaken",
  remove: "entfernen",
  clear: "leeren",
  merge: "uebernehmen",
} as const;
export const SHOPPING_INGREDIENT_FIELD = "zutat";
export const SHOPPING_LINE_FIELD = "zeile";
export const SHOPPING_DONE_FIELD = "erledigt";
export const SHOPPING_ENTRIES_FIELD = "eintraege";

/**
 * The pantry kept in the account (POST /zutatensuche/vorrat) carries the
 * selected ingredients and the missing basics under their query names, and
 * this: when the visitor changed it last, in milliseconds since 1970. A
 * forgotten pantry is saved empty, so the newer empty one wins on every device.
 */
export const PANTRY_CHANGED_FIELD = "geaendert";

/** The cookie banner: the button pressed (consent.ts, consentFromChoice) and the boxes ticked. */
export const CONSENT_CHOICE_FIELD = "auswahl";
export const CONSENT_CHOICES = { all: "alle", none: "keine", selected: "auswahl", close: "schliessen" } as const;
export const CONSENT_CATEGORY_FIELD = "kategorie";

// ── The return path (return-path.ts) ──

/**
 * Where to go back to, under one name everywhere: a posted form's hidden
 * field (saving a recipe, the cookie banner, signing out: where the action
 * redirects when it answers without JavaScript), the sign-in link
 * `/login?redirect=<path>` (the spec fixes this address) and the landing
 * page Directus returns the visitor to, `/login/zurueck?redirect=<path>`
 * (workers/auth-routes.ts).
 */
export const RETURN_PATH_PARAM = "redirect";
