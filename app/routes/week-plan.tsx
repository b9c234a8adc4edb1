import { data, redirect } from "react-router";
import type { CatalogView } from "../../catalog/view/catalog-view.ts";
import { recipeBySlug } from "../../catalog/view/queries.ts";
import { logEvent } from "../../logging/log.ts";
import type { RecipeToAdd } from "../components/week-plan/plan-add-form.tsx";
import { WeekPlanView } from "../components/week-plan/week-plan-view.tsx";
import { pantryApi } from "../lib/directus/pantry-api.server.ts";
import { changeAccountList, ShoppingListBusyError } from "../lib/directus/shopping-list-api.server.ts";
import type { UserApi } from "../lib/directus/user-api.server.ts";
import { changeAccountPlan, readAccountPlan, WeekPlanBusyError } from "../lib/directus/week-plan-api.server.ts";
import { setNotice } from "../lib/notices/notice-cookie.server.ts";
import { NOTICES, type NoticeCode } from "../lib/notices/notices.ts";
import { parsePantry } from "../lib/pantry/pantry.ts";
import { isPersonal } from "../lib/request/visitor.server.ts";
import { pageTitle } from "../lib/seo/page-title.ts";
import { answeredInTheBrowser } from "../lib/site/not-stored.ts";
import { shellFromMatches } from "../lib/site/shell-data.ts";
import { catalogContext, responseCookiesContext, visitorContext } from "../lib/site/site-context.server.ts";
import { ANSWER_FIELD, ANSWER_WITH_DATA } from "../lib/url/form-fields.ts";
import { formReturnPath } from "../lib/url/return-path.ts";
import { WEEK_PLAN_ADD_PARAM } from "../lib/url/week-plan-fields.ts";
import type { PlanAnswer } from "../lib/week-plan/plan-answer.ts";
import { WEEK_PLAN_PANTRY_FIELD } from "../lib/week-plan/plan-fields.ts";
import { parsePlanForm, parseRecipeSlug } from "../lib/week-plan/plan-form.ts";
import { PLAN_MAX_SERVINGS, PLAN_MIN_SERVINGS } from "../lib/week-plan/plan-limits.ts";
import { weekView } from "../lib/week-plan/plan-recipes.server.ts";
import { proposalHash } from "../lib/week-plan/proposal-hash.ts";
import stylesheet from "../week-plan.css?url";
import type { Route } from "./+types/week-plan";

/** The page's own styles and its print sheet: no other page loads them. */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet, precedence: "default" }];

/** The account's pantry, or none when it cannot be read: the week's list then leaves out only the basics. */
async function accountPantry(api: UserApi) {
  try {
    return await pantryApi(api.caller).read();
  } catch (error) {
    logEvent("warn", "week-plan.pantry-unreadable", {}, { error });
    return null;
  }
}

/** A card's "Zum Wochenplan" (`?rezept=<slug>`): the recipe to offer a day for, or that the catalog has none. */
type AddingRecipe = RecipeToAdd | "unknown" | null;

/** The recipe the address brings along, read from anyone's request: one slug-shaped value, or nothing. */
async function addingRecipe(url: URL, catalog: () => Promise<CatalogView>): Promise<AddingRecipe> {
  const values = url.searchParams.getAll(WEEK_PLAN_ADD_PARAM);
  if (values.length === 0) return null;
  const slug = values.length === 1 ? parseRecipeSlug(values[0]) : undefined;
  if (slug === undefined) return "unknown";
  const recipe = await recipeBySlug(await catalog(), slug);
  if (!recipe) return "unknown";
  const servings = Math.min(PLAN_MAX_SERVINGS, Math.max(PLAN_MIN_SERVINGS, recipe.servings));
  return { slug: recipe.slug, name: recipe.name, servings };
}

/**
 * The signed-in visitor's plan from their account, with its view (names and
 * the week's list); everyone else's plan lives on their device and is read
 * in the browser, which asks for its view by a post (aktion=ansehen).
 * Failing to read it is a message on the page, never an error page. With
 * `?rezept=` the page also offers that recipe a day (AddingRecipe).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const catalog = context.get(catalogContext);
  const adding = addingRecipe(new URL(request.url), catalog).catch((error: unknown) => {
    logEvent("error", "week-plan.recipe-unreadable", {}, { error });
    return "unknown" as const;
  });
  const state = await context.get(visitorContext).state();
  const none = { entries: [], problem: null, view: null };
  if (state.status !== "signed-in") return { status: state.status, ...none, adding: await adding };
  try {
    const [plan, pantry, readCatalog] = await Promise.all([
      readAccountPlan(state.api),
      accountPantry(state.api),
      catalog(),
    ]);
    return {
      status: state.status,
      entries: plan.entries,
      problem: plan.problem,
      view: await weekView(readCatalog, plan.entries, pantry),
      adding: await adding,
    };
  } catch (error) {
    logEvent("error", "week-plan.unreadable", {}, { error });
    return { status: "unavailable" as const, ...none, adding: await adding };
  }
}

/** Personal on every request: kept by no cache, the edge's included (workers/page-cache.ts), and never indexed. */
export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Wochenplan", shellFromMatches(matches).siteName) },
  { name: "robots", content: "noindex" },
];

