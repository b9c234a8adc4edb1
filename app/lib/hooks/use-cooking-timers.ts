import { useEffect, useMemo, useState } from "react";
import {
  type CookingTimer,
  mergeTimers,
  pauseTimer,
  removeTimer,
  restoredTimers,
  resumeTimer,
  serializeTimers,
  startTimer,
  type TimerSource,
  timersStorageKey,
} from "../recipes/cooking-timers.ts";

/** A recipe page's timers and what can be done with them. */
export interface CookingTimers {
  list: readonly CookingTimer[];
  start: (source: TimerSource & { seconds: number }) => void;
  pause: (source: TimerSource) => void;
  resume: (source: TimerSource) => void;
  /** Stops a running or paused timer, or clears one that has run out. */
  remove: (source: TimerSource) => void;
}

// Storage can be switched off, full, or refuse access (a sandboxed frame): then timers last as long as the page.
function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStored(key: string, timers: readonly CookingTimer[]): void {
  try {
    if (timers.length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, serializeTimers(timers));
  } catch {
    // Not kept for a reload, but they run.
  }
}

/**
 * The timers of the recipe `slug`, kept on the device so they survive a
 * reload. What the device holds is read once, after hydration, and only
 * when it holds something for this recipe is the reader (with its schema
 * library) loaded; nothing is written until that read is done, so a press
 * in the meantime cannot wipe the stored timers.
 */
export function useCookingTimers(slug: string): CookingTimers {
  const [list, setList] = useState<readonly CookingTimer[]>([]);
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    const raw = readStored(timersStorageKey(slug));
    if (raw === null) {
      setRestored(true);
      return;
    }
    let current = true;
    import("../recipes/stored-cooking-timers.ts")
      .then(({ parseStoredTimers }) => {
        const stored = restoredTimers(parseStoredTimers(raw), Date.now());
        if (current) setList((started) => mergeTimers(started, stored));
      })
      // The reader could not be loaded (offline, a deploy replaced it): the stored timers are lost, the page works.
      .catch(() => {})
      .finally(() => {
        if (current) setRestored(true);
      });
    return () => {
      current = false;
    };
  }, [slug]);

  useEffect(() => {
    if (restored) writeStored(timersStorageKey(slug), list);
  }, [slug, restored, list]);

  return useMemo(
    () => ({
      list,
      start: (source) => {
        const now = Date.now();
        setList((timers) => startTimer(timers, source, now));
      },
      pause: (source) => {
        const now = Date.now();
        setList((timers) => pauseTimer(timers, source, now));
      },
      resume: (source) => {
        const now = Date.now();
        setList((timers) => resumeTimer(timers, source, now));
      },
      remove: (source) => setList((timers) => removeTimer(timers, source)),
    }),
    [list],
  );
}
