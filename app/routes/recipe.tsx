import { redirect, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { recipeBySlug } from "../../catalog/view/queries.ts";
import { logEvent } from "../../logging/log.ts";
import { RecipePage } from "../components/recipe-page.tsx";
import { IMAGE_TRANSFORMS, recipeImageUrl } from "../lib/recipes/recipe-images.ts";
import { recipePageData } from "../lib/recipes/recipe-page-data.ts";
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
    recipe: recipePageData(recipe),
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
  return <RecipePage recipe={recipe} stepTimers={stepTimers} canonical={canonical} servings={servings} rateable />;
}
