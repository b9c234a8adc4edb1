/**
 * One value this browser keeps in localStorage for a page (the shopping
 * list, the week plan): read through the caller's parser (anything stored
 * is untrusted), written whole after each change, and followed across open
 * tabs through the browser's `storage` event. Browser only; the server never
 * sees it. Storage that is blocked or full is "not available", never an error.
 */

export interface DeviceValue<T> {
  /** The value as stored now; the same stored text gives the same object (useSyncExternalStore wants that). */
  read(): T;
  /** Calls `listener` when the value changes, in this tab or another; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Stores `text` (null: removes the value); false when the browser refused. Tells this tab's listeners. */
  write(text: string | null): boolean;
}

function storage(): Storage | undefined {
  try {
    // Reading the property itself throws where storage is blocked.
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The value under `key`; `parse` turns the stored text (null: none) into it, `unavailable` is it without storage. */
export function deviceValue<T>(key: string, parse: (stored: string | null) => T, unavailable: T): DeviceValue<T> {
  const listeners = new Set<() => void>();
  let cached: { stored: string | null; value: T } | undefined;
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    read() {
      const store = storage();
      if (!store) return unavailable;
      let stored: string | null;
      try {
        stored = store.getItem(key);
      } catch {
        return unavailable;
      }
      if (cached?.stored !== stored) cached = { stored, value: parse(stored) };
      return cached.value;
    },
    subscribe(listener) {
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener();
      };
      listeners.add(listener);
      window.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener("storage", onStorage);
      };
    },
    write(text) {
      let stored = false;
      try {
        const store = storage();
        if (store) {
          if (text === null) store.removeItem(key);
          else store.setItem(key, text);
          stored = true;
        }
      } catch {
        stored = false;
      }
      notify();
      return stored;
    },
  };
}
