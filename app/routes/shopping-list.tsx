import { data, redirect } from "react-router";
import { recipeBySlug } from "../../catalog/view/queries.ts";
import { logEvent } from "../../logging/log.ts";
import { ShoppingListView } from "../components/shopping-list/shopping-list-view.tsx";
import { changeAccountList, readAccountList, ShoppingListBusyError } from "../lib/directus/shopping-list-api.server.ts";
import { setNotice } from "../lib/notices/notice-cookie.server.ts";
import { NOTICES, type NoticeCode } from "../lib/notices/notices.ts";
import { isPersonal } from "../lib/request/visitor.server.ts";
import { pageTitle } from "../lib/seo/page-title.ts";
import type { ShoppingAnswer } from "../lib/shopping-list/answer.ts";
import { parseListForm } from "../lib/shopping-list/list-form.ts";
import type { ListOperation } from "../lib/shopping-list/operations.ts";
import { entriesForRecipe } from "../lib/shopping-list/recipe-entries.ts";
import { parseEntry } from "../lib/shopping-list/stored-list.ts";
import { answeredInTheBrowser } from "../lib/site/not-stored.ts";
import { shellFromMatches } from "../lib/site/shell-data.ts";
import { catalogContext, responseCookiesContext, visitorContext } from "../lib/site/site-context.server.ts";
import { ANSWER_FIELD, ANSWER_WITH_DATA } from "../lib/url/form-fields.ts";
import { formReturnPath } from "../lib/url/return-path.ts";
import stylesheet from "../shopping-list.css?url";
import type { Route } from "./+types/shopping-list";

/** The list page's own styles (and its print sheet): no other page loads them. */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet, precedence: "default" }];

/**
 * The signed-in visitor's list from their account; everyone else's lives on
 * their device and is read in the browser. Failing to read it is a message
 * on the page, never an error page.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const state = await context.get(visitorContext).state();
  if (state.status !== "signed-in") return { status: state.status, entries: [], problem: null };
  try {
    const list = await readAccountList(state.api);
    return { status: state.status, entries: list.entries, problem: list.problem };
  } catch (error) {
    logEvent("error", "shopping-list.unreadable", {}, { error });
    return { status: "unavailable" as const, entries: [], problem: null };
  }
}

/** Personal on every request: kept by no cache, the edge's included (workers/page-cache.ts), and never indexed. */
export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Einkaufsliste", shellFromMatches(matches).siteName) },
  { name: "robots", content: "noindex" },
];

/**
 * Every change to the list. A signed-in visitor's list is changed in their
 * account (with the form token, as every form of the site). Without an
 * account nothing is stored here: an add from a page with JavaScript is
 * answered with the recipe's entries, which the browser keeps on the device;
 * anything else needs an account. Without JavaScript ("antwort" not set) the
 * answer is a redirect back to the page, with a notice where one helps.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const wantsData = form.get(ANSWER_FIELD) === ANSWER_WITH_DATA;
  const back = formReturnPath(form, "/einkaufsliste");

  function fail(code: NoticeCode, status: number) {
    if (wantsData) return data({ error: NOTICES[code] } satisfies ShoppingAnswer, { status });
    context.get(responseCookiesContext).push(setNotice(request, code));
    return redirect(back, 303);
  }

  const parsed = parseListForm(form);
  if (!parsed) return data({ error: "Diese Anfrage verstehen wir nicht." } satisfies ShoppingAnswer, { status: 400 });

  let operation: ListOperation;
  let added: { recipeName: string; servings: number } | null = null;
  if (parsed.kind === "add") {
    const catalog = await context.get(catalogContext)();
    const recipe = await recipeBySlug(catalog, parsed.recipe).catch(() => undefined);
    if (!recipe) return data({ error: "Dieses Rezept gibt es nicht." } satisfies ShoppingAnswer, { status: 404 });
    const servings = parsed.servings ?? recipe.servings;
    const only = parsed.ingredients === null ? null : new Set(parsed.ingredients);
    // Only what the stored format can hold: a catalog name longer than it allows is left out, not stored broken.
    const entries = entriesForRecipe(recipe, servings, only).filter((entry) => parseEntry(entry) !== undefined);
    if (entries.length === 0) {
      return data({ error: "Diese Zutaten stehen nicht in diesem Rezept." } satisfies ShoppingAnswer, { status: 400 });
    }
    operation = { kind: "add", entries };
    added = { recipeName: recipe.name, servings };
  } else {
    operation = parsed;
  }

  const visitor = context.get(visitorContext);
  // Without a session there is no account to write to: the device keeps the list.
  const anonymousAnswer = () =>
    operation.kind === "add" && added && wantsData
      ? ({ device: operation.entries, ...added } satisfies ShoppingAnswer)
      : fail("einkaufsliste-ohne-konto", 401);
  if (!isPersonal(request)) return anonymousAnswer();
  if (!(await visitor.formTokenValid(form))) return fail("formular-abgelaufen", 403);
  const state = await visitor.state();
  if (state.status === "signed-out" || state.status === "anonymous") return anonymousAnswer();
  if (state.status === "unavailable") return fail("einkaufsliste-fehlgeschlagen", 503);

  try {
    const { result } = await changeAccountList(state.api, operation);
    if (!result.ok) return fail("einkaufsliste-voll", 409);
    if (!wantsData) {
      if (operation.kind === "add")
        context.get(responseCookiesContext).push(setNotice(request, "einkaufsliste-hinzugefuegt"));
      return redirect(back, 303);
    }
    const count = operation.kind === "add" || operation.kind === "merge" ? operation.entries.length : 0;
    return {
      count: count - result.dropped,
      dropped: result.dropped,
      recipeName: added?.recipeName ?? null,
      servings: added?.servings ?? null,
      // The list page shows what is stored now, other tabs' changes included, without loading its data again.
      ...(operation.kind === "add" ? {} : { entries: result.entries }),
    } satisfies ShoppingAnswer;
  } catch (error) {
    if (error instanceof ShoppingListBusyError) {
      logEvent("warn", "shopping-list.busy", { action: operation.kind });
      return fail("einkaufsliste-gleichzeitig", 409);
    }
    logEvent("error", "shopping-list.failed", { action: operation.kind }, { error });
    return fail("einkaufsliste-fehlgeschlagen", 503);
  }
}

/**
 * A post sent in the background (the list page's changes, "Auf die
 * Einkaufsliste" on recipe and search pages) that never got the action's
 * answer: no connection although the browser says "online", or a 5xx or an
 * unreadable body from something in between. Answered here, in the browser,
 * like the action's own failures, so the page names it and shows what the
 * account holds; React Router would show its error page instead, which
 * reloads and hides that nothing was stored. A split route chunk of its own
 * (React Router's route module splitting), so the add button does not load
 * the list page to run it.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return answeredInTheBrowser(serverAction);
}

export default function ShoppingList({ loaderData }: Route.ComponentProps) {
  return (
    <ShoppingListView status={loaderData.status} accountEntries={loaderData.entries} problem={loaderData.problem} />
  );
}
