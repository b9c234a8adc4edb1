/**
 * The pantry as this browser remembers it, in localStorage: never in a
 * cookie, so no request carries it and no page the server renders (or the
 * edge cache keeps) can depend on it. Browser only; storage that is off or
 * full (private windows, blocked site data) means nothing is remembered,
 * never an error.
 */
import { isEmptyPantry, type Pantry, parsePantry } from "./pantry.ts";

/** The storage key; its value is the pantry as JSON. */
export const DEVICE_PANTRY_KEY = "wkij-vorrat";

/** The remembered pantry, or null when there is none or it cannot be read. */
export function readDevicePantry(): Pantry | null {
  try {
    const stored = window.localStorage.getItem(DEVICE_PANTRY_KEY);
    return stored === null ? null : parsePantry(JSON.parse(stored));
  } catch {
    return null;
  }
}

/** Remembers `pantry`; an empty one (or null) is forgotten rather than stored. */
export function writeDevicePantry(pantry: Pantry | null): void {
  try {
    if (pantry === null || isEmptyPantry(pantry)) window.localStorage.removeItem(DEVICE_PANTRY_KEY);
    else window.localStorage.setItem(DEVICE_PANTRY_KEY, JSON.stringify(pantry));
  } catch {
    // Storage off or full: the page works from its address alone.
  }
}
