import type { RouterContextProvider } from "react-router";
import { consentFrom } from "../consent/consent-cookie.server.ts";
import { takeNotice } from "../notices/notice-cookie.server.ts";
import { NOTICES } from "../notices/notices.ts";
import type { ShellData } from "./shell-data.ts";
import { responseCookiesContext, siteConfigContext, visitorContext } from "./site-context.server.ts";

/**
 * The shell data for one request (the root loader's answer): the configured
 * names, who is signed in, a notice waiting in its cookie (cleared once
 * read, so it shows once) and the consent cookie.
 */
export async function loadShellData(request: Request, context: Readonly<RouterContextProvider>): Promise<ShellData> {
  const config = context.get(siteConfigContext);
  const state = await context.get(visitorContext).state();
  const notice = takeNotice(request);
  if (notice) context.get(responseCookiesContext).push(notice.clear);
  return {
    productName: config.productName,
    siteName: config.siteName,
    siteUrl: config.siteUrl,
    appStoreUrl: config.appStoreUrl,
    visitor:
      state.status === "signed-in"
        ? {
            email: state.visitor.user.email,
            savedRecipeIds: state.visitor.saved.map((link) => link.recipe),
            csrfToken: state.visitor.csrfToken,
          }
        : null,
    accountUnavailable: state.status === "unavailable",
    notice: notice ? NOTICES[notice.code] : null,
    consent: consentFrom(request, config.consentCookieName) ?? null,
    gtmId: config.gtmId,
  };
}
