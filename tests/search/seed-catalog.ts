/**
 * The seed (cms/seed) as the sync publishes it, without a CMS: recipes and
 * ingredients through the real catalog build, in a memory view.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { RecipeType } from "../../catalog/recipes/categories.ts";
import type { IngredientType } from "../../catalog/recipes/ingredient-types.ts";
import type { CatalogRecipe } from "../../catalog/recipes/types.ts";
import { ingredientKinds } from "../../catalog/search/search-words.ts";
import { buildCatalog } from "../../catalog/sync/build-catalog.ts";
import { type CatalogView, createMemoryCatalogView } from "../../catalog/view/catalog-view.ts";
import { SEED_DIR, type SeedIngredient, type SeedRecipe } from "../../scripts/cms/seed.ts";
import type { JudgedRecipe } from "./relevance-table.ts";

function load<T>(file: string): T[] {
  return JSON.parse(readFileSync(join(SEED_DIR, file), "utf8")) as T[];
}

export interface SeedCatalog {
  view: CatalogView;
  /** The seed's recipes as the relevance table judges them, by id. */
  judged: ReadonlyMap<number, JudgedRecipe>;
}

export function seedCatalog(): SeedCatalog {
  const ingredients = load<SeedIngredient>("ingredients.json");
  const recipes: CatalogRecipe[] = load<SeedRecipe>("recipes.json").map((seed, index) => ({
    id: index + 1,
    slug: seed.slug,
    name: seed.name,
    cuisine: seed.cuisine,
    description: seed.description,
    instructions: seed.instructions,
    steps: seed.instructionList ?? [],
    image: null,
    recipeUrl: seed.recipeUrl,
    prepTime: seed.prepTime,
    cookTime: seed.cookTime,
    totalTime: seed.totalTime,
    vegetarian: seed.vegetarian,
    vegan: seed.vegan,
    manyGuests: seed.manyGuests,
    type: seed.type as RecipeType,
    published: "2026-01-01T00:00:00.000Z",
    servings: 2,
    ingredients: seed.ingredients,
    optionalIngredients: seed.optionalIngredients,
    ingredientLines: [],
    nutrition: null,
  }));
  const raw = ingredients.map((ingredient) => ({
    name: ingredient.name,
    description: ingredient.description,
    vegetarian: ingredient.vegetarian,
    vegan: ingredient.vegan,
    type: ingredient.type as IngredientType,
    tags: ingredient.tags as IngredientType[],
  }));
  const { catalog, searchIndex } = buildCatalog(recipes, raw);
  const kindsByName = ingredientKinds(raw);
  const judged = new Map(
    recipes.map((recipe) => [
      recipe.id,
      {
        name: recipe.name,
        type: recipe.type,
        ingredients: recipe.ingredients,
        kinds: new Set<IngredientType>(recipe.ingredients.flatMap((name) => kindsByName.get(name) ?? [])),
      },
    ]),
  );
  return { view: createMemoryCatalogView("seed", catalog, searchIndex), judged };
}
