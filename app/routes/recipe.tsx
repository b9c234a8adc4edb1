import { redirect, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { recipeBySlug } from "../../catalog/view/queries.ts";
import { logEvent } from "../../logging/log.ts";
import { CookingModeProvider } from "../components/cooking-mode.tsx";
import { CookingSteps } from "../components/cooking-steps.tsx";
import { RecipeBody } from "../components/recipe-body.tsx";
import { RecipeCard } from "../components/recipe-card.tsx";
import { RecipeTools } from "../components/recipe-tools.tsx";
import { ServingsStepper } from "../components/servings-stepper.tsx";
import { AddToShoppingList } from "../components/shopping-list/add-to-shopping-list.tsx";
import { recipeCardData } from "../lib/recipes/recipe-card-data.ts";
import { IMAGE_TRANSFORMS, recipeImageUrl } from "../lib/recipes/recipe-images.ts";
import { stepTimerSeconds } from "../lib/recipes/step-durations.ts";
import { pageMeta } from "../lib/seo/page-meta.ts";
import { pageTitle } from "../lib/seo/page-title.ts";
import { recipeJsonLd } from "../lib/seo/recipe-json-ld.ts";
import { catalogContext, siteConfigContext } from "../lib/site/site-context.server.ts";
import { onlyServingsChanged, parseServingsParam, servingsToShow } from "../lib/url/servings-param.ts";
import type { Route } from "./+types/recipe";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const catalog = await context.get(catalogContext)();
  const slug = params.slug ?? "";
  const recipe = await recipeBySlug(catalog, slug).catch((error: unknown) => {
    logEvent("error", "recipe.unreadable", { slug }, { error });
    return undefined;
  });
  // The spec's rule: a recipe that cannot be loaded silently sends the visitor home.
  if (!recipe) throw redirect("/");
  // Servings that are not a plain 1–12 lead to the recipe as written, not to an error; the
  // recipe's own servings have the address without the parameter.
  const choice = parseServingsParam(new URL(request.url).searchParams);
  if (choice.kind === "invalid" || (choice.kind === "chosen" && choice.servings === recipe.servings)) {
    throw redirect(`/rezepte/${recipe.slug}`);
  }
  const { siteUrl, siteName } = context.get(siteConfigContext);
  return {
    recipe: recipeCardData(recipe),
    stepTimers: stepTimerSeconds(recipe.steps),
    siteName,
    canonical: `${siteUrl}/rezepte/${recipe.slug}`,
    image: recipe.image ? `${siteUrl}${recipeImageUrl(recipe.image, IMAGE_TRANSFORMS.share)}` : null,
    jsonLd: recipeJsonLd(recipe, { siteUrl, siteName }),
  };
}

/** A step of the servings stepper needs no request: the page reads `?portionen=` from the address. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return onlyServingsChanged(args) ? false : args.defaultShouldRevalidate;
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
  const { recipe, stepTimers, canonical } = loaderData;
  const [search] = useSearchParams();
  const servings = servingsToShow(search, recipe.servings);
  return (
    <div className="page recipe-page">
      {/* Keyed by recipe: moving on to another recipe starts with cooking mode off and no step ticked. */}
      <CookingModeProvider key={recipe.slug} slug={recipe.slug} stepTimers={stepTimers}>
        <RecipeCard
          recipe={recipe}
          linkName={false}
          priority
          headingLevel={1}
          actions={<RecipeTools recipe={recipe} canonical={canonical} />}
          body={
            <>
              <RecipeBody
                recipe={recipe}
                headingLevel={1}
                servings={servings}
                Steps={CookingSteps}
                servingsControl={
                  <ServingsStepper slug={recipe.slug} servings={servings} recipeServings={recipe.servings} />
                }
              />
              {/* Under the ingredients: every required line, for the servings shown. */}
              <AddToShoppingList
                slug={recipe.slug}
                recipeName={recipe.name}
                servings={servings}
                label={`Auf die Einkaufsliste: ${recipe.name}`}
                listLink
              />
            </>
          }
        />
      </CookingModeProvider>
    </div>
  );
}
