/**
 * What the steps need to know of cooking mode, apart from the mode itself
 * (cooking-mode.tsx): recipe cards in lists render the same steps, and this
 * keeps the wake lock and the switch out of the lists' scripts.
 */
import { createContext, useContext } from "react";
import type { WakeLockState } from "../lib/hooks/use-wake-lock.ts";

/** Cooking mode of one recipe page: on or off, the steps ticked off, and the screen's wake lock. */
export interface CookingMode {
  on: boolean;
  setOn: (on: boolean) => void;
  /** Indexes of the steps the cook has ticked off. */
  done: ReadonlySet<number>;
  toggleStep: (index: number) => void;
  wakeLock: WakeLockState;
}

// null outside a provider: recipe cards in lists have no cooking mode.
export const CookingModeContext = createContext<CookingMode | null>(null);

/** Cooking mode of the page, or null where there is none (lists). */
export function useCookingMode(): CookingMode | null {
  return useContext(CookingModeContext);
}
