import { type ReactNode, useMemo, useState } from "react";
import { useHydrated } from "../lib/hooks/use-hydrated.ts";
import { useWakeLock, wakeLockSupported } from "../lib/hooks/use-wake-lock.ts";
import { type CookingMode, CookingModeContext, useCookingMode } from "./cooking-mode-context.ts";

/**
 * Holds cooking mode for the recipe page, where the switch (in the action
 * row) and the steps it changes sit in different parts of the card. Ticked
 * steps survive switching the mode off and on; give the provider the recipe's
 * slug as `key` so another recipe starts afresh.
 */
export function CookingModeProvider({ children }: { children: ReactNode }) {
  const [on, setOn] = useState(false);
  const [done, setDone] = useState<ReadonlySet<number>>(() => new Set());
  const wakeLock = useWakeLock(on);
  const value = useMemo<CookingMode>(
    () => ({
      on,
      setOn,
      done,
      toggleStep: (index) =>
        setDone((previous) => {
          const next = new Set(previous);
          if (!next.delete(index)) next.add(index);
          return next;
        }),
      wakeLock,
    }),
    [on, done, wakeLock],
  );
  return <CookingModeContext value={value}>{children}</CookingModeContext>;
}

/**
 * Whether the switch is offered: only once JavaScript runs, and only where
 * the browser can keep the screen on, which is the point of the mode.
 */
export function useCookingModeOffered(): boolean {
  const hydrated = useHydrated();
  return useCookingMode() !== null && hydrated && wakeLockSupported();
}

/** The "Kochmodus" switch: a toggle button, pressed while the mode is on. */
export function CookingModeSwitch() {
  const mode = useCookingMode();
  const offered = useCookingModeOffered();
  if (!mode || !offered) return null;
  return (
    <button
      type="button"
      className="tool-button cooking-switch"
      aria-pressed={mode.on}
      onClick={() => mode.setOn(!mode.on)}
    >
      <span className="switch-track" aria-hidden="true">
        <span className="switch-thumb" />
      </span>
      Kochmodus
    </button>
  );
}

/**
 * Says so when the browser would not keep the screen on. The mode stays on:
 * large steps and ticking them off still help. A status region, present
 * (empty) from the start, so screen readers announce the text when it comes.
 */
export function CookingModeHint() {
  const mode = useCookingMode();
  const offered = useCookingModeOffered();
  if (!mode || !offered) return null;
  return (
    <p className="tool-status" role="status">
      {mode.on && mode.wakeLock === "refused"
        ? "Der Bildschirm kann trotzdem ausgehen: Dein Gerät lässt ihn gerade nicht an."
        : null}
    </p>
  );
}
