import { beforeAll, describe, expect, it } from "vitest";
import { applyAccessPolicies } from "../../scripts/cms/apply-access-policies.ts";
import { admin, call, createUser, type TestUser } from "./directus-clients.ts";

let recipeIds: number[];
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  recipeIds = ((await call("GET", "/items/recipe?fields=id&limit=3")).data as { id: number }[]).map((row) => row.id);
  const suffix = Date.now();
  alice = await createUser(`alice-${suffix}@example.org`);
  bob = await createUser(`bob-${suffix}@example.org`);
});

describe("anonymous visitors", () => {
  it("read published recipes, ingredients and types", async () => {
    for (const collection of ["recipe", "ingredient", "RecipeType", "IngredientType"]) {
      const result = await call("GET", `/items/${collection}?limit=1`);
      expect(result.status, collection).toBe(200);
      expect((result.data as unknown[]).length, collection).toBe(1);
    }
  });

  it("do not see drafts", async () => {
    const client = await admin();
    const type = (await call("GET", "/items/RecipeType?limit=1&fields=id")).data as { id: number }[];
    const draft = await client.request<{ id: number; slug: string }>("POST", "/items/recipe", {
      status: "draft",
      name: "Geheimer Entwurf",
      slug: `geheimer-entwurf-${Date.now()}`,
      prepTime: 5,
      cookTime: 5,
      totalTime: 10,
      type: type[0]?.id,
    });
    const bySlug = await call("GET", `/items/recipe?filter[slug][_eq]=${draft.slug}`);
    expect(bySlug.data).toEqual([]);
    expect((await call("GET", `/items/recipe/${draft.id}`)).status).toBe(403);
    // Signed-in users do not see it either.
    expect((await call("GET", `/items/recipe?filter[slug][_eq]=${draft.slug}`, { token: alice.token })).data).toEqual(
      [],
    );
  });

  it("do not see a draft's ingredient lists, but a published recipe's", async () => {
    const client = await admin();
    const type = (await call("GET", "/items/RecipeType?limit=1&fields=id")).data as { id: number }[];
    const [ingredient] = (await call("GET", "/items/ingredient?limit=1&fields=id")).data as { id: number }[];
    const draft = await client.request<{ id: number }>("POST", "/items/recipe", {
      status: "draft",
      name: "Geheime Zutaten",
      slug: `geheime-zutaten-${Date.now()}`,
      prepTime: 5,
      cookTime: 5,
      totalTime: 10,
      type: type[0]?.id,
      ingredients: [{ ingredient_id: ingredient?.id }],
      optionalIngredients: [{ ingredient_id: ingredient?.id }],
    });
    for (const junction of ["recipe_ingredient", "recipe_optional_ingredient"]) {
      const rows = await client.request<{ id: number }[]>(
        "GET",
        `/items/${junction}?filter[recipe_id][_eq]=${draft.id}`,
      );
      expect(rows, junction).toHaveLength(1);
      for (const token of [undefined, alice.token]) {
        const listed = await call("GET", `/items/${junction}?filter[recipe_id][_eq]=${draft.id}`, { token });
        expect(listed.data, junction).toEqual([]);
        expect((await call("GET", `/items/${junction}/${rows[0]?.id}`, { token })).status, junction).toBe(403);
      }
    }
    const visible = await call("GET", `/items/recipe_ingredient?filter[recipe_id][_eq]=${recipeIds[0]}&limit=1`);
    expect((visible.data as unknown[]).length).toBe(1);
  });

  it("do not see an ingredient an import proposed until an editor confirms it, nor a recipe's import fields", async () => {
    const client = await admin();
    const proposed = await client.request<{ id: number }>("POST", "/items/ingredient", {
      name: `Vorgeschlagene Zutat ${Date.now()}`,
      status: "draft",
    });
    for (const token of [undefined, alice.token]) {
      expect((await call("GET", `/items/ingredient/${proposed.id}`, { token })).status).toBe(403);
      expect((await call("GET", `/items/ingredient?filter[id][_eq]=${proposed.id}`, { token })).data).toEqual([]);
    }
    await client.request("PATCH", `/items/ingredient/${proposed.id}`, { status: "published" });
    expect((await call("GET", `/items/ingredient/${proposed.id}`)).status).toBe(200);
    await client.request("DELETE", `/items/ingredient/${proposed.id}`);

    await client.request("PATCH", `/items/recipe/${recipeIds[0]}`, { import_problems: "Kategorie unklar" });
    try {
      for (const field of ["import_problems", "import_key", "import_hash"]) {
        for (const token of [undefined, alice.token]) {
          const read = await call("GET", `/items/recipe/${recipeIds[0]}?fields=${field}`, { token });
          expect(read.status, field).toBe(403);
        }
      }
      const all = (await call("GET", `/items/recipe/${recipeIds[0]}`)).data as Record<string, unknown>;
      expect(Object.keys(all).filter((field) => field.startsWith("import_"))).toEqual([]);
    } finally {
      await client.request("PATCH", `/items/recipe/${recipeIds[0]}`, { import_problems: null });
    }
  });

  it("cannot register an account themselves: public registration is off", async () => {
    const client = await admin();
    const settings = await client.request<{ public_registration: boolean }>(
      "GET",
      "/settings?fields=public_registration",
    );
    expect(settings.public_registration).toBe(false);
    const register = await call("POST", "/users/register", {
      body: { email: `selbst-${Date.now()}@example.org`, password: "ein-langes-passwort" },
    });
    expect(register.status).toBe(403);
    // Turned on by hand in the Data Studio, the next start turns it off again.
    await client.request("PATCH", "/settings", { public_registration: true });
    expect(await applyAccessPolicies(client)).toEqual({ created: 0, updated: 1, deleted: 0 });
    expect((await client.request<{ public_registration: boolean }>("GET", "/settings")).public_registration).toBe(
      false,
    );
  });

  it("cannot read saved recipes, users or the user list", async () => {
    expect((await call("GET", "/items/saved_recipes")).status).toBe(403);
    expect((await call("GET", "/users")).status).toBe(403);
    expect((await call("GET", "/users/me")).status).toBe(401);
    expect((await call("POST", "/items/saved_recipes", { body: { recipe: recipeIds[0] } })).status).toBe(403);
  });
});

