/**
 * How the import (map-recipe.ts) and the Data Studio's "Zutatenliste einfügen" (cms/extensions/ingredient-paste)
 * word what an editor must check about ingredient lines, so "Zu prüfen (Import)" reads the same whichever wrote it.
 */
import { MAX_NOTE_LENGTH } from "../../catalog/recipes/units.ts";
import { capText, plainText, quoted } from "./plain-text.ts";

/** "Zeile nicht lesbar: „2 EL“ (kein Zutatenname)." */
export function unreadLineProblem(line: string, reason: string): string {
  return `Zeile nicht lesbar: ${quoted(line)} (${plainText(reason).replace(/\.$/, "")}).`;
}

/** "Neue Zutat vorgeschlagen: „Galgant“; bitte prüfen." for one name, `many` for several. */
export function ingredientNamesProblem(names: readonly string[], one: string, many: string, what: string): string {
  return `${names.length === 1 ? one : many} ${what}: ${names.map((name) => quoted(name)).join(", ")}; bitte prüfen.`;
}

/** A line's note as the CMS holds it (at most 40 characters), and the problem to note when it had to be cut. */
export function fittedNote(note: string | null, ingredient: string): { note: string | null; problem: string | null } {
  if (note === null || note.length <= MAX_NOTE_LENGTH) return { note, problem: null };
  return {
    note: capText(note, MAX_NOTE_LENGTH).text,
    problem: `Notiz ${quoted(note)} zu ${quoted(ingredient)} auf ${MAX_NOTE_LENGTH} Zeichen gekürzt; bitte prüfen.`,
  };
}
