import type { RouterContextProvider } from "react-router";
import { siteConfigContext } from "./site-context.server.ts";

/** What the legal pages print about the operator, from the validated config. */
export function legalPageData(context: Readonly<RouterContextProvider>) {
  const { operator, legalSource, siteName, siteUrl, consentCookieName } = context.get(siteConfigContext);
  return { operator, legalSource, siteName, siteUrl, consentCookieName };
}
