import { useSyncExternalStore } from "react";

// Nothing ever changes after hydration, so there is nothing to subscribe to.
const subscribeToNothing = () => () => {};

/**
 * Whether this render runs in the browser after hydration. The server and the
 * hydrating render both see false, so their HTML agrees; React renders again
 * with true right after. For controls that do nothing until JavaScript runs.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
