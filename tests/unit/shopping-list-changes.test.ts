import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { combineEntries, lineKeyOf } from "../../app/lib/shopping-list/combine.ts";
import { MAX_ENTRIES } from "../../app/lib/shopping-list/limits.ts";
import { linePlainText } from "../../app/lib/shopping-list/line-text.ts";
import { parseListForm } from "../../app/lib/shopping-list/list-form.ts";
import { encodedLength, MAX_ENTRIES_FIELD_LENGTH, mergeChunks } from "../../app/lib/shopping-list/merge-chunks.ts";
import { applyOperation, type ListOperation, type OperationResult } from "../../app/lib/shopping-list/operations.ts";
import { entriesForRecipe, type RecipeForList } from "../../app/lib/shopping-list/recipe-entries.ts";
import { entryId, type ShoppingEntry } from "../../app/lib/shopping-list/stored-list.ts";
import type { IngredientLine } from "../../catalog/recipes/types.ts";
import { ingredientLine } from "../fixtures/ingredient-line.ts";
import { entriesArbitrary, entry } from "./shopping-list-fixtures.ts";

function entriesOf(result: OperationResult): ShoppingEntry[] {
  if (!result.ok) throw new Error("the operation was refused");
  return result.entries;
}

const line = (overrides: Partial<IngredientLine>): IngredientLine =>
  ingredientLine({ name: "Feta", amount: 200, unit: "g", ...overrides });

const SALAD: RecipeForList = {
  slug: "griechischer-salat",
  name: "Griechischer Salat",
  servings: 4,
  ingredientLines: [
    line({}),
    line({ name: "Ei", plural: "Eier", wholePieces: true, amount: 2, unit: null }),
    line({ name: "Salz", amount: null, unit: null, note: "nach Geschmack" }),
    line({ name: "Oliven", amount: 50, optional: true }),
  ],
};

describe("a recipe's entries", () => {
  it("are its required lines, scaled to the chosen servings", () => {
    expect(entriesForRecipe(SALAD, 6)).toEqual([
      entry({ recipe: SALAD.slug, recipeName: SALAD.name, name: "Feta", plural: null, amount: 300, unit: "g" }),
      entry({ recipe: SALAD.slug, recipeName: SALAD.name, name: "Ei", plural: "Eier", amount: 3, unit: null }),
      entry({ recipe: SALAD.slug, recipeName: SALAD.name, name: "Salz", plural: null, amount: null, unit: null }),
    ]);
  });

  it("take a range's upper end, scaled as the page scales it: what to buy", () => {
    const pasta: RecipeForList = {
      slug: "pasta",
      name: "Pasta",
      servings: 2,
      ingredientLines: [
        line({ name: "Olivenöl", amount: 2, amountMax: 3, unit: "EL" }),
        line({ name: "Zwiebel", plural: "Zwiebeln", amount: 1, amountMax: 2, unit: null }),
        line({ name: "Ingwer", amount: 20, amountMax: 30, unit: "g" }),
      ],
    };
    const amounts = (servings: number) =>
      entriesForRecipe(pasta, servings).map(({ name, amount, unit }) => ({ name, amount, unit }));
    expect(amounts(2)).toEqual([
      { name: "Olivenöl", amount: 3, unit: "EL" },
      { name: "Zwiebel", amount: 2, unit: null },
      { name: "Ingwer", amount: 30, unit: "g" },
    ]);
    expect(amounts(3)).toEqual([
      { name: "Olivenöl", amount: 4.5, unit: "EL" },
      { name: "Zwiebel", amount: 3, unit: null },
      { name: "Ingwer", amount: 45, unit: "g" },
    ]);
    // Combined with another recipe's 1 EL: 3 EL and 1 EL.
    const lines = combineEntries([
      ...entriesForRecipe(pasta, 2),
      entry({ recipe: "salat", name: "Olivenöl", amount: 1, unit: "EL" }),
    ]);
    expect(lines.map(linePlainText)).toEqual(["30 g Ingwer", "4 EL Olivenöl", "2 Zwiebeln"]);
  });

  it("are only the ones asked for, when an ingredient search result names what is missing", () => {
    expect(entriesForRecipe(SALAD, 4, new Set(["Ei", "Oliven", "Gurke"])).map((candidate) => candidate.name)).toEqual([
      "Ei",
    ]);
  });
});

