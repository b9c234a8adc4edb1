/**
 * What the visitor reads when a post sent in the background (useFetcher)
 * never got our action's answer: the connection was gone although the
 * browser still said "online" (fetch fails with a TypeError), or something
 * between the browser and the action answered instead (a 5xx page of the
 * network, a Worker that failed, a body that is not React Router's). Nothing
 * was stored, as far as the page can know; every change the site posts sets a
 * state, so trying again is safe (decision 0041).
 *
 * Outside app/lib/shopping-list/ on purpose: the list route's clientAction
 * that uses it runs for the recipe pages' add button too, which must not pull
 * the list page's chunk group with it (vite.config.ts). The build puts both
 * into the shared chunk: 0.17 KB gzip on every page (decision 0041).
 */

export const NO_CONNECTION_TEXT = "Nicht gespeichert: keine Verbindung. Bitte versuche es noch einmal.";

export const SERVER_FAILED_TEXT =
  "Nicht gespeichert: Beim Server ist etwas schiefgegangen. Bitte versuche es gleich noch einmal.";

/** The text for what a background post threw instead of answering. */
export function notStoredText(error: unknown): string {
  return error instanceof TypeError ? NO_CONNECTION_TEXT : SERVER_FAILED_TEXT;
}
