import { firstSeparator, type NotePart, splitAtSeparators, takeParentheses } from "./note-parts.ts";

/** "Für die Form:", "Zum Bestreuen:" before the ingredient: a note, not a heading. */
const LEAD_IN = /^\s*((?:für|zum|zur)\s[^:,;]{1,40}?)\s*:\s*/i;

/** "Optional:", "Evtl.:" before the ingredient. */
const OPTIONAL_LEAD_IN = /^\s*(?:optional|evtl\.?|eventuell|ggf\.?)\s*:\s*/i;

/** A cleaned line cut into the part that names the ingredient and the parts that are notes. */
export interface LineParts {
  /** Up to the first comma, semicolon or colon between words, parentheses blanked (offsets kept). */
  main: string;
  /** The pieces after it, each with its offset in the line. */
  tail: NotePart[];
  /** What parentheses and a lead-in ("Für die Form:") held. */
  notes: NotePart[];
  /** Whether it began "Optional:". */
  optional: boolean;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** `text` with the characters from `start` to `end` made spaces, so offsets after them stay valid. */
function blank(text: string, start: number, end: number): string {
  return text.slice(0, start) + " ".repeat(end - start) + text.slice(end);
}

/**
 * Cuts a cleaned line: parentheses ("(400 g)") and a leading "Für die Form:" become notes, "Optional:"
 * the optional flag, and what follows the first comma, semicolon or colon between words (not the comma
 * of "0,5") the tail, a note piece each.
 */
export function splitLine(cleaned: string): LineParts {
  const parentheses = takeParentheses(cleaned);
  const notes = [...parentheses.parts];
  let text = parentheses.text;
  const leadIn = LEAD_IN.exec(text);
  if (leadIn) {
    notes.push({ at: 0, text: lowerFirst(leadIn[1] ?? "") });
    text = blank(text, 0, leadIn[0].length);
  }
  const optionalLeadIn = OPTIONAL_LEAD_IN.exec(text);
  if (optionalLeadIn) text = blank(text, 0, optionalLeadIn[0].length);
  const cut = firstSeparator(text);
  return {
    main: cut < 0 ? text : text.slice(0, cut),
    tail: cut < 0 ? [] : splitAtSeparators(text.slice(cut + 1), cut + 1),
    notes,
    optional: optionalLeadIn !== null,
  };
}
