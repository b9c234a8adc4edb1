/**
 * The paste operation's pure parts (cms/extensions/ingredient-paste/src/, decision 0048): what the flow's
 * trigger may bring, and the plan from the parser's readings to the lines, drafts and notes written. The
 * readings here are written by hand: the parser's own tests are in its module's tests; the operation in a
 * real Directus is tests/cms/ingredient-paste.test.ts.
 */
import { describe, expect, it } from "vitest";
import type { IngredientLineReading } from "../../catalog/ingredient-lines/read-line.ts";
import {
  type IngredientRecord,
  planPaste,
  withProblems,
} from "../../cms/extensions/ingredient-paste/src/paste-plan.ts";
import {
  MAX_PASTE_BYTES,
  MAX_PASTE_LINES,
  PasteRefused,
  readPasteRequest,
} from "../../cms/extensions/ingredient-paste/src/paste-request.ts";
import { notificationMessage, pasteResult } from "../../cms/extensions/ingredient-paste/src/paste-summary.ts";

const body = (fields: Record<string, unknown>) => ({
  collection: "recipe",
  keys: ["7"],
  ingredient_list: "2 Eier",
  ...fields,
});

function refusal(input: unknown): string {
  try {
    readPasteRequest(input);
  } catch (error) {
    expect(error).toBeInstanceOf(PasteRefused);
    expect((error as PasteRefused).name).toBe("DirectusError");
    expect((error as PasteRefused).extensions.reason).toBe((error as Error).message);
    return (error as Error).message;
  }
  throw new Error("not refused");
}

describe("the trigger's body", () => {
  it("gives the recipe, the text, the mode and the switch, appending by default", () => {
    expect(readPasteRequest(body({}))).toEqual({ recipeId: "7", text: "2 Eier", mode: "append", optional: false });
    expect(readPasteRequest(body({ keys: [7], mode: "replace", optional: true }))).toMatchObject({
      recipeId: 7,
      mode: "replace",
      optional: true,
    });
  });

  it("is refused in German when empty, too long or with too many lines", () => {
    expect(refusal(body({ ingredient_list: " \n\n  " }))).toMatch(/^Die Zutatenliste ist leer/);
    expect(refusal(body({ ingredient_list: undefined }))).toMatch(/^Die Zutatenliste ist leer/);
    expect(refusal(body({ ingredient_list: "x".repeat(MAX_PASTE_BYTES + 1) }))).toMatch(
      /^Die Zutatenliste ist zu lang \(21 KB, höchstens 20 KB\)/,
    );
    // Bytes, not characters: umlauts take two.
    expect(refusal(body({ ingredient_list: "ä".repeat(MAX_PASTE_BYTES / 2 + 1) }))).toMatch(/zu lang/);
    const lines = Array.from({ length: MAX_PASTE_LINES + 1 }, (_, index) => `${index} g Mehl`).join("\n");
    expect(refusal(body({ ingredient_list: lines }))).toBe(
      "Die Zutatenliste hat 201 Zeilen, höchstens 200 gehen auf einmal: bitte in Teilen einfügen.",
    );
    // Empty lines do not count.
    expect(readPasteRequest(body({ ingredient_list: `2 Eier${"\n".repeat(400)}1 Prise Salz` })).text).toContain("Salz");
  });

  it("is refused for anything but one recipe, a known mode and a yes or no", () => {
    expect(refusal(null)).toMatch(/fehlt/);
    expect(refusal(body({ collection: "ingredient" }))).toMatch(/nur in Rezepte/);
    expect(refusal(body({ keys: ["7", "8"] }))).toMatch(/genau ein Rezept/);
    expect(refusal(body({ keys: [] }))).toMatch(/genau ein Rezept/);
    expect(refusal(body({ keys: ["7; drop"] }))).toMatch(/unbekannt/);
    expect(refusal(body({ ingredient_list: ["2 Eier"] }))).toMatch(/Text/);
    expect(refusal(body({ mode: "merge" }))).toMatch(/anhängen oder/);
    expect(refusal(body({ optional: "ja" }))).toMatch(/ja oder nein/);
  });
});

const INGREDIENTS: IngredientRecord[] = [
  { id: 1, name: "Mehl", plural: null, status: "published" },
  { id: 2, name: "Ei", plural: "Eier", status: "published" },
  { id: 3, name: "Yuzu", plural: null, status: "draft" },
];

function read(ingredient: string, fields: Partial<IngredientLineReading> = {}): IngredientLineReading {
  return {
    ok: true,
    line: `… ${ingredient}`,
    amount: null,
    amountMax: null,
    unit: null,
    ingredient,
    known: false,
    note: null,
    optional: false,
    ...fields,
  } as IngredientLineReading;
}

const NONE = { ingredients: [], optionalIngredients: [] };

