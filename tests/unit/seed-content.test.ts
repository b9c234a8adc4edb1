import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RECIPE_TYPES } from "../../catalog/recipes/categories.ts";
import { INGREDIENT_TYPES } from "../../catalog/recipes/ingredient-types.ts";
import { slugify } from "../../catalog/recipes/slug.ts";
import { SEED_DIR, type SeedIngredient, type SeedRecipe } from "../../scripts/cms/seed.ts";

// The seed content as committed (cms/seed/), checked without a CMS: fast enough for every unit run.
const INGREDIENT_FIELDS = ["name", "description", "vegetarian", "vegan", "type", "tags"];
/** Given only where they apply (see cms/seed/README.md); seed-amounts.test.ts checks their values. */
const OPTIONAL_INGREDIENT_FIELDS = ["plural", "wholePieces"];
const RECIPE_FIELDS = [
  "slug",
  "name",
  "cuisine",
  "description",
  "instructions",
  "instructionList",
  "recipeUrl",
  "prepTime",
  "cookTime",
  "totalTime",
  "vegetarian",
  "vegan",
  "manyGuests",
  "type",
  "ingredients",
  "optionalIngredients",
  "image",
];
/** The spec asks for at least 12 recipes in these categories and at least 5 in every other. */
const BIG_CATEGORIES = ["SOUP", "SALAD", "PASTA"];
/** Generated illustrations weigh about 30–130 KB; far outside means a broken or bloated file. */
const MIN_IMAGE_BYTES = 20_000;
const MAX_IMAGE_BYTES = 160_000;

function load<T>(file: string): T[] {
  return JSON.parse(readFileSync(join(SEED_DIR, file), "utf8")) as T[];
}

const ingredients = load<SeedIngredient>("ingredients.json");
const recipes = load<SeedRecipe>("recipes.json");
const ingredientByName = new Map(ingredients.map((ingredient) => [ingredient.name, ingredient]));

const isText = (value: unknown): boolean => typeof value === "string" && value.trim().length > 0;
const sortedKeys = (item: object): string[] => Object.keys(item).sort();

/** Width and height from a JPEG's start-of-frame marker, or undefined if the file is not a JPEG. */
function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] ?? 0;
    // SOF0 … SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return undefined;
}

describe("seed ingredients", () => {
  it("have all fields, a unique name, a description and known categories", () => {
    const names = new Set<string>();
    for (const ingredient of ingredients) {
      const where = `ingredient "${ingredient.name}"`;
      const keys = sortedKeys(ingredient).filter((key) => !OPTIONAL_INGREDIENT_FIELDS.includes(key));
      expect(keys, where).toEqual([...INGREDIENT_FIELDS].sort());
      expect(isText(ingredient.name) && ingredient.name === ingredient.name.trim(), where).toBe(true);
      const lower = ingredient.name.toLocaleLowerCase("de");
      expect(names.has(lower), `${where} is listed twice`).toBe(false);
      names.add(lower);
      expect(isText(ingredient.description), `${where}: description`).toBe(true);
      expect(INGREDIENT_TYPES, `${where}: type`).toContain(ingredient.type);
      expect(ingredient.tags.length, `${where}: 1–3 tags`).toBeGreaterThanOrEqual(1);
      expect(ingredient.tags.length, `${where}: 1–3 tags`).toBeLessThanOrEqual(3);
      expect(ingredient.tags[0], `${where}: the first tag is the type`).toBe(ingredient.type);
      expect(new Set(ingredient.tags).size, `${where}: duplicate tag`).toBe(ingredient.tags.length);
      for (const tag of ingredient.tags) expect(INGREDIENT_TYPES, `${where}: tag`).toContain(tag);
    }
    expect(ingredients.length).toBeGreaterThanOrEqual(130);
  });

  it("are vegan only if vegetarian, and never vegetarian if meat", () => {
    for (const ingredient of ingredients) {
      const where = `ingredient "${ingredient.name}"`;
      expect(typeof ingredient.vegetarian, where).toBe("boolean");
      expect(typeof ingredient.vegan, where).toBe("boolean");
      if (ingredient.vegan) expect(ingredient.vegetarian, `${where} is vegan but not vegetarian`).toBe(true);
      if (ingredient.type === "MEAT") expect(ingredient.vegetarian, `${where} is meat`).toBe(false);
    }
  });

  it("cover every ingredient category with at least three", () => {
    for (const type of INGREDIENT_TYPES) {
      expect(ingredients.filter((ingredient) => ingredient.type === type).length, type).toBeGreaterThanOrEqual(3);
    }
  });

  it("are each used by at least one recipe", () => {
    const used = new Set(recipes.flatMap((recipe) => [...recipe.ingredients, ...recipe.optionalIngredients]));
    for (const ingredient of ingredients) {
      expect(used.has(ingredient.name), `ingredient "${ingredient.name}" is used by no recipe`).toBe(true);
    }
  });
});

