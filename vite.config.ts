import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import type { ChunkingContext } from "rolldown";
import { defineConfig } from "vite";
import { browserScripts } from "./vite-plugins/browser-scripts.ts";
import { dependencyChangePlugin } from "./vite-plugins/dependency-changes.ts";
import { reactDomStringChunks } from "./vite-plugins/react-dom-string-chunks.ts";
import { reactRouterScriptsAfterLoad } from "./vite-plugins/react-router-scripts-after-load.ts";

/**
 * Parts that only some pages show, each in a chunk of its own rather than in `shared`, which every page loads:
 * a module goes into the first part whose pages are the only ones that import it (directly or through other
 * modules). Held in `shared`, these were half of it, downloaded by the shopping list and the legal pages too,
 * and took three routes over decision 0046's 25 KB of our own.
 */
const PAGE_PARTS = [
  // The recipe page's own parts (cooking mode, timers, the tools, the servings stepper): the recipe route and
  // the editors' preview render the same page (app/components/recipe-page.tsx).
  { chunk: "recipe-page", routes: /\/app\/routes\/recipe(?:-preview)?\.tsx(?:\?|$)/ },
  // „Auf die Einkaufsliste“: on the recipe pages and the ingredient search's missing ingredients.
  { chunk: "add-to-list", routes: /\/app\/routes\/(?:recipe|recipe-preview|ingredient-search)\.tsx(?:\?|$)/ },
  // The recipe list of the category, saved recipes and search pages.
  { chunk: "recipe-lists", routes: /\/app\/routes\/(?:category|saved-recipes|search)\.tsx(?:\?|$)/ },
  // The head of the pages whose address is their path (the legal pages, about us, the home page).
  { chunk: "static-pages", routes: /\/app\/routes\/(?:home|imprint|privacy|about)\.tsx(?:\?|$)/ },
] as const;

/** V8's magic comment that marks a whole script for eager compilation; it must be the file's first line. */
const COMPILE_ALL_ON_LOAD = "//# allFunctionsCalledOnLoad";

/** The entries (route modules, the root, the client entry) that import `id`, directly or through other modules. */
function entriesImporting(id: string, ctx: ChunkingContext): string[] {
  const entries = new Set<string>();
  const seen = new Set<string>();
  const visit = (current: string) => {
    if (seen.has(current)) return;
    seen.add(current);
    const info = ctx.getModuleInfo(current);
    if (!info) return;
    if (info.isEntry) entries.add(current);
    for (const importer of info.importers) visit(importer);
  };
  visit(id);
  return [...entries];
}

/**
 * The chunk of PAGE_PARTS that `id` belongs to, if any; `own` for a module that one entry alone imports
 * (statically): it stays in that entry's chunk. Such a module is shared only with a part of the same route
 * loaded later (the ingredient filter's word matching), and no group should take it to other pages.
 */
function pagePartOf(id: string, ctx: ChunkingContext): string | undefined {
  const entries = entriesImporting(id, ctx);
  if (entries.length === 0) return undefined;
  if (entries.length === 1) return "own";
  return PAGE_PARTS.find((part) => entries.every((entry) => part.routes.test(entry)))?.chunk;
}

/**
 * A group per page part. A group takes its modules' imports along, so the parts come after `shared` (which
 * has taken what other pages import too) and a wider part before a narrower one: the recipe page's tools
 * import the shopping list button, which would otherwise go with them.
 */
const pagePartGroups = PAGE_PARTS.map((part, index) => ({
  name: (id: string, ctx: ChunkingContext) => (pagePartOf(id, ctx) === part.chunk ? part.chunk : null),
  test: /\/(?:app|catalog)\//,
  minShareCount: 2,
  priority: 1 + index,
}));

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
            // V8's explicit compile hint (Chrome 136 on): the framework chunk is compiled whole as it streams in,
            // off the main thread. Compiled lazily, each of its functions hydration calls first was compiled on
            // the main thread, in hydration's tasks: about 50 ms of a load's main thread on this host, 700 ms on
            // the low-tier target (decision 0059). After minification, which would drop a comment.
            postBanner: (chunk) => (chunk.name === "framework" ? COMPILE_ALL_ON_LOAD : ""),
            // A page loads a handful of scripts instead of about twenty: React and React Router in one
            // chunk that changes only with their versions, our modules that two or more routes share in
            // another (catalog/'s too: the category names were a chunk of their own on every page), the
            // parts only some pages show (PAGE_PARTS) and each route's own module. Split by import alone, the shared modules were a dozen
            // chunks of a few hundred bytes each, every one a request of its own that a slow phone's
            // connection waits for (decision 0027). Only what a page loads at once goes in a group
            // (`$initial`): a library that only a part loaded later needs (valibot, for the cooking timers a
            // recipe page reads back from the device) stays in that part, not in every page's framework chunk.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules\/(?!valibot\/)/,
                  tags: ["$initial"],
                  priority: PAGE_PARTS.length + 2,
                },
                {
                  name: (id: string, ctx: ChunkingContext) => (pagePartOf(id, ctx) ? null : "shared"),
                  test: /\/(?:app\/(?!lib\/shopping-list\/|lib\/week-plan\/(?!plan-(?:limits|fields)))|catalog\/)/,
                  minShareCount: 2,
                  priority: PAGE_PARTS.length + 1,
                },
                ...pagePartGroups,
                // The schema library (valibot) in a chunk of its own: the shopping list page loads it, a recipe
                // page only when it reads stored timers back or on the first "Auf die Einkaufsliste" without an
                // account; no page's first load needs it otherwise (decision 0041).
                { name: "valibot", test: /node_modules\/valibot\//, priority: 0 },
                // The shopping list's own code, for its page and the recipe and search pages' first add.
                { name: "shopping-list", test: /\/app\/lib\/shopping-list\//, priority: 0 },
                // The week plan's own code, for its page and the recipe page's first "Zum Wochenplan" (decision
                // 0070); its days' and form fields' names (plan-limits.ts, plan-fields.ts) are small and shared like any
                // other module.
                { name: "week-plan", test: /\/app\/lib\/week-plan\/(?!plan-(?:limits|fields))/, priority: 0 },
              ],
            },
          },
        },
      },
    },
  },
});
