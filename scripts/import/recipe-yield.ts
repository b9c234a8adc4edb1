/**
 * Servings from schema.org's `recipeYield`: `4`, `"4"`, `"4 Portionen"`, `"Für 4 Personen"`,
 * `["4", "4 Portionen"]`. A range ("4-6 Personen") gives its lower end, with a problem: the amounts
 * are usually written for the smaller number, but an editor should look. A yield that counts
 * something else ("1 Blech", "12 Stück") gives none: the site scales amounts by people.
 */
import { MAX_SERVINGS, MIN_SERVINGS } from "../../catalog/recipes/units.ts";
import { quoted } from "./plain-text.ts";

export type ServingsReading = { servings: number | null; problem: string | null };

const NUMBER_WORDS = new Map<string, number>(
  Object.entries({
    ein: 1,
    eine: 1,
    einen: 1,
    zwei: 2,
    drei: 3,
    vier: 4,
    fünf: 5,
    sechs: 6,
    sieben: 7,
    acht: 8,
    neun: 9,
    zehn: 10,
    elf: 11,
    zwölf: 12,
    one: 1,
    two: 2,
    three: 3,
    four: 4,
    five: 5,
    six: 6,
    seven: 7,
    eight: 8,
    nine: 9,
    ten: 10,
    eleven: 11,
    twelve: 12,
  }),
);

const AMOUNT = String.raw`(\d{1,6}|[a-zäöüß]+)`;
const PEOPLE = String.raw`(?:portion(?:en|\(en\))?|portions?|person(?:en|\(en\))?|pers\.?|leute|esser|teller|servings?|people|persons)`;
const YIELD = new RegExp(
  String.raw`^(?:(?:für|ergibt|reicht für|for|serves|makes|yield|yields):?\s*)?${AMOUNT}(?:\s*(?:-|–|—|bis|to|or|oder)\s*${AMOUNT})?(?:\s*${PEOPLE})?\.?$`,
  "u",
);

function amount(word: string | undefined): number | null {
  if (word === undefined) return null;
  if (/^\d+$/.test(word)) return Number.parseInt(word, 10);
  return NUMBER_WORDS.get(word) ?? null;
}

function inRange(value: number, given: string): ServingsReading {
  if (value >= MIN_SERVINGS && value <= MAX_SERVINGS) return { servings: value, problem: null };
  return {
    servings: null,
    problem: `Portionen ${quoted(given)} liegen nicht zwischen ${MIN_SERVINGS} und ${MAX_SERVINGS}; bitte eintragen.`,
  };
}

/** Servings from one value of `recipeYield` (a number, or plain text). */
function servingsOf(value: number | string): ServingsReading {
  if (typeof value === "number") {
    if (Number.isInteger(value)) return inRange(value, String(value));
    return { servings: null, problem: `Portionen ${quoted(String(value))} sind keine ganze Zahl; bitte eintragen.` };
  }
  const text = value.normalize("NFC").toLowerCase().replace(/\s+/g, " ").trim();
  const match = YIELD.exec(text);
  const low = amount(match?.[1]);
  const high = match?.[2] === undefined ? null : amount(match[2]);
  if (match === null || low === null || (match[2] !== undefined && high === null)) {
    return { servings: null, problem: `Portionen nicht erkannt: ${quoted(value)}; bitte eintragen.` };
  }
  const reading = inRange(low, value);
  if (reading.servings !== null && high !== null && high !== low) {
    return { servings: low, problem: `Portionen ${quoted(value)} sind eine Spanne; ${low} übernommen, bitte prüfen.` };
  }
  return reading;
}

/** Servings from `recipeYield` as given (a value or a list of them): the first value that gives some. */
export function recipeServings(values: readonly (number | string)[]): ServingsReading {
  const readings = values.filter((value) => String(value).trim() !== "").map(servingsOf);
  const first = readings[0];
  if (first === undefined)
    return { servings: null, problem: "Keine Portionen angegeben (recipeYield); bitte eintragen." };
  return readings.find((reading) => reading.servings !== null) ?? first;
}
