import { startTransition, useEffect, useState } from "react";

/**
 * Whether this render runs in the browser after hydration. The server and the
 * hydrating render both see false, so their HTML agrees; React renders again
 * with true right after. For controls that do nothing until JavaScript runs.
 *
 * The render with true is a transition, in tasks of its own that React cuts into slices (decision 0059). As
 * `useSyncExternalStore` with a server snapshot of false, it was a synchronous render and commit of every such
 * control and all it holds, in the one task that also ran all of the page's effects: the longest task of the
 * recipe page's hydration. A component mounted by a client navigation also starts with false now, and shows
 * its controls a render later.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    startTransition(() => setHydrated(true));
  }, []);
  return hydrated;
}
