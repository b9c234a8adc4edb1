/**
 * What the visitor reads when a post sent in the background (useFetcher)
 * never got our action's answer: the connection was gone although the
 * browser still said "online" (fetch fails with a TypeError), or something
 * between the browser and the action answered instead (a 5xx page of the
 * network, a Worker that failed, a body that is not React Router's). Nothing
 * was stored, as far as the page can know; every change the site posts sets a
 * state, so trying again is safe (decisions 0041, 0047).
 *
 * Used by the clientActions of the shopping list and the saved recipes, whose
 * buttons sit on every recipe page: outside app/lib/shopping-list/ on
 * purpose, so those pages do not pull the list page's chunk group with it
 * (vite.config.ts). The build puts it into the shared chunk.
 */

/** What did not happen: a change stored ("gespeichert"), or a saved recipe removed ("entfernt"). */
export type NotDone = "gespeichert" | "entfernt";

/** The text for what a background post threw instead of answering. */
export function notStoredText(error: unknown, what: NotDone = "gespeichert"): string {
  return error instanceof TypeError
    ? `Nicht ${what}: keine Verbindung. Bitte versuche es noch einmal.`
    : `Nicht ${what}: Beim Server ist etwas schiefgegangen. Bitte versuche es gleich noch einmal.`;
}
