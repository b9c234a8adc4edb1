/**
 * The ratings' collection on a real Directus (decision 0065): each user reads,
 * creates, changes and deletes only their own ratings, which Directus ties to
 * them; one rating per user and recipe, 1 to 5 stars and published recipes
 * only, held by the database itself
 * (cms/migrations/20261129A-recipe-ratings-rules.js); anonymous visitors get
 * nothing; the coordinator's status user reads stars without their users.
 * And the site's calls (app/lib/directus/ratings-api.server.ts) with real
 * concurrency: tabs rating at once never make two rows nor lose the last write.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import { directusOrigin } from "../../app/lib/directus/directus-origin.ts";
import {
  RATING_ATTEMPTS,
  RatingBusyError,
  type RatingsApi,
  RecipeNotRateableError,
  ratingsApi,
} from "../../app/lib/directus/ratings-api.server.ts";
import { userApi } from "../../app/lib/directus/user-api.server.ts";
import { admin, call, createUser, directusUrl, sessionToken, type TestUser } from "./directus-clients.ts";
import { runRawSql } from "./raw-database.ts";

let alice: TestUser;
let bob: TestUser;
let published: number[];
let draftId: number;
let bobsRating: number;

beforeAll(async () => {
  const suffix = Date.now();
  alice = await createUser(`bewertung-alice-${suffix}@example.org`);
  bob = await createUser(`bewertung-bob-${suffix}@example.org`);
  published = (
    (await call("GET", "/items/recipe?fields=id&sort=id&limit=4&filter[status][_eq]=published")).data as {
      id: number;
    }[]
  ).map((row) => row.id);
  expect(published).toHaveLength(4);
  const client = await admin();
  const type = ((await call("GET", "/items/RecipeType?limit=1&fields=id")).data as { id: number }[])[0]?.id;
  draftId = (
    await client.request<{ id: number }>("POST", "/items/recipe", {
      status: "draft",
      name: "Noch nicht bewertbar",
      slug: `noch-nicht-bewertbar-${suffix}`,
      prepTime: 5,
      cookTime: 5,
      totalTime: 10,
      type,
    })
  ).id;
  const created = await call("POST", "/items/recipe_ratings", {
    token: bob.token,
    body: { recipe: published[0], stars: 4 },
  });
  expect(created.status).toBe(200);
  bobsRating = (created.data as { id: number }).id;
});

async function ratingsOf(user: TestUser): Promise<{ id: number; recipe: number; stars: number }[]> {
  const client = await admin();
  return client.request(
    "GET",
    `/items/recipe_ratings?fields=id,recipe,stars&sort=id&limit=-1&filter[user][_eq]=${user.id}`,
  );
}

describe("anonymous visitors", () => {
  it("can neither read, create, change nor delete a rating", async () => {
    expect((await call("GET", "/items/recipe_ratings")).status).toBe(403);
    expect((await call("GET", `/items/recipe_ratings/${bobsRating}`)).status).toBe(403);
    expect((await call("POST", "/items/recipe_ratings", { body: { recipe: published[1], stars: 5 } })).status).toBe(
      403,
    );
    expect((await call("PATCH", `/items/recipe_ratings/${bobsRating}`, { body: { stars: 1 } })).status).toBe(403);
    expect((await call("DELETE", `/items/recipe_ratings/${bobsRating}`)).status).toBe(403);
    expect(await ratingsOf(bob)).toEqual([{ id: bobsRating, recipe: published[0], stars: 4 }]);
  });
});

describe("signed-in users", () => {
  it("rate as themselves and cannot name another user", async () => {
    const forged = await call("POST", "/items/recipe_ratings", {
      token: alice.token,
      body: { recipe: published[0], stars: 2, user: bob.id },
    });
    // `user` is not a field users may write: Directus fills it from the session.
    expect(forged.status).toBe(403);
    const created = await call("POST", "/items/recipe_ratings", {
      token: alice.token,
      body: { recipe: published[0], stars: 2 },
    });
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({ user: alice.id, recipe: published[0], stars: 2 });
  });

  it("have one rating per recipe: a second row is refused by the unique index", async () => {
    const second = await call("POST", "/items/recipe_ratings", {
      token: alice.token,
      body: { recipe: published[0], stars: 5 },
    });
    expect(second.status).toBe(400);
    expect(second.errors?.[0]?.extensions?.code).toBe("RECORD_NOT_UNIQUE");
    // Another recipe is another rating.
    const other = await call("POST", "/items/recipe_ratings", {
      token: alice.token,
      body: { recipe: published[1], stars: 5 },
    });
    expect(other.status).toBe(200);
    expect((await ratingsOf(alice)).map((row) => [row.recipe, row.stars])).toEqual([
      [published[0], 2],
      [published[1], 5],
    ]);
  });

  it("read only their own ratings", async () => {
    const own = (await call("GET", "/items/recipe_ratings?fields=user,recipe,stars&limit=-1", { token: alice.token }))
      .data as { user: string }[];
    expect(new Set(own.map((row) => row.user))).toEqual(new Set([alice.id]));
    expect((await call("GET", `/items/recipe_ratings/${bobsRating}`, { token: alice.token })).status).toBe(403);
    const filtered = await call("GET", `/items/recipe_ratings?filter[user][_eq]=${bob.id}`, { token: alice.token });
    expect(filtered.data).toEqual([]);
    // Nor through an aggregate, which Directus answers under the same rules.
    const counted = await call("GET", `/items/recipe_ratings?aggregate[count]=*&filter[recipe][_eq]=${published[0]}`, {
      token: alice.token,
    });
    // A count is a number on SQLite and a string on PostgreSQL (bigint).
    expect((counted.data as { count: number | string }[]).map((row) => Number(row.count))).toEqual([1]);
  });

  it("cannot change or delete someone else's rating", async () => {
    expect(
      (await call("PATCH", `/items/recipe_ratings/${bobsRating}`, { token: alice.token, body: { stars: 1 } })).status,
    ).toBe(403);
    const byQuery = await call("PATCH", "/items/recipe_ratings", {
      token: alice.token,
      body: { keys: [bobsRating], data: { stars: 1 } },
    });
    expect(byQuery.status).toBe(403);
    expect((await call("DELETE", `/items/recipe_ratings/${bobsRating}`, { token: alice.token })).status).toBe(403);
    expect(await ratingsOf(bob)).toEqual([{ id: bobsRating, recipe: published[0], stars: 4 }]);
  });

  it("change their own stars, but neither the recipe nor whose rating it is, and delete it", async () => {
    const [first] = await ratingsOf(alice);
    const changed = await call("PATCH", `/items/recipe_ratings/${first?.id}`, {
      token: alice.token,
      body: { stars: 3 },
    });
    expect(changed.status).toBe(200);
    expect(changed.data).toMatchObject({ stars: 3 });
    for (const body of [{ user: bob.id }, { recipe: published[2] }]) {
      expect((await call("PATCH", `/items/recipe_ratings/${first?.id}`, { token: alice.token, body })).status).toBe(
        403,
      );
    }
    expect((await call("DELETE", `/items/recipe_ratings/${first?.id}`, { token: alice.token })).status).toBe(204);
    expect((await ratingsOf(alice)).map((row) => row.recipe)).toEqual([published[1]]);
  });

  // The German message (validation_message) is the Data Studio's; the API names the rule it failed.
  it.each([0, 6, -1, 2.5, "4", null])("are refused %s stars, and nothing is stored", async (stars) => {
    const user = await createUser(`bewertung-sterne-${String(stars)}-${Date.now()}@example.org`);
    const created = await call("POST", "/items/recipe_ratings", {
      token: user.token,
      body: { recipe: published[2], stars },
    });
    expect(created.status).toBe(400);
    expect(created.errors?.[0]?.extensions?.code).toBe("FAILED_VALIDATION");
    expect(await ratingsOf(user)).toEqual([]);
    const valid = await call("POST", "/items/recipe_ratings", {
      token: user.token,
      body: { recipe: published[2], stars: 3 },
    });
    const id = (valid.data as { id: number }).id;
    const changed = await call("PATCH", `/items/recipe_ratings/${id}`, { token: user.token, body: { stars } });
    expect(changed.status).toBe(400);
    expect(changed.errors?.[0]?.extensions?.code).toBe("FAILED_VALIDATION");
    expect(await ratingsOf(user)).toEqual([{ id, recipe: published[2], stars: 3 }]);
  });

  it("cannot rate a recipe that is not published", async () => {
    const refused = await call("POST", "/items/recipe_ratings", {
      token: alice.token,
      body: { recipe: draftId, stars: 5 },
    });
    expect(refused.status).toBe(400);
    expect(refused.errors?.[0]?.extensions?.code).toBe("INVALID_FOREIGN_KEY");
    expect((await ratingsOf(alice)).map((row) => row.recipe)).toEqual([published[1]]);
  });

  it("lose their ratings with their account, and a recipe loses its ratings when it is deleted", async () => {
    const carol = await createUser(`bewertung-carol-${Date.now()}@example.org`);
    const row = (
      (await call("POST", "/items/recipe_ratings", { token: carol.token, body: { recipe: published[3], stars: 1 } }))
        .data as { id: number }
    ).id;
    const client = await admin();
    await client.request("DELETE", `/users/${carol.id}`);
    expect(await client.request("GET", `/items/recipe_ratings?filter[id][_eq]=${row}`)).toEqual([]);

    const type = ((await call("GET", "/items/RecipeType?limit=1&fields=id")).data as { id: number }[])[0]?.id;
    const doomed = await client.request<{ id: number }>("POST", "/items/recipe", {
      status: "published",
      name: "Bald gelöscht",
      slug: `bald-geloescht-${Date.now()}`,
      prepTime: 5,
      cookTime: 5,
      totalTime: 10,
      type,
    });
    const rated = await call("POST", "/items/recipe_ratings", {
      token: bob.token,
      body: { recipe: doomed.id, stars: 5 },
    });
    expect(rated.status).toBe(200);
    await client.request("DELETE", `/items/recipe/${doomed.id}`);
    expect((await ratingsOf(bob)).map((rating) => rating.recipe)).toEqual([published[0]]);
  });
});

describe("the database's own rules, past Directus", () => {
  it.each([
    ["0 stars", "0"],
    ["6 stars", "6"],
    ["no stars", "NULL"],
  ])("refuses %s on insert and on update", async (_label, stars) => {
    const user = await createUser(`bewertung-roh-${Date.now()}@example.org`);
    expect(() =>
      runRawSql(`INSERT INTO recipe_ratings ("user", recipe, stars) VALUES ('${user.id}', ${published[3]}, ${stars})`),
    ).toThrow();
    const created = await call("POST", "/items/recipe_ratings", {
      token: user.token,
      body: { recipe: published[3], stars: 2 },
    });
    const id = (created.data as { id: number }).id;
    expect(() => runRawSql(`UPDATE recipe_ratings SET stars = ${stars} WHERE id = ${id}`)).toThrow();
    expect(() =>
      runRawSql(`INSERT INTO recipe_ratings ("user", recipe, stars) VALUES ('${user.id}', ${published[3]}, 5)`),
    ).toThrow(/unique|UNIQUE/);
    expect(await ratingsOf(user)).toEqual([{ id, recipe: published[3], stars: 2 }]);
  });

  it("refuses 2.5 stars on SQLite, which would keep it in an INTEGER column", async () => {
    const user = await createUser(`bewertung-halb-${Date.now()}@example.org`);
    const created = await call("POST", "/items/recipe_ratings", {
      token: user.token,
      body: { recipe: published[3], stars: 2 },
    });
    const id = (created.data as { id: number }).id;
    // PostgreSQL rounds 2.5 into its integer column on its own; SQLite keeps a REAL unless the trigger refuses.
    if (inject("cmsDatabase").client === "sqlite3") {
      expect(() => runRawSql(`UPDATE recipe_ratings SET stars = 2.5 WHERE id = ${id}`)).toThrow(/1 to 5/);
    }
    expect(await ratingsOf(user)).toEqual([{ id, recipe: published[3], stars: 2 }]);
  });
});

describe("the coordinator's status user", () => {
  it("reads every rating's recipe and stars, but not whose it is, and writes none", async () => {
    const token = inject("statusToken");
    // The Postgres stage runs without the site's write-back user.
    if (!token) return;
    const read = await call("GET", "/items/recipe_ratings?fields=recipe,stars&limit=-1", { token });
    expect(read.status).toBe(200);
    expect(read.data).toContainEqual({ recipe: published[0], stars: 4 });
    expect((await call("GET", "/items/recipe_ratings?fields=user", { token })).status).toBe(403);
    expect(
      (await call("POST", "/items/recipe_ratings", { token, body: { recipe: published[2], stars: 5 } })).status,
    ).toBe(403);
    expect((await call("PATCH", `/items/recipe_ratings/${bobsRating}`, { token, body: { stars: 1 } })).status).toBe(
      403,
    );
  });
});

/** The site's rating calls for `user`, with a session of their own (each tab or device of a visitor is one). */
async function siteFor(user: TestUser): Promise<RatingsApi> {
  return ratingsApi(userApi(directusOrigin(directusUrl(), null), await sessionToken(user), undefined).caller);
}

