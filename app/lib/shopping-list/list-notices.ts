/** What the shopping list page says when a stored list could not be read whole, or not stored at all. */
import { MAX_ENTRIES } from "./limits.ts";
import type { ListProblem } from "./stored-list.ts";

export const LIST_PROBLEM_TEXT: Record<ListProblem, string> = {
  beschaedigt: "Ein Teil deiner gespeicherten Einkaufsliste war nicht lesbar und fehlt deshalb.",
  "zu-gross": "Deine gespeicherte Einkaufsliste war zu groß, um sie zu laden. Sie beginnt deshalb leer.",
};

export const LIST_FULL_TEXT = `Deine Einkaufsliste ist voll (höchstens ${MAX_ENTRIES} Einträge). Hake ab oder entferne etwas, dann passt Neues darauf.`;

export const DEVICE_UNAVAILABLE_TEXT =
  "Dieser Browser lässt uns nichts auf deinem Gerät speichern. Mit einem Konto liegt die Einkaufsliste dort.";

export const DEVICE_NOT_STORED_TEXT =
  "Das Gerät hat die Einkaufsliste nicht gespeichert (kein Platz oder gesperrt). Mit einem Konto liegt sie dort.";

/** A change to the account's list without a connection (the page kept offline, decision 0043): it is not sent later. */
export const ACCOUNT_OFFLINE_TEXT =
  "Ohne Internetverbindung können wir die Liste in deinem Konto nicht ändern. Versuche es noch einmal, wenn du wieder online bist.";