/** The longest pantry text read: 30 ingredients and the basics as JSON stay far below it. */
const MAX_PANTRY_TEXT = 4_000;

/** The device's pantry the page posts as it is stored (its names at hand are worked out here, from the catalog). */
function postedPantry(form: FormData) {
  const text = form.get(WEEK_PLAN_PANTRY_FIELD);
  if (typeof text !== "string" || text.length > MAX_PANTRY_TEXT) return null;
  try {
    return parsePantry(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * Every post to the week plan. A signed-in visitor's plan is changed in their
 * account (with the form token). Without an account the plan is on the
 * device and the browser changes it there; here such a visitor can only ask
 * for the view of their plan (names and the week's list), and "Plan meine Woche" hands its days over
 * in the address's fragment, which no server sees, for the page to add
 * (proposal-hash.ts). Without JavaScript ("antwort" not set) the answer is a
 * redirect back, with a notice where one helps.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const wantsData = form.get(ANSWER_FIELD) === ANSWER_WITH_DATA;
  const back = formReturnPath(form, "/wochenplan");

  function fail(code: NoticeCode, status: number) {
    if (wantsData) return data({ error: NOTICES[code] } satisfies PlanAnswer, { status });
    context.get(responseCookiesContext).push(setNotice(request, code));
    return redirect(back, 303);
  }
  function done(code: NoticeCode | null) {
    if (wantsData) return { stored: true } satisfies PlanAnswer;
    if (code) context.get(responseCookiesContext).push(setNotice(request, code));
    return redirect(back, 303);
  }

  const parsed = parsePlanForm(form);
  if (!parsed) return data({ error: "Diese Anfrage verstehen wir nicht." } satisfies PlanAnswer, { status: 400 });

  if (parsed.kind === "view") {
    const catalog = await context.get(catalogContext)();
    return { view: await weekView(catalog, parsed.entries, postedPantry(form)) } satisfies PlanAnswer;
  }

  // Without an account: a proposal goes to the device through the address's fragment; nothing else can be stored.
  const anonymousAnswer = () =>
    parsed.kind === "proposal"
      ? redirect(`/wochenplan${proposalHash(parsed.entries)}`, 303)
      : fail("wochenplan-ohne-konto", 401);
  if (!isPersonal(request)) return anonymousAnswer();
  const visitor = context.get(visitorContext);
  if (!(await visitor.formTokenValid(form))) return fail("formular-abgelaufen", 403);
  const state = await visitor.state();
  if (state.status === "signed-out" || state.status === "anonymous") return anonymousAnswer();
  if (state.status === "unavailable") return fail("wochenplan-fehlgeschlagen", 503);

  if (parsed.kind === "to-shopping-list") {
    try {
      const [plan, pantry, catalog] = await Promise.all([
        readAccountPlan(state.api),
        accountPantry(state.api),
        context.get(catalogContext)(),
      ]);
      const { toBuy: entries } = await weekView(catalog, plan.entries, pantry);
      if (entries.length === 0) return done(null);
      const { result } = await changeAccountList(state.api, { kind: "add", entries });
      if (!result.ok) return fail("einkaufsliste-voll", 409);
      return done("wochenplan-auf-einkaufsliste");
    } catch (error) {
      if (error instanceof ShoppingListBusyError) {
        logEvent("warn", "shopping-list.busy", { action: "week" });
        return fail("einkaufsliste-gleichzeitig", 409);
      }
      logEvent("error", "week-plan.to-shopping-list-failed", {}, { error });
      return fail("einkaufsliste-fehlgeschlagen", 503);
    }
  }

  const operation = parsed.kind === "proposal" ? { kind: "add" as const, entries: parsed.entries } : parsed;
  if (operation.kind === "add") {
    // Only recipes the catalog has go into an account: a slug-shaped name of nothing is refused, not stored.
    const catalog = await context.get(catalogContext)();
    const known = await Promise.all(operation.entries.map((entry) => catalog.positionOfSlug(entry.recipe)));
    if (known.some((position) => position === undefined)) {
      return data({ error: "Dieses Rezept gibt es nicht." } satisfies PlanAnswer, { status: 404 });
    }
  }
  try {
    const result = await changeAccountPlan(state.api, operation);
    if (!result.ok) return fail("wochenplan-voll", 409);
    return done(parsed.kind === "add" ? "wochenplan-hinzugefuegt" : null);
  } catch (error) {
    if (error instanceof WeekPlanBusyError) {
      logEvent("warn", "week-plan.busy", { action: parsed.kind });
      return fail("wochenplan-gleichzeitig", 409);
    }
    logEvent("error", "week-plan.failed", { action: parsed.kind }, { error });
    return fail("wochenplan-fehlgeschlagen", 503);
  }
}

/** A background post that got no answer from the action at all: named in the browser (decision 0041). */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return answeredInTheBrowser(serverAction);
}

export default function WeekPlan({ loaderData }: Route.ComponentProps) {
  return (
    <WeekPlanView
      status={loaderData.status}
      accountEntries={loaderData.entries}
      problem={loaderData.problem}
      accountView={loaderData.view}
      adding={loaderData.adding}
    />
  );
}
