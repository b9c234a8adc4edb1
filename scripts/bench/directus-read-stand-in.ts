/**
 * Directus' read API as the sync uses it (catalog/sync/directus-source.ts),
 * served from memory over HTTP for the bench's publish part: published
 * recipes and ingredients page by page (keyset on id), those changed since
 * a time (`date_updated`, else `date_created`), their ids alone, and the
 * counts.
 * A real Directus answers the same requests for the 10k sync part; at 50k
 * its fill alone would take the better part of an hour.
 */
import { createServer, type Server } from "node:http";
import type { CatalogRecipe } from "../../catalog/recipes/types.ts";
import type { RawIngredientRecord } from "../../catalog/sync/validate.ts";

/** A recipe as Directus returns it for the sync's fields. */
export function rawRecipe(recipe: CatalogRecipe): Record<string, unknown> {
  const line = (entry: CatalogRecipe["ingredientLines"][number], index: number) => ({
    ingredient_id: { name: entry.name, plural: entry.plural, whole_pieces: entry.wholePieces },
    amount: entry.amount === null ? null : String(entry.amount),
    amount_max: entry.amountMax === null ? null : String(entry.amountMax),
    unit: entry.unit,
    note: entry.note,
    sort: index + 1,
  });
  return {
    id: recipe.id,
    status: "published",
    slug: recipe.slug,
    name: recipe.name,
    cuisine: recipe.cuisine,
    description: recipe.description,
    instructions: recipe.instructions,
    instructionList: recipe.steps.map((instruction) => ({ instruction })),
    image: recipe.image,
    recipeUrl: recipe.recipeUrl,
    prepTime: recipe.prepTime,
    cookTime: recipe.cookTime,
    totalTime: recipe.totalTime,
    vegetarian: recipe.vegetarian,
    vegan: recipe.vegan,
    manyGuests: recipe.manyGuests,
    date_created: recipe.published,
    type: { name: recipe.type },
    servings: recipe.servings,
    ingredients: recipe.ingredientLines.filter((entry) => !entry.optional).map(line),
    optionalIngredients: recipe.ingredientLines.filter((entry) => entry.optional).map(line),
  };
}

export function rawIngredient(ingredient: RawIngredientRecord, id: number): Record<string, unknown> {
  return {
    id,
    // Created with the seed, never changed since.
    date_created: new Date(Date.parse("2026-01-01T00:00:00.000Z") + id * 60_000).toISOString(),
    date_updated: null,
    name: ingredient.name,
    description: ingredient.description,
    vegetarian: ingredient.vegetarian,
    vegan: ingredient.vegan,
    type: ingredient.type ? { name: ingredient.type } : null,
    tags: ingredient.tags.map((name) => ({ IngredientType_id: { name } })),
  };
}

export interface DirectusReadStandIn {
  url: string;
  /** Replaces one recipe (by id) with `recipe`, as an editor's save does (its `date_updated` is now). */
  save(recipe: CatalogRecipe): void;
  stop(): Promise<void>;
}

/** Serves `recipes` and `ingredients` on a free port of 127.0.0.1. */
export async function startDirectusReadStandIn(
  recipes: readonly CatalogRecipe[],
  ingredients: readonly RawIngredientRecord[],
): Promise<DirectusReadStandIn> {
  const rawRecipes = recipes.map(rawRecipe);
  const rawIngredients = ingredients.map((ingredient, index) => rawIngredient(ingredient, index + 1));
  const changedAt = (record: Record<string, unknown>) => Date.parse(String(record.date_updated ?? record.date_created));
  const page = (records: Record<string, unknown>[], query: URLSearchParams) => {
    const filter = query.get("filter") ?? "";
    const after = Number(/"_gt":(\d+)/.exec(filter)?.[1] ?? 0);
    const since = /"_gte":"([^"]+)"/.exec(filter)?.[1];
    const limit = Number(query.get("limit") ?? 100);
    const idsOnly = query.get("fields") === "id";
    const found: Record<string, unknown>[] = [];
    let start = records.findIndex((record) => Number(record.id) > after);
    if (start === -1) start = records.length;
    for (let index = start; index < records.length && found.length < limit; index++) {
      const record = records[index] as Record<string, unknown>;
      if (since !== undefined && changedAt(record) < Date.parse(since)) continue;
      found.push(idsOnly ? { id: record.id } : record);
    }
    return found;
  };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    let data: unknown;
    if (url.pathname === "/items/recipe" && url.search.includes("aggregate")) {
      data = [{ count: { id: rawRecipes.length } }];
    } else if (url.pathname === "/items/recipe") data = page(rawRecipes, url.searchParams);
    else if (url.pathname === "/items/ingredient" && url.search.includes("aggregate")) {
      data = [{ count: { id: rawIngredients.length } }];
    } else if (url.pathname === "/items/ingredient") data = page(rawIngredients, url.searchParams);
    else {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    save(recipe) {
      const index = rawRecipes.findIndex((record) => record.id === recipe.id);
      rawRecipes[index] = { ...rawRecipe(recipe), date_updated: new Date().toISOString() };
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
