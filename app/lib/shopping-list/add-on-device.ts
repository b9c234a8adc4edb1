/**
 * What "Auf die Einkaufsliste" does for a visitor without an account once the
 * server has worked out the recipe's entries: keep them on the device, and
 * say how that went. Loaded on the first press only (add-to-shopping-list.tsx),
 * so recipe and search pages do not carry the list's code.
 */
import { changeDeviceList } from "./device-list.ts";
import { DEVICE_NOT_STORED_TEXT, LIST_FULL_TEXT } from "./list-notices.ts";
import type { ShoppingEntry } from "./stored-list.ts";

/** Adds `entries` to the device's list; the German problem to show, or null when they are stored. */
export function addOnDevice(entries: ShoppingEntry[]): string | null {
  const change = changeDeviceList({ kind: "add", entries });
  if (!change.ok) return LIST_FULL_TEXT;
  return change.stored ? null : DEVICE_NOT_STORED_TEXT;
}
