/**
 * Where this browser keeps the pantry (device-pantry.ts), in a module of its
 * own: the week plan page sends the stored text as it is to the server, which
 * reads it with parsePantry, and must not carry the pantry's code (with the
 * search's word rules) to do so (decision 0070).
 */
export const DEVICE_PANTRY_KEY = "wkij-vorrat";

/** The stored pantry's text, or null when there is none or storage is blocked. Never throws. */
export function readDevicePantryText(): string | null {
  try {
    return window.localStorage.getItem(DEVICE_PANTRY_KEY);
  } catch {
    return null;
  }
}
