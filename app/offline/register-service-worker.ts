/**
 * The page's side of the service worker (decision 0043), kept small: it is
 * in every page's scripts.
 */
import { SERVICE_WORKER_PATH, SIGNED_OUT_MESSAGE } from "./offline-caches.ts";

/**
 * Registers the service worker once the page has loaded, so it never
 * competes with what the page shows. `updateViaCache: "none"`: the browser
 * asks the Worker for the script on every check, never its HTTP cache, so a
 * deploy reaches the visitor's next page load.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_PATH, { updateViaCache: "none" }).catch(() => {
      // The site works without it (a private window may refuse it): nothing to tell the visitor.
    });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

/** Tells the service worker that the visitor signs out, so the account's kept pages go at once. */
export function tellServiceWorkerSignedOut(): void {
  navigator.serviceWorker?.controller?.postMessage(SIGNED_OUT_MESSAGE);
}
