import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { combineEntries, lineKeyOf } from "../../app/lib/shopping-list/combine.ts";
import { linePlainText, listPlainText } from "../../app/lib/shopping-list/line-text.ts";
import type { ShoppingEntry } from "../../app/lib/shopping-list/stored-list.ts";
import type { Unit } from "../../catalog/recipes/units.ts";
import { entriesArbitrary, entry } from "./shopping-list-fixtures.ts";

const feta = (recipe: string, amount: number, unit: Unit = "g") =>
  entry({ recipe, recipeName: recipe, name: "Feta", plural: null, amount, unit });

/** The plain lines of a list, in its order. */
const texts = (entries: ShoppingEntry[]) => combineEntries(entries).map(linePlainText);

describe("combining lines of several recipes", () => {
  it.each<[string, ShoppingEntry[], string[]]>([
    ["200 g and 100 g of the same", [feta("salat", 200), feta("pasta", 100)], ["300 g Feta"]],
    [
      "g and kg, into kg from 1000 g",
      [
        entry({ recipe: "a", name: "Kartoffel", plural: "Kartoffeln", amount: 500, unit: "g" }),
        entry({ recipe: "b", name: "Kartoffel", plural: "Kartoffeln", amount: 0.75, unit: "kg" }),
      ],
      ["1,25 kg Kartoffeln"],
    ],
    [
      "ml and l",
      [
        entry({ recipe: "a", name: "Gemüsebrühe", plural: null, amount: 800, unit: "ml" }),
        entry({ recipe: "b", name: "Gemüsebrühe", plural: null, amount: 0.5, unit: "l" }),
      ],
      ["1,3 l Gemüsebrühe"],
    ],
    ["kg and kg below 1000 g, in g", [feta("a", 0.25, "kg"), feta("b", 0.5, "kg")], ["750 g Feta"]],
    [
      "counts, in the plural above one",
      [
        entry({ recipe: "a", name: "Ei", plural: "Eier", amount: 2 }),
        entry({ recipe: "b", name: "Ei", plural: "Eier", amount: 1 }),
      ],
      ["3 Eier"],
    ],
    [
      "counts that add up to one, in the singular",
      [entry({ recipe: "a", amount: 0.5 }), entry({ recipe: "b", amount: 0.5 })],
      ["1 Zwiebel"],
    ],
    [
      "spoons in quarters",
      [
        entry({ recipe: "a", name: "Olivenöl", plural: null, amount: 1.5, unit: "EL" }),
        entry({ recipe: "b", name: "Olivenöl", plural: null, amount: 0.25, unit: "EL" }),
      ],
      ["1 ¾ EL Olivenöl"],
    ],
    [
      "units that do not convert: lines of their own, next to each other",
      [
        entry({ recipe: "a", name: "Currypulver", plural: null, amount: 1, unit: "TL" }),
        entry({ recipe: "b", name: "Currypulver", plural: null, amount: 1, unit: "EL" }),
        entry({ recipe: "c", name: "Currypulver", plural: null, amount: 2, unit: "TL" }),
      ],
      ["1 EL Currypulver", "3 TL Currypulver"],
    ],
    [
      "mass and a count of the same thing stay apart",
      [
        entry({ recipe: "a", name: "Tomate", plural: "Tomaten", amount: 1, unit: "kg" }),
        entry({ recipe: "b", name: "Tomate", plural: "Tomaten", amount: 3 }),
      ],
      ["1 kg Tomaten", "3 Tomaten"],
    ],
    [
      "lines without amount: once, also beside an amount",
      [
        entry({ recipe: "a", name: "Salz", plural: null, amount: null }),
        entry({ recipe: "b", name: "Salz", plural: null, amount: null }),
        entry({ recipe: "c", name: "Salz", plural: null, amount: 1, unit: "TL" }),
      ],
      ["1 TL Salz", "Salz"],
    ],
    [
      "ingredients in German order",
      [
        entry({ recipe: "a", name: "Zwiebel" }),
        entry({ recipe: "a", name: "Äpfel", plural: null, amount: 500, unit: "g" }),
        entry({ recipe: "a", name: "ei", plural: null, amount: 1 }),
      ],
      ["500 g Äpfel", "1 ei", "1 Zwiebel"],
    ],
  ])("%s", (_what, entries, expected) => {
    expect(texts(entries)).toEqual(expected);
  });

  it("names every recipe a line comes from once, by name", () => {
    const [line] = combineEntries([
      entry({ recipe: "pasta", recipeName: "Pasta mit Feta", name: "Feta", amount: 100, unit: "g" }),
      entry({ recipe: "salat", recipeName: "Bauernsalat", name: "Feta", amount: 200, unit: "g" }),
    ]);
    expect(line?.recipes).toEqual([
      { slug: "salat", name: "Bauernsalat" },
      { slug: "pasta", name: "Pasta mit Feta" },
    ]);
  });

  it("counts a line as ticked only when all of its recipes' entries are", () => {
    const one = [feta("a", 100), { ...feta("b", 100), done: true }];
    expect(combineEntries(one)[0]?.done).toBe(false);
    expect(combineEntries(one.map((candidate) => ({ ...candidate, done: true })))[0]?.done).toBe(true);
  });

  it("copies as plain text with ordinary spaces, the ticked lines left out", () => {
    const lines = combineEntries([
      feta("a", 200),
      entry({ recipe: "a", name: "Ei", plural: "Eier", amount: 2 }),
      entry({ recipe: "a", name: "Olivenöl", plural: null, amount: 1.5, unit: "EL", done: true }),
    ]);
    expect(listPlainText(lines)).toBe("Einkaufsliste\n- 2 Eier\n- 200 g Feta");
  });
});

