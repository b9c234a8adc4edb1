/**
 * The shopping list on this device: one localStorage entry, read through the
 * schema of stored-list.ts (anything else in it is left out and named), and
 * written whole after each change. Open tabs follow each other through the
 * browser's `storage` event. Browser only; the server never sees it.
 *
 * Visitors without an account keep their list here. Signed in, the list lives
 * in the account, and what is here moves there once (decision 0041).
 */
import type { ListOperation, OperationResult } from "./operations.ts";
import { applyOperation } from "./operations.ts";
import { type ListProblem, parseStoredList, type ShoppingEntry, serializeList } from "./stored-list.ts";

const STORAGE_KEY = "wkij-einkaufsliste";

export interface DeviceList {
  entries: ShoppingEntry[];
  /** Why something stored was left out. */
  problem: ListProblem | null;
  /** False when the browser lets the site store nothing (a setting, some private modes). */
  available: boolean;
}

const UNAVAILABLE: DeviceList = { entries: [], problem: null, available: false };
const listeners = new Set<() => void>();
/** The last text read and what it gave: the same text is the same object (useSyncExternalStore wants that). */
let cached: { stored: string | null; list: DeviceList } | undefined;

function storage(): Storage | undefined {
  try {
    // Reading the property itself throws where storage is blocked.
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The list as stored now. Never throws. */
export function readDeviceList(): DeviceList {
  const store = storage();
  if (!store) return UNAVAILABLE;
  let stored: string | null;
  try {
    stored = store.getItem(STORAGE_KEY);
  } catch {
    return UNAVAILABLE;
  }
  if (cached?.stored !== stored) cached = { stored, list: { ...parseStoredList(stored), available: true } };
  return cached.list;
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` when the list changes, in this tab or another; returns the unsubscribe. */
export function subscribeDeviceList(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** What a change to the device's list came to; `stored` false: the browser refused to store it (full, blocked). */
export type DeviceChange = OperationResult & { stored: boolean };

/** Applies `operation` to the stored list and stores the result. */
export function changeDeviceList(operation: ListOperation): DeviceChange {
  const result = applyOperation(readDeviceList().entries, operation);
  if (!result.ok) return { ...result, stored: false };
  const store = storage();
  let stored = false;
  try {
    if (store) {
      if (result.entries.length === 0) store.removeItem(STORAGE_KEY);
      else store.setItem(STORAGE_KEY, serializeList(result.entries));
      stored = true;
    }
  } catch {
    stored = false;
  }
  notify();
  return { ...result, stored };
}

/** Empties the device's list (after it moved into the account). */
export function clearDeviceList(): void {
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to do: a store that refuses this held nothing we wrote.
  }
  notify();
}
