import { readFileSync } from "node:fs";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { RECIPE_TYPES } from "../../catalog/recipes/categories.ts";
import { INGREDIENT_TYPES } from "../../catalog/recipes/ingredient-types.ts";
import { USER_ROLE } from "../../cms/access-policies.ts";
import { applyAccessPolicies } from "../../scripts/cms/apply-access-policies.ts";
import { nutritionFields, type SeedAmounts, type SeedNutrition, seedCms } from "../../scripts/cms/seed.ts";
import { type SeedRatings, seedRatings } from "../../scripts/cms/seed-ratings.ts";
import { admin, call, directusUrl } from "./directus-clients.ts";

interface Recipe {
  id: number;
  slug: string;
  name: string;
  status: string;
  image: string | null;
  prepTime: number;
  cookTime: number;
  totalTime: number;
  vegetarian: boolean;
  vegan: boolean;
  instructions: string | null;
  instructionList: { instruction: string }[] | null;
  cuisine: string | null;
  recipeUrl: string | null;
  type: { name: string };
  servings: number;
  ingredients: Line[];
  optionalIngredients: Line[];
}

/** A junction row as Directus returns it (`amount` is a float; Number() would read a decimal string too). */
interface Line {
  ingredient_id: { name: string };
  amount: string | number | null;
  unit: string | null;
  note: string | null;
  sort: number | null;
}

const LINE_FIELDS = ["ingredient_id.name", "amount", "unit", "note", "sort"];
const AMOUNTS = JSON.parse(readFileSync("cms/seed/amounts.json", "utf8")) as Record<string, SeedAmounts>;
/** What the seed holds: other test files share this Directus and publish recipes and ingredients of their own. */
const SEED_SLUGS = new Set(Object.keys(AMOUNTS));
const SEED_INGREDIENTS = new Set(
  (JSON.parse(readFileSync("cms/seed/ingredients.json", "utf8")) as { name: string }[]).map(({ name }) => name),
);

/** The lines of one list in their `sort` order, as amounts.json writes them. */
function asWritten(lines: Line[], optional: boolean) {
  return [...lines]
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
    .map((line) => ({
      ingredient: line.ingredient_id.name,
      amount: line.amount === null ? null : Number(line.amount),
      unit: line.unit,
      note: line.note,
      ...(optional ? { optional: true } : {}),
    }));
}

let recipes: Recipe[];

beforeAll(async () => {
  // What the public sees: the seed is published.
  const result = await call(
    "GET",
    `/items/recipe?limit=-1&fields=*,type.name,${["ingredients", "optionalIngredients"]
      .flatMap((list) => LINE_FIELDS.map((field) => `${list}.${field}`))
      .join(",")}`,
  );
  expect(result.status).toBe(200);
  recipes = (result.data as Recipe[]).filter((recipe) => SEED_SLUGS.has(recipe.slug));
  expect(recipes.map((recipe) => recipe.slug).sort()).toEqual([...SEED_SLUGS].sort());
});

