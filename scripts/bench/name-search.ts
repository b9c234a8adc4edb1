/**
 * The name search as a page isolate runs it, part by part:
 * `npx node --expose-gc scripts/bench/name-search.ts <recipes>...` opens a
 * published synthetic catalog (published-store.ts) through the catalog cache
 * and times `searchRecipes` and its first page for the common words and for
 * varied ones, in CPU time of the process (the machine is shared: wall time
 * stretches with its load), and the search index's part alone. The rest of a
 * query is the direct name scan and putting the two together. With
 * `--cpu-prof`, Node writes a profile of the whole run.
 */
import { createCatalogCache } from "../../catalog/view/catalog-cache.server.ts";
import { searchRecipes } from "../../catalog/view/queries.ts";
import { COMMON_SEARCH_TERMS, seedIngredients } from "./catalog.ts";
import { publishedStore } from "./published-store.ts";
import { percentile } from "./statistics.ts";

/** What a page shows of a search. */
const PAGE_SIZE = 24;
/** Rounds of the common words measured, after one to warm up. */
const ROUNDS = 12;

const gc = (globalThis as { gc?: () => void }).gc;
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const round = (ms: number) => Math.round(ms * 100) / 100;

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: round(percentile(sorted, 0.5)), p99: round(percentile(sorted, 0.99)), max: round(sorted.at(-1) ?? 0) };
}

for (const recipes of process.argv.slice(2).map(Number)) {
  const store = await publishedStore(recipes);
  gc?.();
  const view = await createCatalogCache().get(store);
  if (!view) throw new Error("bench: nothing was published");
  const heapBefore = process.memoryUsage();
  let started = cpuMs();
  const first = (await searchRecipes(view, "suppe")).slice(0, PAGE_SIZE);
  const firstMs = cpuMs() - started;
  if (first.length === 0) throw new Error("bench: suppe found nothing");
  // What the Worker does after its answers, untimed as there: every slice of the name signatures.
  while (view.afterAnswer()) {}

  // Per word: the whole search and its first page, and the index's part alone (prepared, searched, sliced).
  const whole = new Map<string, number[]>(COMMON_SEARCH_TERMS.map((term) => [term, []]));
  const indexOnly = new Map<string, number[]>(COMMON_SEARCH_TERMS.map((term) => [term, []]));
  for (let roundNumber = 0; roundNumber <= ROUNDS; roundNumber++) {
    for (const term of COMMON_SEARCH_TERMS) {
      started = cpuMs();
      (await searchRecipes(view, term)).slice(0, PAGE_SIZE);
      const wholeMs = cpuMs() - started;
      started = cpuMs();
      const index = await view.searchIndex(term);
      index.search(term).slice(0, PAGE_SIZE);
      const indexMs = cpuMs() - started;
      if (roundNumber > 0) {
        whole.get(term)?.push(wholeMs);
        indexOnly.get(term)?.push(indexMs);
      }
    }
  }
  const varied = seedIngredients.flatMap((ingredient) => [ingredient.name, ingredient.name.slice(0, 4)]);
  const variedTimes: number[] = [];
  const variedByTerm: [string, number][] = [];
  for (const term of varied) {
    started = cpuMs();
    (await searchRecipes(view, term)).slice(0, PAGE_SIZE);
    variedTimes.push(cpuMs() - started);
    variedByTerm.push([term, round(variedTimes.at(-1) ?? 0)]);
  }
  gc?.();
  gc?.();
  const heapAfter = process.memoryUsage();
  const perWord = Object.fromEntries(
    COMMON_SEARCH_TERMS.map((term) => [
      term,
      `${summary(whole.get(term) ?? []).p50}, max ${summary(whole.get(term) ?? []).max} (index alone ${summary(indexOnly.get(term) ?? []).p50})`,
    ]),
  );
  console.log(
    JSON.stringify(
      {
        recipes,
        firstSearchCpuMs: round(firstMs),
        common: summary([...whole.values()].flat()),
        commonIndexOnly: summary([...indexOnly.values()].flat()),
        varied: summary(variedTimes),
        perWordP50: perWord,
        slowestVaried: variedByTerm.sort((a, b) => b[1] - a[1]).slice(0, 6),
        heapMb: round((heapAfter.heapUsed - heapBefore.heapUsed) / 1024 / 1024),
        arrayBuffersMb: round((heapAfter.arrayBuffers - heapBefore.arrayBuffers) / 1024 / 1024),
      },
      null,
      1,
    ),
  );
}
