/**
 * Properties of the ingredient-line parser (catalog/ingredient-lines/) over generated lines: a line
 * formatted from a reading reads back as that reading; no string makes it throw or break its
 * promises (amountMax above amount, units from UNITS, tidy notes); a known name matches itself in any
 * case and spelling; spaces and a line's neighbours change nothing.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createIngredientMatcher, type IngredientMatcher } from "../../catalog/ingredient-lines/ingredient-matcher.ts";
import { parseIngredientLine } from "../../catalog/ingredient-lines/parse-ingredient-line.ts";
import { parseIngredientList } from "../../catalog/ingredient-lines/parse-ingredient-list.ts";
import type { IngredientLineReading, KnownIngredient } from "../../catalog/ingredient-lines/read-line.ts";
import { UNITS, type Unit } from "../../catalog/recipes/units.ts";
import { INGREDIENT_LINE_TABLE, seedIngredients } from "./ingredient-line-table.ts";

const SEED = seedIngredients();
const SEED_MATCHER = createIngredientMatcher(SEED);

/** The lines of the table that read as an ingredient, as pasted. */
const READ_LINES = INGREDIENT_LINE_TABLE.filter(({ expected }) => expected !== null).map(({ line }) => line);

/** How German lines write each unit: the site's spelling and others the parser must know. */
const UNIT_SPELLINGS: Record<Unit, readonly string[]> = {
  g: ["g", "Gramm", "gr."],
  kg: ["kg", "Kilo", "Kilogramm"],
  ml: ["ml", "Milliliter"],
  l: ["l", "Liter", "L"],
  EL: ["EL", "El", "Essl.", "Esslöffel", "Eßlöffel"],
  TL: ["TL", "Tl.", "Teelöffel"],
  Prise: ["Prise", "Prisen", "Pr."],
  "Msp.": ["Msp.", "Messerspitze"],
  Stück: ["Stück", "Stk."],
  Zehe: ["Zehe", "Zehen"],
  Bund: ["Bund", "Bd."],
  Dose: ["Dose", "Dosen"],
  Becher: ["Becher"],
  Packung: ["Packung", "Pck.", "Päckchen"],
  Scheibe: ["Scheibe", "Scheiben"],
  Handvoll: ["Handvoll", "Hand voll"],
  Zweig: ["Zweig", "Zweige"],
  Stange: ["Stange", "Stangen"],
};

/** Notes written after a comma. */
const NOTES = [
  "fein gehackt",
  "gewürfelt",
  "zum Garnieren",
  "in Scheiben",
  "frisch gerieben",
  "geschält",
  "nach Belieben",
];

/** An amount and how a German line may write it. */
const amountArbitrary: fc.Arbitrary<{ value: number; text: string }> = fc.oneof(
  fc.integer({ min: 1, max: 999 }).map((value) => ({ value, text: String(value) })),
  fc
    .tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 9 }), fc.constantFrom(",", "."))
    .map(([whole, tenth, point]) => ({ value: whole + tenth / 10, text: `${whole}${point}${tenth}` })),
  fc.constantFrom(
    { value: 0.5, text: "½" },
    { value: 0.25, text: "¼" },
    { value: 0.75, text: "¾" },
    { value: 0.5, text: "1/2" },
    { value: 1.5, text: "1½" },
    { value: 1.5, text: "1 ½" },
    { value: 1.5, text: "1 1/2" },
    { value: 2.5, text: "2 1/2" },
  ),
);

/** A made-up ingredient name from syllables that spell no unit, number or note word ("Kalomi"). */
const madeUpName = fc
  .array(fc.constantFrom("ka", "lo", "mi", "ran", "tu", "bel", "sor", "vin", "pu", "dak"), {
    minLength: 2,
    maxLength: 4,
  })
  .map((syllables) => {
    const word = syllables.join("");
    return word.charAt(0).toUpperCase() + word.slice(1);
  });

interface Formatted {
  line: string;
  /** A made-up ingredient the catalog knows besides the seed's, or null. */
  extra: KnownIngredient | null;
  expected: Omit<Extract<IngredientLineReading, { ok: true }>, "ok" | "line">;
}

