/**
 * Synthetic catalogs of a given size, built from the seed's ingredients and
 * recipe names, and the measurements the catalog promises: build time,
 * published sizes and writes, cold load time, heap, and query latencies.
 */
import { readFileSync } from "node:fs";
import { MATCHES_PER_PAGE, PAGE_SIZE } from "../../app/lib/url/pagination.ts";
import { createMemoryStore } from "../../catalog/format/memory-store.ts";
import { type CatalogStore, type Manifest, readTextBlob } from "../../catalog/format/storage.ts";
import { RECIPE_TYPES } from "../../catalog/recipes/categories.ts";
import type { CatalogRecipe } from "../../catalog/recipes/types.ts";
import { buildCatalog } from "../../catalog/sync/build-catalog.ts";
import { planVersion, publishWithoutCoordinator } from "../../catalog/sync/plan-version.ts";
import type { RawIngredientRecord } from "../../catalog/sync/validate.ts";
import { createCatalogCache } from "../../catalog/view/catalog-cache.server.ts";
import { matchIngredients, searchRecipes } from "../../catalog/view/queries.ts";
import { timeReferenceWorkloadApart } from "./reference-workload.ts";
import { percentile } from "./statistics.ts";

const seedRecipes = JSON.parse(readFileSync("cms/seed/recipes.json", "utf8")) as {
  name: string;
  description: string;
  instructionList: string[] | null;
  instructions: string;
}[];
export const seedIngredients = JSON.parse(readFileSync("cms/seed/ingredients.json", "utf8")) as RawIngredientRecord[];
const WORDS = ["Omas", "schnelle", "würzige", "leichte", "bunte", "cremige", "knusprige", "frische"];

/** Deterministic PRNG (mulberry32) so every run measures the same catalog. */
/** The name searches the catalog part times (some with typos or umlaut spellings). */
export const CATALOG_SEARCH_TERMS = [
  "suppe",
  "spatzle",
  "pasta",
  "salat mit",
  "kürbis",
  "zucchini",
  "curry",
  "spagetti",
  "ofen",
  "tomate",
];

/**
 * Searches a visitor may well make that each match a large share of the
 * catalog, timed apart from the ten above (the goal's mix): a kind
 * ("fleisch" stands for every meat recipe), ingredients nearly every recipe
 * has ("öl", "butter"), a word that lies inside many names ("ei": Reis,
 * Fleisch), a stop word, one letter, one digit (every synthetic name holds a
 * number, so "1" starts a third of the index's terms: decision 0074), and two
 * searches of several words, each common (the index scores every recipe that
 * holds any of them). Their cost is what a name search costs at worst.
 */
export const BROAD_SEARCH_TERMS = [
  "fleisch",
  "öl",
  "ei",
  "butter",
  "mit",
  "e",
  "1",
  "kartoffel suppe",
  "nudeln mit tomaten",
];
/** Timed searches of each broad term, after one untimed. */
const BROAD_SEARCH_ROUNDS = 7;

/** Those and the broad words (kinds, categories, frequent ingredients), for the search index's benches. */
export const COMMON_SEARCH_TERMS = [
  ...CATALOG_SEARCH_TERMS,
  "gemüse",
  "käse",
  "nudeln",
  "salz",
  "zwiebel knoblauch",
  "fisch",
];

export function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A synthetic catalog of `count` recipes with the seed's ingredients, as the sync would build it. */
export function syntheticCatalog(count: number) {
  return buildCatalog(syntheticRecipes(count), seedIngredients);
}

/** `count` recipes shaped like the seed: real names with variations, 3–10 ingredients each. */
export function syntheticRecipes(count: number): CatalogRecipe[] {
  const rand = random(count);
  const recipes: CatalogRecipe[] = [];
  for (let id = 1; id <= count; id++) {
    const base = seedRecipes[id % seedRecipes.length];
    if (!base) throw new Error("bench: no seed recipes");
    const word = WORDS[Math.floor(rand() * WORDS.length)];
    const ingredients = new Set<string>();
    const wanted = 3 + Math.floor(rand() * 8);
    while (ingredients.size < wanted) {
      ingredients.add(seedIngredients[Math.floor(rand() * seedIngredients.length)]?.name ?? "Salz");
    }
    const prepTime = 1 + Math.floor(rand() * 14);
    const cookTime = Math.floor(rand() * 16);
    recipes.push({
      id,
      slug: `rezept-${id}`,
      name: `${word} ${base.name} Nr. ${id}`,
      cuisine: "Deutsch",
      description: base.description,
      instructions: base.instructions,
      steps: base.instructionList ?? [],
      image: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
      recipeUrl: `https://kochbuch.example.org/rezept-${id}`,
      prepTime,
      cookTime,
      totalTime: prepTime + cookTime || 1,
      vegetarian: rand() < 0.6,
      vegan: rand() < 0.3,
      manyGuests: rand() < 0.3,
      type: RECIPE_TYPES[id % RECIPE_TYPES.length] ?? "DISH",
      published: new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString(),
      servings: 1 + (id % 6),
      ingredients: [...ingredients],
      optionalIngredients: [],
      // Lines of a typical size, so the catalog weighs what a real one would.
      ingredientLines: [...ingredients].map((name, index) => ({
        name,
        plural: index % 5 === 1 ? `${name}n` : null,
        wholePieces: false,
        amount: index % 3 === 2 ? null : 25 * (1 + (index % 8)),
        amountMax: null,
        unit: index % 3 === 2 ? null : "g",
        note: index % 4 === 0 ? "fein gehackt" : null,
        optional: false,
      })),
      // Nutrition per portion as the sync rounds it, on most recipes, so detail lines weigh what real ones would.
      nutrition:
        id % 10 === 0
          ? null
          : {
              kcal: 200 + (id % 600),
              fat: 5 + (id % 300) / 10,
              saturates: 1 + (id % 90) / 10,
              carbohydrate: 10 + (id % 700) / 10,
              sugars: 1 + (id % 150) / 10,
              protein: 5 + (id % 400) / 10,
              salt: 0.2 + (id % 250) / 100,
            },
    });
  }
  return recipes;
}

