/**
 * Visitors' ratings reach the catalog on the coordinator's schedule, read
 * from a real Directus (decision 0066): the coordinator's real code on
 * node:sqlite, its aggregates asked of Directus as the "Website (Status)"
 * user. A burst of 1,000 ratings asks for no publish; the cron's next publish
 * carries them all, once, with the counts and means Directus holds; a cron
 * after no rating reads one signature and publishes nothing.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createMemoryStore } from "../../catalog/format/memory-store.ts";
import { POINTER_KEY, readPointer } from "../../catalog/format/storage.ts";
import { createDirectusSource } from "../../catalog/sync/directus-source.ts";
import { createDirectusRatingSource } from "../../catalog/sync/rating-source.ts";
import { createCatalogView } from "../../catalog/view/catalog-view.ts";
import { readPublished } from "../../catalog/view/published-catalog.ts";
import { coordinatorHarness } from "../model/coordinator-harness.ts";
import { admin, call, createUser, directusUrl, type TestUser } from "./directus-clients.ts";
import { runRawSql } from "./raw-database.ts";

const store = createMemoryStore();
let puts = 0;
let harness: ReturnType<typeof coordinatorHarness>;
let users: TestUser[];
let recipes: { id: number; slug: string }[];
/** The recipe rated through the API here: the last published, which no other file rates (recipe-ratings.test.ts rates the first four). */
let target: { id: number; slug: string } | undefined;
/** Rows this file wrote, deleted afterwards so the other files see the ratings they made. */
let firstRow = 0;

function statusToken(): string {
  const token = inject("statusToken");
  if (!token) throw new Error("ratings-publish.test: the CMS was started without a status token");
  return token;
}

/** Every recipe's count and mean as Directus' administrator reads them: what the catalog must show. */
async function directusTallies(): Promise<Map<number, { count: number; mean: number }>> {
  const rows = await (await admin()).request<{ recipe: number; stars: number }[]>(
    "GET",
    "/items/recipe_ratings?fields=recipe,stars&limit=-1",
  );
  const tallies = new Map<number, { count: number; sum: number }>();
  for (const { recipe, stars } of rows) {
    const tally = tallies.get(recipe) ?? { count: 0, sum: 0 };
    tally.count += 1;
    tally.sum += Number(stars);
    tallies.set(recipe, tally);
  }
  return new Map([...tallies].map(([recipe, { count, sum }]) => [recipe, { count, mean: sum / count }]));
}

/** The live version's ratings by recipe id. */
async function publishedTallies(): Promise<Map<number, { count: number; mean: number }>> {
  const pointer = await readPointer(store);
  if (!pointer) throw new Error("nothing published");
  const view = createCatalogView(await readPublished(store, pointer.manifest));
  const cards = await view.cardsAt(Array.from({ length: view.count }, (_, position) => position));
  return new Map(cards.flatMap((card) => (card.rating ? [[card.id, card.rating] as const] : [])));
}

beforeAll(async () => {
  harness = coordinatorHarness({
    store: {
      ...store,
      get: store.get,
      list: store.list,
      delete: store.delete,
      put: (key, value, options) => {
        if (key === POINTER_KEY) puts += 1;
        return store.put(key, value, options);
      },
    },
    source: () => createDirectusSource({ url: directusUrl(), pageSize: 100 }),
    ratings: () => createDirectusRatingSource({ url: directusUrl(), token: statusToken() }),
    start: Date.now(),
  });
  const suffix = Date.now();
  users = [];
  for (let index = 0; index < 12; index++) users.push(await createUser(`bewerter-${index}-${suffix}@example.org`));
  recipes = (
    (await call("GET", "/items/recipe?fields=id,slug&sort=id&limit=-1&filter[status][_eq]=published")).data as {
      id: number;
      slug: string;
    }[]
  ).slice(0, 90);
  target = recipes.at(-1);
  const [last] = await (await admin()).request<{ id: number }[]>(
    "GET",
    "/items/recipe_ratings?sort=-id&limit=1&fields=id",
  );
  firstRow = (last?.id ?? 0) + 1;
});