describe("seed recipes", () => {
  it("have all fields and the texts filled in", () => {
    for (const recipe of recipes) {
      const where = `recipe "${recipe.slug}"`;
      expect(sortedKeys(recipe), where).toEqual([...RECIPE_FIELDS].sort());
      for (const key of ["name", "cuisine", "description", "instructions"] as const) {
        expect(isText(recipe[key]), `${where}: ${key}`).toBe(true);
      }
      expect(RECIPE_TYPES, `${where}: type`).toContain(recipe.type);
      for (const key of ["vegetarian", "vegan", "manyGuests"] as const) {
        expect(typeof recipe[key], `${where}: ${key}`).toBe("boolean");
      }
      expect(recipe.recipeUrl, where).toBe(`https://kochbuch.example.org/${recipe.slug}`);
      expect(recipe.image, where).toBe(`${recipe.slug}.jpg`);
    }
  });

  it("have unique, well-formed slugs and unique names", () => {
    const slugs = new Set<string>();
    const names = new Set<string>();
    for (const recipe of recipes) {
      const where = `recipe "${recipe.slug}"`;
      expect(recipe.slug, `${where}: slug is not in slug form`).toBe(slugify(recipe.slug));
      expect(recipe.slug, where).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(slugs.has(recipe.slug), `${where}: duplicate slug`).toBe(false);
      slugs.add(recipe.slug);
      const name = recipe.name.toLocaleLowerCase("de");
      expect(names.has(name), `${where}: duplicate name "${recipe.name}"`).toBe(false);
      names.add(name);
    }
  });

  it("take at most 30 minutes, in whole minutes that add up", () => {
    for (const recipe of recipes) {
      const where = `recipe "${recipe.slug}"`;
      const { prepTime, cookTime, totalTime } = recipe;
      for (const time of [prepTime, cookTime, totalTime]) {
        expect(Number.isInteger(time), `${where}: whole minutes`).toBe(true);
        expect(time, `${where}: no negative time`).toBeGreaterThanOrEqual(0);
      }
      expect(prepTime + cookTime, `${where}: prepTime + cookTime = totalTime`).toBe(totalTime);
      expect(totalTime, `${where}: totalTime`).toBeGreaterThanOrEqual(5);
      expect(totalTime, `${where}: totalTime`).toBeLessThanOrEqual(30);
    }
    expect(new Set(recipes.map((recipe) => recipe.totalTime)).size, "varied total times").toBeGreaterThanOrEqual(6);
  });

  it("use 3–10 known ingredients and up to 3 optional ones, none twice", () => {
    for (const recipe of recipes) {
      const where = `recipe "${recipe.slug}"`;
      const { ingredients: required, optionalIngredients: optional } = recipe;
      expect(required.length, `${where}: required ingredients`).toBeGreaterThanOrEqual(3);
      expect(required.length, `${where}: required ingredients`).toBeLessThanOrEqual(10);
      expect(optional.length, `${where}: optional ingredients`).toBeLessThanOrEqual(3);
      const all = [...required, ...optional];
      expect(new Set(all).size, `${where}: an ingredient is listed twice`).toBe(all.length);
      for (const name of all) expect(ingredientByName.has(name), `${where}: unknown ingredient "${name}"`).toBe(true);
    }
  });

  it("are vegetarian or vegan exactly when all their required ingredients are", () => {
    for (const recipe of recipes) {
      const where = `recipe "${recipe.slug}"`;
      const required = recipe.ingredients.flatMap((name) => ingredientByName.get(name) ?? []);
      const notVegetarian = required.filter((ingredient) => !ingredient.vegetarian).map(({ name }) => name);
      const notVegan = required.filter((ingredient) => !ingredient.vegan).map(({ name }) => name);
      expect(recipe.vegetarian, `${where}: vegetarian (not vegetarian: ${notVegetarian.join(", ")})`).toBe(
        notVegetarian.length === 0,
      );
      expect(recipe.vegan, `${where}: vegan (not vegan: ${notVegan.join(", ")})`).toBe(notVegan.length === 0);
    }
  });

  it("have 3–8 full-sentence steps, or a longer free text instead", () => {
    for (const recipe of recipes) {
      const where = `recipe "${recipe.slug}"`;
      const steps = recipe.instructionList;
      if (steps === null) {
        expect(recipe.instructions.length, `${where}: free-text-only instructions`).toBeGreaterThanOrEqual(120);
        continue;
      }
      expect(steps.length, `${where}: steps`).toBeGreaterThanOrEqual(3);
      expect(steps.length, `${where}: steps`).toBeLessThanOrEqual(8);
      for (const step of steps) {
        // The page numbers the steps itself; a step is a sentence.
        expect(step, `${where}: step starts with a number`).not.toMatch(/^\s*\d/);
        expect(step.trim(), `${where}: step is not a full sentence`).toMatch(/[.!]$/);
      }
    }
  });

  it("fill every category: at least 12 soups, salads and pasta dishes, at least 5 of the others", () => {
    expect(recipes.length).toBeGreaterThanOrEqual(84);
    for (const type of RECIPE_TYPES) {
      const count = recipes.filter((recipe) => recipe.type === type).length;
      expect(count, type).toBeGreaterThanOrEqual(BIG_CATEGORIES.includes(type) ? 12 : 5);
    }
  });

  it("mix vegetarian, vegan and meat dishes, party food and free-text recipes", () => {
    const count = (predicate: (recipe: SeedRecipe) => boolean) => recipes.filter(predicate).length;
    expect(
      count((recipe) => recipe.vegetarian),
      "vegetarian",
    ).toBeGreaterThanOrEqual(30);
    expect(
      count((recipe) => recipe.vegan),
      "vegan",
    ).toBeGreaterThanOrEqual(15);
    expect(
      count((recipe) => !recipe.vegetarian),
      "meat or fish",
    ).toBeGreaterThanOrEqual(10);
    const freeText = count((recipe) => recipe.instructionList === null);
    expect(freeText, "without step list").toBeGreaterThanOrEqual(5);
    expect(freeText, "without step list").toBeLessThanOrEqual(8);
    const manyGuests = count((recipe) => recipe.manyGuests);
    expect(manyGuests > 0 && manyGuests < recipes.length, "manyGuests is mixed").toBe(true);
  });
});

describe("seed images", () => {
  it("exist for every recipe as 1600 × 1200 JPEGs of a sensible size", () => {
    for (const recipe of recipes) {
      const where = `image of "${recipe.slug}"`;
      const path = join(SEED_DIR, "images", recipe.image);
      expect(existsSync(path), `${where} is missing`).toBe(true);
      if (!existsSync(path)) continue;
      expect(jpegSize(readFileSync(path)), where).toEqual({ width: 1600, height: 1200 });
      const bytes = statSync(path).size;
      expect(bytes, `${where}: bytes`).toBeGreaterThanOrEqual(MIN_IMAGE_BYTES);
      expect(bytes, `${where}: bytes`).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
    }
  });

  it("belong to recipes", () => {
    const images = new Set(recipes.map((recipe) => recipe.image));
    for (const file of readdirSync(join(SEED_DIR, "images"))) {
      expect(images.has(file), `images/${file} belongs to no recipe`).toBe(true);
    }
  });
});
