/**
 * JSON read with an error an editor can act on: the line and column where the text stops being JSON,
 * whatever the engine's message says (V8 names a position only for some errors).
 */

export type ParsedJson = { ok: true; value: unknown } | { ok: false; offset: number; line: number; column: number };

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);
const ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);
const HEX = /^[0-9a-fA-F]{4}$/;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * The offset of the first character that makes `text` invalid JSON (its length when the text ends too
 * early), or -1 when it is valid. Iterative: nesting depth costs no stack.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const stack: ("[" | "{")[] = [];

  const skipWhitespace = () => {
    while (i < text.length && WHITESPACE.has(text[i] as string)) i++;
  };
  /** Reads a string at `i`; false leaves `i` at the offending character. */
  const string = (): boolean => {
    if (text[i] !== '"') return false;
    i++;
    while (i < text.length) {
      const char = text[i] as string;
      if (char === '"') {
        i++;
        return true;
      }
      if (char.charCodeAt(0) < 0x20) return false;
      if (char === "\\") {
        const escaped = text[i + 1] ?? "";
        if (escaped === "u") {
          if (!HEX.test(text.slice(i + 2, i + 6))) {
            i += 2;
            return false;
          }
          i += 6;
        } else if (ESCAPES.has(escaped)) {
          i += 2;
        } else {
          i++;
          return false;
        }
      } else {
        i++;
      }
    }
    return false;
  };
  /** Reads `"name":` at `i`; false leaves `i` at the offending character. */
  const member = (): boolean => {
    skipWhitespace();
    if (!string()) return false;
    skipWhitespace();
    if (text[i] !== ":") return false;
    i++;
    return true;
  };

  for (;;) {
    // A value is expected at i.
    skipWhitespace();
    const char = text[i];
    if (char === "{" || char === "[") {
      i++;
      skipWhitespace();
      if (text[i] === (char === "{" ? "}" : "]")) {
        i++;
      } else {
        stack.push(char);
        if (char === "{" && !member()) return i;
        continue;
      }
    } else if (char === '"') {
      if (!string()) return i;
    } else if (char === "t" || char === "f" || char === "n") {
      const word = char === "t" ? "true" : char === "f" ? "false" : "null";
      for (const expected of word) {
        if (text[i] !== expected) return i;
        i++;
      }
    } else {
      NUMBER.lastIndex = i;
      if (!NUMBER.test(text)) {
        // "-" alone or "-x": the error is after the sign.
        return char === "-" && i < text.length ? i + 1 : i;
      }
      i = NUMBER.lastIndex;
    }
    // A value has ended: close what it ends, or go on to the next.
    for (;;) {
      skipWhitespace();
      const open = stack.at(-1);
      if (open === undefined) return i < text.length ? i : -1;
      const next = text[i];
      if (next === ",") {
        i++;
        if (open === "{" && !member()) return i;
        break;
      }
      if (next !== (open === "{" ? "}" : "]")) return i;
      i++;
      stack.pop();
    }
  }
}

/** 1-based line and column of `offset` in `text`. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** JSON.parse, with the position of the error when it fails. */
export function parseJson(text: string): ParsedJson {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    const found = jsonErrorOffset(text);
    const offset = found === -1 ? 0 : found;
    return { ok: false, offset, ...lineAndColumn(text, offset) };
  }
}

/** "Zeile 3, Spalte 7 (unerwartet: „}“)" or "Zeile 3, Spalte 7 (Text endet zu früh)". */
export function describeJsonError(text: string, error: { offset: number; line: number; column: number }): string {
  const at = `Zeile ${error.line}, Spalte ${error.column}`;
  if (error.offset >= text.length) return `${at} (der Text endet zu früh)`;
  const char = text.codePointAt(error.offset) as number;
  const shown = char < 0x20 ? `Steuerzeichen ${char}` : `„${String.fromCodePoint(char)}“`;
  return `${at} (unerwartet: ${shown})`;
}