describe("signed-in users", () => {
  it("save a recipe as themselves and cannot name another user", async () => {
    const created = await call("POST", "/items/saved_recipes", {
      token: alice.token,
      body: { recipe: recipeIds[0] },
    });
    expect(created.status).toBe(200);
    const forged = await call("POST", "/items/saved_recipes", {
      token: alice.token,
      body: { recipe: recipeIds[1], user: bob.id },
    });
    // A payload naming a user is refused outright: `user` is not a field users may write.
    expect(forged.status).toBe(403);
    expect((created.data as { user: string }).user).toBe(alice.id);
    const client = await admin();
    const bobs = await client.request<unknown[]>("GET", `/items/saved_recipes?filter[user][_eq]=${bob.id}`);
    expect(bobs).toEqual([]);
  });

  it("read only their own saved recipes, with the recipe nested", async () => {
    await call("POST", "/items/saved_recipes", { token: bob.token, body: { recipe: recipeIds[2] } });
    const alices = (await call("GET", "/items/saved_recipes?fields=id,user,recipe.slug", { token: alice.token }))
      .data as { user: string; recipe: { slug: string } }[];
    expect(alices.length).toBeGreaterThanOrEqual(1);
    expect(alices.every((row) => row.user === alice.id)).toBe(true);
    expect(alices[0]?.recipe.slug).toMatch(/^[a-z0-9-]+$/);
    const bobs = (await call("GET", "/items/saved_recipes?fields=id,user", { token: bob.token })).data as {
      user: string;
    }[];
    expect(bobs.map((row) => row.user)).toEqual([bob.id]);
  });

  it("cannot delete someone else's saved recipe, but can delete their own", async () => {
    const [bobsSave] = (await call("GET", "/items/saved_recipes?fields=id", { token: bob.token })).data as {
      id: number;
    }[];
    expect(bobsSave).toBeDefined();
    expect((await call("DELETE", `/items/saved_recipes/${bobsSave?.id}`, { token: alice.token })).status).toBe(403);
    expect((await call("DELETE", "/items/saved_recipes", { token: alice.token, body: [bobsSave?.id] })).status).toBe(
      403,
    );
    expect((await call("DELETE", `/items/saved_recipes/${bobsSave?.id}`, { token: bob.token })).status).toBe(204);
  });

  it("read only their own id and e-mail", async () => {
    const me = await call("GET", "/users/me?fields=*", { token: alice.token });
    expect(me.status).toBe(200);
    expect(me.data).toEqual({ id: alice.id, email: alice.email });
    expect((await call("GET", `/users/${bob.id}`, { token: alice.token })).status).toBe(403);
    const list = (await call("GET", "/users?fields=id", { token: alice.token })).data as { id: string }[];
    expect(list).toEqual([{ id: alice.id }]);
  });

  it("cannot change content", async () => {
    expect(
      (await call("PATCH", `/items/recipe/${recipeIds[0]}`, { token: alice.token, body: { name: "x" } })).status,
    ).toBe(403);
    expect((await call("POST", "/items/ingredient", { token: alice.token, body: { name: "Neu" } })).status).toBe(403);
  });
});

