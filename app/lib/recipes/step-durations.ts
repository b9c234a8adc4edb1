/**
 * Durations in a recipe step's German text, for the timers of cooking mode:
 * "6 Minuten", "zehn Minuten", "8–10 Min.", "zehn bis zwölf Minuten",
 * "eine Viertelstunde", "eine halbe Stunde", "1 ½ Stunden", "anderthalb
 * Stunden", "30 Sekunden", "2 Std.", "1 Stunde und 20 Minuten".
 *
 * The text is cut into tokens once (words, numbers, single marks), and each
 * token is tried as the start of "quantity [bis quantity] [weitere] unit",
 * which reads at most a handful of tokens ahead: the work grows with the
 * text's length and nothing backtracks, whatever an editor (or anyone who
 * can write a step) puts in it. The only regular expressions are a tokenizer
 * without nested repetition and lookups of single words.
 */

/** One duration found in a step. */
export interface StepDuration {
  /**
   * How long the timer runs, in seconds. For a range ("8–10 Minuten") the
   * upper bound: a timer that rang at eight minutes would say "done" while
   * the text still allows two more and leave the cook without a timer for
   * them; running to ten, it shows the minutes left, so a cook who wants to
   * look in at eight can see when that is.
   */
  seconds: number;
  /** The lower bound of a range in seconds; the same as `seconds` for a single duration. */
  minSeconds: number;
  /** Where the duration stands in the text: `text === step.slice(start, end)`. */
  start: number;
  end: number;
  text: string;
}

/** The longest duration that gets a timer: a day. Longer ones ("48 Stunden marinieren") are not kitchen timers. */
export const MAX_DURATION_SECONDS = 24 * 60 * 60;

interface Token {
  kind: "word" | "number" | "mark";
  /** Lower case, ß written ss, for words; the text as written otherwise. */
  key: string;
  start: number;
  end: number;
}

// Words (letters of any script), numbers with an optional decimal part ("1,5"), or any single other character.
// No repetition is nested in another, so each character is looked at a fixed number of times.
const TOKEN = /\p{L}+|\d+(?:[.,]\d+)?|\S/gu;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const raw = match[0];
    const start = match.index;
    const kind = /^\d/.test(raw) ? "number" : /^\p{L}/u.test(raw) ? "word" : "mark";
    tokens.push({
      kind,
      key: kind === "word" ? raw.toLowerCase().replaceAll("ß", "ss") : raw,
      start,
      end: start + raw.length,
    });
  }
  return tokens;
}

/** Seconds per unit, by the unit's word. Abbreviations may carry a full stop. */
const UNITS = new Map<string, number>([
  ["sekunde", 1],
  ["sekunden", 1],
  ["sek", 1],
  ["minute", 60],
  ["minuten", 60],
  ["min", 60],
  ["stunde", 3600],
  ["stunden", 3600],
  ["std", 3600],
  ["viertelstunde", 900],
  ["viertelstunden", 900],
  ["dreiviertelstunde", 2700],
  ["dreiviertelstunden", 2700],
]);
const ABBREVIATIONS = new Set(["sek", "min", "std"]);

/** Words that may stand between a number and its unit: "zwei weitere Minuten", "eine gute Stunde". */
const FILLERS = new Set(["weitere", "weiteren", "gute", "guten", "knappe", "knappen", "ganze", "ganzen"]);

/** "bis" and the dashes that join the two ends of a range. */
const RANGE_JOINS = new Set(["bis", "-", "–", "—", "‒"]);

/** The indefinite article counts as one ("eine Minute"), and may take a fraction ("eine halbe Stunde"). */
const ARTICLES = new Set(["ein", "eine", "einer", "einen", "einem", "eines"]);
const FRACTION_WORDS = new Map<string, number>([
  ["halbe", 0.5],
  ["halben", 0.5],
  ["dreiviertel", 0.75],
]);
const FRACTION_GLYPHS = new Map<string, number>([
  ["½", 0.5],
  ["¼", 0.25],
  ["¾", 0.75],
]);

