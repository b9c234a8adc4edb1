import script from "virtual:start-scripts-after-load";

/** start-scripts-after-load.ts, bundled at build time; the server alone holds it and writes it into each page. */
export const START_SCRIPTS_AFTER_LOAD: string = script;
