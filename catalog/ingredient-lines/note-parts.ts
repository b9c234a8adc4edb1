import { isOptionalMarker, leadingOptionalMarker } from "./note-words.ts";

/** A piece of the note and where it stood in the line: the note keeps the line's order. */
export interface NotePart {
  at: number;
  text: string;
}

/**
 * The line with its parentheses (and brackets) blanked out, same length, so offsets stay valid; and
 * what they held, each a note part ("1 Dose (400 g) Tomaten" → "400 g"). An unclosed parenthesis runs
 * to the end of the line; a stray closing one is dropped.
 */
export function takeParentheses(line: string): { text: string; parts: NotePart[] } {
  const parts: NotePart[] = [];
  let text = "";
  let depth = 0;
  let start = 0;
  for (let index = 0; index < line.length; index++) {
    const char = line.charAt(index);
    if (char === "(" || char === "[") {
      if (depth === 0) start = index;
      depth++;
      text += " ";
    } else if (char === ")" || char === "]") {
      if (depth > 0) {
        depth--;
        if (depth === 0) parts.push({ at: start, text: line.slice(start + 1, index) });
      }
      text += " ";
    } else {
      text += depth > 0 ? " " : char;
    }
  }
  if (depth > 0) parts.push({ at: start, text: line.slice(start + 1) });
  return { text, parts };
}

/** Whether the comma at `index` separates words, not the digits of "0,5". */
function isTextComma(text: string, index: number): boolean {
  return !(/\d/.test(text.charAt(index - 1)) && /\d/.test(text.charAt(index + 1)));
}

/** Where the first comma, semicolon or colon between words is in `text`, or -1. */
export function firstSeparator(text: string): number {
  for (let index = 0; index < text.length; index++) {
    const char = text.charAt(index);
    if ((char === "," && isTextComma(text, index)) || char === ";" || char === ":") return index;
  }
  return -1;
}

/** `text` cut at its commas and semicolons between words, each piece with its offset. */
export function splitAtSeparators(text: string, offset: number): NotePart[] {
  const parts: NotePart[] = [];
  let start = 0;
  for (let index = 0; index <= text.length; index++) {
    const char = text.charAt(index);
    const ends = index === text.length || (char === "," && isTextComma(text, index)) || char === ";" || char === ":";
    if (!ends) continue;
    const piece = text.slice(start, index);
    if (piece.trim() !== "") parts.push({ at: offset + start, text: piece });
    start = index + 1;
  }
  return parts;
}

/** A piece made tidy: single spaces, no stray punctuation at its ends, "n. B." spelled out. */
function tidy(piece: string): string {
  const text = piece
    .replace(/\s+/g, " ")
    .replace(/\s+([,.;:!?])/g, "$1")
    .replace(/^[\s,;:–—\-/+*•]+|[\s,;:–—\-/+*•]+$/g, "")
    // A sentence's full stop ("gewürfelt."), not an abbreviation's ("ca.", "gestr.").
    .replace(/(\p{L}{6,})\.$/u, "$1")
    .trim();
  return /^n\.\s?b\.?$/i.test(text) ? "nach Belieben" : text;
}

/**
 * The note from its parts, in the line's order, pieces joined by ", "; and whether a piece said the
 * ingredient is optional ("optional", "evtl.", "nach Wunsch"): such a piece leaves the note, as the
 * flag says it; "evtl. zum Garnieren" keeps "zum Garnieren".
 */
export function joinNote(parts: readonly NotePart[]): { note: string | null; optional: boolean } {
  let optional = false;
  const pieces: string[] = [];
  for (const part of [...parts].sort((a, b) => a.at - b.at)) {
    for (const { text } of splitAtSeparators(part.text, 0)) {
      let piece = tidy(text);
      const marker = leadingOptionalMarker(piece);
      if (marker !== undefined) {
        optional = true;
        piece = tidy(piece.slice(marker.length));
      }
      if (isOptionalMarker(piece)) {
        optional = true;
        continue;
      }
      if (piece !== "") pieces.push(piece);
    }
  }
  return { note: pieces.length === 0 ? null : pieces.join(", "), optional };
}
