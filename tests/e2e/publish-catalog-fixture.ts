/**
 * Publishes a catalog built from the seed content (cms/seed/) into the KV the
 * browser tests' `wrangler dev` uses, with the real build and publish code.
 * No Directus needed: recipes get ids in file order and no images (the
 * /directus image path is covered by the Worker tests).
 *
 * Run by the Playwright web server command before `wrangler dev` starts.
 */
import { readFileSync, rmSync } from "node:fs";
import { getPlatformProxy } from "wrangler";
import type { CatalogStore } from "../../app/lib/catalog/storage.ts";
import type { CatalogRecipe } from "../../app/lib/catalog/types.ts";
import { buildCatalog } from "../../workers/sync/build-catalog.ts";
import { publish } from "../../workers/sync/publish.ts";
import type { RawIngredientRecord } from "../../workers/sync/validate.ts";

export const E2E_STATE = ".wrangler/e2e-state";

type SeedRecipe = Omit<CatalogRecipe, "id" | "steps" | "image" | "published"> & {
  instructionList: string[] | null;
  image: string;
};

const seedRecipes = JSON.parse(readFileSync("cms/seed/recipes.json", "utf8")) as SeedRecipe[];
const ingredients = JSON.parse(readFileSync("cms/seed/ingredients.json", "utf8")) as RawIngredientRecord[];
const recipes: CatalogRecipe[] = seedRecipes.map(({ instructionList, image: _image, ...recipe }, index) => ({
  ...recipe,
  id: index + 1,
  steps: instructionList ?? [],
  image: null,
  published: new Date(Date.UTC(2026, 10, 1) + index * 3_600_000).toISOString(),
}));

rmSync(E2E_STATE, { recursive: true, force: true });
const platform = await getPlatformProxy<{ CATALOG: CatalogStore }>({
  configPath: "wrangler.toml",
  persist: { path: `${E2E_STATE}/v3` },
});
try {
  const result = await publish(platform.env.CATALOG, buildCatalog(recipes, ingredients));
  console.log(`e2e catalog: ${recipes.length} recipes published (${result.writes} writes)`);
} finally {
  await platform.dispose();
}
