import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { browserScripts } from "./vite-plugins/browser-scripts.ts";
import { dependencyChangePlugin } from "./vite-plugins/dependency-changes.ts";
import { reactDomStringChunks } from "./vite-plugins/react-dom-string-chunks.ts";
import { reactRouterScriptPriority } from "./vite-plugins/react-router-script-priority.ts";

export default defineConfig({
  plugins: [
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    reactRouter(),
    dependencyChangePlugin(reactDomStringChunks),
    dependencyChangePlugin(reactRouterScriptPriority),
    // The service worker and the offline page's script, each bundled into one script's text (decision 0043).
    browserScripts({
      "virtual:service-worker": "app/offline/service-worker.ts",
      "virtual:offline-page-script": "app/offline/offline-page-script.ts",
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
            // connection waits for (decision 0027).
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules/, priority: 2 },
                { name: "shared", test: /\/app\//, minShareCount: 2, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
