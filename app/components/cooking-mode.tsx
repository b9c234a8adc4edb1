import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useCookingTimers } from "../lib/hooks/use-cooking-timers.ts";
import { useHydrated } from "../lib/hooks/use-hydrated.ts";
import { useWakeLock, wakeLockSupported } from "../lib/hooks/use-wake-lock.ts";
import { prepareAlarm } from "../lib/recipes/timer-alarm.ts";
import { type CookingMode, CookingModeContext, useCookingMode } from "./cooking-mode-context.ts";
import { CookingTimerBar } from "./cooking-timer-bar.tsx";

/**
 * Holds cooking mode for the recipe page, where the switch (in the action
 * row) and the steps it changes sit in different parts of the card. Ticked
 * steps survive switching the mode off and on; give the provider the recipe's
 * slug as `key` so another recipe starts afresh.
 *
 * The timers outlive the mode: they are kept on the device for a reload, and
 * their bar shows whenever there are any, in cooking mode or not (after a
 * reload the page starts with the mode off, and switching it on by itself
 * would move the whole page). A running timer never disappears from view.
 */
export function CookingModeProvider({
  slug,
  stepTimers,
  children,
}: {
  slug: string;
  stepTimers: readonly (readonly number[])[];
  children: ReactNode;
}) {
  const [on, setOn] = useState(false);
  const [done, setDone] = useState<ReadonlySet<number>>(() => new Set());
  const wakeLock = useWakeLock(on);
  const timers = useCookingTimers(slug);
  const hasTimers = timers.list.length > 0;

  // Timers kept from before a reload run without a press that readied the sound: the next press anywhere does.
  useEffect(() => {
    if (!hasTimers) return;
    const options = { capture: true, once: true };
    document.addEventListener("pointerdown", prepareAlarm, options);
    document.addEventListener("keydown", prepareAlarm, options);
    return () => {
      document.removeEventListener("pointerdown", prepareAlarm, options);
      document.removeEventListener("keydown", prepareAlarm, options);
    };
  }, [hasTimers]);

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
      stepTimers,
      timers,
    }),
    [on, done, wakeLock, stepTimers, timers],
  );
  return (
    <CookingModeContext value={value}>
      {children}
      {/* In the page's own script, not loaded on demand: once the page is there, timers work without a connection. */}
      {hasTimers ? <CookingTimerBar timers={timers} /> : null}
    </CookingModeContext>
  );
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
