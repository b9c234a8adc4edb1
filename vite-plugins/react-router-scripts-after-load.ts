import { DEFERRED_MODULE_TYPE } from "../app/lib/page-scripts/deferred-module.ts";
import type { DependencyChange } from "./dependency-changes.ts";

/** In front of each link element the change keeps from being written: `false && …` renders nothing. */
const NOT_WRITTEN = "/* no module preload: decision 0045 */ false && ";

/**
 * React Router's <Scripts>, changed so that a page asks for no script while
 * it loads (decision 0045). Every page is whole without JavaScript; its
 * scripts (about 120 KB gzipped) only make it livelier, and while the page
 * loads they share a slow connection with the stylesheet and the largest
 * image. <Scripts> writes no module preloads, and writes its module script
 * (the route modules' imports and the client entry's) with a type no
 * browser runs; the page's own start script
 * (app/lib/page-scripts/start-scripts-after-load.ts) runs it after `load`.
 * React Router has no option for either.
 *
 * The module file of the client and of the server build alike, so the
 * hydrating render writes what the server wrote.
 */
export const reactRouterScriptsAfterLoad: DependencyChange = {
  name: "react-router-scripts-after-load",
  package: "react-router",
  file: /[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]dom[\\/]ssr[\\/]components\.js$/,
  decision: "decision 0045",
  changes: [
    // The route manifest's preload (written only when route discovery is off).
    {
      find: `!enableFogOfWar ? /* @__PURE__ */ React$1.createElement("link", {\n\t\trel: "modulepreload",\n\t\thref: manifest.url,`,
      replace: `!enableFogOfWar ? ${NOT_WRITTEN}React$1.createElement("link", {\n\t\trel: "modulepreload",\n\t\thref: manifest.url,`,
    },
    // The client entry's preload.
    {
      find: `/* @__PURE__ */ React$1.createElement("link", {\n\t\trel: "modulepreload",\n\t\thref: manifest.entry.module,`,
      replace: `${NOT_WRITTEN}React$1.createElement("link", {\n\t\trel: "modulepreload",\n\t\thref: manifest.entry.module,`,
    },
    // The preloads of the entry's imports and of the page's route modules.
    {
      find: `preloads.map((path) => /* @__PURE__ */ React$1.createElement("link", {\n\t\tkey: path,\n\t\trel: "modulepreload",`,
      replace: `${NOT_WRITTEN}preloads.map((path) => React$1.createElement("link", {\n\t\tkey: path,\n\t\trel: "modulepreload",`,
    },
    // The module script, as data until the start script runs it.
    {
      find: `dangerouslySetInnerHTML: { __html: routeModulesScript },\n\t\t\ttype: "module",`,
      replace: `dangerouslySetInnerHTML: { __html: routeModulesScript },\n\t\t\ttype: ${JSON.stringify(DEFERRED_MODULE_TYPE)},`,
    },
  ],
};
