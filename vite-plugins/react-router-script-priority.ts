import type { DependencyChange } from "./dependency-changes.ts";

/**
 * React Router's <Scripts>, changed to ask for its module preloads at low
 * priority (decision 0031). Every page is whole without JavaScript; its
 * scripts (about 125 KB) only make it livelier. At the browser's default
 * (high) they share a slow connection with the stylesheet and the page's
 * largest image, and hold up the first paint; at low priority they come
 * after what the visitor sees. React Router has no option for it.
 *
 * The module file of the client and of the server build alike, so the
 * hydrated links match the server's.
 */
export const reactRouterScriptPriority: DependencyChange = {
  name: "react-router-script-priority",
  package: "react-router",
  file: /[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]dom[\\/]ssr[\\/]components\.js$/,
  decision: "decision 0031",
  // The three module preloads of <Scripts>: the route manifest, the client entry, and the page's modules.
  changes: ["manifest.url", "manifest.entry.module", "path"].map((href) => ({
    find: `rel: "modulepreload",\n\t\thref: ${href},`,
    replace: `rel: "modulepreload",\n\t\tfetchPriority: "low",\n\t\thref: ${href},`,
  })),
};