describe("seed content", () => {
  it("has at least 80 published recipes in all nine categories", () => {
    expect(recipes.length).toBeGreaterThanOrEqual(80);
    expect(recipes.every((recipe) => recipe.status === "published")).toBe(true);
    const perType = Object.fromEntries(
      RECIPE_TYPES.map((type) => [type, recipes.filter((recipe) => recipe.type.name === type).length]),
    );
    for (const type of ["SOUP", "SALAD", "PASTA"]) expect(perType[type], type).toBeGreaterThanOrEqual(12);
    for (const type of RECIPE_TYPES) expect(perType[type], type).toBeGreaterThanOrEqual(5);
  });

  it("keeps every recipe within 30 minutes, in whole minutes that add up", () => {
    for (const recipe of recipes) {
      expect(Number.isInteger(recipe.totalTime), recipe.slug).toBe(true);
      expect(recipe.totalTime, recipe.slug).toBeGreaterThan(0);
      expect(recipe.totalTime, recipe.slug).toBeLessThanOrEqual(30);
      expect(recipe.prepTime + recipe.cookTime, recipe.slug).toBe(recipe.totalTime);
    }
  });

  it("gives every recipe a unique slug, its own image, ingredients, cuisine and source URL", () => {
    expect(new Set(recipes.map((recipe) => recipe.slug)).size).toBe(recipes.length);
    expect(new Set(recipes.map((recipe) => recipe.image)).size).toBe(recipes.length);
    for (const recipe of recipes) {
      expect(recipe.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(recipe.image, recipe.slug).toBeTruthy();
      expect(recipe.ingredients.length, recipe.slug).toBeGreaterThanOrEqual(3);
      expect(recipe.cuisine, recipe.slug).toBeTruthy();
      expect(recipe.recipeUrl, recipe.slug).toMatch(/^https:\/\//);
    }
  });

  it("has step lists, a few free-text-only recipes, vegetarian and vegan dishes and optional ingredients", () => {
    const freeTextOnly = recipes.filter((recipe) => !recipe.instructionList?.length);
    expect(freeTextOnly.length).toBeGreaterThanOrEqual(3);
    expect(freeTextOnly.every((recipe) => (recipe.instructions ?? "").length > 40)).toBe(true);
    expect(recipes.filter((recipe) => (recipe.instructionList?.length ?? 0) >= 3).length).toBeGreaterThan(60);
    expect(recipes.filter((recipe) => recipe.vegetarian).length).toBeGreaterThanOrEqual(20);
    expect(recipes.filter((recipe) => recipe.vegan).length).toBeGreaterThanOrEqual(10);
    expect(recipes.filter((recipe) => recipe.vegan && !recipe.vegetarian)).toEqual([]);
    expect(recipes.filter((recipe) => recipe.optionalIngredients.length > 0).length).toBeGreaterThanOrEqual(20);
  });

  it("gives every recipe the servings and ingredient lines of cms/seed/amounts.json, in their order", () => {
    for (const recipe of recipes) {
      const amounts = AMOUNTS[recipe.slug];
      expect(amounts, recipe.slug).toBeDefined();
      expect(recipe.servings, recipe.slug).toBe(amounts?.servings);
      expect(
        [...asWritten(recipe.ingredients, false), ...asWritten(recipe.optionalIngredients, true)],
        recipe.slug,
      ).toEqual(amounts?.lines);
    }
  });

  it("has at least 120 ingredients covering all fifteen ingredient types", async () => {
    const result = await call("GET", "/items/ingredient?limit=-1&fields=name,type.name,tags.IngredientType_id.name");
    const ingredients = (result.data as { name: string; type: { name: string }; tags: unknown[] }[]).filter(
      (ingredient) => SEED_INGREDIENTS.has(ingredient.name),
    );
    expect(ingredients.length).toBeGreaterThanOrEqual(120);
    const types = new Set(ingredients.map((ingredient) => ingredient.type.name));
    expect([...types].sort()).toEqual([...INGREDIENT_TYPES].sort());
    expect(ingredients.every((ingredient) => ingredient.tags.length >= 1)).toBe(true);
  });

  it("gives every seed ingredient the values, density and weights of cms/seed/nutrition.json, read by the public", async () => {
    const nutrition = JSON.parse(readFileSync("cms/seed/nutrition.json", "utf8")) as Record<string, SeedNutrition>;
    const fields = Object.keys(nutritionFields(Object.values(nutrition)[0]));
    // As the public reads it (the sync reads as the public, decision 0063).
    const result = await call("GET", `/items/ingredient?limit=-1&fields=name,${fields.join(",")}`);
    expect(result.status).toBe(200);
    const rows = (result.data as Record<string, unknown>[]).filter((row) => SEED_INGREDIENTS.has(String(row.name)));
    expect(rows.length).toBe(SEED_INGREDIENTS.size);
    for (const row of rows) {
      const { name, ...stored } = row;
      expect(stored, String(name)).toEqual(nutritionFields(nutrition[String(name)]));
    }
  });

  it("serves every image to anonymous visitors with the spec's transform", async () => {
    for (const recipe of recipes) {
      const response = await fetch(`${directusUrl()}/assets/${recipe.image}?fit=cover&width=836&quality=80`);
      expect(response.status, recipe.slug).toBe(200);
      expect(response.headers.get("content-type"), recipe.slug).toMatch(/^image\//);
      const { width } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(width, recipe.slug).toBe(836);
    }
  });

  it("has the seed's ratings: accounts nobody signs in as, most seed recipes rated at least three times", async () => {
    const client = await admin();
    const seed = JSON.parse(readFileSync("cms/seed/ratings.json", "utf8")) as SeedRatings;
    const accounts = await client.request<{ id: string; role: string; password: string | null; provider: string }[]>(
      "GET",
      `/users?fields=id,role,password,provider&limit=-1&filter[email][_in]=${seed.accounts.join(",")}`,
    );
    expect(accounts).toHaveLength(seed.accounts.length);
    for (const account of accounts)
      expect(account).toMatchObject({ role: USER_ROLE.id, password: null, provider: "default" });
    const rows = await client.request<{ stars: number; recipe: { slug: string } }[]>(
      "GET",
      `/items/recipe_ratings?fields=stars,recipe.slug&limit=-1&filter[user][_in]=${accounts.map((account) => account.id).join(",")}`,
    );
    const perRecipe = new Map<string, number[]>();
    for (const row of rows) perRecipe.set(row.recipe.slug, [...(perRecipe.get(row.recipe.slug) ?? []), row.stars]);
    // Other files share this Directus; a seed recipe one of them deleted took its ratings with it.
    const existing = new Set(
      (await client.request<{ slug: string }[]>("GET", "/items/recipe?fields=slug&limit=-1")).map((row) => row.slug),
    );
    for (const [slug, stars] of Object.entries(seed.ratings).filter(([slug]) => existing.has(slug))) {
      const given = stars.filter((value) => value !== null).sort();
      expect((perRecipe.get(slug) ?? []).sort(), slug).toEqual(given);
    }
    const shown = [...SEED_SLUGS].filter((slug) => (perRecipe.get(slug)?.length ?? 0) >= 3).length;
    expect(shown / SEED_SLUGS.size).toBeGreaterThanOrEqual(0.8);
    // Applied again, it makes nothing.
    expect(await seedRatings(client)).toBe(0);
  });

  it("creates nothing when seed and access policies are applied again", async () => {
    const client = await admin();
    const publishedCount = async () =>
      ((await call("GET", "/items/recipe?limit=-1&fields=id")).data as unknown[]).length;
    const before = await publishedCount();
    expect(await seedCms(client)).toEqual({ types: 0, ingredients: 0, images: 0, recipes: 0 });
    expect(await applyAccessPolicies(client)).toEqual({ created: 0, updated: 0, deleted: 0 });
    expect(await publishedCount()).toBe(before);
  });
});
