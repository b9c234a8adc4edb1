import { env } from "cloudflare:workers";
import type { IngredientType } from "../../catalog/recipes/ingredient-types.ts";
import type { CatalogRecipe, IngredientLine } from "../../catalog/recipes/types.ts";
import { buildCatalog } from "../../catalog/sync/build-catalog.ts";
import { publishWithoutCoordinator } from "../../catalog/sync/plan-version.ts";

/** A recipe with sensible defaults; tests name only what they are about. */
export function recipe(fields: Partial<CatalogRecipe> & Pick<CatalogRecipe, "id" | "slug" | "name">): CatalogRecipe {
  const ingredients = fields.ingredients ?? [];
  const optionalIngredients = fields.optionalIngredients ?? [];
  return {
    cuisine: "Deutsch",
    description: `${fields.name}, schnell gemacht.`,
    instructions: "Alles zusammen kochen.",
    steps: ["Schneide alles klein.", "Koche alles zusammen."],
    image: null,
    recipeUrl: null,
    prepTime: 10,
    cookTime: 10,
    totalTime: 20,
    vegetarian: true,
    vegan: false,
    manyGuests: false,
    type: "DISH",
    published: new Date(Date.UTC(2026, 10, 1) + fields.id * 3_600_000).toISOString(),
    servings: 2,
    ingredients,
    optionalIngredients,
    // One line per name without amount unless the test gives its lines.
    ingredientLines: [
      ...ingredients.map((name) => bareLine(name, false)),
      ...optionalIngredients.map((name) => bareLine(name, true)),
    ],
    nutrition: null,
    ...fields,
  };
}

/** A line that names its ingredient without amount ("Salz"). */
function bareLine(name: string, optional: boolean): IngredientLine {
  return { name, plural: null, wholePieces: false, amount: null, amountMax: null, unit: null, note: null, optional };
}

/** An ingredient record for every name the recipes use, as the sync reads them from Directus; `types` gives some a type. */
export function ingredientRecords(
  recipes: readonly CatalogRecipe[],
  types: Readonly<Record<string, IngredientType>> = {},
) {
  const names = [...new Set(recipes.flatMap((item) => [...item.ingredients, ...item.optionalIngredients]))];
  return names.map((name) => ({
    name,
    description: null,
    vegetarian: true,
    vegan: true,
    type: types[name] ?? null,
    tags: [],
  }));
}

/** Publishes recipes (and every ingredient they name, typed by `types`) into this Worker's KV with the real sync code. */
export async function publishRecipes(
  recipes: CatalogRecipe[],
  types: Readonly<Record<string, IngredientType>> = {},
): Promise<void> {
  await publishWithoutCoordinator(env.CATALOG, buildCatalog(recipes, ingredientRecords(recipes, types)));
}