/** A reading and a German line that says it. */
const formattedLine: fc.Arbitrary<Formatted> = fc
  .record({
    ingredient: fc.oneof(
      fc.constantFrom(...SEED).map((known) => ({ known, extra: null as KnownIngredient | null })),
      madeUpName.map((name) => ({
        known: { name, plural: null },
        extra: { name, plural: null } as KnownIngredient | null,
      })),
    ),
    usePlural: fc.boolean(),
    amount: amountArbitrary,
    rangeStep: fc.option(fc.integer({ min: 1, max: 5 })),
    rangeJoin: fc.constantFrom("-", " - ", "–", " bis "),
    unit: fc.option(fc.constantFrom(...UNITS)),
    spelling: fc.nat(),
    note: fc.option(fc.constantFrom(...NOTES)),
  })
  .map(({ ingredient, usePlural, amount, rangeStep, rangeJoin, unit, spelling, note }) => {
    const { known, extra } = ingredient;
    const name = usePlural && known.plural !== null ? known.plural : known.name;
    const spellings = unit === null ? [] : UNIT_SPELLINGS[unit];
    const unitText = spellings.length === 0 ? "" : ` ${spellings[spelling % spellings.length]}`;
    const max = rangeStep === null ? null : Math.floor(amount.value) + rangeStep;
    const amountText = max === null ? amount.text : `${amount.text}${rangeJoin}${max}`;
    return {
      line: `${amountText}${unitText} ${name}${note === null ? "" : `, ${note}`}`,
      extra,
      expected: {
        amount: amount.value,
        amountMax: max !== null && max > amount.value ? max : null,
        unit,
        ingredient: known.name,
        known: true,
        note,
        optional: false,
      },
    };
  });

function withoutLine(reading: IngredientLineReading): Omit<IngredientLineReading, "line"> {
  const { line: _line, ...rest } = reading;
  return rest;
}

function rounded(value: number | null): number | null {
  return value === null ? null : Math.round(value * 1e9) / 1e9;
}

/** The promises every reading keeps, whatever the line. */
function expectWellFormed(text: string, reading: IngredientLineReading, matcher: IngredientMatcher): void {
  expect(reading.line).toBe(text.trim());
  if (!reading.ok) {
    expect(reading.reason).toMatch(/^Die Zeile /);
    return;
  }
  const { amount, amountMax, unit, ingredient, note } = reading;
  if (amount !== null) expect(Number.isFinite(amount) && amount > 0).toBe(true);
  if (amountMax !== null) {
    expect(amount).not.toBeNull();
    expect(amountMax).toBeGreaterThan(amount ?? Number.POSITIVE_INFINITY);
  }
  if (unit !== null) {
    expect(UNITS).toContain(unit);
    expect(amount, "a unit comes with an amount").not.toBeNull();
  }
  expect(ingredient.trim()).toBe(ingredient);
  expect(ingredient).toMatch(/\p{L}/u);
  if (reading.known) expect(matcher.nameFor(ingredient)).toBe(ingredient);
  if (note !== null) {
    expect(note.trim()).toBe(note);
    expect(note).not.toBe("");
    expect(note).not.toMatch(/ {2}|,\s*,|^[,;]|[,;]$|\s,/);
  }
}

describe("a line formatted from a reading", () => {
  it("reads back as that reading", () => {
    fc.assert(
      fc.property(formattedLine, ({ line, extra, expected }) => {
        const matcher = extra === null ? SEED_MATCHER : createIngredientMatcher([...SEED, extra]);
        const reading = parseIngredientLine(line, matcher);
        expect(reading.ok).toBe(true);
        if (!reading.ok) return;
        expect({
          ...withoutLine(reading),
          amount: rounded(reading.amount),
          amountMax: rounded(reading.amountMax),
        }).toEqual({
          ok: true,
          ...expected,
          amount: rounded(expected.amount),
          amountMax: rounded(expected.amountMax),
        });
      }),
      { numRuns: 2000 },
    );
  });
});

