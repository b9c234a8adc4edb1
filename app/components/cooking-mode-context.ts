/**
 * Cooking mode as the recipe page's parts see it: the switch and the
 * provider (cooking-mode.tsx) and the steps with their timers
 * (cooking-steps.tsx) sit in different parts of the card.
 */
import { createContext, useContext } from "react";
import type { CookingTimers } from "../lib/hooks/use-cooking-timers.ts";
import type { WakeLockState } from "../lib/hooks/use-wake-lock.ts";

/** Cooking mode of one recipe page: on or off, the steps ticked off, the screen's wake lock and the timers. */
export interface CookingMode {
  on: boolean;
  setOn: (on: boolean) => void;
  /** Indexes of the steps the cook has ticked off. */
  done: ReadonlySet<number>;
  toggleStep: (index: number) => void;
  wakeLock: WakeLockState;
  /** The seconds of each step's timers, from the durations its text names (read on the server). */
  stepTimers: readonly (readonly number[])[];
  timers: CookingTimers;
}

// null outside a provider: recipe cards in lists have no cooking mode.
export const CookingModeContext = createContext<CookingMode | null>(null);

/** Cooking mode of the page, or null where there is none (lists). */
export function useCookingMode(): CookingMode | null {
  return useContext(CookingModeContext);
}
