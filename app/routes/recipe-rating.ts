import { redirect } from "react-router";
import { logEvent } from "../../logging/log.ts";
import { RatingBusyError, RecipeNotRateableError, ratingsApi } from "../lib/directus/ratings-api.server.ts";
import { SignedOutError } from "../lib/directus/user-api.server.ts";
import { setNotice } from "../lib/notices/notice-cookie.server.ts";
import { NOTICES, type NoticeCode } from "../lib/notices/notices.ts";
import { parseRatingForm, RATING_FORM_ERRORS, type RatingAnswer, type Stars } from "../lib/ratings/rating-form.ts";
import { ratingLimitPassed } from "../lib/ratings/rating-limits.server.ts";
import { visitorAddress } from "../lib/request/visitor-address.ts";
import {
  catalogContext,
  ratingLimitsContext,
  responseCookiesContext,
  visitorContext,
} from "../lib/site/site-context.server.ts";
import { ANSWER_FIELD, ANSWER_WITH_DATA } from "../lib/url/form-fields.ts";
import { formReturnPath } from "../lib/url/return-path.ts";
import type { Route } from "./+types/recipe-rating";

/**
 * `/rezepte/<slug>/bewertung`: the signed-in visitor's own rating of a
 * recipe (decision 0065). GET reads it, for the recipe page's script after
 * load: the page itself never holds it, so a cached or kept page shows no
 * one's rating. POST sets or removes it: a plain form post that comes back
 * to the page with a notice, or, sent in the background (ANSWER_FIELD), JSON.
 * Every answer is private and never stored.
 */

function answer(body: RatingAnswer, status = 200): Response {
  return Response.json(body, { status, headers: { "cache-control": "private, no-store" } });
}

/** The id of the published recipe with this slug in the live catalog, or undefined. */
async function publishedRecipeId(context: Route.LoaderArgs["context"], slug: string): Promise<number | undefined> {
  const catalog = await context.get(catalogContext)();
  const position = await catalog.positionOfSlug(slug);
  if (position === undefined) return undefined;
  return (await catalog.cardsAt([position]))[0]?.id;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const recipeId = await publishedRecipeId(context, params.slug);
  if (recipeId === undefined) return answer({ error: NOTICES["bewertung-unbekannt"] }, 404);
  const state = await context.get(visitorContext).state();
  if (state.status === "unavailable") return answer({ error: NOTICES["bewertung-fehlgeschlagen"] }, 503);
  if (state.status !== "signed-in") return answer({ error: NOTICES["bewertung-anmelden"] }, 401);
  try {
    return answer({ stars: await ratingsApi(state.api.caller).own(recipeId) });
  } catch (error) {
    if (error instanceof SignedOutError) return answer({ error: NOTICES["bewertung-anmelden"] }, 401);
    logEvent("error", "rating.read-failed", { recipe: recipeId }, { error });
    return answer({ error: NOTICES["bewertung-fehlgeschlagen"] }, 503);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const wantsData = form.get(ANSWER_FIELD) === ANSWER_WITH_DATA;
  const back = formReturnPath(form, `/rezepte/${encodeURIComponent(params.slug)}`);

  /** The answer for `code`: JSON for a background post, else the way back with the notice. */
  function reply(code: NoticeCode, status: number, stars?: Stars | null): Response {
    if (wantsData)
      return answer(status < 400 ? { stars: stars ?? null, message: NOTICES[code] } : { error: NOTICES[code] }, status);
    context.get(responseCookiesContext).push(setNotice(request, code));
    return redirect(back, 303);
  }

  const visitor = context.get(visitorContext);
  if (!(await visitor.formTokenValid(form))) return reply("formular-abgelaufen", 403);
  const change = parseRatingForm(form);
  if ("error" in change) {
    // Not one of our forms at all: nothing to go back to.
    if (change.error === RATING_FORM_ERRORS.notUnderstood) return answer({ error: change.error }, 400);
    return reply("bewertung-ohne-sterne", 400);
  }
  const state = await visitor.state();
  if (state.status === "unavailable") return reply("bewertung-fehlgeschlagen", 503);
  if (state.status !== "signed-in") return reply("bewertung-anmelden", 401);
  const recipeId = await publishedRecipeId(context, params.slug);
  if (recipeId === undefined) return reply("bewertung-unbekannt", 404);
  const passed = await ratingLimitPassed(
    context.get(ratingLimitsContext),
    state.visitor.user.id,
    visitorAddress(request),
  );
  if (passed) {
    logEvent("warn", "rating.limited", { limit: passed, recipe: recipeId });
    return reply("bewertung-zu-viele", 429);
  }

  const api = ratingsApi(state.api.caller);
  try {
    if (change.kind === "set") {
      await api.set(recipeId, change.stars);
      return reply(`bewertung-${change.stars}`, 200, change.stars);
    }
    await api.remove(recipeId);
    return reply("bewertung-entfernt", 200, null);
  } catch (error) {
    if (error instanceof SignedOutError) return reply("bewertung-anmelden", 401);
    // The catalog still shows a recipe Directus has unpublished since: the next publish takes it off.
    if (error instanceof RecipeNotRateableError) return reply("bewertung-unbekannt", 404);
    if (error instanceof RatingBusyError) {
      logEvent("warn", "rating.busy", { recipe: recipeId });
      return reply("bewertung-gleichzeitig", 409);
    }
    logEvent("error", "rating.failed", { kind: change.kind, recipe: recipeId }, { error });
    return reply("bewertung-fehlgeschlagen", 503);
  }
}