describe("editorial rules", () => {
  it("refuses a recipe that takes longer than 30 minutes, naming the field", async () => {
    const client = await admin();
    const type = (await call("GET", "/items/RecipeType?limit=1&fields=id")).data as { id: number }[];
    await expect(
      client.request("POST", "/items/recipe", {
        name: "Zu langsam",
        slug: "zu-langsam",
        prepTime: 20,
        cookTime: 25,
        totalTime: 45,
        type: type[0]?.id,
      }),
    ).rejects.toThrowError(/totalTime.*less than or equal to "30"/);
  });

  it.each([
    ["servings above 12", { servings: 13 }, /servings/],
    ["a line with amount 0", { ingredients: [{ ingredient_id: 1, amount: 0 }] }, /amount/],
    ["a line with a unit not in the list", { ingredients: [{ ingredient_id: 1, amount: 1, unit: "Tasse" }] }, /unit/],
    ["a line with a note over 40 characters", { ingredients: [{ ingredient_id: 1, note: "x".repeat(41) }] }, /note/],
  ])("refuses a recipe with %s, naming the field", async (_label, fields, field) => {
    const client = await admin();
    const type = (await call("GET", "/items/RecipeType?limit=1&fields=id")).data as { id: number }[];
    await expect(
      client.request("POST", "/items/recipe", {
        name: "Falsche Mengen",
        slug: "falsche-mengen",
        prepTime: 5,
        cookTime: 5,
        totalTime: 10,
        type: type[0]?.id,
        ...fields,
      }),
    ).rejects.toThrowError(field);
  });

  it.each([
    ["negative energy", { kcal: -1 }, /kcal/],
    ["more than 900 kcal per 100 g", { kcal: 901 }, /kcal/],
    ["more than 100 g of fat per 100 g", { fat: 100.5 }, /fat/],
    ["a density of 0", { density: 0 }, /density/],
    ["a piece weighing nothing", { piece_grams: 0 }, /piece_grams/],
  ])("refuses an ingredient with %s, naming the field", async (_label, fields, field) => {
    const client = await admin();
    await expect(
      client.request("POST", "/items/ingredient", {
        name: "Unmögliche Zutat",
        vegetarian: true,
        vegan: true,
        ...fields,
      }),
    ).rejects.toThrowError(field);
  });

  it("refuses a duplicate slug", async () => {
    const client = await admin();
    const [existing] = (await call("GET", "/items/recipe?limit=1&fields=slug")).data as { slug: string }[];
    await expect(
      client.request("POST", "/items/recipe", { name: "Doppelt", slug: existing?.slug, totalTime: 10 }),
    ).rejects.toThrowError(/slug/);
  });
});
