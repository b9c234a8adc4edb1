import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directusOrigin } from "../../app/lib/directus/directus-origin.ts";
import { DirectusUnavailableError, SavedRecipesFullError, userApi } from "../../app/lib/directus/user-api.server.ts";
import { SAVED_RECIPES_LIMIT } from "../../app/lib/recipes/saved-recipes-limit.ts";
import { runDirectusCli } from "../../scripts/local-stack/directus.ts";
import {
  admin,
  call,
  createUser,
  directusCliOptions,
  directusUrl,
  sessionToken,
  type TestUser,
  undoMigration,
} from "./directus-clients.ts";

/** The version of the migration these rules come from. */
const MIGRATION = "20261123A";

/**
 * The rules cms/migrations/20261123A-saved-recipes-rules.js puts into the
 * database: one row per user and recipe, published recipes only, at most
 * SAVED_RECIPES_LIMIT rows per user; and how the site's userApi reads them.
 */

let published: number[];
let draftId: number;
let typeId: number;

async function savedBy(user: TestUser): Promise<{ id: number; recipe: number }[]> {
  const client = await admin();
  return client.request("GET", `/items/saved_recipes?fields=id,recipe&sort=id&limit=-1&filter[user][_eq]=${user.id}`);
}

/** `items` in parts of 100: what one request to Directus creates or deletes here. */
function parts<T>(items: readonly T[]): T[][] {
  return Array.from({ length: Math.ceil(items.length / 100) }, (_, index) =>
    items.slice(index * 100, (index + 1) * 100),
  );
}

/** Rows for `user` written as admin: Directus fills `user` with the admin on create, so it is moved afterwards. */
async function insertAsAdmin(user: TestUser, recipes: number[]): Promise<number[]> {
  const client = await admin();
  const keys: number[] = [];
  for (const part of parts(recipes)) {
    const created = await client.request<{ id: number }[]>(
      "POST",
      "/items/saved_recipes",
      part.map((recipe) => ({ recipe })),
    );
    const partKeys = created.map((row) => row.id);
    await client.request("PATCH", "/items/saved_recipes", { keys: partKeys, data: { user: user.id } });
    keys.push(...partKeys);
  }
  return keys;
}

beforeAll(async () => {
  published = ((await call("GET", "/items/recipe?fields=id&sort=id&limit=5")).data as { id: number }[]).map(
    (row) => row.id,
  );
  typeId = ((await call("GET", "/items/RecipeType?limit=1&fields=id")).data as { id: number }[])[0]?.id ?? 0;
  const client = await admin();
  draftId = (
    await client.request<{ id: number }>("POST", "/items/recipe", {
      status: "draft",
      name: "Noch nicht fertig",
      slug: `noch-nicht-fertig-${Date.now()}`,
      prepTime: 5,
      cookTime: 5,
      totalTime: 10,
      type: typeId,
    })
  ).id;
});

describe("one saved row per user and recipe", () => {
  it("answers a second save of the same recipe with RECORD_NOT_UNIQUE and keeps one row", async () => {
    const user = await createUser(`zweimal-${Date.now()}@example.org`);
    const first = await call("POST", "/items/saved_recipes", { token: user.token, body: { recipe: published[0] } });
    expect(first.status).toBe(200);
    const second = await call("POST", "/items/saved_recipes", { token: user.token, body: { recipe: published[0] } });
    expect(second.status).toBe(400);
    expect(second.errors?.[0]?.extensions?.code).toBe("RECORD_NOT_UNIQUE");
    expect((await savedBy(user)).map((row) => row.recipe)).toEqual([published[0]]);
  });

  it("lets the site save a recipe twice without an error, and reads one link", async () => {
    const user = await createUser(`doppelklick-${Date.now()}@example.org`);
    const api = userApi(directusOrigin(directusUrl(), null), await sessionToken(user), undefined);
    const recipe = published[1] ?? 0;
    await api.saveRecipe(recipe);
    await expect(api.saveRecipe(recipe)).resolves.toBeUndefined();
    expect((await api.savedRecipes()).map((link) => link.recipe)).toEqual([recipe]);
  });
});