describe("the site's rating calls (app/lib/directus/ratings-api.server.ts)", () => {
  it("reads no rating, creates one, changes it, reads it and removes it; a second removal is no error", async () => {
    const user = await createUser(`bewertung-site-${Date.now()}@example.org`);
    const site = await siteFor(user);
    expect(await site.own(published[1] ?? 0)).toBeNull();
    await site.set(published[1] ?? 0, 4);
    expect(await site.own(published[1] ?? 0)).toBe(4);
    await site.set(published[1] ?? 0, 2);
    expect(await site.own(published[1] ?? 0)).toBe(2);
    expect((await ratingsOf(user)).map((row) => row.stars)).toEqual([2]);
    await site.remove(published[1] ?? 0);
    await site.remove(published[1] ?? 0);
    expect(await site.own(published[1] ?? 0)).toBeNull();
    expect(await ratingsOf(user)).toEqual([]);
  });

  it("writes its stars into the row another tab made, when the database refuses a second one", async () => {
    const user = await createUser(`bewertung-zweiter-tab-${Date.now()}@example.org`);
    await call("POST", "/items/recipe_ratings", { token: user.token, body: { recipe: published[2], stars: 1 } });
    await (await siteFor(user)).set(published[2] ?? 0, 5);
    expect((await ratingsOf(user)).map((row) => [row.recipe, row.stars])).toEqual([[published[2], 5]]);
  });

  it("refuses a recipe Directus does not hold as published, with RecipeNotRateableError", async () => {
    const user = await createUser(`bewertung-entwurf-${Date.now()}@example.org`);
    await expect((await siteFor(user)).set(draftId, 3)).rejects.toBeInstanceOf(RecipeNotRateableError);
    expect(await ratingsOf(user)).toEqual([]);
  });
});

