/**
 * The signed-in visitor's pantry in their account, as the browser reaches
 * it: through the site's own /zutatensuche/vorrat (routes/pantry.ts), never
 * Directus itself. Plain fetch rather than a fetcher, as for the ingredient
 * list (decision 0029): a failed call must not reach the route's error
 * boundary, and a save must not reload the page's data.
 */
import {
  CSRF_FIELD,
  MISSING_BASIC_PARAM,
  PANTRY_CHANGED_FIELD,
  SELECTED_INGREDIENT_PARAM,
} from "../url/form-fields.ts";
import { type Pantry, parsePantry, samePantry } from "./pantry.ts";

export const ACCOUNT_PANTRY_URL = "/zutatensuche/vorrat";

/** The account's pantry (null: it holds none), or undefined when it could not be asked. */
export async function readAccountPantry(): Promise<Pantry | null | undefined> {
  try {
    const response = await fetch(ACCOUNT_PANTRY_URL, { headers: { accept: "application/json" } });
    if (!response.ok) return undefined;
    const { pantry } = (await response.json()) as { pantry?: unknown };
    return pantry === null ? null : (parsePantry(pantry) ?? undefined);
  } catch {
    return undefined;
  }
}

/** The form a save posts (routes/pantry.ts reads it). */
export function pantryForm(pantry: Pantry, csrfToken: string): URLSearchParams {
  const form = new URLSearchParams();
  form.set(CSRF_FIELD, csrfToken);
  for (const value of pantry.selected) form.append(SELECTED_INGREDIENT_PARAM, value);
  for (const slug of pantry.missingBasics) form.append(MISSING_BASIC_PARAM, slug);
  form.set(PANTRY_CHANGED_FIELD, String(pantry.changedAt));
  return form;
}

/** The save under way and the one waiting behind it: ticks come faster than saves, and only the last counts. */
let sending = false;
let waiting: { pantry: Pantry; csrfToken: string } | null = null;
/** What the account holds (or is about to), so the same pantry is not sent twice in a row. */
let held: Pantry | null = null;

/**
 * Stores `pantry` in the account, in the background: one save at a time,
 * the newest waiting; one the account already holds is not sent. Sent with
 * keepalive, so a save survives the visitor leaving the page at once. A
 * failure is left for the next change or visit to mend (the merge rule).
 */
export function saveAccountPantry(pantry: Pantry, csrfToken: string): void {
  if (held !== null && samePantry(held, pantry)) return;
  held = pantry;
  waiting = { pantry, csrfToken };
  if (!sending) {
    sending = true;
    void sendWaiting();
  }
}

/** Tells the saves what the account holds, as read. */
export function accountHolds(pantry: Pantry | null): void {
  held = pantry;
}

async function sendWaiting(): Promise<void> {
  while (waiting !== null) {
    const { pantry, csrfToken } = waiting;
    waiting = null;
    try {
      const response = await fetch(ACCOUNT_PANTRY_URL, {
        method: "POST",
        body: pantryForm(pantry, csrfToken),
        keepalive: true,
      });
      if (!response.ok) held = null;
    } catch {
      held = null;
    }
  }
  sending = false;
}
