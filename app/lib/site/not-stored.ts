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
import { data } from "react-router";

/** What did not happen: a change stored ("gespeichert"), or a saved recipe removed ("entfernt"). */
export type NotDone = "gespeichert" | "entfernt";

/** The text for what a background post threw instead of answering. */
export function notStoredText(error: unknown, what: NotDone = "gespeichert"): string {
  return error instanceof TypeError
    ? `Nicht ${what}: keine Verbindung. Bitte versuche es noch einmal.`
    : `Nicht ${what}: Beim Server ist etwas schiefgegangen. Bitte versuche es gleich noch einmal.`;
}

/**
 * A route's clientAction for background posts: the server action's answer, or,
 * when the post got none (anything thrown but a redirect, which is React
 * Router's to follow), the German text in the `{ error }` shape the page's
 * buttons show for the action's own failures. With an error status, so React
 * Router does not load the page's data again: on a dead connection that would
 * fail too and bring its error page after all (decision 0047).
 */
export async function answeredInTheBrowser<Answer>(serverAction: () => Promise<Answer>, what: NotDone = "gespeichert") {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    return data({ error: notStoredText(error, what) }, { status: 503 });
  }
}