function heapUsed(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

export interface CatalogBench {
  recipes: number;
  buildMs: number;
  /** The meta: what every isolate reads on its first request. */
  metaBytes: number;
  /** Directory, names, matching, traits, name order and locator shards: each read by the pages that ask their question. */
  columnBytes: number;
  /** Card and detail buckets: read a bucket at a time for the recipes a page shows. */
  bucketBytes: number;
  indexBytes: number;
  /** KV writes of a first publish (blobs, manifest, pointer). */
  writes: number;
  /** KV writes when one recipe's description changes. */
  writesForOneChange: number;
  /** Read the meta and make the view: what every page's first request in an isolate waits for. */
  coldLoadMs: number;
  /** Find a recipe by slug (one locator shard), read the columns and build the name and ingredient lookups: spread over the first pages that ask. */
  lookupsLoadMs: number;
  /** Read and revive the search index: added to the first name search in an isolate. */
  indexLoadMs: number;
  heapMb: number;
  searchP50Ms: number;
  searchP99Ms: number;
  matchP50Ms: number;
  matchP99Ms: number;
  /** Reading the cards of a query's first page of 24 (buckets kept per isolate within 8 MB). */
  cardsP50Ms: number;
  cardsP99Ms: number;
  /**
   * Each of BROAD_SEARCH_TERMS: how many results, and the median and the highest ms of a search and its first
   * page; and the first of them in the view, untimed before (what a short term first costs an isolate).
   */
  broadSearches: { term: string; results: number; p50Ms: number; maxMs: number; firstMs?: number }[];
  /**
   * The reference workload's CPU ms (decision 0055), timed in processes of its own before the queries and after
   * them: what puts the query times on the reference host's scale.
   */
  referenceWorkloadMs: number[];
}

/** The reference workload's CPU ms, timed REFERENCE_ROUNDS times, each in a process of its own. */
function timeReferenceWorkloadRounds(): number[] {
  return Array.from({ length: REFERENCE_ROUNDS }, () => timeReferenceWorkloadApart());
}
const REFERENCE_ROUNDS = 4;

/**
 * Publishes a synthetic catalog of `count` recipes, then the same with one
 * editor's change (a new description for one recipe in the middle): the
 * build time, both publishes' KV writes and the blob sizes. The recipes are
 * dropped when it returns, so the queries after it run in a heap that holds
 * the store and the loaded version, as an isolate's would, not the whole
 * built catalog (whose garbage collections made the query times' tail).
 */
async function publishSynthetic(store: ReturnType<typeof createMemoryStore>, count: number) {
  const recipes = syntheticRecipes(count);
  const buildStarted = performance.now();
  const built = buildCatalog(recipes, seedIngredients);
  const buildMs = performance.now() - buildStarted;
  await publishWithoutCoordinator(store, built);
  const writes = store.writes;
  const changed = recipes.map((recipe) =>
    recipe.id === Math.ceil(count / 2) ? { ...recipe, description: `${recipe.description} Neu.` } : recipe,
  );
  const changedBuilt = buildCatalog(changed, seedIngredients);
  await publishWithoutCoordinator(store, changedBuilt);
  const sizes = await blobSizes(store, (await planVersion(changedBuilt)).manifest);
  return { buildMs, writes, writesForOneChange: store.writes - writes, sizes };
}

/**
 * Builds and publishes a synthetic catalog of `count` recipes into a store in
 * memory with the real publish code (publishSynthetic), loads it as an
 * isolate does (the catalog cache) and queries it. The first 50 queries warm
 * the JIT up and are not counted: an isolate answers many requests with one
 * loaded catalog.
 */
export async function benchCatalog(count: number, queries = 300): Promise<CatalogBench> {
  const store = createMemoryStore();
  const { buildMs, writes, writesForOneChange, sizes } = await publishSynthetic(store, count);

  // What an isolate does on its first request after a new version, then on its first name search.
  const heapBefore = heapUsed();
  const loadStarted = performance.now();
  const catalog = await createCatalogCache().get(store);
  if (!catalog) throw new Error("bench: nothing was published");
  const coldLoadMs = performance.now() - loadStarted;
  const lookupsStarted = performance.now();
  await Promise.all([catalog.positionOfSlug("rezept-1"), catalog.names(), catalog.ingredientLookup()]);
  const lookupsLoadMs = performance.now() - lookupsStarted;
  const indexStarted = performance.now();
  await catalog.searchIndex();
  const indexLoadMs = performance.now() - indexStarted;

  const rand = random(7);
  const terms = CATALOG_SEARCH_TERMS;
  const names = seedIngredients.map((ingredient) => ingredient.name);
  const search: number[] = [];
  const match: number[] = [];
  const cards: number[] = [];
  const warmUp = 50;
  // Timed before the queries and after them, never between: the host's speed, not a query's neighbour.
  const referenceWorkloadMs = timeReferenceWorkloadRounds();
  for (let i = 0; i < warmUp + queries; i++) {
    const term = terms[i % terms.length] ?? "suppe";
    let started = performance.now();
    const found = (await searchRecipes(catalog, term)).slice(0, PAGE_SIZE);
    if (i >= warmUp) search.push(performance.now() - started);
    // What the page then reads: the cards of its first page.
    started = performance.now();
    await catalog.cardsAt(found.map((result) => result.position));
    if (i >= warmUp) cards.push(performance.now() - started);
    const selected = Array.from({ length: 5 }, () => names[Math.floor(rand() * names.length)] ?? "Salz");
    started = performance.now();
    // The matches of the ingredient search's first page: what is not on it is never ordered.
    const matches = (await matchIngredients(catalog, selected)).slice(0, MATCHES_PER_PAGE);
    if (i >= warmUp) match.push(performance.now() - started);
    started = performance.now();
    await catalog.cardsAt(matches.map((matched) => matched.position));
    if (i >= warmUp) cards.push(performance.now() - started);
    // What the Worker does once a page is answered, untimed as there: the name signatures' next slice.
    catalog.afterAnswer();
  }
  const broadSearches = [];
  for (const term of BROAD_SEARCH_TERMS) {
    const times: number[] = [];
    let results = 0;
    let firstMs = 0;
    for (let round = 0; round <= BROAD_SEARCH_ROUNDS; round++) {
      const started = performance.now();
      const found = await searchRecipes(catalog, term);
      found.slice(0, PAGE_SIZE);
      if (round > 0) times.push(performance.now() - started);
      else firstMs = performance.now() - started;
      results = found.length;
      catalog.afterAnswer();
    }
    times.sort((a, b) => a - b);
    broadSearches.push({ term, results, p50Ms: percentile(times, 0.5), maxMs: times.at(-1) ?? 0, firstMs });
  }
  referenceWorkloadMs.push(...timeReferenceWorkloadRounds());
  search.sort((a, b) => a - b);
  match.sort((a, b) => a - b);
  cards.sort((a, b) => a - b);
  const heapMb = (heapUsed() - heapBefore) / 1024 / 1024;
  const directory = await catalog.directoryRange(0, catalog.count);
  if (new Set(Array.from({ length: catalog.count }, (_, position) => directory.slugAt(position))).size !== count) {
    throw new Error("bench: slugs are not unique");
  }

  return {
    recipes: count,
    buildMs,
    ...sizes,
    writes,
    writesForOneChange,
    coldLoadMs,
    lookupsLoadMs,
    indexLoadMs,
    heapMb,
    searchP50Ms: percentile(search, 0.5),
    searchP99Ms: percentile(search, 0.99),
    matchP50Ms: percentile(match, 0.5),
    matchP99Ms: percentile(match, 0.99),
    cardsP50Ms: percentile(cards, 0.5),
    cardsP99Ms: percentile(cards, 0.99),
    broadSearches,
    referenceWorkloadMs,
  };
}

/** The bytes of a version's blobs, by kind. */
async function blobSizes(store: CatalogStore, manifest: Manifest) {
  const bytes = async (hashes: readonly string[]) => {
    let total = 0;
    for (const hash of hashes) total += Buffer.byteLength(await readTextBlob(store, hash));
    return total;
  };
  return {
    metaBytes: await bytes([manifest.meta]),
    columnBytes: await bytes([
      ...manifest.nameOrder,
      ...manifest.directory,
      ...manifest.names,
      ...manifest.matching,
      ...manifest.traits,
      ...manifest.locator,
    ]),
    bucketBytes: await bytes([...manifest.cards, ...manifest.details]),
    indexBytes: await bytes(manifest.searchIndex),
  };
}
