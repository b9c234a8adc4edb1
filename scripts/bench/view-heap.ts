/**
 * What a page isolate's view of one version holds, structure by structure:
 * `node --expose-gc scripts/bench/view-heap.ts <recipes>...` publishes a
 * synthetic catalog of each size into a store in memory (values as bytes
 * outside the heap, as KV keeps them), opens it through the catalog cache as
 * an isolate does, then asks the view one question after another, the way
 * the page types do, and prints the heap in use after a full collection
 * following each: the growth is what that structure keeps. The bench's edge
 * part gives the whole isolate's heap in workerd; this says where it goes.
 *
 * The published stores are cached (published-store.ts). One size per process gives
 * clean figures: a size's view is garbage by the next one's.
 */
import { CATALOG_FORMAT_VERSION } from "../../catalog/recipes/types.ts";
import { createCatalogCache } from "../../catalog/view/catalog-cache.server.ts";
import type { CatalogView } from "../../catalog/view/catalog-view.ts";
import { pantryAnswer } from "../../catalog/view/pantry-queries.ts";
import {
  cardsById,
  matchIngredients,
  pickRandomRecipe,
  recipeBySlug,
  recipesOfType,
  searchRecipes,
} from "../../catalog/view/queries.ts";
import { publishedStore } from "./published-store.ts";

function collect(): { heap: number; external: number } {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("bench: run with node --expose-gc");
  gc();
  gc();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed, external: usage.arrayBuffers };
}

interface Step {
  label: string;
  run(view: CatalogView): Promise<unknown>;
}

/** The questions page types ask, in an order where each adds one structure. */
function steps(recipes: number): Step[] {
  const ids = [1, Math.round(recipes / 3), Math.round(recipes / 2), recipes];
  return [
    {
      label: "recipe page (locator shard: slug → position, then buckets)",
      run: async (view) => {
        for (const id of ids) await recipeBySlug(view, `rezept-${id}`);
      },
    },
    { label: "saved recipes (id → position)", run: (view) => cardsById(view, ids) },
    {
      label: "recipe sitemap (directory range), image route (locator shard)",
      run: async (view) => {
        for (const part of [0, 1, 2]) {
          const start = Math.floor((part * view.count) / 3);
          await view.directoryRange(start, Math.min(view.count, start + 500));
        }
        await view.hasImage("00000000-0000-4000-8000-000000000001");
      },
    },
    {
      label: "category page, filtered (traits)",
      run: async (view) => {
        const list = await recipesOfType(view, "PASTA", { diet: "vegan", maxMinutes: 20, maxKcal: null });
        await view.cardsAt(list.slice(0, 24));
      },
    },
    {
      label: "ingredient search (matching, name order, pantry)",
      run: async (view) => {
        const matches = await matchIngredients(view, ["Tomate", "Knoblauch"]);
        await view.cardsAt(matches.slice(0, 12).map((match) => match.position));
        await pantryAnswer(view, { covering: ["Tomate", "Knoblauch"], basics: ["Salz"], excluded: [] });
      },
    },
    {
      label: "name search, names only (names, pair signatures)",
      run: (view) => view.names(),
    },
    {
      label: "name search (search index)",
      run: async (view) => {
        for (const term of ["suppe", "pasta", "kürbis", "spagetti", "salat mit"]) {
          const found = await searchRecipes(view, term);
          await view.cardsAt(found.slice(0, 24).map((hit) => hit.position));
        }
      },
    },
    {
      label: "card and detail bucket caches filled (random recipes)",
      run: async (view) => {
        for (let i = 0; i < 2000; i++) await pickRandomRecipe(view);
        for (let i = 0; i < 500; i++) {
          const start = Math.floor(Math.random() * (view.count - 24));
          await view.cardsAt(Array.from({ length: 24 }, (_, offset) => start + offset));
        }
      },
    },
  ];
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);

for (const recipes of process.argv.slice(2).map(Number)) {
  const store = await publishedStore(recipes);
  const base = collect();
  const cache = createCatalogCache();
  let started = performance.now();
  const view = await cache.get(store);
  if (!view) throw new Error("bench: nothing was published");
  const rows: string[] = [];
  let last = collect();
  rows.push(
    `| meta and view | ${(performance.now() - started).toFixed(1)} | ${mb(last.heap - base.heap)} | ${mb(last.external - base.external)} |`,
  );
  for (const step of steps(recipes)) {
    started = performance.now();
    await step.run(view);
    const ms = performance.now() - started;
    const now = collect();
    rows.push(
      `| ${step.label} | ${ms.toFixed(1)} | ${mb(now.heap - last.heap)} | ${mb(now.external - last.external)} |`,
    );
    last = now;
  }
  rows.push(`| **all** | | ${mb(last.heap - base.heap)} | ${mb(last.external - base.external)} |`);
  console.log(`\n### ${recipes.toLocaleString("en")} recipes (format ${CATALOG_FORMAT_VERSION})\n`);
  console.log("| step (cumulative, in this order) | first time ms | heap MB added | array buffers MB added |");
  console.log("| --- | ---: | ---: | ---: |");
  for (const row of rows) console.log(row);
}