describe("any string", () => {
  /** Words and signs ingredient lines are made of, to reach deeper than random characters do. */
  const piece = fc.oneof(
    fc.constantFrom(
      "2",
      "0,5",
      "1.5",
      "½",
      "1/2",
      "1/0",
      "0",
      "-",
      "–",
      "bis",
      "ca.",
      "etwas",
      "ein",
      "eine halbe",
      "EL",
      "g",
      "cl",
      "Zehen",
      "Tasse",
      "gehäufter",
      "gr.",
      "große",
      "rote",
      "Zwiebel",
      "Zwiebel(n)",
      "Knoblauchzehen",
      "Rote Linsen",
      "Saft",
      "von",
      "und",
      "oder",
      "zum",
      "optional",
      "evtl.",
      "(",
      ")",
      ",",
      ":",
      ";",
      "n. B.",
      "Bio-",
      "à",
      "x",
      "Für",
      "\t",
      "\u00A0",
    ),
    fc.string({ unit: "grapheme", maxLength: 6 }),
  );
  const soup = fc.array(piece, { maxLength: 14 }).map((pieces) => pieces.join(" "));

  it("never makes the parser throw, and every reading keeps its promises", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: "grapheme", maxLength: 250 }), fc.string({ unit: "binary", maxLength: 60 }), soup),
        (text) => {
          const reading = parseIngredientLine(text, SEED_MATCHER);
          expectWellFormed(text, reading, SEED_MATCHER);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("keeps its promises on every line of the table", () => {
    for (const { line } of INGREDIENT_LINE_TABLE)
      expectWellFormed(line, parseIngredientLine(line, SEED_MATCHER), SEED_MATCHER);
  });
});

describe("a known name", () => {
  /** A spelling of `name` another site or keyboard may use: any case, umlauts and ß spelled out or dropped, accents dropped, hyphens as spaces or none. */
  function respelled(name: string, choices: readonly number[]): string {
    let index = 0;
    const pick = (count: number) => (choices[index++ % choices.length] ?? 0) % count;
    const spellings: Record<string, readonly string[]> = {
      ä: ["ä", "ae", "a"],
      ö: ["ö", "oe", "o"],
      ü: ["ü", "ue", "u"],
      ß: ["ß", "ss"],
      è: ["è", "e"],
      é: ["é", "e"],
      î: ["î", "i"],
      "-": ["-", " ", ""],
    };
    let text = "";
    for (const char of name) {
      const options = spellings[char.toLowerCase()];
      const spelled = options === undefined ? char : (options[pick(options.length)] ?? char);
      text += pick(2) === 0 ? spelled.toLowerCase() : spelled.toUpperCase();
    }
    return text;
  }

  it("matches itself in any case, with or without accents, ß or ss, hyphen or not", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SEED),
        fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
        fc.constantFrom("", "200 g ", "2 EL "),
        ({ name }, choices, before) => {
          const line = `${before}${respelled(name, choices)}`;
          const reading = parseIngredientLine(line, SEED_MATCHER);
          expect(reading, line).toMatchObject({ ok: true, ingredient: name, known: true, note: null });
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("is never found inside an unknown compound: the compound is proposed", () => {
    fc.assert(
      fc.property(madeUpName, fc.constantFrom(...SEED), (prefix, { name }) => {
        fc.pre(!name.includes(" ") && !name.includes("-"));
        const compound = `${prefix}${name.toLowerCase()}`;
        const reading = parseIngredientLine(`100 g ${compound}`, SEED_MATCHER);
        expect(reading).toMatchObject({ ok: true, ingredient: compound, known: false });
      }),
      { numRuns: 500 },
    );
  });
});

describe("spaces and neighbours", () => {
  const space = fc.constantFrom(" ", "  ", "\t", "\u00A0", "\u2009", " \u00A0");

  it("spaces of other kinds and numbers around words do not change a line's reading", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...READ_LINES),
        fc.array(space, { minLength: 1, maxLength: 30 }),
        space,
        space,
        (line, spaces, before, after) => {
          let index = 0;
          const spaced = `${before}${line.replace(/ /g, () => spaces[index++ % spaces.length] ?? " ")}${after}`;
          expect(withoutLine(parseIngredientLine(spaced, SEED_MATCHER))).toEqual(
            withoutLine(parseIngredientLine(line, SEED_MATCHER)),
          );
        },
      ),
      { numRuns: 1500 },
    );
  });

  it("a line reads the same alone and in a list, wherever it stands and whatever the line breaks", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...READ_LINES), { minLength: 1, maxLength: 25 }),
        fc.constantFrom("\n", "\r\n", "\r"),
        (lines, lineBreak) => {
          const list = parseIngredientList(lines.join(lineBreak), SEED_MATCHER);
          expect(list).toEqual(lines.map((line) => parseIngredientLine(line, SEED_MATCHER)));
        },
      ),
      { numRuns: 300 },
    );
  });
});