const ONES = new Map<string, number>([
  ["ein", 1],
  ["zwei", 2],
  ["drei", 3],
  ["vier", 4],
  ["fünf", 5],
  ["sechs", 6],
  ["sieben", 7],
  ["acht", 8],
  ["neun", 9],
]);
const TEENS = new Map<string, number>([
  ["zehn", 10],
  ["elf", 11],
  ["zwölf", 12],
  ["dreizehn", 13],
  ["vierzehn", 14],
  ["fünfzehn", 15],
  ["sechzehn", 16],
  ["siebzehn", 17],
  ["achtzehn", 18],
  ["neunzehn", 19],
]);
const TENS = new Map<string, number>([
  ["zwanzig", 20],
  ["dreissig", 30],
  ["vierzig", 40],
  ["fünfzig", 50],
  ["sechzig", 60],
  ["siebzig", 70],
  ["achtzig", 80],
  ["neunzig", 90],
]);

// Longer than any number word up to 999 ("siebenhundertsiebenundsiebzigeinhalb" has 37 letters).
const LONGEST_NUMBER_WORD = 40;

/** 1–99 written as one word: "eins", "zwölf", "fünfundzwanzig". ("ein" alone is the article.) */
function belowHundred(word: string): number | undefined {
  if (word === "eins") return 1;
  if (word !== "ein" && ONES.has(word)) return ONES.get(word);
  const simple = TEENS.get(word) ?? TENS.get(word);
  if (simple !== undefined) return simple;
  const and = word.indexOf("und");
  if (and <= 0) return undefined;
  const ones = ONES.get(word.slice(0, and));
  const tens = TENS.get(word.slice(and + 3));
  return ones !== undefined && tens !== undefined ? tens + ones : undefined;
}

/** 1–999 written as one word: "hundertzwanzig", "zweihundert", "einhundertundfünf". */
function wholeNumberWord(word: string): number | undefined {
  const hundred = word.indexOf("hundert");
  if (hundred < 0) return belowHundred(word);
  const head = word.slice(0, hundred);
  const hundreds = head === "" ? 1 : ONES.get(head);
  if (hundreds === undefined) return undefined;
  let rest = word.slice(hundred + "hundert".length);
  if (rest === "") return hundreds * 100;
  if (rest.startsWith("und")) rest = rest.slice(3);
  const below = belowHundred(rest);
  return below === undefined ? undefined : hundreds * 100 + below;
}

/** A number written as one German word, halves included ("zweieinhalb", "anderthalb"); undefined for any other word. */
export function numberWord(word: string): number | undefined {
  if (word.length > LONGEST_NUMBER_WORD) return undefined;
  if (word === "anderthalb") return 1.5;
  if (word.endsWith("einhalb")) {
    const head = word.slice(0, -"einhalb".length);
    if (head === "") return 0.5;
    const whole = head === "ein" ? 1 : wholeNumberWord(head);
    return whole === undefined ? undefined : whole + 0.5;
  }
  return wholeNumberWord(word);
}

interface Read {
  value: number;
  /** Index of the first token after what was read. */
  next: number;
}

/** "1/2", "3/4": a fraction written with a slash, the slash and both numbers touching. */
function slashFraction(tokens: Token[], at: number): Read | undefined {
  const [top, slash, bottom] = [tokens[at], tokens[at + 1], tokens[at + 2]];
  if (top?.kind !== "number" || slash?.key !== "/" || bottom?.kind !== "number") return undefined;
  if (slash.start !== top.end || bottom.start !== slash.end) return undefined;
  const numerator = Number(top.key);
  const denominator = Number(bottom.key);
  if (!Number.isInteger(numerator) || !Number.isInteger(denominator)) return undefined;
  if (denominator < 2 || denominator > 4 || numerator < 1 || numerator >= denominator) return undefined;
  return { value: numerator / denominator, next: at + 3 };
}

/** What may follow a whole number: "1 ½", "1½", "1 1/2". */
function fractionAfter(tokens: Token[], at: number): Read | undefined {
  const glyph = FRACTION_GLYPHS.get(tokens[at]?.key ?? "");
  if (glyph !== undefined) return { value: glyph, next: at + 1 };
  return slashFraction(tokens, at);
}

/** A quantity: digits ("15", "1,5", "1 ½", "1/2", "½"), a number word ("zwölf", "anderthalb") or "eine halbe". */
function readQuantity(tokens: Token[], at: number): Read | undefined {
  const token = tokens[at];
  if (!token) return undefined;
  if (token.kind === "mark") {
    const glyph = FRACTION_GLYPHS.get(token.key);
    return glyph === undefined ? undefined : { value: glyph, next: at + 1 };
  }
  if (token.kind === "number") {
    const alone = slashFraction(tokens, at);
    if (alone) return alone;
    const whole = Number(token.key.replace(",", "."));
    if (!Number.isFinite(whole)) return undefined;
    const fraction = Number.isInteger(whole) ? fractionAfter(tokens, at + 1) : undefined;
    return fraction ? { value: whole + fraction.value, next: fraction.next } : { value: whole, next: at + 1 };
  }
  const fractionWord = FRACTION_WORDS.get(token.key);
  if (fractionWord !== undefined) return { value: fractionWord, next: at + 1 };
  if (ARTICLES.has(token.key)) {
    const fraction = FRACTION_WORDS.get(tokens[at + 1]?.key ?? "");
    return fraction === undefined ? { value: 1, next: at + 1 } : { value: fraction, next: at + 2 };
  }
  const value = numberWord(token.key);
  return value === undefined ? undefined : { value, next: at + 1 };
}

