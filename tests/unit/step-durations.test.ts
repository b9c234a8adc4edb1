/**
 * The durations cooking mode puts timers on (app/lib/recipes/step-durations.ts):
 * a table of real phrasings, most of them steps of the seed, and properties
 * with an oracle of our own, the German number words spelled out here.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  findDurations,
  MAX_DURATION_SECONDS,
  numberWord,
  type StepDuration,
  stepTimerSeconds,
} from "../../app/lib/recipes/step-durations.ts";
import { SEED_DIR } from "../../scripts/cms/seed.ts";

const MINUTE = 60;
const HOUR = 3600;

/** What the table states of each duration found: its text, seconds, and the lower bound when a range. */
const found = (text: string) =>
  findDurations(text).map(({ text: words, seconds, minSeconds }) =>
    minSeconds === seconds ? [words, seconds] : [words, seconds, minSeconds],
  );

describe("findDurations on real phrasings", () => {
  const cases: [string, (string | number)[][]][] = [
    // Steps of the seed, as they stand.
    ["Lass alles zwölf Minuten köcheln, bis das Gemüse weich ist.", [["zwölf Minuten", 12 * MINUTE]]],
    [
      "Dünste die Würfel in einem Topf mit etwas Öl glasig an und röste Tomatenmark und Currypulver eine Minute mit.",
      [["eine Minute", MINUTE]],
    ],
    ["Gib Kartoffeln und 900 ml Brühe dazu und koche alles 15 Minuten.", [["15 Minuten", 15 * MINUTE]]],
    ["Lass die Soße zehn Minuten einköcheln und salze sie.", [["zehn Minuten", 10 * MINUTE]]],
    [
      "Backe sie zehn bis zwölf Minuten und belege sie nach dem Backen mit Basilikum.",
      [["zehn bis zwölf Minuten", 12 * MINUTE, 10 * MINUTE]],
    ],
    [
      "Brate sie in einer heißen Pfanne drei bis vier Minuten pro Seite und lege in der letzten Minute den Cheddar darauf.",
      [["drei bis vier Minuten", 4 * MINUTE, 3 * MINUTE]],
    ],
    [
      "Bestreiche sie mit dem übrigen Ei und backe sie 15 bis 18 Minuten.",
      [["15 bis 18 Minuten", 18 * MINUTE, 15 * MINUTE]],
    ],
    [
      "Brate den Lachs auf der Hautseite an, wende ihn nach vier Minuten und gare ihn zwei weitere Minuten.",
      [
        ["vier Minuten", 4 * MINUTE],
        ["zwei weitere Minuten", 2 * MINUTE],
      ],
    ],
    ["Schlage das Ei in die Mitte und backe die Pizza weitere fünf Minuten.", [["fünf Minuten", 5 * MINUTE]]],
    [
      "Gieße nach und nach heiße Brühe an und rühre, bis der Reis nach etwa 18 Minuten cremig und bissfest ist.",
      [["18 Minuten", 18 * MINUTE]],
    ],
    ["Backe in einer geölten Pfanne kleine Pancakes, je zwei Minuten pro Seite.", [["zwei Minuten", 2 * MINUTE]]],
    [
      "Drücke vier Mulden hinein, schlage die Eier hinein und lass sie zugedeckt sechs Minuten stocken.",
      [["sechs Minuten", 6 * MINUTE]],
    ],
    ["Koche die Eier sieben Minuten und schrecke sie kalt ab.", [["sieben Minuten", 7 * MINUTE]]],
    ["Heize den Ofen auf 220 °C Umluft vor.", []],
    ["Setze den Jasminreis mit der anderthalbfachen Menge Wasser auf.", []],
    [
      "Gieße passierte Tomaten und 300 ml Brühe dazu und lass alles zehn Minuten leise köcheln.",
      [["zehn Minuten", 10 * MINUTE]],
    ],
    [
      "Lege den Käse darauf und überbacke die Toasts acht bis zehn Minuten.",
      [["acht bis zehn Minuten", 10 * MINUTE, 8 * MINUTE]],
    ],
    ["Verrühre Essig, Öl und Zucker und lass den Salat noch einige Minuten ziehen.", []],
    ["Koche die Spaghetti in Salzwasser bissfest.", []],
    // Ways of writing a duration the seed does not use yet.
    ["6 Minuten", [["6 Minuten", 6 * MINUTE]]],
    ["Koche die Nudeln 8–10 Minuten.", [["8–10 Minuten", 10 * MINUTE, 8 * MINUTE]]],
    ["Koche die Nudeln 8-10 Min.", [["8-10 Min.", 10 * MINUTE, 8 * MINUTE]]],
    ["Koche die Nudeln 8 – 10 Min. und gieße sie ab.", [["8 – 10 Min.", 10 * MINUTE, 8 * MINUTE]]],
    ["Lass den Teig eine Viertelstunde ruhen.", [["eine Viertelstunde", 15 * MINUTE]]],
    ["Lass den Teig eine Dreiviertelstunde ruhen.", [["eine Dreiviertelstunde", 45 * MINUTE]]],
    ["Lass den Teig eine halbe Stunde ruhen.", [["eine halbe Stunde", 30 * MINUTE]]],
    ["Nach einer halben Stunde wenden.", [["einer halben Stunde", 30 * MINUTE]]],
    ["Gare alles 1 Stunde im Ofen.", [["1 Stunde", HOUR]]],
    ["Schmore das Fleisch 1 ½ Stunden.", [["1 ½ Stunden", 1.5 * HOUR]]],
    ["Schmore das Fleisch 1½ Std.", [["1½ Std.", 1.5 * HOUR]]],
    ["Schmore das Fleisch 1 1/2 Stunden.", [["1 1/2 Stunden", 1.5 * HOUR]]],
    ["Schmore das Fleisch 1,5 Stunden.", [["1,5 Stunden", 1.5 * HOUR]]],
    ["Schmore das Fleisch anderthalb Stunden.", [["anderthalb Stunden", 1.5 * HOUR]]],
    ["Schmore das Fleisch eineinhalb Stunden.", [["eineinhalb Stunden", 1.5 * HOUR]]],
    ["Schmore das Fleisch zweieinhalb Stunden.", [["zweieinhalb Stunden", 2.5 * HOUR]]],
    ["Lass es ½ Stunde ziehen.", [["½ Stunde", 30 * MINUTE]]],
    ["Lass es 3/4 Stunde ziehen.", [["3/4 Stunde", 45 * MINUTE]]],
    ["Rühre 30 Sekunden kräftig.", [["30 Sekunden", 30]]],
    ["Rühre dreißig Sekunden kräftig.", [["dreißig Sekunden", 30]]],
    ["Rühre 45 Sek. kräftig.", [["45 Sek.", 45]]],
    ["Backe das Brot 2 Std. bei 180 °C.", [["2 Std.", 2 * HOUR]]],
    ["Backe das Brot eine gute Stunde.", [["eine gute Stunde", HOUR]]],
    ["Schmore es 1 Stunde und 20 Minuten.", [["1 Stunde und 20 Minuten", HOUR + 20 * MINUTE]]],
    ["Schmore es 1 Std. 20 Min. lang.", [["1 Std. 20 Min.", HOUR + 20 * MINUTE]]],
    ["Koche es 2 Minuten 30 Sekunden.", [["2 Minuten 30 Sekunden", 150]]],
    ["Koche es ein bis zwei Minuten.", [["ein bis zwei Minuten", 2 * MINUTE, MINUTE]]],
    ["Lass es fünfundzwanzig Minuten garen.", [["fünfundzwanzig Minuten", 25 * MINUTE]]],
    ["Lass es hundertzwanzig Minuten garen.", [["hundertzwanzig Minuten", 120 * MINUTE]]],
    ["ZEHN MINUTEN warten.", [["ZEHN MINUTEN", 10 * MINUTE]]],
    ["Koche es 10min.", [["10min.", 10 * MINUTE]]],
    [
      "Nach 5 Minuten und 10 Minuten später nochmal.",
      [
        ["5 Minuten", 5 * MINUTE],
        ["10 Minuten", 10 * MINUTE],
      ],
    ],
    // Numbers that are no duration, and durations no kitchen timer counts.
    ["Ein 10-Minuten-Takt ist gemeint.", []],
    ["Gib ein paar Minuten dazu.", []],
    ["0 Minuten", []],
    ["Lass es 48 Stunden marinieren.", []],
    ["½ Sekunde", []],
    ["Das Minutensteak 2 Minuten braten.", [["2 Minuten", 2 * MINUTE]]],
  ];

  it.each(cases)("%j", (text, expected) => {
    expect(found(text)).toEqual(expected);
  });
});

