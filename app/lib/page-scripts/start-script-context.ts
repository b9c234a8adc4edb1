import { createContext, useContext } from "react";

/**
 * The text of the page's own inline start script (start-scripts-after-load.ts),
 * given by the server's entry. Empty in the browser: the script has run by
 * the time React hydrates, and its text need not be in every page's bundle.
 */
export const StartScriptContext = createContext("");

/** The start script's text on the server, "" in the browser. */
export function useStartScript(): string {
  return useContext(StartScriptContext);
}
