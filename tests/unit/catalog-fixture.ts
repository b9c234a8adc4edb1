import type { CatalogRecipe } from "../../catalog/recipes/types.ts";
import { buildCatalog } from "../../catalog/sync/build-catalog.ts";

let nextId = 1;

/**
 * A recipe with plain defaults; tests name only what they are about. Each
 * call counts an id up and names its slug by it, also when the test gives
 * its own id: a test that gives ids far apart or twice still gets unique slugs.
 */
export function recipe(fields: Partial<CatalogRecipe> = {}): CatalogRecipe {
  const id = nextId++;
  return {
    id,
    slug: `rezept-${id}`,
    name: `Rezept ${id}`,
    cuisine: null,
    description: null,
    instructions: null,
    steps: [],
    image: null,
    recipeUrl: null,
    prepTime: 5,
    cookTime: 5,
    totalTime: 10,
    vegetarian: true,
    vegan: false,
    manyGuests: false,
    type: "DISH",
    published: "2026-01-01T00:00:00.000Z",
    servings: 2,
    ingredients: [],
    optionalIngredients: [],
    ingredientLines: [],
    nutrition: null,
    ...fields,
  };
}

/** A built catalog of `count` recipes named after `label`, for the publish tests: each label is another version. */
export function labelledCatalog(label: string, count = 3) {
  return buildCatalog(
    Array.from({ length: count }, (_, index) => recipe({ name: `${label} ${index}` })),
    [],
  );
}
