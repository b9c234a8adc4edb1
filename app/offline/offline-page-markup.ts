/** The offline page's parts its inline script (offline-page-script.ts) fills in; the route (routes/offline.tsx) renders them. */
export const OFFLINE_PAGE_IDS = {
  /** "Nochmal versuchen": loads the address again. */
  retry: "offline-nochmal",
  /** The section that lists what can be read offline; hidden until the script found something. */
  kept: "offline-lesbar",
  /** Its list. */
  list: "offline-lesbar-liste",
  /** Said when nothing is kept (or the browser keeps nothing); hidden once the script found something. */
  nothing: "offline-nichts",
} as const;
