/**
 * A pasted ingredient list (catalog/ingredient-lines/parse-ingredient-list.ts): a reading per line, in
 * order; blank lines dropped; group headings skipped; any line break; bullets and numbers stripped.
 */
import { describe, expect, it } from "vitest";
import { createIngredientMatcher } from "../../catalog/ingredient-lines/ingredient-matcher.ts";
import { parseIngredientLine } from "../../catalog/ingredient-lines/parse-ingredient-line.ts";
import { parseIngredientList } from "../../catalog/ingredient-lines/parse-ingredient-list.ts";
import type { IngredientLineReading } from "../../catalog/ingredient-lines/read-line.ts";
import { seedIngredients } from "./ingredient-line-table.ts";

const matcher = createIngredientMatcher(seedIngredients());

/** What an editor checks first: which ingredient each reading names, in order ("—" for an unread line). */
function ingredients(readings: readonly IngredientLineReading[]): string[] {
  return readings.map((reading) => (reading.ok ? reading.ingredient : "—"));
}

describe("parseIngredientList", () => {
  it("reads a recipe's list as pasted from a blog: headings skipped, blank lines dropped, order kept", () => {
    const pasted = [
      "Zutaten für 4 Personen",
      "",
      "Für den Teig:",
      "250 g Mehl",
      "1 Pck. Backpulver",
      "125 g Butter, weich",
      "   ",
      "Für die Füllung:",
      "500 g Quark",
      "2 Eier",
      "Saft von 1 Zitrone",
      "",
      "Außerdem",
      "Puderzucker zum Bestreuen",
    ].join("\n");
    expect(ingredients(parseIngredientList(pasted, matcher))).toEqual([
      "Mehl",
      "Backpulver",
      "Butter",
      "Quark",
      "Ei",
      "Zitrone",
      "Puderzucker",
    ]);
  });

  it.each([
    ["Für den Teig:"],
    ["Teig:"],
    ["Für die Soße"],
    ["Zum Garnieren"],
    ["## Dressing"],
    ["**Marinade**"],
    ["Zutaten"],
    ["Zutaten für 2 Portionen:"],
    ["- Für die Form:"],
    ["Außerdem:"],
  ])("skips the heading %j", (heading) => {
    expect(parseIngredientList(`${heading}\n200 g Mehl`, matcher)).toEqual([
      parseIngredientLine("200 g Mehl", matcher),
    ]);
  });

  it("keeps a line that names its ingredient after a colon, and a “Für …” line too long for a heading", () => {
    const list = parseIngredientList("Zum Bestreuen: Puderzucker\nFür die Form etwas weiche Butter", matcher);
    expect(list).toMatchObject([
      { ok: true, ingredient: "Puderzucker", note: "zum Bestreuen" },
      // Without a colon nothing says where "für die Form" ends: shown to the editor, not dropped.
      { ok: false, line: "Für die Form etwas weiche Butter" },
    ]);
  });

  it.each([
    ["\n", "Unix"],
    ["\r\n", "Windows"],
    ["\r", "old Mac"],
  ])("splits at %j (%s line breaks)", (lineBreak) => {
    const list = parseIngredientList(["1 Zwiebel", "", "2 EL Olivenöl", "Salz"].join(lineBreak), matcher);
    expect(ingredients(list)).toEqual(["Zwiebel", "Olivenöl", "Salz"]);
    expect(list.map((reading) => reading.line)).toEqual(["1 Zwiebel", "2 EL Olivenöl", "Salz"]);
  });

  it.each([
    ["- 200 g Mehl"],
    ["• 200 g Mehl"],
    ["* 200 g Mehl"],
    ["1. 200 g Mehl"],
    ["12) 200 g Mehl"],
    ["– 200 g Mehl"],
    ["· 200 g Mehl"],
    ["[ ] 200 g Mehl"],
    ["\t-\u00A0200 g Mehl  "],
  ])("strips the bullet of %j", (line) => {
    const [reading] = parseIngredientList(line, matcher);
    expect(reading).toEqual({
      ok: true,
      line: line.trim(),
      amount: 200,
      amountMax: null,
      unit: "g",
      ingredient: "Mehl",
      known: true,
      note: null,
      optional: false,
    });
  });

  it("does not take a range or a decimal for a bullet", () => {
    expect(parseIngredientList("2 - 3 EL Mehl\n1.5 kg Kartoffeln", matcher)).toMatchObject([
      { amount: 2, amountMax: 3, unit: "EL", ingredient: "Mehl" },
      { amount: 1.5, unit: "kg", ingredient: "Kartoffel" },
    ]);
  });

  it("keeps a line it cannot read, in its place, with its reason", () => {
    const list = parseIngredientList("200 g Mehl\n—\n2 EL\n1 Ei", matcher);
    expect(list.map((reading) => reading.ok)).toEqual([true, false, false, true]);
    expect(list[2]).toEqual({
      ok: false,
      line: "2 EL",
      reason: "Die Zeile nennt keine Zutat, nur Menge, Einheit oder Hinweis.",
    });
  });

  it("reads nothing from an empty or blank paste", () => {
    expect(parseIngredientList("", matcher)).toEqual([]);
    expect(parseIngredientList("\n \r\n\t\n", matcher)).toEqual([]);
  });
});
