/**
 * Fills a new Directus with the seed content in cms/seed/: the category
 * lists, ingredients, and published recipes with their images. Everything is
 * matched by its natural key (name, slug, image file name), so a run that
 * stopped half-way can simply run again and nothing is ever created twice.
 */
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { RECIPE_TYPES } from "../../catalog/recipes/categories.ts";
import { INGREDIENT_TYPES } from "../../catalog/recipes/ingredient-types.ts";
import type { Nutrients } from "../../catalog/recipes/types.ts";
import { RECIPE_IMAGES_FOLDER } from "../../cms/access-policies.ts";
import type { DirectusAdmin } from "./directus-admin.ts";

export const SEED_DIR = resolve(import.meta.dirname, "../../cms/seed");

/** One ingredient as cms/seed/ingredients.json holds it. */
export interface SeedIngredient {
  name: string;
  /** Only where it differs from the name ("Zwiebeln"); see cms/seed/README.md. */
  plural?: string;
  /** Counted in whole pieces only when scaled (Ei). */
  wholePieces?: boolean;
  description: string;
  vegetarian: boolean;
  vegan: boolean;
  type: string;
  tags: string[];
}

/** An ingredient's entry in cms/seed/nutrition.json (see cms/seed/README.md). */
export interface SeedNutrition {
  /** The food of USDA FoodData Central the values are taken from. */
  reference: string;
  per100g: Nutrients;
  /** Grams per millilitre. */
  density?: number;
  /** Grams of one piece, for count lines. */
  pieceGrams?: number;
  /** Grams of one unit, by unit. */
  unitGrams?: Record<string, number>;
}

/** The ingredient fields of a seed entry's nutrition (cms/schema/snapshot.json: "Nährwerte und Gewichte"). */
export function nutritionFields(nutrition: SeedNutrition | undefined): Record<string, unknown> {
  if (!nutrition) return {};
  return {
    ...nutrition.per100g,
    density: nutrition.density ?? null,
    piece_grams: nutrition.pieceGrams ?? null,
    unit_grams: Object.entries(nutrition.unitGrams ?? {}).map(([unit, grams]) => ({ unit, grams })),
  };
}

/** One recipe as cms/seed/recipes.json holds it. */
export interface SeedRecipe {
  slug: string;
  name: string;
  cuisine: string;
  description: string;
  instructions: string;
  instructionList: string[] | null;
  recipeUrl: string;
  prepTime: number;
  cookTime: number;
  totalTime: number;
  vegetarian: boolean;
  vegan: boolean;
  manyGuests: boolean;
  type: string;
  ingredients: string[];
  optionalIngredients: string[];
  image: string;
}

/** One ingredient line as cms/seed/amounts.json holds it (see cms/seed/README.md). */
export interface SeedLine {
  ingredient: string;
  amount: number | null;
  unit: string | null;
  note: string | null;
  optional?: boolean;
}

/** A recipe's servings and ingredient lines in display order, as cms/seed/amounts.json holds them per slug. */
export interface SeedAmounts {
  servings: number;
  lines: SeedLine[];
}

interface SeedSummary {
  types: number;
  ingredients: number;
  images: number;
  recipes: number;
}

const BATCH = 25;

/** A file of cms/seed, parsed. */
export async function readSeedFile<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(join(SEED_DIR, file), "utf8")) as T;
}

