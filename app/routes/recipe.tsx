import { redirect } from "react-router";
import { pageTitle } from "../lib/page-title.ts";
import { shellFromMatches } from "../lib/root-data.ts";
import { catalogContext } from "../lib/site-context.server.ts";
import type { Route } from "./+types/recipe";

export async function loader({ params, context }: Route.LoaderArgs) {
  const loaded = await context.get(catalogContext)();
  const recipe = params.slug ? loaded?.recipesBySlug.get(params.slug) : undefined;
  // The spec's rule: a recipe that cannot be loaded silently sends the visitor home.
  if (!recipe) throw redirect("/");
  return { recipe };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData?.recipe.name ?? "Rezept", shellFromMatches(matches).siteName) },
  ...(loaderData?.recipe.description ? [{ name: "description", content: loaderData.recipe.description }] : []),
];

// The full recipe card (image, badges, steps, ingredients) comes with the
// visitor screens; this shows the catalog's data plainly.
export default function Recipe({ loaderData }: Route.ComponentProps) {
  const { recipe } = loaderData;
  return (
    <article className="page prose" data-slug={recipe.slug}>
      <h1>{recipe.name}</h1>
      {recipe.description ? <p className="lead">{recipe.description}</p> : null}
      <p>Zeitaufwand: {recipe.totalTime} Minuten</p>
    </article>
  );
}
