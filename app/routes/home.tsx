import { useEffect } from "react";
import { Form, Link, type ShouldRevalidateFunctionArgs, useLocation } from "react-router";
import {
  CATEGORY_HEADINGS,
  categoryPath,
  type RecipeType,
  recipeTypeFromParam,
} from "../../catalog/recipes/categories.ts";
import { pickRandomRecipe } from "../../catalog/view/queries.ts";
import { HydrationSlice } from "../components/hydration-slice.tsx";
import { RecipeBody } from "../components/recipe-body.tsx";
import { RecipeCard } from "../components/recipe-card.tsx";
import { trackEvent } from "../lib/consent/analytics.ts";
import { recipeCardData } from "../lib/recipes/recipe-card-data.ts";
import { homeTitle } from "../lib/seo/page-title.ts";
import { staticPageMeta } from "../lib/seo/static-page-meta.ts";
import { useConsent } from "../lib/site/shell-data.ts";
import { catalogContext } from "../lib/site/site-context.server.ts";
import { LAST_SHOWN_PARAM, RANDOM_TYPE_PARAM } from "../lib/url/form-fields.ts";
import type { Route } from "./+types/home";

/** The three quick choices under "Ich will aber lieber...", in the spec's order. */
const QUICK_TYPES: { type: RecipeType; label: string }[] = [
  { type: "SALAD", label: "Salat" },
  { type: "SOUP", label: "Suppe" },
  { type: "PASTA", label: "Pasta" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const typParam = params.get(RANDOM_TYPE_PARAM);
  const type = typParam ? recipeTypeFromParam(typParam) : undefined;
  const catalog = await context.get(catalogContext)();
  const recipe = await pickRandomRecipe(catalog, {
    type,
    exclude: params.get(LAST_SHOWN_PARAM) ?? undefined,
  });
  return {
    recipe: recipe ? recipeCardData(recipe) : null,
    type: type ?? null,
    // An unknown category is named back to the visitor rather than silently dropped.
    unknownType: typParam && !type ? typParam.slice(0, 40) : null,
    // A press of one of the buttons, not the first pick on opening the page.
    pressed: params.has(LAST_SHOWN_PARAM),
  };
}

/**
 * A new pick only when the visitor asks for one (a new URL). Saving the
 * recipe shown, or a cookie choice, must not swap it for another.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.href === nextUrl.href) return false;
  return defaultShouldRevalidate;
}

// Every visit draws anew: never store this page in a shared cache.
export function headers() {
  return { "Cache-Control": "no-store" };
}

export const meta: Route.MetaFunction = (args) =>
  staticPageMeta(args, {
    title: (shell) => homeTitle(shell.productName),
    description:
      "Schnelle Rezepte in höchstens 30 Minuten: Lass dir ein zufälliges Rezept vorschlagen oder finde Gerichte mit den Zutaten, die du zu Hause hast.",
    // "/" and "/zufallsgenerator" are one page; "/" is its address.
    path: "/",
  });

// Serves both "/" and "/zufallsgenerator" (two route ids, one module).
export default function Home({ loaderData }: Route.ComponentProps) {
  const { recipe, type, unknownType, pressed } = loaderData;
  const shown = recipe?.slug ?? "";
  const consent = useConsent();
  const { key, pathname } = useLocation();

  // shuffle_recipes after each press (spec section 7); the pick on opening the page is not one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one event per navigation; consent is read as it is then
  useEffect(() => {
    if (pressed)
      trackEvent(consent, "shuffle_recipes", { page_location: pathname, type: type?.toLowerCase() ?? "none" });
  }, [key]);
  return (
    <div className="page">
      <h1>Zufällige Rezepte</h1>
      <p className="lead">
        Keine Idee, was du heute leckeres kochen könntest?{" "}
        <Link to="/zutatensuche">Suche Rezepte mit den Zutaten, die du zu Hause hast.</Link>
      </p>

      {/* A press loads the next recipe as a document: as a client navigation it rendered and committed the new
          card before the next frame, up to 800 ms on a slow phone; the browser keeps this page shown until the
          next one paints (decision 0059). */}
      <Form method="get" action="/zufallsgenerator" className="shuffle-form" reloadDocument>
        <input type="hidden" name={LAST_SHOWN_PARAM} value={shown} />
        <button type="submit" className="button button-large">
          Zufälliges Rezept finden
        </button>
        <fieldset className="shuffle-choices">
          <legend>Ich will aber lieber...</legend>
          {QUICK_TYPES.map(({ type: quickType, label }) => (
            <button
              key={quickType}
              type="submit"
              name={RANDOM_TYPE_PARAM}
              value={quickType.toLowerCase()}
              className="button button-small"
            >
              {label}
            </button>
          ))}
        </fieldset>
      </Form>

      {unknownType ? (
        <p className="notice" role="status">
          Die Kategorie „{unknownType}“ gibt es nicht – hier ist ein Rezept aus allen Kategorien.
        </p>
      ) : null}

      {recipe ? (
        <section aria-labelledby="zufaelliges-rezept" className="random-recipe">
          <h2 id="zufaelliges-rezept">Zufälliges Rezept</h2>
          {type ? (
            <p className="random-filter">
              Aus der Kategorie <Link to={categoryPath(type)}>{CATEGORY_HEADINGS[type]}</Link>
            </p>
          ) : null}
          <HydrationSlice>
            <RecipeCard recipe={recipe} priority weekPlanLink body={<RecipeBody recipe={recipe} headingLevel={2} />} />
          </HydrationSlice>
        </section>
      ) : (
        <div className="random-placeholder" aria-hidden="true" />
      )}
    </div>
  );
}