/** The test's own rule of what adds up: the unit's family and its factor to the family's unit. */
function oracleFamily(candidate: ShoppingEntry): [string, number] {
  if (candidate.amount === null) return ["none", 1];
  const table: Record<string, [string, number]> = {
    g: ["mass", 1],
    kg: ["mass", 1000],
    ml: ["volume", 1],
    l: ["volume", 1000],
  };
  return table[candidate.unit ?? "count"] ?? [candidate.unit ?? "count", 1];
}

describe("combining, as properties", () => {
  it("does not depend on the order entries were added in", () => {
    fc.assert(
      fc.property(
        entriesArbitrary.chain((entries) =>
          fc.tuple(fc.constant(entries), fc.shuffledSubarray(entries, { minLength: entries.length })),
        ),
        ([entries, shuffled]) => {
          expect(combineEntries(shuffled)).toEqual(combineEntries(entries));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("keeps the total of every ingredient in every family of units", () => {
    fc.assert(
      fc.property(entriesArbitrary, (entries) => {
        const expected = new Map<string, number>();
        for (const candidate of entries) {
          const [family, factor] = oracleFamily(candidate);
          const key = `${candidate.name}/${family}`;
          expected.set(key, (expected.get(key) ?? 0) + (candidate.amount ?? 0) * factor);
        }
        const lines = combineEntries(entries);
        expect(lines).toHaveLength(expected.size);
        for (const line of lines) {
          const [family] = oracleFamily({ ...entry({}), amount: line.total, unit: line.unit });
          const total = expected.get(`${line.name}/${family}`);
          expect(total, line.key).toBeDefined();
          expect(line.total ?? 0).toBeCloseTo(total ?? Number.NaN, 6);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("never puts entries of units that do not convert into one line", () => {
    fc.assert(
      fc.property(entriesArbitrary, (entries) => {
        const lines = combineEntries(entries);
        for (const line of lines) {
          const members = entries.filter((candidate) => lineKeyOf(candidate) === line.key);
          expect(members.length).toBeGreaterThan(0);
          expect(new Set(members.map((candidate) => oracleFamily(candidate)[0])).size).toBe(1);
          expect(new Set(members.map((candidate) => candidate.name))).toEqual(new Set([line.name]));
        }
        // Every entry is in exactly one line.
        const keys = new Set(lines.map((line) => line.key));
        expect(entries.every((candidate) => keys.has(lineKeyOf(candidate)))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("prints every line as German text without anything broken in it", () => {
    fc.assert(
      fc.property(entriesArbitrary, (entries) => {
        for (const line of combineEntries(entries)) {
          const text = linePlainText(line);
          expect(text).toMatch(/^(?:[\d¼½¾][\d ,¼½¾]* (?:\S+ )?)?\S/);
          expect(text).not.toMatch(/NaN|undefined|null|Infinity|\.\d/);
        }
      }),
      { numRuns: 300 },
    );
  });
});
