/**
 * Cookie consent (spec sections 3–5, 9; TDDDG §25, GDPR): the four
 * categories, what the stored value looks like and how it is read back.
 * Shared by the server (cookie, CSP) and the browser (banner, analytics).
 */
import { CONSENT_CHOICES } from "../url/form-fields.ts";

/** The categories, in the banner's order. "necessary" cannot be switched off. */
export const CONSENT_CATEGORIES = ["necessary", "tracking", "analytics", "marketing"] as const;
type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export type Consent = Record<ConsentCategory, boolean>;

/** Bumped when the meaning of a category changes: every visitor is asked again. */
const CONSENT_VERSION = 1;

/** Lifetime of the stored choice (spec section 9). */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** What the banner says about each category. */
export const CONSENT_TEXTS: Record<ConsentCategory, { label: string; description: string }> = {
  necessary: {
    label: "Notwendig",
    description:
      "Damit die Website funktioniert: deine Cookie-Auswahl, deine Anmeldung und der Schutz deiner Formulare. Immer aktiv.",
  },
  tracking: {
    label: "Tracking",
    description: "Erlaubt, dass wir verfolgen, wie du dich durch die Seiten bewegst, um Funktionen zu verbessern.",
  },
  analytics: {
    label: "Analyse",
    description:
      "Google Tag Manager und Google Analytics zählen anonymisiert, welche Seiten und Suchen genutzt werden.",
  },
  marketing: {
    label: "Marketing",
    description:
      "Erlaubt Werbepartnern, dir passende Angebote zu zeigen. Wir setzen derzeit keine solchen Dienste ein.",
  },
};

/** Only what is strictly necessary: "Alle ablehnen", "Fenster schließen" and the default. */
export const NECESSARY_ONLY: Consent = { necessary: true, tracking: false, analytics: false, marketing: false };

/** Everything: "Alle akzeptieren". */
export const ALL_ACCEPTED: Consent = { necessary: true, tracking: true, analytics: true, marketing: true };

/** The cookie value: a version and every category, URL-encoded JSON. */
export function serializeConsent(consent: Consent): string {
  return encodeURIComponent(JSON.stringify({ v: CONSENT_VERSION, c: consent }));
}

/**
 * The consent stored in a cookie value, or undefined when there is none or
 * it must be asked again (spec section 5): unparsable, another version, or
 * a set of categories other than today's.
 */
export function parseConsent(value: string | undefined): Consent | undefined {
  if (!value) return undefined;
  let stored: unknown;
  try {
    stored = JSON.parse(decodeURIComponent(value));
  } catch {
    return undefined;
  }
  const { v, c } = (stored ?? {}) as { v?: unknown; c?: Record<string, unknown> };
  if (v !== CONSENT_VERSION || typeof c !== "object" || c === null) return undefined;
  const keys = Object.keys(c);
  if (keys.length !== CONSENT_CATEGORIES.length || !CONSENT_CATEGORIES.every((key) => typeof c[key] === "boolean")) {
    return undefined;
  }
  if (c.necessary !== true) return undefined;
  return Object.fromEntries(CONSENT_CATEGORIES.map((key) => [key, c[key]])) as Consent;
}

/** The consent a banner choice stands for; `chosen` are the boxes ticked under "Einstellungen". */
export function consentFromChoice(choice: string, chosen: readonly string[]): Consent | undefined {
  if (choice === CONSENT_CHOICES.all) return ALL_ACCEPTED;
  if (choice === CONSENT_CHOICES.none || choice === CONSENT_CHOICES.close) return NECESSARY_ONLY;
  if (choice !== CONSENT_CHOICES.selected) return undefined;
  return {
    necessary: true,
    tracking: chosen.includes("tracking"),
    analytics: chosen.includes("analytics"),
    marketing: chosen.includes("marketing"),
  };
}
