import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { browserScripts } from "./vite-plugins/browser-scripts.ts";
import { dependencyChangePlugin } from "./vite-plugins/dependency-changes.ts";
import { reactDomStringChunks } from "./vite-plugins/react-dom-string-chunks.ts";
import { reactRouterScriptsAfterLoad } from "./vite-plugins/react-router-scripts-after-load.ts";

export default defineConfig({
  plugins: [
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    reactRouter(),
    dependencyChangePlugin(reactDomStringChunks),
    dependencyChangePlugin(reactRouterScriptsAfterLoad),
    // The service worker and the offline page's script, each bundled into one script's text (decision 0043).
    browserScripts({
      "virtual:service-worker": "app/offline/service-worker.ts",
      "virtual:offline-page-script": "app/offline/offline-page-script.ts",
      // The inline script that starts a page's JavaScript after the page has loaded (decision 0045).
      "virtual:start-scripts-after-load": "app/lib/page-scripts/start-scripts-after-load.ts",
    }),
  ],
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // A page loads a handful of scripts instead of about twenty: React and React Router in one
            // chunk that changes only with their versions, our modules that two or more routes share in
            // another, and each route's own module. Split by import alone, the shared modules were a dozen
            // chunks of a few hundred bytes each, every one a request of its own that a slow phone's
            // connection waits for (decision 0027). Only what a page loads at once goes in a group
            // (`$initial`): a library that only a part loaded later needs (valibot, for the cooking timers a
            // recipe page reads back from the device) stays in that part, not in every page's framework chunk.
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules\/(?!valibot\/)/, tags: ["$initial"], priority: 2 },
                {
                  name: "shared",
                  test: /\/app\/(?!(?:lib|components)\/shopping-list\/)/,
                  minShareCount: 2,
                  priority: 1,
                },
                // The schema library (valibot) in a chunk of its own: the shopping list page loads it, a recipe
                // page only when it reads stored timers back or on the first "Auf die Einkaufsliste" without an
                // account; no page's first load needs it otherwise (decision 0041).
                { name: "valibot", test: /node_modules\/valibot\//, priority: 0 },
                // The shopping list's own code, for its page and the recipe and search pages' first add.
                { name: "shopping-list", test: /\/app\/lib\/shopping-list\//, priority: 0 },
              ],
            },
          },
        },
      },
    },
  },
});
