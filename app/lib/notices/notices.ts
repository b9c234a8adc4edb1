/**
 * One-time messages after a redirect ("Das Speichern hat nicht geklappt"),
 * carried in a short-lived cookie as a code. Only codes travel, never text,
 * so nothing a visitor or another site sends can end up on the page.
 */

import { SAVED_RECIPES_LIMIT } from "../recipes/saved-recipes-limit.ts";
import { MAX_ENTRIES as SHOPPING_LIST_LIMIT } from "../shopping-list/limits.ts";

/** A whole number the German way: 1000 → "1.000". By hand, so server and browser print the same. */
function germanNumber(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+$)/g, ".");
}

export const NOTICES = {
  "speichern-fehlgeschlagen": "Das Speichern hat gerade nicht geklappt. Bitte versuche es gleich noch einmal.",
  "merkliste-voll": `Du hast schon ${germanNumber(SAVED_RECIPES_LIMIT)} Rezepte gespeichert – mehr passen nicht in deine Liste. Entferne ein paar, um neue zu speichern.`,
  "entfernen-fehlgeschlagen": "Das Entfernen hat gerade nicht geklappt. Bitte versuche es gleich noch einmal.",
  "anmelden-noetig": "Bitte melde dich an, um Rezepte zu speichern.",
  "anmeldung-fehlgeschlagen": "Die Anmeldung hat nicht geklappt. Bitte versuche es noch einmal.",
  abgemeldet: "Du bist jetzt abgemeldet.",
  "formular-abgelaufen": "Das Formular war abgelaufen. Bitte versuche es noch einmal.",
  "einkaufsliste-hinzugefuegt": "Die Zutaten stehen jetzt auf deiner Einkaufsliste.",
  "einkaufsliste-voll": `Deine Einkaufsliste ist voll (höchstens ${SHOPPING_LIST_LIMIT} Einträge). Hake ab oder entferne etwas, dann passt Neues darauf.`,
  "einkaufsliste-fehlgeschlagen":
    "Deine Einkaufsliste konnte gerade nicht gespeichert werden. Bitte versuche es gleich noch einmal.",
  "einkaufsliste-gleichzeitig":
    "Nicht gespeichert: Deine Einkaufsliste wurde gerade auch woanders geändert. Bitte versuche es noch einmal.",
  "einkaufsliste-ohne-konto":
    "Ohne JavaScript kann die Einkaufsliste nur in deinem Konto liegen. Melde dich an oder schalte JavaScript ein.",
  // A rating (decision 0065): the stars are named in the code, as only codes travel.
  "bewertung-1": "Danke! Deine Bewertung ist gespeichert: 1 von 5 Sternen.",
  "bewertung-2": "Danke! Deine Bewertung ist gespeichert: 2 von 5 Sternen.",
  "bewertung-3": "Danke! Deine Bewertung ist gespeichert: 3 von 5 Sternen.",
  "bewertung-4": "Danke! Deine Bewertung ist gespeichert: 4 von 5 Sternen.",
  "bewertung-5": "Danke! Deine Bewertung ist gespeichert: 5 von 5 Sternen.",
  "bewertung-entfernt": "Deine Bewertung ist entfernt.",
  "bewertung-ohne-sterne": "Nicht gespeichert: Bitte wähle 1 bis 5 Sterne.",
  "bewertung-anmelden": "Bitte melde dich an, um Rezepte zu bewerten.",
  "bewertung-unbekannt": "Nicht gespeichert: Dieses Rezept gibt es nicht oder nicht mehr.",
  "bewertung-zu-viele":
    "Nicht gespeichert: Du hast gerade sehr viele Bewertungen geschickt. Bitte warte eine Minute und versuche es dann noch einmal.",
  "bewertung-gleichzeitig":
    "Nicht gespeichert: Deine Bewertung wurde gerade auch woanders geändert. Bitte versuche es noch einmal.",
  "bewertung-fehlgeschlagen":
    "Deine Bewertung konnte gerade nicht gespeichert werden. Bitte versuche es gleich noch einmal.",
} as const;

export type NoticeCode = keyof typeof NOTICES;

/** The code if `value` is one, else undefined. */
export function noticeCode(value: string | null | undefined): NoticeCode | undefined {
  return value && Object.hasOwn(NOTICES, value) ? (value as NoticeCode) : undefined;
}
