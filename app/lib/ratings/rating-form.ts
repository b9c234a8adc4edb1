/**
 * What a rating form posts (decision 0065), read the same way with or
 * without JavaScript: the stars as one of the texts "1" to "5" and what to
 * do with them. The browser names a recipe only by the address it posts to;
 * anything else a form could carry is refused with a German message before
 * anything is stored.
 */

/** A rating's stars: whole stars from 1 to 5, as the database holds them (cms/migrations/20261129A-recipe-ratings-rules.js). */
export type Stars = 1 | 2 | 3 | 4 | 5;
export const STAR_CHOICES: readonly Stars[] = [1, 2, 3, 4, 5];

/** The radio group's field: the stars chosen. */
export const STARS_FIELD = "sterne";
/** The pressed button's field: store the chosen stars, or remove the rating. */
export const RATING_ACTION_FIELD = "bewertung";
export const RATING_ACTIONS = { set: "speichern", remove: "entfernen" } as const;

/** Where a recipe's rating form posts, and where the page reads the visitor's own rating after load. */
export function ratingPath(slug: string): string {
  return `/rezepte/${encodeURIComponent(slug)}/bewertung`;
}

export type RatingChange = { kind: "set"; stars: Stars } | { kind: "remove" };

export const RATING_FORM_ERRORS = {
  noStars: "Bitte wähle 1 bis 5 Sterne.",
  notUnderstood: "Diese Anfrage verstehen wir nicht.",
} as const;

/** "4 von 5 Sternen" (also "1 von 5 Sternen": the plural belongs to the five): an option's label. */
export function starsText(stars: Stars): string {
  return `${stars} von 5 Sternen`;
}

/** A form value as a whole number of stars, or undefined: only the exact texts "1" to "5". */
export function parseStars(value: FormDataEntryValue | null): Stars | undefined {
  return typeof value === "string" && /^[1-5]$/.test(value) ? (Number(value) as Stars) : undefined;
}

/**
 * The change a posted form asks for, or the German message for a form that
 * is not one of ours: an action other than the two buttons', or stars that
 * are not one of 1 to 5 (missing, 0, 6, "x", "4.0", " 4"). A removal does not
 * look at the stars: the radio group still holds the old choice when it is pressed.
 */
export function parseRatingForm(form: FormData): RatingChange | { error: string } {
  const actions = form.getAll(RATING_ACTION_FIELD);
  if (actions.length !== 1) return { error: RATING_FORM_ERRORS.notUnderstood };
  const [action] = actions;
  if (action === RATING_ACTIONS.remove) return { kind: "remove" };
  if (action !== RATING_ACTIONS.set) return { error: RATING_FORM_ERRORS.notUnderstood };
  const given = form.getAll(STARS_FIELD);
  const stars = given.length === 1 ? parseStars(given[0] ?? null) : undefined;
  return stars === undefined ? { error: RATING_FORM_ERRORS.noStars } : { kind: "set", stars };
}

/**
 * What /rezepte/<slug>/bewertung answers the page's script: the visitor's
 * stars (null: not rated) with, after a change, the confirmation to show; or
 * the German message of what went wrong.
 */
export type RatingAnswer = { stars: Stars | null; message?: string } | { error: string };
