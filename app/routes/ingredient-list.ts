import { encodeIngredientOptions } from "../lib/recipes/ingredient-options.ts";
import { catalogContext } from "../lib/site/site-context.server.ts";
import type { Route } from "./+types/ingredient-list";

/**
 * Every ingredient, for the ingredient search's filter ("Zutat finden"): a
 * page carries only the boxes it shows, and the browser asks for the whole
 * list once the visitor starts to filter. The same for everyone, so the edge
 * cache keeps it per catalog version (workers/page-cache.ts).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const catalog = await context.get(catalogContext)();
  return Response.json({ ingredients: encodeIngredientOptions(catalog.ingredientOverview().options) });
}
