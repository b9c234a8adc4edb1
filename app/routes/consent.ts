import { data, redirect } from "react-router";
import { consentFromChoice } from "../lib/consent/consent.ts";
import { analyticsCookieRemovals, consentCookie } from "../lib/consent/consent-cookie.server.ts";
import { responseCookiesContext, siteConfigContext } from "../lib/site/site-context.server.ts";
import {
  ANSWER_FIELD,
  ANSWER_WITH_DATA,
  CONSENT_CATEGORY_FIELD,
  CONSENT_CHOICE_FIELD,
} from "../lib/url/form-fields.ts";
import { formReturnPath } from "../lib/url/return-path.ts";
import type { Route } from "./+types/consent";

// A place to post to, not a page.
export function loader() {
  return redirect("/");
}

/**
 * Stores the banner's choice. Without JavaScript the browser is sent back to
 * the page it came from; with JavaScript ("antwort=daten") the choice comes
 * back as data and the page updates in place. Withdrawing analytics consent
 * deletes the analytics cookies at once.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const consent = consentFromChoice(
    String(form.get(CONSENT_CHOICE_FIELD) ?? ""),
    form.getAll(CONSENT_CATEGORY_FIELD).map((value) => String(value)),
  );
  if (!consent) return data({ error: "Diese Auswahl verstehen wir nicht." }, { status: 400 });

  const { consentCookieName } = context.get(siteConfigContext);
  const cookies = context.get(responseCookiesContext);
  cookies.push(consentCookie(request, consentCookieName, consent));
  if (!consent.analytics) cookies.push(...analyticsCookieRemovals(request));

  if (form.get(ANSWER_FIELD) === ANSWER_WITH_DATA) return { consent };
  return redirect(formReturnPath(form, "/"), 303);
}
