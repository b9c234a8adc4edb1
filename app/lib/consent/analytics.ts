/**
 * Events for the tag manager's dataLayer (spec section 7): page_view,
 * search_recipes and shuffle_recipes. Nothing is pushed without analytics
 * consent, and nothing exists to push to unless the tag manager was loaded,
 * which the server does only after that consent.
 */
import type { Consent } from "./consent.ts";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

type ConsentModeState = "granted" | "denied";

/** Google Consent Mode v2 signals for a consent choice. */
function consentModeOf(consent: Consent | null): Record<string, ConsentModeState> {
  const state = (granted: boolean | undefined): ConsentModeState => (granted ? "granted" : "denied");
  return {
    analytics_storage: state(consent?.analytics),
    ad_storage: state(consent?.marketing),
    ad_user_data: state(consent?.marketing),
    ad_personalization: state(consent?.marketing),
    personalization_storage: state(consent?.tracking),
  };
}

/** Pushes one event, only with analytics consent and a tag manager on the page. */
export function trackEvent(consent: Consent | null, event: string, params: Record<string, string>): void {
  if (!consent?.analytics || typeof window === "undefined" || !Array.isArray(window.dataLayer)) return;
  window.dataLayer.push({ event, ...params });
}

/** Google's gtag(): Consent Mode reads Arguments objects from the dataLayer, not arrays. */
function gtag(..._args: unknown[]): void {
  // biome-ignore lint/complexity/noArguments: the tag manager expects an Arguments object
  window.dataLayer?.push(arguments);
}

/** Tells a tag manager already on the page about a changed choice, at once (withdrawal takes effect immediately). */
export function updateConsentMode(consent: Consent): void {
  if (typeof window === "undefined" || !Array.isArray(window.dataLayer)) return;
  gtag("consent", "update", consentModeOf(consent));
}

/**
 * The inline script that starts the tag manager: Consent Mode defaults all
 * "denied", then the visitor's choice, then the container is added with the
 * script's own nonce. One script, so that order holds.
 */
export function tagManagerBootstrap(gtmId: string, consent: Consent): string {
  const denied = JSON.stringify({ ...consentModeOf(null), wait_for_update: 500 });
  const chosen = JSON.stringify(consentModeOf(consent));
  return [
    "window.dataLayer=window.dataLayer||[];",
    "function gtag(){window.dataLayer.push(arguments);}",
    `gtag("consent","default",${denied});`,
    `gtag("consent","update",${chosen});`,
    'window.dataLayer.push({"gtm.start":Date.now(),event:"gtm.js"});',
    'var s=document.createElement("script");s.async=true;s.nonce=document.currentScript.nonce;',
    `s.src=${JSON.stringify(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`)};`,
    "document.head.appendChild(s);",
  ].join("");
}
