import { useEffect } from "react";

/** Where the last reload was asked for and when, so a page that fails again is not loaded in a circle. */
const RELOAD_KEY = "wkij-offline-neu-geladen";
const RELOAD_AGAIN_AFTER_MS = 10_000;

/**
 * Turns a navigation inside the page that failed for want of a network into
 * a page load of the same address. React Router fetches a page's data (and
 * its routes) for such a navigation; without a connection that fails with a
 * TypeError from `fetch`, and the error page would show. A page load goes
 * through the service worker instead, which answers with its kept copy or
 * the offline page (decision 0043). Any TypeError counts while the browser
 * says it is online too: a connection can be gone without the browser
 * knowing. At most once per address in ten seconds; React Router has moved
 * to the failed address by the time its error page shows.
 */
export function useReloadWhenOffline(error: unknown): void {
  useEffect(() => {
    if (!(error instanceof TypeError) && navigator.onLine) return;
    const address = window.location.href;
    try {
      const [at, last] = (sessionStorage.getItem(RELOAD_KEY) ?? "").split(" ");
      if (last === address && Date.now() - Number(at) < RELOAD_AGAIN_AFTER_MS) return;
      sessionStorage.setItem(RELOAD_KEY, `${Date.now()} ${address}`);
    } catch {
      // Without session storage there is no guard against a circle: stay on the error page.
      return;
    }
    window.location.reload();
  }, [error]);
}