/** name → id of every row of a collection with a `name` column. */
export async function idsByName(admin: DirectusAdmin, collection: string): Promise<Map<string, number>> {
  const rows = await admin.request<{ id: number; name: string }[]>(
    "GET",
    `/items/${collection}?fields=id,name&limit=-1`,
  );
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** Creates the rows whose names are missing, in batches; returns how many. */
async function createMissing<T extends { name: string }>(
  admin: DirectusAdmin,
  collection: string,
  rows: T[],
  toPayload: (row: T) => Record<string, unknown>,
): Promise<number> {
  const existing = await idsByName(admin, collection);
  const missing = rows.filter((row) => !existing.has(row.name));
  for (let start = 0; start < missing.length; start += BATCH) {
    await admin.request("POST", `/items/${collection}`, missing.slice(start, start + BATCH).map(toPayload));
  }
  return missing.length;
}

function lookup(ids: Map<string, number>, name: string, what: string): number {
  const id = ids.get(name);
  if (id === undefined) throw new Error(`seed: unknown ${what} "${name}"`);
  return id;
}

/** Texts a catalog recipe may lack (the Directus bench writes catalog recipes). */
type OptionalText = "cuisine" | "description" | "instructions" | "recipeUrl";
/** A recipe's own fields, as the seed file has them or the Directus bench makes them up. */
type RecipeFields = Omit<SeedRecipe, "image" | OptionalText> & Record<OptionalText, string | null>;

/**
 * The junction rows of one list (required or optional) in `amounts`' order, `sort` counting from 1.
 * Every name of `names` needs exactly one line: a recipe and its amounts that disagree fail the seed.
 */
function junctionRows(
  recipe: Pick<RecipeFields, "slug">,
  names: string[],
  lines: SeedLine[],
  ingredientIds: Map<string, number>,
): Record<string, unknown>[] {
  const wanted = [...names].sort().join("\n");
  const listed = lines.map((line) => line.ingredient);
  if ([...listed].sort().join("\n") !== wanted) {
    throw new Error(`seed: the amounts of ${recipe.slug} do not list its ingredients ${names.join(", ")} once each`);
  }
  return lines.map((line, index) => ({
    ingredient_id: lookup(ingredientIds, line.ingredient, "ingredient"),
    amount: line.amount,
    unit: line.unit,
    note: line.note,
    sort: index + 1,
  }));
}

/**
 * The published `recipe` item for a recipe, its type and ingredients as the ids in `ids`, with the servings
 * and ingredient lines (amount, unit, note, order) of `amounts`; the image is the caller's.
 */
export function recipeItem(
  recipe: RecipeFields,
  ids: { types: Map<string, number>; ingredients: Map<string, number> },
  amounts: SeedAmounts,
): Record<string, unknown> {
  const required = amounts.lines.filter((line) => !line.optional);
  const optional = amounts.lines.filter((line) => line.optional === true);
  return {
    status: "published",
    slug: recipe.slug,
    name: recipe.name,
    cuisine: recipe.cuisine,
    description: recipe.description,
    instructions: recipe.instructions,
    instructionList: recipe.instructionList?.map((instruction) => ({ instruction })) ?? null,
    recipeUrl: recipe.recipeUrl,
    prepTime: recipe.prepTime,
    cookTime: recipe.cookTime,
    totalTime: recipe.totalTime,
    vegetarian: recipe.vegetarian,
    vegan: recipe.vegan,
    manyGuests: recipe.manyGuests,
    type: lookup(ids.types, recipe.type, "recipe type"),
    servings: amounts.servings,
    ingredients: junctionRows(recipe, recipe.ingredients, required, ids.ingredients),
    optionalIngredients: junctionRows(recipe, recipe.optionalIngredients, optional, ids.ingredients),
  };
}

/** The image's file id, uploading it unless a file of that name is already in the folder. */
async function imageId(
  admin: DirectusAdmin,
  recipe: Pick<SeedRecipe, "image" | "name">,
  uploads: { count: number },
): Promise<string> {
  const [existing] = await admin.request<{ id: string }[]>(
    "GET",
    `/files?fields=id&limit=1&filter[folder][_eq]=${RECIPE_IMAGES_FOLDER.id}&filter[filename_download][_eq]=${encodeURIComponent(recipe.image)}`,
  );
  if (existing) return existing.id;
  uploads.count += 1;
  return admin.upload({
    name: recipe.image,
    type: "image/jpeg",
    data: await readFile(join(SEED_DIR, "images", recipe.image)),
    title: recipe.name,
    folder: RECIPE_IMAGES_FOLDER.id,
  });
}

export interface SeedOptions {
  /**
   * "each" (default): every recipe gets its own illustration. "shared": one
   * image is uploaded and every recipe shows it, for tests that need complete
   * content but not 89 uploads (each is stored and read by Directus' sharp).
   */
  images?: "each" | "shared";
}

/** Applies the seed; returns what it had to create (all zero on a second run). */
export async function seedCms(
  admin: DirectusAdmin,
  onProgress: (line: string) => void = () => {},
  options: SeedOptions = {},
): Promise<SeedSummary> {
  const ingredients = await readSeedFile<SeedIngredient[]>("ingredients.json");
  const recipes = await readSeedFile<SeedRecipe[]>("recipes.json");
  const amounts = await readSeedFile<Record<string, SeedAmounts>>("amounts.json");
  const nutrition = await readSeedFile<Record<string, SeedNutrition>>("nutrition.json");
  const amountsOf = (recipe: SeedRecipe): SeedAmounts => {
    const found = amounts[recipe.slug];
    if (!found) throw new Error(`seed: cms/seed/amounts.json has no entry for ${recipe.slug}`);
    return found;
  };
  const shared = recipes[0];
  const imageOf = (recipe: SeedRecipe) => (options.images === "shared" && shared ? shared : recipe);
  const summary: SeedSummary = { types: 0, ingredients: 0, images: 0, recipes: 0 };

  summary.types += await createMissing(
    admin,
    "RecipeType",
    RECIPE_TYPES.map((name) => ({ name })),
    (row) => row,
  );
  summary.types += await createMissing(
    admin,
    "IngredientType",
    INGREDIENT_TYPES.map((name) => ({ name })),
    (row) => row,
  );
  const recipeTypes = await idsByName(admin, "RecipeType");
  const ingredientTypes = await idsByName(admin, "IngredientType");

  summary.ingredients = await createMissing(admin, "ingredient", ingredients, (ingredient) => ({
    name: ingredient.name,
    plural: ingredient.plural ?? null,
    whole_pieces: ingredient.wholePieces ?? false,
    ...nutritionFields(nutrition[ingredient.name]),
    description: ingredient.description,
    vegetarian: ingredient.vegetarian,
    vegan: ingredient.vegan,
    type: lookup(ingredientTypes, ingredient.type, "ingredient type"),
    tags: ingredient.tags.map((tag) => ({ IngredientType_id: lookup(ingredientTypes, tag, "ingredient type") })),
  }));
  const ids = { types: recipeTypes, ingredients: await idsByName(admin, "ingredient") };

  const existingSlugs = new Set(
    (await admin.request<{ slug: string }[]>("GET", "/items/recipe?fields=slug&limit=-1")).map((row) => row.slug),
  );
  const missing = recipes.filter((recipe) => !existingSlugs.has(recipe.slug));
  const uploads = { count: 0 };
  for (let start = 0; start < missing.length; start += BATCH) {
    const batch = missing.slice(start, start + BATCH);
    const payload = [];
    for (const recipe of batch) {
      payload.push({
        ...recipeItem(recipe, ids, amountsOf(recipe)),
        image: await imageId(admin, imageOf(recipe), uploads),
      });
    }
    await admin.request("POST", "/items/recipe", payload);
    summary.recipes += batch.length;
    onProgress(`seed: ${summary.recipes}/${missing.length} recipes`);
  }
  summary.images = uploads.count;
  return summary;
}