describe("numberWord", () => {
  it.each([
    ["eins", 1],
    ["zwölf", 12],
    ["siebzehn", 17],
    ["dreissig", 30],
    ["einundzwanzig", 21],
    ["neunundneunzig", 99],
    ["hundert", 100],
    ["einhundert", 100],
    ["hunderteins", 101],
    ["hundertundfünf", 105],
    ["zweihundertvierzig", 240],
    ["anderthalb", 1.5],
    ["einhalb", 0.5],
    ["dreieinhalb", 3.5],
  ] as const)("%s is %d", (word, value) => {
    expect(numberWord(word)).toBe(value);
  });

  it.each([
    "ein",
    "und",
    "zwanzigund",
    "undzwanzig",
    "hundertein",
    "zehnzehn",
    "neunundneunzigeinhalbeinhalb",
    "hunderthundert",
    "constructor",
    "toString",
    "",
  ])("%j is no number", (word) => {
    expect(numberWord(word)).toBeUndefined();
  });
});

/** 1–999 written out in German, independently of the parser: the properties' oracle. */
function spell(value: number, oneAs: string): string {
  const ones = ["", "ein", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun"];
  const teens = [
    "zehn",
    "elf",
    "zwölf",
    "dreizehn",
    "vierzehn",
    "fünfzehn",
    "sechzehn",
    "siebzehn",
    "achtzehn",
    "neunzehn",
  ];
  const tens = ["", "", "zwanzig", "dreißig", "vierzig", "fünfzig", "sechzig", "siebzig", "achtzig", "neunzig"];
  const belowHundred = (n: number): string => {
    if (n === 1) return "eins";
    if (n < 10) return ones[n] ?? "";
    if (n < 20) return teens[n - 10] ?? "";
    const unit = n % 10;
    const ten = tens[Math.floor(n / 10)] ?? "";
    return unit === 0 ? ten : `${ones[unit]}und${ten}`;
  };
  if (value === 1) return oneAs;
  if (value < 100) return belowHundred(value);
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  return `${hundreds === 1 ? "hundert" : `${ones[hundreds]}hundert`}${rest === 0 ? "" : belowHundred(rest)}`;
}

const UNITS = [
  { seconds: 1, one: "Sekunde", many: "Sekunden", short: "Sek.", max: 180 },
  { seconds: MINUTE, one: "Minute", many: "Minuten", short: "Min.", max: 180 },
  { seconds: HOUR, one: "Stunde", many: "Stunden", short: "Std.", max: 24 },
] as const;

// Words that never make or join a duration: no number, article, unit, "bis", "weitere" or dash among them.
const PLAIN_WORDS = [
  "Koche",
  "die",
  "Nudeln",
  "bissfest",
  "rühre",
  "gelegentlich",
  "um",
  "Salz",
  "Pfanne",
  "heiß",
  "bei",
  "mittlerer",
  "Hitze",
  "Ofen",
  "dann",
  "und",
  ",",
  ".",
  ";",
  "!",
];
const plainText = fc.array(fc.constantFrom(...PLAIN_WORDS), { maxLength: 8 }).map((words) => words.join(" "));

/** A number as a cook writes it: digits, or the word (capitalised at the start of a sentence, ß or ss). */
const written = (value: number) =>
  fc
    .record({
      digits: fc.boolean(),
      capital: fc.boolean(),
      swiss: fc.boolean(),
      one: fc.constantFrom("eine", "einer"),
    })
    .map(({ digits, capital, swiss, one }) => {
      if (digits) return String(value);
      let word = spell(value, one);
      if (swiss) word = word.replaceAll("ß", "ss");
      return capital ? word[0]?.toUpperCase() + word.slice(1) : word;
    });

const unitAndValue = fc
  .constantFrom(...UNITS)
  .chain((unit) => fc.record({ unit: fc.constant(unit), value: fc.integer({ min: 1, max: unit.max }) }));

describe("findDurations, properties", () => {
  it("finds any 1–180 (hours: 1–24) in digits or words with its unit, with the right seconds, where it stands", () => {
    fc.assert(
      fc.property(
        plainText,
        plainText,
        unitAndValue.chain(({ unit, value }) =>
          fc.record({
            unit: fc.constant(unit),
            value: fc.constant(value),
            number: written(value),
            unitWord: fc.constantFrom(value === 1 ? unit.one : unit.many, unit.short),
          }),
        ),
        (before, after, { unit, value, number, unitWord }) => {
          const phrase = `${number} ${unitWord}`;
          const text = `${before} ${phrase} ${after}`;
          expect(findDurations(text)).toEqual([
            {
              seconds: value * unit.seconds,
              minSeconds: value * unit.seconds,
              start: before.length + 1,
              end: before.length + 1 + phrase.length,
              text: phrase,
            },
          ]);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("reads a range as its upper bound, with the lower one beside it", () => {
    fc.assert(
      fc.property(
        plainText,
        unitAndValue.chain(({ unit, value }) =>
          fc.record({
            unit: fc.constant(unit),
            low: fc.integer({ min: 1, max: value }),
            high: fc.constant(value),
            join: fc.constantFrom("–", "-", " – ", " bis "),
          }),
        ),
        fc.boolean(),
        (before, { unit, low, high, join }, words) => {
          const [from, to] = words ? [spell(low, "ein"), spell(high, "eine")] : [String(low), String(high)];
          const phrase = `${from}${join}${to} ${unit.many}`;
          const durations = findDurations(`${before} ${phrase}.`);
          expect(durations.map(({ text, seconds, minSeconds }) => ({ text, seconds, minSeconds }))).toEqual([
            { text: phrase, seconds: high * unit.seconds, minSeconds: low * unit.seconds },
          ]);
        },
      ),
    );
  });

  it("finds nothing in text without durations: numbers without units, units without numbers", () => {
    const numberWithoutUnit = fc
      .record({
        value: fc.integer({ min: 0, max: 999 }),
        words: fc.boolean(),
        what: fc.constantFrom("ml", "Gramm", "°C", "Eier", "Portionen", "Stück", "mal", "Scheiben"),
      })
      .map(({ value, words, what }) => `${words && value > 0 ? spell(value, "ein") : value} ${what}`);
    const unitWithoutNumber = fc
      .record({
        lead: fc.constantFrom("einige", "wenige", "in der letzten", "ein paar", "nach", "die", "vielen"),
        unit: fc.constantFrom("Minuten", "Minute", "Stunden", "Sekunden", "Min.", "Std.", "Viertelstunde"),
      })
      .map(({ lead, unit }) => `${lead} ${unit}`);
    fc.assert(
      fc.property(fc.array(fc.oneof(plainText, numberWithoutUnit, unitWithoutNumber), { maxLength: 10 }), (parts) => {
        expect(findDurations(parts.join(" "))).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it("never throws on any text, and what it finds is where it says and a timer can count", () => {
    const vocabulary = [
      ...PLAIN_WORDS,
      "Minuten",
      "Min",
      ".",
      "Stunde",
      "Std",
      "Sekunden",
      "eine",
      "halbe",
      "bis",
      "–",
      "-",
      "/",
      "½",
      "und",
      "weitere",
      "zwölf",
      "anderthalb",
      "Viertelstunde",
      "1,5",
      "99999999999999999999",
    ];
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constantFrom(...vocabulary),
            fc.integer({ min: 0, max: 100_000 }).map(String),
            fc.string({ unit: "binary", maxLength: 6 }),
          ),
          { maxLength: 30 },
        ),
        fc.array(fc.constantFrom(" ", "", "\n", "\u00a0"), { minLength: 30, maxLength: 30 }),
        (parts, gaps) => {
          const text = parts.map((part, index) => part + gaps[index]).join("");
          let previousEnd = 0;
          for (const duration of findDurations(text) as StepDuration[]) {
            expect(duration.text).toBe(text.slice(duration.start, duration.end));
            expect(duration.start).toBeGreaterThanOrEqual(previousEnd);
            expect(duration.end).toBeGreaterThan(duration.start);
            expect(Number.isInteger(duration.seconds)).toBe(true);
            expect(duration.minSeconds).toBeGreaterThanOrEqual(1);
            expect(duration.minSeconds).toBeLessThanOrEqual(duration.seconds);
            expect(duration.seconds).toBeLessThanOrEqual(MAX_DURATION_SECONDS);
            previousEnd = duration.end;
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});

/**
 * How many durations findDurations finds in each text, worked out in a
 * worker thread that is ended after `limitMs`: a parser that backtracks or
 * goes over the text again from every position blocks its thread for
 * minutes on these texts, and only another thread can stop it.
 */
function countInWorker(texts: string[], limitMs: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./step-durations-worker.ts", import.meta.url), { workerData: texts });
    const box = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`findDurations did not get through ${texts.length} long texts in ${limitMs} ms`));
    }, limitMs);
    worker.once("message", (counts: number[]) => {
      clearTimeout(box);
      void worker.terminate();
      resolve(counts);
    });
    worker.once("error", (error) => {
      clearTimeout(box);
      reject(error);
    });
  });
}

describe("findDurations on long hostile text", () => {
  // A few hundred thousand characters each: read once, they take milliseconds; a parser that went back over
  // the text from every position, or a regular expression that backtracked, would need minutes and hours.
  const LENGTH = 400_000;
  const repeat = (piece: string) => piece.repeat(Math.ceil(LENGTH / piece.length));
  const times = (piece: string) => Math.ceil(LENGTH / piece.length);
  const cases: [string, string, number][] = [
    ["a range that never ends", repeat("1-"), 0],
    ["numbers and fractions, no unit", repeat("1 1/2 ½ "), 0],
    ["articles and halves", repeat("eine halbe "), 0],
    ["one word of number words", repeat("einundzwanzig"), 0],
    ["one word of letters", repeat("a"), 0],
    ["digits without end", repeat("9"), 0],
    ["units without numbers", repeat("Minuten und "), 0],
    ["marks", repeat("–/.,½"), 0],
    ["hours, each tried for minutes after it", repeat("1 Stunde und "), times("1 Stunde und ")],
    ["ranges, many", repeat("8–10 Minuten, "), times("8–10 Minuten, ")],
  ];

  // The box is generous (reading them all takes a few seconds on a machine busy with other tests), the
  // length is what a wrong algorithm cannot get through.
  it("gets through each within the time box, and finds what is there", { timeout: 90_000 }, async () => {
    const counts = await countInWorker(
      cases.map(([, text]) => text),
      60_000,
    );
    expect(Object.fromEntries(cases.map(([name], index) => [name, counts[index]]))).toEqual(
      Object.fromEntries(cases.map(([name, , count]) => [name, count])),
    );
  });
});

describe("stepTimerSeconds", () => {
  it("gives each step of the seed its timers, and the steps without durations none", () => {
    const recipes = JSON.parse(readFileSync(join(SEED_DIR, "recipes.json"), "utf8")) as {
      slug: string;
      instructionList: string[] | null;
    }[];
    const soup = recipes.find((recipe) => recipe.slug === "rote-linsen-suppe-mit-kokos");
    expect(stepTimerSeconds(soup?.instructionList ?? [])).toEqual([[], [60], [720], []]);
    // Every step that names minutes with a number before them gets a timer.
    for (const recipe of recipes) {
      for (const [index, step] of (recipe.instructionList ?? []).entries()) {
        const timers = stepTimerSeconds([step])[0] ?? [];
        if (/\b(\d+|eine|zwei|drei|vier|fünf|sechs|sieben|acht|zehn|zwölf) (weitere )?Minuten?\b/.test(step)) {
          expect(timers.length, `${recipe.slug}, step ${index + 1}: ${step}`).toBeGreaterThan(0);
        }
      }
    }
  });
});