describe("the plan", () => {
  it("keeps the lines in order with amounts, ranges, units and notes, counting on after the list's lines", () => {
    const plan = planPaste(
      [
        read("Mehl", { amount: 200, unit: "g", known: true }),
        read("Eier", { amount: 2, amountMax: 3, note: "groß", known: true }),
      ],
      { mode: "append", optional: false },
      INGREDIENTS,
      {
        ingredients: [
          { id: 10, sort: 1 },
          { id: 11, sort: 4 },
        ],
        optionalIngredients: [{ id: 12, sort: 9 }],
      },
      false,
    );
    expect(plan.lines).toEqual([
      { list: "ingredients", ingredient: { id: 1 }, amount: 200, amount_max: null, unit: "g", note: null, sort: 5 },
      { list: "ingredients", ingredient: { id: 2 }, amount: 2, amount_max: 3, unit: null, note: "groß", sort: 6 },
    ]);
    expect(plan.remove).toEqual({ ingredients: [], optionalIngredients: [] });
    expect(plan.problems).toEqual([]);
  });

  it("replaces the lines of each list it writes to, from 1, and leaves the other list alone", () => {
    const existing = { ingredients: [{ id: 10, sort: 1 }], optionalIngredients: [{ id: 12, sort: 1 }] };
    const plan = planPaste(
      [read("Mehl"), read("Ei")],
      { mode: "replace", optional: false },
      INGREDIENTS,
      existing,
      false,
    );
    expect(plan.remove).toEqual({ ingredients: [10], optionalIngredients: [] });
    expect(plan.lines.map(({ sort }) => sort)).toEqual([1, 2]);

    const optional = planPaste([read("Mehl")], { mode: "replace", optional: true }, INGREDIENTS, existing, false);
    expect(optional.remove).toEqual({ ingredients: [], optionalIngredients: [12] });
    expect(optional.lines[0]).toMatchObject({ list: "optionalIngredients", sort: 1 });
  });

  it("puts a line the parser reads as optional into the optional list", () => {
    const plan = planPaste(
      [read("Mehl"), read("Ei", { optional: true })],
      { mode: "append", optional: false },
      INGREDIENTS,
      NONE,
      false,
    );
    expect(plan.lines.map(({ list, sort }) => [list, sort])).toEqual([
      ["ingredients", 1],
      ["optionalIngredients", 1],
    ]);
  });

  it("proposes an unknown ingredient once, reuses a proposed one by name or plural, and never a second of a name", () => {
    const plan = planPaste(
      [read("Zitronengras"), read("zitronengras "), read("yuzu"), read("EIER"), read("Mehl")],
      { mode: "append", optional: false },
      INGREDIENTS,
      NONE,
      true,
    );
    expect(plan.propose).toEqual(["Zitronengras"]);
    expect(plan.unconfirmed).toEqual(["Yuzu"]);
    expect(plan.lines.map(({ ingredient }) => ingredient)).toEqual([
      { propose: "Zitronengras" },
      { propose: "Zitronengras" },
      { id: 3 },
      { id: 2 },
      { id: 1 },
    ]);
    expect(plan.problems).toEqual([
      "Neue Zutat vorgeschlagen: „Zitronengras“; bitte prüfen.",
      "Vorgeschlagene Zutat noch nicht bestätigt: „Yuzu“; bitte prüfen.",
      "Das Rezept ist veröffentlicht: Bis jede vorgeschlagene Zutat bestätigt ist, lässt die Website es aus.",
    ]);
    const several = planPaste(
      [read("Galgant"), read("Zitronengras")],
      { mode: "append", optional: false },
      INGREDIENTS,
      NONE,
      false,
    );
    expect(several.problems).toEqual(["Neue Zutaten vorgeschlagen: „Galgant“, „Zitronengras“; bitte prüfen."]);
  });

  it("lists unread lines with the parser's reason, and shortens a note over 40 characters, as the import words both", () => {
    const note = "in feine Streifen geschnitten und kurz blanchiert";
    const plan = planPaste(
      [
        { ok: false, line: "???", reason: "Die Zeile enthält keine Wörter, nur Zahlen oder Zeichen." },
        read("Mehl", { line: "200 g Mehl, …", note }),
        read("x".repeat(81)),
      ],
      { mode: "append", optional: false },
      INGREDIENTS,
      NONE,
      false,
    );
    expect(plan.lines).toHaveLength(1);
    expect(plan.lines[0]?.note).toBe("in feine Streifen geschnitten und kurz…");
    expect(plan.lines[0]?.note?.length).toBeLessThanOrEqual(40);
    expect(plan.unread.map(({ line }) => line)).toEqual(["???", `… ${"x".repeat(81)}`]);
    expect(plan.problems).toEqual([
      "Zeile nicht lesbar: „???“ (Die Zeile enthält keine Wörter, nur Zahlen oder Zeichen).",
      `Notiz „${note}“ zu „Mehl“ auf 40 Zeichen gekürzt; bitte prüfen.`,
      `Zeile nicht lesbar: „… ${"x".repeat(77)}…“ (Kein Zutatenname erkannt: ein Name hat höchstens 80 Zeichen).`,
    ]);
  });

  it("appends its problems to what the recipe had to check, a line each", () => {
    expect(withProblems(null, [])).toBeNull();
    expect(withProblems("alt", [])).toBe("alt");
    expect(withProblems(null, ["a", "b"])).toBe("a\nb");
    expect(withProblems("alt\n", ["a"])).toBe("alt\na");
  });
});

describe("what the editor is told", () => {
  it("counts lines, proposals and unread lines in German, and lists them in the notification", () => {
    const plan = planPaste(
      [
        read("Mehl"),
        read("Ei", { optional: true }),
        read("Zitronengras"),
        { ok: false, line: "*fett*", reason: "Die Zeile nennt keine Zutat." },
      ],
      { mode: "replace", optional: false },
      INGREDIENTS,
      NONE,
      false,
    );
    const result = pasteResult(7, plan);
    expect(result).toMatchObject({ recipe: 7, lines: 2, optionalLines: 1, proposed: ["Zitronengras"] });
    expect(result.summary).toBe("Zutatenliste eingefügt: 3 Zeilen, 1 neue Zutat vorgeschlagen, 1 Zeile nicht gelesen");
    const message = notificationMessage("Pfannkuchen", result, "replace");
    expect(message).toContain("„Pfannkuchen“ hat 3 neue Zutatenzeilen (davon 1 optional); die bisherigen");
    expect(message).toContain("- Zitronengras");
    expect(message).toContain("- „\\*fett\\*“: Die Zeile nennt keine Zutat.");
  });
});
