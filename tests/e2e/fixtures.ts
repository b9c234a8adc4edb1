import { test as base } from "@playwright/test";
import { ALL_ACCEPTED, type Consent, NECESSARY_ONLY, serializeConsent } from "../../app/lib/consent/consent.ts";
import { BASE_URL } from "./stack.ts";

/** The consent cookie's name on the site under test (wrangler.toml). */
export const CONSENT_COOKIE = "wkij_einwilligung";

/** A consent cookie as the site would set it, for a browser context. */
export function consentCookie(consent: Consent) {
  return {
    name: CONSENT_COOKIE,
    value: serializeConsent(consent),
    url: BASE_URL,
    sameSite: "Strict" as const,
  };
}

/**
 * Browser tests start with a choice already made ("Alle ablehnen"), so the
 * cookie banner does not cover what they test; tests of the banner itself
 * set `consent: "none"` (or "all").
 */
export const test = base.extend<{ consent: "none" | "necessary" | "all" }>({
  consent: ["necessary", { option: true }],
  context: async ({ context, consent }, use) => {
    if (consent !== "none")
      await context.addCookies([consentCookie(consent === "all" ? ALL_ACCEPTED : NECESSARY_ONLY)]);
    await use(context);
  },
});

export { expect } from "@playwright/test";