interface UnitRead {
  seconds: number;
  next: number;
  /** Where the unit's text ends (after an abbreviation's full stop). */
  end: number;
}

/** The unit after a quantity, perhaps after "weitere" or "gute". */
function readUnit(tokens: Token[], at: number): UnitRead | undefined {
  let index = at;
  if (FILLERS.has(tokens[index]?.key ?? "")) index++;
  const token = tokens[index];
  if (token?.kind !== "word") return undefined;
  const seconds = UNITS.get(token.key);
  if (seconds === undefined) return undefined;
  const dot = tokens[index + 1];
  if (ABBREVIATIONS.has(token.key) && dot?.key === "." && dot.start === token.end) {
    return { seconds, next: index + 2, end: dot.end };
  }
  return { seconds, next: index + 1, end: token.end };
}

/** Whole seconds of `value` units, or undefined when that is no timer: under a second, or over a day. */
function toSeconds(value: number, unit: number): number | undefined {
  const seconds = value * unit;
  if (!(seconds >= 1 && seconds <= MAX_DURATION_SECONDS)) return undefined;
  return Math.round(seconds);
}

interface Found {
  seconds: number;
  minSeconds: number;
  unit: number;
  range: boolean;
  next: number;
  end: number;
}

/** A duration starting at token `at`: a quantity, or a range of two, and its unit. */
function readDuration(tokens: Token[], at: number): Found | undefined {
  const first = readQuantity(tokens, at);
  if (!first) return undefined;
  let low = first.value;
  let high = first.value;
  let next = first.next;
  if (RANGE_JOINS.has(tokens[next]?.key ?? "")) {
    const second = readQuantity(tokens, next + 1);
    if (!second) return undefined;
    low = Math.min(first.value, second.value);
    high = Math.max(first.value, second.value);
    next = second.next;
  }
  const unit = readUnit(tokens, next);
  if (!unit) return undefined;
  const seconds = toSeconds(high, unit.seconds);
  const minSeconds = toSeconds(low, unit.seconds);
  if (seconds === undefined || minSeconds === undefined) return undefined;
  return { seconds, minSeconds, unit: unit.seconds, range: low !== high, next: unit.next, end: unit.end };
}

/**
 * Every duration in `text`, in the order they stand, none overlapping. A
 * larger unit followed by a smaller one, with nothing or "und" between, is one
 * duration: "1 Stunde und 20 Minuten" is 4,800 seconds, "1 Std. 20 Min." too.
 */
export function findDurations(text: string): StepDuration[] {
  const tokens = tokenize(text);
  const found: StepDuration[] = [];
  let at = 0;
  while (at < tokens.length) {
    const duration = readDuration(tokens, at);
    if (!duration) {
      at++;
      continue;
    }
    let { seconds, minSeconds, unit, next, end } = duration;
    // Ranges stand alone: "8–10 Minuten 30 Sekunden" is not a thing cooks write.
    while (!duration.range) {
      const join = tokens[next]?.key === "und" ? next + 1 : next;
      const more = readDuration(tokens, join);
      if (!more || more.range || more.unit >= unit || seconds + more.seconds > MAX_DURATION_SECONDS) break;
      seconds += more.seconds;
      minSeconds += more.seconds;
      unit = more.unit;
      next = more.next;
      end = more.end;
    }
    const start = tokens[at]?.start ?? 0;
    found.push({ seconds, minSeconds, start, end, text: text.slice(start, end) });
    at = next;
  }
  return found;
}

/**
 * The seconds of each step's timers, step by step: what the recipe page
 * sends to the browser. The text is read on the server, so the browser gets
 * a few numbers instead of this module.
 */
export function stepTimerSeconds(steps: readonly string[]): number[][] {
  return steps.map((step) => findDurations(step).map((duration) => duration.seconds));
}
