/**
 * Visitors' ratings in the published catalog (decision 0066): the
 * coordinator's real code on node:sqlite over the in-memory KV, with
 * Directus' ratings in memory (tests/stand-ins/ratings-stand-in.ts). Ratings
 * never ask for a publish; every publish (the cron's every 15 minutes, or a
 * save's) carries the ratings Directus holds then. A burst of ratings is one
 * publish; a one-recipe change of ratings writes one ratings piece, the
 * manifest and the pointer; Directus down or answering garbage for ratings
 * keeps the last good ratings and publishes the recipes all the same.
 */
import { describe, expect, it } from "vitest";
import { createMemoryStore } from "../../catalog/format/memory-store.ts";
import { type CatalogStore, POINTER_KEY, readPointer } from "../../catalog/format/storage.ts";
import { createCatalogView } from "../../catalog/view/catalog-view.ts";
import { readPublished } from "../../catalog/view/published-catalog.ts";
import { recipesOfType, searchRecipes } from "../../catalog/view/queries.ts";
import { coordinatorHarness } from "../model/coordinator-harness.ts";
import { RatingsStandIn } from "../stand-ins/ratings-stand-in.ts";
import { memorySource, RAW_INGREDIENT, rawRecipe } from "../stand-ins/raw-content.ts";

/** The cron's period (wrangler.toml `*\/15 * * * *`). */
const CRON_MS = 15 * 60 * 1000;

function setup(initialRecipes = 5) {
  let recipes = initialRecipes;
  const editions = new Map<number, number>();
  const store = createMemoryStore();
  const puts: string[] = [];
  const recording: CatalogStore = {
    ...store,
    get: store.get,
    list: store.list,
    delete: store.delete,
    put: async (key, value, options) => {
      puts.push(key);
      await store.put(key, value, options);
    },
  };
  let clock = () => Date.parse("2026-11-25T00:00:00Z");
  const ratings = new RatingsStandIn(() => clock());
  const logs: { event: string; fields: Record<string, unknown> }[] = [];
  const harness = coordinatorHarness({
    store: recording,
    source: () =>
      memorySource(() => ({
        recipes: Array.from({ length: recipes }, (_, index) => rawRecipe(index + 1, editions.get(index + 1) ?? 1)),
        ingredients: [RAW_INGREDIENT],
      })),
    ratings: () => ratings.source(),
    log: (_level, event, fields) => logs.push({ event, fields: fields as Record<string, unknown> }),
  });
  clock = harness.clock;
  /** The live version's cards by slug, with their ratings. */
  async function liveCards() {
    const pointer = await readPointer(store);
    if (!pointer) throw new Error("nothing published");
    const view = createCatalogView(await readPublished(store, pointer.manifest));
    const cards = await view.cardsAt(Array.from({ length: view.count }, (_, position) => position));
    return { view, bySlug: new Map(cards.map((card) => [card.slug, card.rating ?? null])) };
  }
  /** Steps until every alarm due now has run. */
  const settle = () => harness.settle(harness.clock());
  return {
    harness,
    ratings,
    store,
    puts,
    logs,
    liveCards,
    settle,
    edit: (id: number) => editions.set(id, (editions.get(id) ?? 1) + 1),
    /** Recipes 1 to `count` are published from now on. */
    publishRecipes: (count: number) => {
      recipes = count;
    },
  };
}

