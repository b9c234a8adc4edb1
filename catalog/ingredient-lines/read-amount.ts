/** The vulgar fractions German recipes use, glued to a number ("1½") or alone ("½"). */
const FRACTION_VALUES: Readonly<Record<string, number>> = {
  "½": 1 / 2,
  "⅓": 1 / 3,
  "⅔": 2 / 3,
  "¼": 1 / 4,
  "¾": 3 / 4,
  "⅕": 1 / 5,
  "⅖": 2 / 5,
  "⅗": 3 / 5,
  "⅘": 4 / 5,
  "⅙": 1 / 6,
  "⅚": 5 / 6,
  "⅛": 1 / 8,
  "⅜": 3 / 8,
  "⅝": 5 / 8,
  "⅞": 7 / 8,
};

const FRACTION = `[${Object.keys(FRACTION_VALUES).join("")}]`;

/**
 * One number as written, longest form first: "1½", "1 ½", "½", "1 1/2", "1/2", "1.000" (a thousands
 * point: three digits after it), "0,5", "1.5", ",5", "200". The cleaned line has single spaces.
 */
const NUMBER = [
  `\\d+ ?${FRACTION}`,
  FRACTION,
  "\\d+ \\d+ ?\\/ ?\\d+",
  "\\d+ ?\\/ ?\\d+",
  "\\d{1,3}(?:\\.\\d{3})+(?![\\d,.])",
  "\\d*[.,]\\d+",
  "\\d+",
].join("|");

/** What joins a range's ends: a hyphen or dash, with or without spaces, or " bis ". */
const RANGE_JOIN = "(?: ?[-–—−] ?| bis )";

const AMOUNT = new RegExp(`^(${NUMBER})(?:${RANGE_JOIN}(${NUMBER}))?`, "i");
const RANGE_END = new RegExp(`^ ?${RANGE_JOIN}(${NUMBER})`, "i");

/** An amount read from the start of a text, and how many characters it took. */
export interface AmountText {
  amount: number;
  /** The range's upper end as written; the caller checks that it lies above `amount`. */
  amountMax: number | null;
  length: number;
}

/** The value of one number as NUMBER matches it, or null (a zero denominator). */
function numberValue(text: string): number | null {
  const last = text.at(-1) ?? "";
  const fraction = FRACTION_VALUES[last];
  if (fraction !== undefined) {
    const whole = text.slice(0, -1).trim();
    return (whole === "" ? 0 : Number(whole)) + fraction;
  }
  const slash = /^(?:(\d+) )?(\d+) ?\/ ?(\d+)$/.exec(text);
  if (slash) {
    const denominator = Number(slash[3]);
    if (denominator === 0) return null;
    return Number(slash[1] ?? "0") + Number(slash[2]) / denominator;
  }
  if (/^\d{1,3}(?:\.\d{3})+$/.test(text)) return Number(text.replaceAll(".", ""));
  return Number(text.replace(",", "."));
}

/** The amount a text starts with: a number or a range of two ("2-3", "2 – 3", "2 bis 3"), or null. */
export function readAmount(text: string): AmountText | null {
  const match = AMOUNT.exec(text);
  if (!match) return null;
  const amount = numberValue(match[1] ?? "");
  if (amount === null) return null;
  const upper = match[2] === undefined ? null : numberValue(match[2]);
  if (match[2] !== undefined && upper === null) {
    // "2-3/0": keep the first number only.
    return { amount, amountMax: null, length: (match[1] ?? "").length };
  }
  return { amount, amountMax: upper, length: match[0].length };
}

/** The upper end of a range a text starts with ("- 250" after "200 g"), or null. */
export function readRangeEnd(text: string): { value: number; length: number } | null {
  const match = RANGE_END.exec(text);
  if (!match) return null;
  const value = numberValue(match[1] ?? "");
  return value === null ? null : { value, length: match[0].length };
}

/** Whether a word starts with a digit or a vulgar fraction ("200g", "½"). */
export function startsWithNumber(word: string): boolean {
  return /^\d/.test(word) || FRACTION_VALUES[word.charAt(0)] !== undefined;
}