afterAll(async () => {
  if (firstRow > 0) runRawSql(`DELETE FROM recipe_ratings WHERE id >= ${firstRow}`);
  harness?.close();
});

describe("ratings from a real Directus", () => {
  it("publishes a burst of 1,000 ratings once, at the cron, with Directus' counts and means", async () => {
    const first = await harness.summary();
    expect(first.status).toBe("published");
    const pointers = puts;

    // Three through the API, as visitors rate; the rest of the burst straight into the table.
    let lastCreated = 0;
    for (const [index, stars] of [5, 4, 4].entries()) {
      const created = await call("POST", "/items/recipe_ratings", {
        token: users[index]?.token,
        body: { recipe: target?.id, stars },
      });
      expect(created.status).toBe(200);
      lastCreated = (created.data as { id: number }).id;
    }
    const rows: string[] = [];
    for (let index = 3; rows.length < 997; index++) {
      const user = users[index % users.length] as TestUser;
      const recipe = recipes[Math.floor(index / users.length) % recipes.length] as { id: number };
      if (recipe.id === target?.id) continue;
      rows.push(`('${user.id}', ${recipe.id}, ${(index % 5) + 1})`);
    }
    runRawSql(`INSERT INTO recipe_ratings ("user", recipe, stars) VALUES ${rows.join(", ")}`);
    // Their creation time as Directus writes it on this database.
    runRawSql(
      `UPDATE recipe_ratings SET date_created = (SELECT date_created FROM recipe_ratings WHERE id = ${lastCreated}) WHERE id > ${lastCreated}`,
    );

    // No publish was asked for: nothing queued, no pointer written, no alarm for them.
    await harness.settle(harness.clock());
    expect(harness.coordinator.status().queued).toEqual([]);
    expect(puts).toBe(pointers);

    const cron = await harness.finish((await harness.cron()).id);
    expect(cron.summary).toMatchObject({ status: "published", writes: 3 });
    expect(cron.summary?.ratings?.failed).toBeUndefined();
    expect(puts).toBe(pointers + 1);
    const expected = new Map([...(await directusTallies())].filter(([, tally]) => tally.count >= 3));
    const published = await publishedTallies();
    expect(published.size).toBeGreaterThan(80);
    for (const [recipe, tally] of expected) {
      if (!recipes.some((entry) => entry.id === recipe)) continue;
      expect(published.get(recipe)?.count).toBe(tally.count);
      expect(published.get(recipe)?.mean).toBeCloseTo(tally.mean, 10);
    }
    expect(published.get(target?.id as number)).toEqual({ count: 3, mean: 13 / 3 });

    // The next cron after no rating: the signature only, nothing written.
    const quiet = await harness.finish((await harness.cron()).id);
    expect(quiet.summary).toMatchObject({ status: "unchanged", writes: 0, ratings: { requests: 1, changed: 0 } });
  });

  it("takes a changed and a removed rating with the next publish", async () => {
    const [alice, bob] = users as [TestUser, TestUser];
    const own = (
      await call("GET", `/items/recipe_ratings?fields=id&filter[recipe][_eq]=${target?.id}`, {
        token: alice.token,
      })
    ).data as { id: number }[];
    await call("PATCH", `/items/recipe_ratings/${own[0]?.id}`, { token: alice.token, body: { stars: 1 } });
    const bobs = (
      await call("GET", `/items/recipe_ratings?fields=id&filter[recipe][_eq]=${target?.id}`, {
        token: bob.token,
      })
    ).data as { id: number }[];
    await call("DELETE", `/items/recipe_ratings/${bobs[0]?.id}`, { token: bob.token });
    const summary = await harness.summary();
    expect(summary).toMatchObject({ status: "published", ratings: { changed: 1 } });
    // Two ratings left: not shown.
    expect((await publishedTallies()).get(target?.id as number)).toBeUndefined();
  });
});
