import { useEffect, useState } from "react";

/**
 * Where the screen wake lock stands: not wanted, asked for, held, or refused
 * by the browser (battery saver, a permission policy, the page hidden at the
 * wrong moment), in which case the screen may still turn off.
 */
export type WakeLockState = "off" | "requesting" | "held" | "refused";

/** Whether this browser has the Screen Wake Lock API (false on the server). */
export function wakeLockSupported(): boolean {
  return typeof navigator !== "undefined" && "wakeLock" in navigator;
}

/**
 * Keeps the screen on while `wanted` is true. Browsers drop the lock whenever
 * the page is hidden (another tab, the screen locked), so it is asked for
 * again each time the page becomes visible; it is released when `wanted`
 * turns false or the component unmounts.
 */
export function useWakeLock(wanted: boolean): WakeLockState {
  const [state, setState] = useState<WakeLockState>("off");

  useEffect(() => {
    if (!wanted || !wakeLockSupported()) return;
    // False once this effect is cleaned up: a lock granted after that is given back at once.
    let current = true;
    let sentinel: WakeLockSentinel | undefined;
    // One request at a time: a visibility change while one is on its way must not add a second lock.
    let asking = false;

    async function acquire() {
      if (asking || sentinel || document.visibilityState !== "visible") return;
      asking = true;
      try {
        const lock = await navigator.wakeLock.request("screen");
        if (!current) {
          await lock.release();
          return;
        }
        sentinel = lock;
        lock.addEventListener("release", () => {
          if (sentinel !== lock) return;
          sentinel = undefined;
          // Hidden: expected, taken again on return. Visible: the system took it
          // (battery saver switched on), so the screen may turn off after all.
          if (current && document.visibilityState === "visible") setState("refused");
        });
        setState("held");
      } catch {
        if (current) setState("refused");
      } finally {
        asking = false;
      }
    }

    const onVisibilityChange = () => void acquire();
    setState("requesting");
    document.addEventListener("visibilitychange", onVisibilityChange);
    void acquire();
    return () => {
      current = false;
      document.removeEventListener("visibilitychange", onVisibilityChange);
      // A lock the browser already dropped resolves release() without effect.
      sentinel?.release().catch(() => {});
      sentinel = undefined;
    };
  }, [wanted]);

  return wanted ? state : "off";
}
