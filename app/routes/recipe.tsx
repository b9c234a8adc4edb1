import { redirect } from "react-router";
import { CookingModeProvider } from "../components/cooking-mode.tsx";
import { RecipeCard } from "../components/recipe-card.tsx";
import { RecipeTools } from "../components/recipe-tools.tsx";
import { pageTitle } from "../lib/page-title.ts";
import { IMAGE_TRANSFORMS, recipeImageUrl } from "../lib/recipe-images.ts";
import { pageMeta } from "../lib/seo/page-meta.ts";
import { recipeJsonLd } from "../lib/seo/recipe-json-ld.ts";
import { catalogContext, siteConfigContext } from "../lib/site-context.server.ts";
import type { Route } from "./+types/recipe";

export async function loader({ params, context }: Route.LoaderArgs) {
  const catalog = await context.get(catalogContext)();
  const recipe = params.slug ? catalog.recipeBySlug(params.slug) : undefined;
  // The spec's rule: a recipe that cannot be loaded silently sends the visitor home.
  if (!recipe) throw redirect("/");
  const { siteUrl, siteName } = context.get(siteConfigContext);
  return {
    recipe,
    siteName,
    canonical: `${siteUrl}/rezepte/${recipe.slug}`,
    image: recipe.image ? `${siteUrl}${recipeImageUrl(recipe.image, IMAGE_TRANSFORMS.share)}` : null,
    jsonLd: recipeJsonLd(recipe, { siteUrl, siteName }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { recipe, siteName, canonical, image, jsonLd } = loaderData;
  const description = recipe.description ?? `${recipe.name}: in ${recipe.totalTime} Minuten fertig.`;
  return [
    ...pageMeta({ title: pageTitle(recipe.name, siteName), description, canonical, siteName, image, type: "article" }),
    { "script:ld+json": jsonLd },
  ];
};

export default function Recipe({ loaderData }: Route.ComponentProps) {
  const { recipe, canonical } = loaderData;
  return (
    <div className="page recipe-page">
      {/* Keyed by recipe: moving on to another recipe starts with cooking mode off and no step ticked. */}
      <CookingModeProvider key={recipe.slug}>
        <RecipeCard
          recipe={recipe}
          linkName={false}
          priority
          headingLevel={1}
          actions={<RecipeTools recipe={recipe} canonical={canonical} />}
        />
      </CookingModeProvider>
    </div>
  );
}
