import { data, Link, redirect, useLocation } from "react-router";
import { cardsById } from "../../catalog/view/queries.ts";
import { logEvent } from "../../logging/log.ts";
import { RecipeList } from "../components/recipe-list.tsx";
import { SavedRecipesFullError } from "../lib/directus/user-api.server.ts";
import { setNotice } from "../lib/notices/notice-cookie.server.ts";
import { NOTICES, type NoticeCode } from "../lib/notices/notices.ts";
import { type RecipeListCardData, recipeListCardData } from "../lib/recipes/recipe-card-data.ts";
import { SAVED_RECIPES_LIMIT } from "../lib/recipes/saved-recipes-limit.ts";
import { pageTitle } from "../lib/seo/page-title.ts";
import { answeredInTheBrowser } from "../lib/site/not-stored.ts";
import { shellFromMatches } from "../lib/site/shell-data.ts";
import { catalogContext, responseCookiesContext, visitorContext } from "../lib/site/site-context.server.ts";
import {
  ANSWER_FIELD,
  ANSWER_WITH_DATA,
  RECIPE_ACTION_FIELD,
  RECIPE_ACTIONS,
  RECIPE_FIELD,
  type RecipeAction,
} from "../lib/url/form-fields.ts";
import { formReturnPath, signInHref } from "../lib/url/return-path.ts";
import type { Route } from "./+types/saved-recipes";

export async function loader({ context }: Route.LoaderArgs) {
  const state = await context.get(visitorContext).state();
  if (state.status !== "signed-in") return { status: state.status, recipes: [] as RecipeListCardData[] };
  const catalog = await context.get(catalogContext)();
  // Newest first; a recipe that is no longer published is left out, not shown broken.
  const recipes = await cardsById(
    catalog,
    [...state.visitor.saved].sort((a, b) => b.id - a.id).map((link) => link.recipe),
  );
  return { status: state.status, recipes: recipes.map(recipeListCardData) };
}

/**
 * Saves or removes a recipe for the signed-in visitor. Forms post here from
 * every card; without JavaScript the answer is a redirect back to the page
 * the form was on, with JavaScript ("antwort=daten") it is data.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const wantsData = form.get(ANSWER_FIELD) === ANSWER_WITH_DATA;
  const back = formReturnPath(form, "/gespeicherte-rezepte");
  const intent = form.get(RECIPE_ACTION_FIELD);
  const recipeId = Number(form.get(RECIPE_FIELD));

  function fail(code: NoticeCode, status: number) {
    if (wantsData) return data({ error: NOTICES[code] }, { status });
    context.get(responseCookiesContext).push(setNotice(request, code));
    return redirect(back, 303);
  }

  if (
    (intent !== RECIPE_ACTIONS.save && intent !== RECIPE_ACTIONS.remove) ||
    !Number.isInteger(recipeId) ||
    recipeId <= 0
  ) {
    return data({ error: "Diese Anfrage verstehen wir nicht." }, { status: 400 });
  }
  const visitor = context.get(visitorContext);
  if (!(await visitor.formTokenValid(form))) return fail("formular-abgelaufen", 403);
  const state = await visitor.state();
  if (state.status !== "signed-in") {
    return fail(
      state.status === "unavailable" ? failedCode(intent) : "anmelden-noetig",
      state.status === "unavailable" ? 503 : 401,
    );
  }
  const catalog = await context.get(catalogContext)();
  if ((await catalog.positionOfId(recipeId)) === undefined) {
    return data({ error: "Dieses Rezept gibt es nicht." }, { status: 404 });
  }

  const already = state.visitor.saved.some((link) => link.recipe === recipeId);
  // A full list takes no more; Directus' database would refuse it too, as a 500.
  if (intent === RECIPE_ACTIONS.save && !already && state.visitor.saved.length >= SAVED_RECIPES_LIMIT) {
    return fail("merkliste-voll", 409);
  }
  try {
    if (intent === RECIPE_ACTIONS.save && !already) await state.api.saveRecipe(recipeId);
    if (intent === RECIPE_ACTIONS.remove) await state.api.removeRecipe(recipeId);
  } catch (error) {
    // Another tab filled the list since this request read it.
    if (error instanceof SavedRecipesFullError) return fail("merkliste-voll", 409);
    logEvent("error", "saved-recipes.failed", { intent, recipe: recipeId }, { error });
    return fail(failedCode(intent), 503);
  }
  return wantsData ? { error: undefined } : redirect(back, 303);
}

/**
 * A save or removal sent in the background (the cards' button) that never got
 * the action's answer: no connection although the browser says "online", or a
 * 5xx or an unreadable body from something in between. Answered here, in the
 * browser, like the action's own failures, so the button names it and the page
 * stays; React Router would show its error page instead, which reloads and
 * hides that nothing changed (decision 0047).
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const removing = (await request.clone().formData()).get(RECIPE_ACTION_FIELD) === RECIPE_ACTIONS.remove;
  return answeredInTheBrowser(serverAction, removing ? "entfernt" : "gespeichert");
}

function failedCode(intent: RecipeAction): NoticeCode {
  return intent === RECIPE_ACTIONS.save ? "speichern-fehlgeschlagen" : "entfernen-fehlgeschlagen";
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Gespeicherte Rezepte", shellFromMatches(matches).siteName) },
  { name: "robots", content: "noindex" },
];

export default function SavedRecipes({ loaderData }: Route.ComponentProps) {
  const { status, recipes } = loaderData;
  const { pathname } = useLocation();
  return (
    <div className="page wide-page">
      <h1>Gespeicherte Rezepte</h1>
      {/* The tab bar has the spec's four tabs: the shopping list is reached from here and from every recipe. */}
      <p className="page-links">
        <Link to="/einkaufsliste">Zur Einkaufsliste</Link>
      </p>
      {status === "signed-in" && recipes.length > 0 ? (
        <>
          <p className="list-count">
            {recipes.length === 1 ? "1 gespeichertes Rezept" : `${recipes.length} gespeicherte Rezepte`}
          </p>
          <RecipeList recipes={recipes} label="Deine gespeicherten Rezepte" />
        </>
      ) : null}
      {status === "signed-in" && recipes.length === 0 ? (
        <p>
          Du hast noch keine Rezepte gespeichert. Tippe bei einem Rezept auf das Herz-Symbol („Speichern“), dann findest
          du es hier wieder. Ideen findest du im <Link to="/zufallsgenerator">Zufallsgenerator</Link> oder in der{" "}
          <Link to="/suche">Rezeptsuche</Link>.
        </p>
      ) : null}
      {status === "unavailable" ? (
        <p className="notice">
          Deine gespeicherten Rezepte können gerade nicht geladen werden. Bitte versuche es in ein paar Minuten noch
          einmal – es geht nichts verloren.
        </p>
      ) : null}
      {status === "anonymous" || status === "signed-out" ? (
        <>
          <p>Melde dich an, um deine Lieblingsrezepte zu speichern und hier wiederzufinden.</p>
          <p>
            {/* /login is answered by the Worker, so this is a document request. */}
            <a className="button" href={signInHref(pathname)}>
              Mit Google anmelden
            </a>
          </p>
        </>
      ) : null}
    </div>
  );
}