describe("ratings sent at the same moment (two tabs, phone and laptop)", () => {
  it(`leaves one row with each burst's stars when ${RATING_ATTEMPTS} tabs send the same at once, burst after burst`, async () => {
    const user = await createUser(`bewertung-zugleich-${Date.now()}@example.org`);
    const tabs = await Promise.all(Array.from({ length: RATING_ATTEMPTS }, () => siteFor(user)));
    const recipe = published[3] ?? 0;
    for (const stars of [3, 1, 5, 2] as const) {
      // Every tab sends the same stars in this round: a write of an earlier round that came late would show.
      await Promise.all(tabs.map((tab) => tab.set(recipe, stars)));
      const rows = (await ratingsOf(user)).filter((row) => row.recipe === recipe);
      expect(rows.map((row) => row.stars)).toEqual([stars]);
    }
  });

  it("stores one of the stars sent at once, in one row, for a first rating from every tab", async () => {
    const user = await createUser(`bewertung-erste-${Date.now()}@example.org`);
    const tabs = await Promise.all(Array.from({ length: RATING_ATTEMPTS }, () => siteFor(user)));
    const sent = [1, 2, 3, 4] as const;
    await Promise.all(tabs.map((tab, index) => tab.set(published[0] ?? 0, sent[index % sent.length] ?? 1)));
    const rows = await ratingsOf(user);
    expect(rows).toHaveLength(1);
    expect(sent).toContain(rows[0]?.stars);
  });

  it("with removals among the changes, ends with no row or one, and each call is stored or refused as busy", async () => {
    const user = await createUser(`bewertung-hin-und-her-${Date.now()}@example.org`);
    const count = RATING_ATTEMPTS * 2;
    const tabs = await Promise.all(Array.from({ length: count }, () => siteFor(user)));
    const recipe = published[1] ?? 0;
    for (let round = 0; round < 3; round += 1) {
      const outcomes = await Promise.allSettled(
        tabs.map((tab, index) => (index % 2 === 0 ? tab.set(recipe, 4) : tab.remove(recipe))),
      );
      for (const outcome of outcomes) {
        if (outcome.status === "rejected")
          expect(outcome.reason, String(outcome.reason)).toBeInstanceOf(RatingBusyError);
      }
      const rows = (await ratingsOf(user)).filter((row) => row.recipe === recipe);
      expect(rows.length).toBeLessThanOrEqual(1);
      if (rows.length === 1) expect(rows[0]?.stars).toBe(4);
    }
    // Afterwards one more change is stored as it says.
    await tabs[0]?.set(recipe, 2);
    expect((await ratingsOf(user)).filter((row) => row.recipe === recipe).map((row) => row.stars)).toEqual([2]);
  });
});
