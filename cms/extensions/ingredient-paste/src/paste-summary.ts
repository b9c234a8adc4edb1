/**
 * What the editor is told after a paste: the flow's answer and an in-app notification (the bell in the
 * Data Studio's sidebar), in German. The same points are in the recipe's "Zu prüfen (Import)" field.
 */
import type { PastePlan } from "./paste-plan.ts";
import type { PasteMode } from "./paste-request.ts";

/** The flow's answer to POST /flows/trigger/<id>: what was written, for scripts and tests. */
export interface PasteResult {
  recipe: string | number;
  /** New lines in the required list and in the optional one. */
  lines: number;
  optionalLines: number;
  /** Ingredients this paste proposed (created as drafts). */
  proposed: string[];
  /** Proposed earlier and still waiting for an editor, now used by this recipe. */
  unconfirmed: string[];
  unread: { line: string; reason: string }[];
  /** One German sentence: the notification's subject. */
  summary: string;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function pasteResult(recipe: string | number, plan: PastePlan): PasteResult {
  const optionalLines = plan.lines.filter((line) => line.list === "optionalIngredients").length;
  const parts = [`Zutatenliste eingefügt: ${count(plan.lines.length, "Zeile", "Zeilen")}`];
  if (plan.propose.length > 0)
    parts.push(count(plan.propose.length, "neue Zutat vorgeschlagen", "neue Zutaten vorgeschlagen"));
  if (plan.unread.length > 0) parts.push(count(plan.unread.length, "Zeile nicht gelesen", "Zeilen nicht gelesen"));
  return {
    recipe,
    lines: plan.lines.length - optionalLines,
    optionalLines,
    proposed: plan.propose,
    unconfirmed: plan.unconfirmed,
    unread: plan.unread,
    summary: parts.join(", "),
  };
}

/** Markdown's own characters in a pasted text, escaped so a line shows as it was pasted. */
function plain(text: string): string {
  return text.replace(/[\\`*_[\]<>#|~]/g, (character) => `\\${character}`);
}

/** A paragraph: a heading, then one bullet per item; nothing without items. */
function bullets(heading: string, items: string[]): string[] {
  return items.length === 0 ? [] : [[heading, ...items.map((item) => `- ${item}`)].join("\n")];
}

/** The notification's text (Markdown, as the Data Studio shows notifications). */
export function notificationMessage(recipeName: string, result: PasteResult, mode: PasteMode): string {
  const optional = result.optionalLines > 0 ? ` (davon ${result.optionalLines} optional)` : "";
  const total = result.lines + result.optionalLines;
  const where =
    mode === "replace" ? "; die bisherigen Zeilen dieser Liste sind ersetzt." : ", angehängt an die bisherigen.";
  return [
    `„${plain(recipeName)}“ hat ${count(total, "neue Zutatenzeile", "neue Zutatenzeilen")}${optional}${where}`,
    ...bullets(
      "**Neue Zutaten vorgeschlagen** (als „Vorschlag“ angelegt; öffentlich erst, wenn jemand sie unter Zutaten " +
        "auf „Bestätigt“ setzt):",
      result.proposed.map(plain),
    ),
    ...bullets("**Vorgeschlagen und noch nicht bestätigt:**", result.unconfirmed.map(plain)),
    ...bullets(
      "**Nicht gelesen** (bitte von Hand eintragen):",
      result.unread.map(({ line, reason }) => `„${plain(line)}“: ${plain(reason)}`),
    ),
    "Alles, was zu prüfen ist, steht auch im Feld „Zu prüfen (Import)“ des Rezepts.",
  ].join("\n\n");
}