describe("ratings in the catalog", () => {
  it("shows a recipe's count and mean from 3 ratings on, in the cards, the recipe and the JSON of the view", async () => {
    const { harness, ratings, liveCards } = setup();
    for (const [user, stars] of [
      ["a", 5],
      ["b", 4],
      ["c", 5],
    ] as const)
      ratings.rate(user, 1, stars);
    ratings.rate("a", 2, 3);
    ratings.rate("b", 2, 4);
    await harness.summary();
    const { bySlug, view } = await liveCards();
    expect(bySlug.get("suppe-1")).toEqual({ count: 3, mean: 14 / 3 });
    // Two ratings are not shown.
    expect(bySlug.get("suppe-2")).toBeNull();
    const position = await view.positionOfSlug("suppe-1");
    expect((await view.recipesAt([position as number]))[0]?.rating).toEqual({ count: 3, mean: 14 / 3 });
  });

  it("publishes a burst of 1,000 ratings once, with the cron, and never asks for a publish of its own", async () => {
    const { harness, ratings, puts, liveCards, settle } = setup();
    await harness.summary();
    const pointerWrites = () => puts.filter((key) => key === POINTER_KEY).length;
    const before = pointerWrites();
    const requestsBefore = harness.coordinator.status().queued;
    for (let rating = 0; rating < 1_000; rating++) {
      ratings.rate(`konto-${rating}`, (rating % 5) + 1, (rating % 5) + 1);
      harness.advance(500);
      await settle();
    }
    // 1,000 ratings over about 8 minutes: nothing queued, nothing published, no alarm for them.
    expect(harness.coordinator.status().queued).toEqual(requestsBefore);
    expect(pointerWrites()).toBe(before);
    expect((await liveCards()).bySlug.get("suppe-5")).toBeNull();

    const { id } = await harness.cron();
    const view = await harness.finish(id);
    expect(view.summary).toMatchObject({ status: "published", ratings: { changed: 5 } });
    expect(pointerWrites()).toBe(before + 1);
    // The five recipes' tallies lie in one ratings piece: that piece, the manifest and the pointer.
    expect(view.summary?.writes).toBe(3);
    const { bySlug } = await liveCards();
    expect(bySlug.get("suppe-5")).toEqual({ count: 200, mean: 5 });
    expect(bySlug.get("suppe-1")).toEqual({ count: 200, mean: 1 });
  });

  it("publishes changed ratings at most once every 15 minutes, with the cron, and reads only their signature else", async () => {
    const { harness, ratings, puts, settle } = setup();
    await harness.summary();
    const flips: number[] = [];
    // Two hours, a rating a minute, the cron every 15 minutes: pointers are written at the crons only.
    for (let minute = 1; minute <= 120; minute++) {
      harness.advance(60_000);
      ratings.rate(`konto-${minute}`, 1, (minute % 5) + 1);
      const before = puts.filter((key) => key === POINTER_KEY).length;
      if (minute % (CRON_MS / 60_000) === 0) await harness.finish((await harness.cron()).id);
      await settle();
      if (puts.filter((key) => key === POINTER_KEY).length > before) flips.push(minute);
    }
    expect(flips).toEqual([15, 30, 45, 60, 75, 90, 105, 120]);
    // A cron after no rating reads the signature only, and publishes nothing.
    const before = ratings.requests;
    const quiet = await harness.finish((await harness.cron()).id);
    expect(quiet.summary).toMatchObject({ status: "unchanged", writes: 0, ratings: { requests: 1, changed: 0 } });
    expect(ratings.requests - before).toBe(1);
  });

  it("keeps the last good ratings when Directus is down or answers garbage, and publishes recipes all the same", async () => {
    const { harness, ratings, liveCards, logs, edit } = setup();
    for (const user of ["a", "b", "c"]) ratings.rate(user, 1, 4);
    await harness.summary();
    for (const mood of ["down", "garbage-signature", "garbage-page", "stars-out-of-range"] as const) {
      ratings.mood = mood;
      ratings.rate("d", 1, 1);
      ratings.rate("e", 1, 1);
      edit(2);
      const summary = await harness.summary();
      // The recipe's edit went out; the ratings stayed as last read well.
      expect(summary.status).toBe("published");
      expect(summary.ratings?.failed).toMatch(/directus/);
      expect((await liveCards()).bySlug.get("suppe-1")).toEqual({ count: 3, mean: 4 });
      ratings.remove("d", 1);
      ratings.remove("e", 1);
    }
    expect(logs.filter((line) => line.event === "sync.ratings-failed")).toHaveLength(4);
    ratings.mood = "well";
    ratings.rate("d", 1, 1);
    await harness.summary();
    expect((await liveCards()).bySlug.get("suppe-1")).toEqual({ count: 4, mean: 13 / 4 });
  });

  it("drops a tally whose ratings were removed, and sorts lists by rating, ties in the list's order", async () => {
    const { harness, ratings, liveCards } = setup(6);
    const rate = (recipe: number, stars: number[]) =>
      stars.forEach((value, index) => {
        ratings.rate(`konto-${index}`, recipe, value);
      });
    rate(2, [4, 4, 4]);
    rate(4, [5, 5, 4]);
    rate(5, [4, 4, 4, 4]);
    rate(6, [5, 5]);
    await harness.summary();
    let { view } = await liveCards();
    const slugsOf = async (positions: number[]) => (await view.cardsAt(positions)).map((card) => card.slug);
    const list = await recipesOfType(view, "SOUP", undefined, "rating");
    expect(await slugsOf(list.slice(0, list.length))).toEqual([
      "suppe-4",
      "suppe-2",
      "suppe-5",
      "suppe-1",
      "suppe-3",
      "suppe-6",
    ]);
    const found = await searchRecipes(view, "suppe", undefined, "rating");
    expect(await slugsOf(found.slice(0, 3).map((hit) => hit.position))).toEqual(["suppe-4", "suppe-2", "suppe-5"]);
    ratings.remove("konto-0", 4);
    await harness.summary();
    ({ view } = await liveCards());
    const after = await recipesOfType(view, "SOUP", undefined, "rating");
    expect((await slugsOf(after.slice(0, 2)))[0]).toBe("suppe-2");
    expect((await liveCards()).bySlug.get("suppe-4")).toBeNull();
  });

  it("keeps each recipe's rating when recipes added before it move it, and writes no ratings piece for an edit", async () => {
    const { harness, ratings, liveCards, edit, publishRecipes } = setup(6);
    for (const user of ["a", "b", "c"]) {
      ratings.rate(user, 2, 5);
      ratings.rate(user, 5, 2);
    }
    await harness.summary();
    edit(3);
    const edited = await harness.summary();
    // The description's bucket, the manifest and the pointer: the ratings column is taken as it was.
    expect(edited.writes).toBe(3);
    // "Suppe 10" and "Suppe 11" sort before "Suppe 2": every rated recipe moves.
    publishRecipes(11);
    await harness.summary();
    const { bySlug } = await liveCards();
    expect(bySlug.get("suppe-2")).toEqual({ count: 3, mean: 5 });
    expect(bySlug.get("suppe-5")).toEqual({ count: 3, mean: 2 });
    for (const slug of ["suppe-1", "suppe-3", "suppe-10", "suppe-11"]) expect(bySlug.get(slug)).toBeNull();
  });
});
