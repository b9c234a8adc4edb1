import { kindBySlug } from "../../catalog/search/search-words.ts";
import type { CatalogView } from "../../catalog/view/catalog-view.ts";
import { logEvent } from "../../logging/log.ts";
import { pantryApi } from "../lib/directus/pantry-api.server.ts";
import { SignedOutError } from "../lib/directus/user-api.server.ts";
import { isSelectionValue, type Pantry } from "../lib/pantry/pantry.ts";
import { catalogContext, visitorContext } from "../lib/site/site-context.server.ts";
import { MISSING_BASIC_PARAM, PANTRY_CHANGED_FIELD, SELECTED_INGREDIENT_PARAM } from "../lib/url/form-fields.ts";
import { kindSlugOf, readMissingBasics } from "../lib/url/ingredient-query.ts";
import type { Route } from "./+types/pantry";

/**
 * The signed-in visitor's pantry in their account, for the ingredient
 * search's script (lib/pantry/account-pantry.ts): GET reads it, POST
 * stores it. Never a page: every answer is JSON that no cache may keep,
 * and a visitor who is not signed in gets a 401.
 */

/** As many selected values as the address reads (ingredient-query.ts). */
const MAX_SELECTED = 30;

function answer(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: { "cache-control": "private, no-store" } });
}

const NOT_UNDERSTOOD = () => answer({ error: "Diese Anfrage verstehen wir nicht." }, 400);

/** The visitor's pantry calls, or the answer to give when there is no signed-in visitor to ask for. */
async function signedInPantry(context: Route.LoaderArgs["context"]) {
  const state = await context.get(visitorContext).state();
  if (state.status === "signed-in") return { api: pantryApi(state.api.caller) };
  return {
    refused:
      state.status === "unavailable"
        ? answer({ error: "Dein Konto ist gerade nicht erreichbar." }, 503)
        : answer({ error: "Bitte melde dich an." }, 401),
  };
}

function failed(error: unknown, what: "read" | "save"): Response {
  if (error instanceof SignedOutError) return answer({ error: "Bitte melde dich an." }, 401);
  logEvent("error", "pantry.failed", { what }, { error });
  return answer({ error: "Dein Konto ist gerade nicht erreichbar." }, 503);
}

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = await signedInPantry(context);
  if ("refused" in visitor) return visitor.refused;
  try {
    return answer({ pantry: await visitor.api.read() });
  } catch (error) {
    return failed(error, "read");
  }
}

/**
 * The pantry a form posts, or undefined when the form is not one this site
 * sends: every value must be shaped like a slug, the time a whole number.
 * Values the catalog does not know (an ingredient removed since the page was
 * rendered) are dropped; a time from the future (a device's clock ahead) is
 * now, so it cannot win every merge to come.
 */
function postedPantry(form: FormData, catalog: CatalogView, now: number): Pantry | undefined {
  const values = (name: string) => form.getAll(name).filter((value): value is string => typeof value === "string");
  const selected = values(SELECTED_INGREDIENT_PARAM);
  const basics = readMissingBasics(values(MISSING_BASIC_PARAM));
  const time = form.get(PANTRY_CHANGED_FIELD);
  const changedAt = typeof time === "string" && /^\d{1,16}$/.test(time) ? Number(time) : Number.NaN;
  if (
    selected.length > MAX_SELECTED ||
    !selected.every(isSelectionValue) ||
    basics.unknown.length > 0 ||
    !Number.isSafeInteger(changedAt) ||
    changedAt < 0
  ) {
    return undefined;
  }
  const known = (value: string) => {
    const kind = kindSlugOf(value);
    return kind === undefined ? catalog.ingredientBySlug(value) !== undefined : kindBySlug(kind) !== undefined;
  };
  return {
    selected: [...new Set(selected.filter(known))],
    missingBasics: basics.missing,
    changedAt: Math.min(changedAt, now),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const visitor = context.get(visitorContext);
  if (!(await visitor.formTokenValid(form))) {
    return answer({ error: "Das Formular war abgelaufen. Bitte lade die Seite neu." }, 403);
  }
  const account = await signedInPantry(context);
  if ("refused" in account) return account.refused;
  const pantry = postedPantry(form, await context.get(catalogContext)(), Date.now());
  if (!pantry) return NOT_UNDERSTOOD();
  try {
    await account.api.save(pantry);
    return answer({ pantry });
  } catch (error) {
    return failed(error, "save");
  }
}