describe("only published recipes", () => {
  it("refuses to save a draft, for a user and through the site", async () => {
    const user = await createUser(`entwurf-${Date.now()}@example.org`);
    const refused = await call("POST", "/items/saved_recipes", { token: user.token, body: { recipe: draftId } });
    expect(refused.status).toBe(400);
    expect(refused.errors?.[0]?.extensions?.code).toBe("INVALID_FOREIGN_KEY");
    const api = userApi(directusOrigin(directusUrl(), null), await sessionToken(user), undefined);
    await expect(api.saveRecipe(draftId)).rejects.toBeInstanceOf(DirectusUnavailableError);
    expect(await savedBy(user)).toEqual([]);
  });
});

describe(`at most ${SAVED_RECIPES_LIMIT} saved recipes per user`, () => {
  let user: TestUser;
  const extra: number[] = [];

  beforeAll(async () => {
    // Distinct recipes for a full list (the seed has far fewer), removed again below.
    const client = await admin();
    const stamp = Date.now();
    const recipes = Array.from({ length: SAVED_RECIPES_LIMIT + 1 }, (_, index) => ({
      status: "published",
      name: `Grenzfall ${index}`,
      slug: `grenzfall-${stamp}-${index}`,
      prepTime: 5,
      cookTime: 5,
      totalTime: 10,
      type: typeId,
    }));
    // In parts: one POST of all 1,001 held SQLite's one connection so long on a slow host (2026-12-02) that
    // Directus gave up waiting for one ("Knex: Timeout acquiring a connection") and answered 500.
    for (const part of parts(recipes)) {
      const created = await client.request<{ id: number }[]>("POST", "/items/recipe", part);
      extra.push(...created.map((row) => row.id));
    }
    user = await createUser(`voll-${stamp}@example.org`);
    await insertAsAdmin(user, extra.slice(0, SAVED_RECIPES_LIMIT));
  });

  afterAll(async () => {
    const client = await admin();
    // Deleting the user deletes their saved rows (ON DELETE CASCADE); then the extra recipes can go.
    if (user) await client.request("DELETE", `/users/${user.id}`);
    for (const part of parts(extra)) await client.request("DELETE", "/items/recipe", part);
  });

  it("refuses one more in the database itself, which Directus answers with a 500", async () => {
    const refused = await call("POST", "/items/saved_recipes", {
      token: user.token,
      body: { recipe: extra[SAVED_RECIPES_LIMIT] },
    });
    expect(refused.status).toBe(500);
    expect(refused.errors?.[0]?.extensions?.code).toBe("INTERNAL_SERVER_ERROR");
    expect((await savedBy(user)).length).toBe(SAVED_RECIPES_LIMIT);
  });

  it("is reported by the site as a full list, reads the whole list, and still takes a repeated save", async () => {
    const api = userApi(directusOrigin(directusUrl(), null), await sessionToken(user), undefined);
    await expect(api.saveRecipe(extra[SAVED_RECIPES_LIMIT] ?? 0)).rejects.toBeInstanceOf(SavedRecipesFullError);
    expect((await api.savedRecipes()).length).toBe(SAVED_RECIPES_LIMIT);
    // An already saved recipe is a no-op even at the limit: the unique index answers, not the limit.
    await expect(api.saveRecipe(extra[0] ?? 0)).resolves.toBeUndefined();
  });
});

describe("the migration", () => {
  it("removes existing duplicates, keeping the oldest, when it runs on an older database", async () => {
    const options = directusCliOptions();
    const user = await createUser(`altbestand-${Date.now()}@example.org`);
    // Back to a database without the rules, as an earlier `npm start` left it …
    await undoMigration(MIGRATION);
    let migrated = false;
    try {
      const duplicates = await insertAsAdmin(user, [published[2] ?? 0, published[2] ?? 0, published[3] ?? 0]);
      expect(await savedBy(user)).toHaveLength(3);
      // … and forward again, as the next start does.
      await runDirectusCli(options, ["database", "migrate:latest"]);
      migrated = true;
      expect(await savedBy(user)).toEqual([
        { id: duplicates[0], recipe: published[2] },
        { id: duplicates[2], recipe: published[3] },
      ]);
    } finally {
      // Never leave the shared Directus without its rules, whatever failed above.
      if (!migrated) await runDirectusCli(options, ["database", "migrate:latest"]);
    }
    const again = await call("POST", "/items/saved_recipes", { token: user.token, body: { recipe: published[2] } });
    expect(again.errors?.[0]?.extensions?.code).toBe("RECORD_NOT_UNIQUE");
    const draft = await call("POST", "/items/saved_recipes", { token: user.token, body: { recipe: draftId } });
    expect(draft.errors?.[0]?.extensions?.code).toBe("INVALID_FOREIGN_KEY");
  });
});