describe("changing the list", () => {
  const list = [entry({ recipe: "a", name: "Feta", amount: 200, unit: "g" }), entry({ recipe: "b", name: "Ei" })];

  it("adding a recipe again replaces its lines instead of counting them twice", () => {
    const again = [entry({ recipe: "a", name: "Feta", amount: 300, unit: "g" })];
    expect(entriesOf(applyOperation(list, { kind: "add", entries: again }))).toEqual([list[1], again[0]]);
  });

  it("a line added again with the same amount stays ticked; with another it is to buy again", () => {
    const ticked = list.map((candidate) => ({ ...candidate, done: true }));
    const same = entriesOf(applyOperation(ticked, { kind: "add", entries: [list[0] as ShoppingEntry] }));
    expect(same.find((candidate) => candidate.name === "Feta")?.done).toBe(true);
    const more = entriesOf(
      applyOperation(ticked, { kind: "add", entries: [{ ...list[0], amount: 400 } as ShoppingEntry] }),
    );
    expect(more.find((candidate) => candidate.name === "Feta")?.done).toBe(false);
  });

  it("refuses an add that would pass the limit, changing nothing", () => {
    const full = Array.from({ length: MAX_ENTRIES }, (_, index) => entry({ recipe: `r-${index}` }));
    expect(applyOperation(full, { kind: "add", entries: [entry({ recipe: "neu" })] })).toEqual({
      ok: false,
      reason: "voll",
    });
    // Replacing an entry that is there already still fits.
    expect(applyOperation(full, { kind: "add", entries: [entry({ recipe: "r-0", amount: 2 })] }).ok).toBe(true);
  });

  it("ticks, unticks and removes a combined line with all its recipes' entries", () => {
    const both = [...list, entry({ recipe: "c", name: "Feta", amount: 100, unit: "g" })];
    const key = lineKeyOf(both[0] as ShoppingEntry);
    const ticked = entriesOf(applyOperation(both, { kind: "tick", line: key, done: true }));
    expect(ticked.filter((candidate) => candidate.done).map(entryId)).toEqual(["a\nFeta", "c\nFeta"]);
    expect(entriesOf(applyOperation(ticked, { kind: "tick", line: key, done: false }))).toEqual(both);
    expect(entriesOf(applyOperation(both, { kind: "remove", line: key }))).toEqual([list[1]]);
    expect(entriesOf(applyOperation(both, { kind: "clear" }))).toEqual([]);
  });

  it("merging the device's list keeps the account's entries and adds the others, as many as fit", () => {
    const device = [{ ...(list[0] as ShoppingEntry), amount: 999, done: true }, entry({ recipe: "d", name: "Gurke" })];
    expect(applyOperation(list, { kind: "merge", entries: device })).toEqual({
      ok: true,
      entries: [...list, device[1]],
      dropped: 0,
    });
    const full = Array.from({ length: MAX_ENTRIES - 1 }, (_, index) => entry({ recipe: `r-${index}` }));
    const many = [entry({ recipe: "x" }), entry({ recipe: "y" }), entry({ recipe: "z" })];
    const merged = applyOperation(full, { kind: "merge", entries: many });
    expect(merged).toMatchObject({ ok: true, dropped: 2 });
    expect(entriesOf(merged)).toHaveLength(MAX_ENTRIES);
  });

  it("adding and merging are idempotent, and keep one entry per recipe and ingredient", () => {
    fc.assert(
      fc.property(entriesArbitrary, entriesArbitrary, (before, incoming) => {
        for (const kind of ["add", "merge"] as const) {
          const once = entriesOf(applyOperation(before, { kind, entries: incoming }));
          expect(entriesOf(applyOperation(once, { kind, entries: incoming }))).toEqual(once);
          expect(new Set(once.map(entryId)).size).toBe(once.length);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("a tick changes whether its line is done and nothing else", () => {
    fc.assert(
      fc.property(entriesArbitrary, fc.nat(), fc.boolean(), (entries, pick, done) => {
        const lines = combineEntries(entries);
        fc.pre(lines.length > 0);
        const target = lines[pick % lines.length];
        if (!target) return;
        const after = combineEntries(entriesOf(applyOperation(entries, { kind: "tick", line: target.key, done })));
        expect(after).toEqual(
          lines.map((candidate) => (candidate.key === target.key ? { ...candidate, done } : candidate)),
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe("a change applied again (decision 0041)", () => {
  /** A change the list page or a recipe page posts, made for the lines of `entries`. */
  function changeArbitrary(entries: readonly ShoppingEntry[]): fc.Arbitrary<ListOperation> {
    const keys = [...new Set(entries.map(lineKeyOf)), JSON.stringify(["Nicht da", "masse"])];
    return fc.oneof(
      fc.record({ kind: fc.constant("tick" as const), line: fc.constantFrom(...keys), done: fc.boolean() }),
      fc.record({ kind: fc.constant("remove" as const), line: fc.constantFrom(...keys) }),
      fc.record({ kind: fc.constant("add" as const), entries: entriesArbitrary }),
      fc.record({ kind: fc.constant("merge" as const), entries: entriesArbitrary }),
      fc.constant({ kind: "clear" as const }),
    );
  }
  const withOneChange = entriesArbitrary.chain((entries) => fc.tuple(fc.constant(entries), changeArbitrary(entries)));
  const withTwoChanges = entriesArbitrary.chain((entries) =>
    fc.tuple(fc.constant(entries), changeArbitrary(entries), changeArbitrary(entries)),
  );
  const apply = (entries: readonly ShoppingEntry[], operation: ListOperation) => {
    const result = applyOperation(entries, operation);
    return result.ok ? result.entries : [...entries];
  };
  /** The lines a change can alter: its line, or those of the entries an add brings and replaces. */
  function linesOf(operation: ListOperation, entries: readonly ShoppingEntry[]): Set<string> | "all" {
    if (operation.kind === "tick" || operation.kind === "remove") return new Set([operation.line]);
    if (operation.kind !== "add") return "all";
    const ids = new Set(operation.entries.map(entryId));
    return new Set(
      [...operation.entries, ...entries.filter((entry) => ids.has(entryId(entry)))].map((entry) => lineKeyOf(entry)),
    );
  }
  const byId = (entries: readonly ShoppingEntry[]) => [...entries].sort((a, b) => entryId(a).localeCompare(entryId(b)));

  it("every change sets a state, so applying it twice is applying it once (a retry after 'Nicht gespeichert' is safe)", () => {
    fc.assert(
      fc.property(withOneChange, ([entries, operation]) => {
        const once = apply(entries, operation);
        expect(apply(once, operation)).toEqual(once);
      }),
      { numRuns: 500 },
    );
  });

  it("two changes to different lines give the same list whichever is stored first", () => {
    fc.assert(
      fc.property(withTwoChanges, ([entries, first, second]) => {
        const firstLines = linesOf(first, entries);
        const secondLines = linesOf(second, entries);
        fc.pre(firstLines !== "all" && secondLines !== "all");
        fc.pre(![...firstLines].some((line) => secondLines.has(line)));
        if (first.kind === "add" && second.kind === "add") {
          const ids = new Set(first.entries.map(entryId));
          fc.pre(!second.entries.some((entry) => ids.has(entryId(entry))));
        }
        // The one that lost the race is applied again to what the other stored.
        const secondWins = apply(apply(entries, second), first);
        const firstWins = apply(apply(entries, first), second);
        // Both within the limit either way, or the order could decide which add is refused.
        fc.pre(applyOperation(apply(entries, first), second).ok && applyOperation(apply(entries, second), first).ok);
        expect(byId(secondWins)).toEqual(byId(firstWins));
      }),
      { numRuns: 1000 },
    );
  });
});

/** A form as a page posts it. */
function form(fields: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}
const KEY = JSON.stringify(["Feta", "masse"]);

describe("the list's forms", () => {
  it.each<[string, [string, string][], unknown]>([
    [
      "an add with servings and missing ingredients",
      [
        ["aktion", "hinzufuegen"],
        ["rezept", "griechischer-salat"],
        ["portionen", "6"],
        ["zutat", "Feta"],
        ["zutat", "Ei"],
        ["zutat", "Feta"],
      ],
      { kind: "add", recipe: "griechischer-salat", servings: 6, ingredients: ["Feta", "Ei"] },
    ],
    [
      "an add of a whole recipe as written",
      [
        ["aktion", "hinzufuegen"],
        ["rezept", "gazpacho"],
      ],
      { kind: "add", recipe: "gazpacho", servings: null, ingredients: null },
    ],
    [
      "a tick",
      [
        ["aktion", "abhaken"],
        ["zeile", KEY],
        ["erledigt", "1"],
      ],
      { kind: "tick", line: KEY, done: true },
    ],
    [
      "a removal",
      [
        ["aktion", "entfernen"],
        ["zeile", KEY],
      ],
      { kind: "remove", line: KEY },
    ],
    ["clearing", [["aktion", "leeren"]], { kind: "clear" }],
    [
      "a merge",
      [
        ["aktion", "uebernehmen"],
        ["eintraege", JSON.stringify([entry({})])],
      ],
      { kind: "merge", entries: [entry({})] },
    ],
  ])("reads %s", (_what, fields, expected) => {
    expect(parseListForm(form(fields))).toEqual(expected);
  });

  it.each<[string, [string, string][]]>([
    ["no action", [["rezept", "gazpacho"]]],
    ["an unknown action", [["aktion", "loeschen"]]],
    [
      "two actions",
      [
        ["aktion", "leeren"],
        ["aktion", "leeren"],
      ],
    ],
    ["an add without a recipe", [["aktion", "hinzufuegen"]]],
    ...["Gazpacho", "../gazpacho", "gaz pacho", "-gazpacho", "", "x".repeat(151)].map(
      (slug): [string, [string, string][]] => [
        `a recipe slug ${JSON.stringify(slug.slice(0, 20))}`,
        [
          ["aktion", "hinzufuegen"],
          ["rezept", slug],
        ],
      ],
    ),
    ...["0", "13", "04", "4.0", "+4", "vier", ""].map((servings): [string, [string, string][]] => [
      `servings ${JSON.stringify(servings)}`,
      [
        ["aktion", "hinzufuegen"],
        ["rezept", "gazpacho"],
        ["portionen", servings],
      ],
    ]),
    [
      "servings twice",
      [
        ["aktion", "hinzufuegen"],
        ["rezept", "gazpacho"],
        ["portionen", "2"],
        ["portionen", "2"],
      ],
    ],
    [
      "61 ingredients",
      [
        ["aktion", "hinzufuegen"],
        ["rezept", "gazpacho"],
        ...Array.from({ length: 61 }, (_, i): [string, string] => ["zutat", `Z${i}`]),
      ],
    ],
    [
      "an ingredient with a control character",
      [
        ["aktion", "hinzufuegen"],
        ["rezept", "gazpacho"],
        ["zutat", "Feta\r\nSet-Cookie: x"],
      ],
    ],
    [
      "an ingredient of 101 characters",
      [
        ["aktion", "hinzufuegen"],
        ["rezept", "gazpacho"],
        ["zutat", "x".repeat(101)],
      ],
    ],
    ...["Feta", "[]", '["Feta"]', '["Feta","masse","x"]', "[1,2]", "{}", `["${"x".repeat(300)}","masse"]`].map(
      (key): [string, [string, string][]] => [
        `a tick of the line ${JSON.stringify(key.slice(0, 20))}`,
        [
          ["aktion", "abhaken"],
          ["zeile", key],
          ["erledigt", "1"],
        ],
      ],
    ),
    [
      "a tick without its new state",
      [
        ["aktion", "abhaken"],
        ["zeile", KEY],
      ],
    ],
    [
      "a tick to 'ja'",
      [
        ["aktion", "abhaken"],
        ["zeile", KEY],
        ["erledigt", "ja"],
      ],
    ],
    ...["", "nicht json", "{}", JSON.stringify([{ ...entry({}), amount: -1 }]), JSON.stringify([entry({}), null])].map(
      (json): [string, [string, string][]] => [
        `a merge of ${JSON.stringify(json.slice(0, 30))}`,
        [
          ["aktion", "uebernehmen"],
          ["eintraege", json],
        ],
      ],
    ),
    [
      "a merge of more entries than a list holds",
      [
        ["aktion", "uebernehmen"],
        ["eintraege", JSON.stringify(Array.from({ length: MAX_ENTRIES + 1 }, (_, i) => entry({ recipe: `r-${i}` })))],
      ],
    ],
  ])("refuses %s", (_what, fields) => {
    expect(parseListForm(form(fields))).toBeUndefined();
  });

  it("never throws, whatever a form holds", () => {
    const name = fc.constantFrom("aktion", "rezept", "portionen", "zutat", "zeile", "erledigt", "eintraege", "x");
    const value = fc.oneof(
      fc.constantFrom("hinzufuegen", "abhaken", "entfernen", "leeren", "uebernehmen", "gazpacho", "1", KEY),
      fc.string({ maxLength: 40 }),
      fc.jsonValue({ maxDepth: 3 }).map((json) => JSON.stringify(json)),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(name, value), { maxLength: 8 }), (fields) => {
        const request = parseListForm(form(fields));
        if (request?.kind === "merge") expect(request.entries.length).toBeLessThanOrEqual(MAX_ENTRIES);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe("moving the device's list into the account", () => {
  it("cuts it into posts below the form limit, in order and without losing an entry", () => {
    fc.assert(
      fc.property(entriesArbitrary, fc.integer({ min: 200, max: 8_000 }), (entries, limit) => {
        const chunks = mergeChunks(entries, limit);
        expect(chunks.flat()).toEqual(entries);
        for (const chunk of chunks) {
          expect(chunk.length).toBeGreaterThan(0);
          if (chunk.length > 1) expect(encodedLength(chunk)).toBeLessThanOrEqual(limit);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("fits a full list of the longest names into posts the Worker accepts (8 KB each)", () => {
    const longest = Array.from({ length: MAX_ENTRIES }, (_, index) =>
      entry({
        recipe: `${"r".repeat(140)}-${index}`,
        recipeName: "Ü".repeat(150),
        name: `${"Ä".repeat(95)}${index}`,
        plural: "Ö".repeat(100),
        amount: 123_456.25,
        unit: "Handvoll",
      }),
    );
    const chunks = mergeChunks(longest);
    expect(chunks.flat()).toHaveLength(MAX_ENTRIES);
    for (const chunk of chunks) {
      const body = new URLSearchParams({
        aktion: "uebernehmen",
        eintraege: JSON.stringify(chunk),
        csrf: "x".repeat(43),
        antwort: "daten",
      }).toString();
      expect(encodedLength(chunk)).toBeLessThanOrEqual(MAX_ENTRIES_FIELD_LENGTH);
      expect(body.length).toBeLessThanOrEqual(8 * 1024);
    }
  });
});
