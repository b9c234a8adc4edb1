import script from "virtual:offline-page-script";

/** The offline page's inline script (offline-page-script.ts, bundled at build time); the server alone holds it. */
export const OFFLINE_PAGE_SCRIPT: string = script;
