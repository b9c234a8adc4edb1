/**
 * The week plan's operations as functions of the plan (plan-operations.ts),
 * its stored format (stored-plan.ts), its forms parsed as hostile input
 * (plan-form.ts), the fragment "Plan meine Woche" hands a device over
 * (proposal-hash.ts), and the week's shopping list (week-list.ts).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { linePlainText } from "../../app/lib/shopping-list/line-text.ts";
import { applyOperation } from "../../app/lib/shopping-list/operations.ts";
import type { RecipeForList } from "../../app/lib/shopping-list/recipe-entries.ts";
import { entryField, parseEntryField, parsePlanForm } from "../../app/lib/week-plan/plan-form.ts";
import { MAX_PLAN_ENTRIES, PLAN_MAX_SERVINGS, PLAN_MIN_SERVINGS } from "../../app/lib/week-plan/plan-limits.ts";
import { applyPlanOperation, type PlanOperation, type PlanResult } from "../../app/lib/week-plan/plan-operations.ts";
import { proposalHash, readProposalHash } from "../../app/lib/week-plan/proposal-hash.ts";
import {
  type PlanEntry,
  parseStoredPlanText,
  planEntryId,
  readStoredPlan,
  storedPlanValue,
} from "../../app/lib/week-plan/stored-plan.ts";
import { weekListEntries, weekListLines } from "../../app/lib/week-plan/week-list.ts";
import { MAX_SERVINGS, MIN_SERVINGS } from "../../catalog/recipes/units.ts";
import { ingredientLine } from "../fixtures/ingredient-line.ts";

function entriesOf(result: PlanResult): PlanEntry[] {
  if (!result.ok) throw new Error("the operation was refused");
  return result.entries;
}

const apply = (entries: PlanEntry[], ...operations: PlanOperation[]) =>
  operations.reduce((plan, operation) => entriesOf(applyPlanOperation(plan, operation)), entries);

const e = (day: number, recipe: string, servings = 2): PlanEntry => ({ day, recipe, servings });

const slugArbitrary = fc.constantFrom("linsen-dal", "gazpacho", "feta-pasta", "shakshuka", "chili-sin-carne");
const entryArbitrary = fc.record({
  day: fc.integer({ min: 0, max: 6 }),
  recipe: slugArbitrary,
  servings: fc.integer({ min: 1, max: 12 }),
});
const planArbitrary = fc
  .array(entryArbitrary, { maxLength: 20 })
  .map((entries) => readStoredPlan(storedPlanValue(entries)).entries);
const operationArbitrary: fc.Arbitrary<PlanOperation> = fc.oneof(
  fc.array(entryArbitrary, { minLength: 1, maxLength: 3 }).map((entries) => ({ kind: "add" as const, entries })),
  fc
    .record({ day: fc.integer({ min: 0, max: 6 }), recipe: slugArbitrary, to: fc.integer({ min: 0, max: 6 }) })
    .map((fields) => ({ kind: "move" as const, ...fields })),
  fc
    .record({ day: fc.integer({ min: 0, max: 6 }), recipe: slugArbitrary, servings: fc.integer({ min: 1, max: 12 }) })
    .map((fields) => ({ kind: "servings" as const, ...fields })),
  fc
    .record({ day: fc.integer({ min: 0, max: 6 }), recipe: slugArbitrary })
    .map((fields) => ({ kind: "remove" as const, ...fields })),
  fc.constant({ kind: "clear" as const }),
);

describe("the week plan's operations", () => {
  it("adds, replaces the same recipe on the same day, moves, changes servings, removes and clears", () => {
    let plan = apply([], { kind: "add", entries: [e(0, "linsen-dal", 2)] });
    expect(plan).toEqual([e(0, "linsen-dal", 2)]);
    // The same recipe on another day is a second entry; on the same day it replaces the first.
    plan = apply(plan, { kind: "add", entries: [e(3, "linsen-dal", 4), e(0, "linsen-dal", 3)] });
    expect(plan).toEqual([e(0, "linsen-dal", 3), e(3, "linsen-dal", 4)]);
    plan = apply(plan, { kind: "move", day: 0, recipe: "linsen-dal", to: 5 });
    expect(plan).toEqual([e(3, "linsen-dal", 4), e(5, "linsen-dal", 3)]);
    // Moved onto a day that has it: one entry, the moved one's servings.
    plan = apply(plan, { kind: "move", day: 5, recipe: "linsen-dal", to: 3 });
    expect(plan).toEqual([e(3, "linsen-dal", 3)]);
    plan = apply(plan, { kind: "servings", day: 3, recipe: "linsen-dal", servings: 6 });
    expect(plan).toEqual([e(3, "linsen-dal", 6)]);
    expect(apply(plan, { kind: "remove", day: 3, recipe: "linsen-dal" })).toEqual([]);
    expect(apply(plan, { kind: "clear" })).toEqual([]);
  });

  it("refuses an add that would pass the limit, whole, and merges only what fits", () => {
    const full = Array.from({ length: MAX_PLAN_ENTRIES }, (_, index) => e(index % 7, `rezept-${index}`));
    expect(applyPlanOperation(full, { kind: "add", entries: [e(0, "noch-eins")] })).toEqual({
      ok: false,
      reason: "voll",
    });
    // Replacing an entry it has is no growth.
    expect(entriesOf(applyPlanOperation(full, { kind: "add", entries: [e(0, "rezept-0", 5)] }))[0]).toEqual(
      e(0, "rezept-0", 5),
    );
    const merged = applyPlanOperation(full.slice(1), {
      kind: "merge",
      entries: [e(1, "a"), e(2, "b"), full[1] as PlanEntry],
    });
    expect(merged).toMatchObject({ ok: true, dropped: 1 });
    expect(entriesOf(merged)).toHaveLength(MAX_PLAN_ENTRIES);
  });

  it("keeps the account's own entries in a merge and adds the device's others", () => {
    const account = [e(0, "gazpacho", 2)];
    const device = [e(0, "gazpacho", 6), e(1, "shakshuka", 2)];
    expect(apply(account, { kind: "merge", entries: device })).toEqual([e(0, "gazpacho", 2), e(1, "shakshuka", 2)]);
  });

  it("gives the same plan when an operation is applied twice (a retry after a lost answer)", () => {
    fc.assert(
      fc.property(planArbitrary, operationArbitrary, (plan, operation) => {
        const once = applyPlanOperation(plan, operation);
        if (!once.ok) return;
        expect(entriesOf(applyPlanOperation(once.entries, operation))).toEqual(once.entries);
      }),
    );
  });

  it("keeps both of two changes to different recipes whichever is stored first (two tabs)", () => {
    fc.assert(
      fc.property(planArbitrary, operationArbitrary, operationArbitrary, (plan, a, b) => {
        const touched = (operation: PlanOperation) =>
          operation.kind === "add"
            ? operation.entries.map((entry) => entry.recipe)
            : "recipe" in operation
              ? [operation.recipe]
              : null;
        const ta = touched(a);
        const tb = touched(b);
        // Clear touches everything; two changes of one recipe are not independent.
        if (!ta || !tb || ta.some((recipe) => tb.includes(recipe))) return;
        const ab = applyPlanOperation(plan, a);
        const ba = applyPlanOperation(plan, b);
        if (!ab.ok || !ba.ok) return;
        const abThen = applyPlanOperation(ab.entries, b);
        const baThen = applyPlanOperation(ba.entries, a);
        if (!abThen.ok || !baThen.ok) return;
        const sorted = (entries: PlanEntry[]) =>
          [...entries].sort((x, y) => planEntryId(x).localeCompare(planEntryId(y)));
        expect(sorted(abThen.entries)).toEqual(sorted(baThen.entries));
      }),
    );
  });
});

describe("the stored plan", () => {
  it("offers the servings the recipe page offers", () => {
    expect([PLAN_MIN_SERVINGS, PLAN_MAX_SERVINGS]).toEqual([MIN_SERVINGS, MAX_SERVINGS]);
  });

  it("reads what it writes, and leaves out what does not fit the schema", () => {
    const plan = [e(0, "gazpacho", 2), e(6, "linsen-dal", 12)];
    expect(parseStoredPlanText(JSON.stringify(storedPlanValue(plan)))).toEqual({ entries: plan, problem: null });
    expect(parseStoredPlanText(null)).toEqual({ entries: [], problem: null });
    expect(parseStoredPlanText("{")).toEqual({ entries: [], problem: "beschaedigt" });
    expect(parseStoredPlanText("null")).toEqual({ entries: [], problem: "beschaedigt" });
    expect(parseStoredPlanText("x".repeat(20_000))).toEqual({ entries: [], problem: "zu-gross" });
    const mixed = {
      version: 1,
      entries: [e(0, "gazpacho"), e(7, "gazpacho"), e(0, "Gazpacho"), e(1, "a", 13), e(0, "gazpacho", 4), { day: "1" }],
    };
    expect(readStoredPlan(mixed)).toEqual({ entries: [e(0, "gazpacho")], problem: "beschaedigt" });
    expect(readStoredPlan({ version: 2, entries: [] })).toEqual({ entries: [], problem: "beschaedigt" });
    const tooMany = { version: 1, entries: Array.from({ length: MAX_PLAN_ENTRIES + 1 }, (_, i) => e(0, `r-${i}`)) };
    expect(readStoredPlan(tooMany)).toEqual({ entries: [], problem: "zu-gross" });
  });

  it("never throws on any JSON value, and keeps only entries of the schema", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const { entries } = readStoredPlan({ version: 1, entries: Array.isArray(value) ? value : [value] });
        for (const entry of entries) expect(readStoredPlan(storedPlanValue([entry])).entries).toEqual([entry]);
      }),
    );
  });
});

function form(fields: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

describe("the week plan's forms", () => {
  it.each([
    [
      "an add",
      [
        ["aktion", "hinzufuegen"],
        ["rezept", "gazpacho"],
        ["tag", "2"],
        ["portionen", "4"],
      ],
      { kind: "add", entries: [e(2, "gazpacho", 4)] },
    ],
    [
      "a move",
      [
        ["aktion", "verschieben"],
        ["rezept", "gazpacho"],
        ["tag", "2"],
        ["nach", "6"],
      ],
      { kind: "move", day: 2, recipe: "gazpacho", to: 6 },
    ],
    [
      "servings",
      [
        ["aktion", "portionen"],
        ["rezept", "gazpacho"],
        ["tag", "0"],
        ["portionen", "12"],
      ],
      { kind: "servings", day: 0, recipe: "gazpacho", servings: 12 },
    ],
    [
      "a removal",
      [
        ["aktion", "entfernen"],
        ["rezept", "gazpacho"],
        ["tag", "6"],
      ],
      { kind: "remove", day: 6, recipe: "gazpacho" },
    ],
    ["clearing", [["aktion", "leeren"]], { kind: "clear" }],
    ["the week onto the shopping list", [["aktion", "auf-die-einkaufsliste"]], { kind: "to-shopping-list" }],
    [
      "a proposal",
      [
        ["aktion", "vorschlag-uebernehmen"],
        ["eintrag", "0|linsen-dal|4"],
        ["eintrag", "6|gazpacho|2"],
      ],
      { kind: "proposal", entries: [e(0, "linsen-dal", 4), e(6, "gazpacho", 2)] },
    ],
    [
      "the device's plan",
      [
        ["aktion", "uebernehmen"],
        ["eintrag", "1|a|1"],
      ],
      { kind: "merge", entries: [e(1, "a", 1)] },
    ],
    [
      "the view of a device's plan",
      [
        ["aktion", "ansehen"],
        ["eintrag", "1|a|1"],
        ["z", "feta"],
      ],
      { kind: "view", entries: [e(1, "a", 1)] },
    ],
  ] as [string, [string, string][], unknown][])("reads %s", (_, fields, expected) => {
    expect(parsePlanForm(form(fields))).toEqual(expected);
  });

  it.each([
    ["no action", []],
    ["an unknown action", [["aktion", "loeschen"]]],
    [
      "two actions",
      [
        ["aktion", "leeren"],
        ["aktion", "leeren"],
      ],
    ],
    [
      "day 7",
      [
        ["aktion", "entfernen"],
        ["rezept", "a"],
        ["tag", "7"],
      ],
    ],
    [
      "day -1",
      [
        ["aktion", "entfernen"],
        ["rezept", "a"],
        ["tag", "-1"],
      ],
    ],
    [
      "day 01",
      [
        ["aktion", "entfernen"],
        ["rezept", "a"],
        ["tag", "01"],
      ],
    ],
    [
      "two days",
      [
        ["aktion", "entfernen"],
        ["rezept", "a"],
        ["tag", "1"],
        ["tag", "2"],
      ],
    ],
    [
      "a slug with capitals",
      [
        ["aktion", "entfernen"],
        ["rezept", "Gazpacho"],
        ["tag", "1"],
      ],
    ],
    [
      "a slug with a path",
      [
        ["aktion", "entfernen"],
        ["rezept", "../x"],
        ["tag", "1"],
      ],
    ],
    [
      "a slug too long",
      [
        ["aktion", "entfernen"],
        ["rezept", "a".repeat(151)],
        ["tag", "1"],
      ],
    ],
    [
      "0 servings",
      [
        ["aktion", "hinzufuegen"],
        ["rezept", "a"],
        ["tag", "1"],
        ["portionen", "0"],
      ],
    ],
    [
      "13 servings",
      [
        ["aktion", "hinzufuegen"],
        ["rezept", "a"],
        ["tag", "1"],
        ["portionen", "13"],
      ],
    ],
    [
      "servings 4.0",
      [
        ["aktion", "portionen"],
        ["rezept", "a"],
        ["tag", "1"],
        ["portionen", "4.0"],
      ],
    ],
    [
      "an add without servings",
      [
        ["aktion", "hinzufuegen"],
        ["rezept", "a"],
        ["tag", "1"],
      ],
    ],
    [
      "a move without a target",
      [
        ["aktion", "verschieben"],
        ["rezept", "a"],
        ["tag", "1"],
      ],
    ],
    ["a proposal without days", [["aktion", "vorschlag-uebernehmen"]]],
    [
      "a proposal entry of two parts",
      [
        ["aktion", "vorschlag-uebernehmen"],
        ["eintrag", "0|a"],
      ],
    ],
    [
      "a proposal entry of four parts",
      [
        ["aktion", "vorschlag-uebernehmen"],
        ["eintrag", "0|a|2|x"],
      ],
    ],
    [
      "a proposal entry with spaces",
      [
        ["aktion", "vorschlag-uebernehmen"],
        ["eintrag", "0 |a|2"],
      ],
    ],
    [
      "one bad proposal entry among good ones",
      [
        ["aktion", "vorschlag-uebernehmen"],
        ["eintrag", "0|a|2"],
        ["eintrag", "9|b|2"],
      ],
    ],
    [
      "more proposal entries than a plan holds",
      [
        ["aktion", "vorschlag-uebernehmen"],
        ...Array.from({ length: MAX_PLAN_ENTRIES + 1 }, (_, i) => ["eintrag", `0|r-${i}|2`]),
      ],
    ],
  ] as [string, [string, string][]][])("refuses %s", (_, fields) => {
    expect(parsePlanForm(form(fields))).toBeUndefined();
  });

  it("refuses a file where a text is expected", () => {
    const data = form([["aktion", "vorschlag-uebernehmen"]]);
    data.append("eintrag", new Blob(["0|a|2"]), "eintrag.txt");
    expect(parsePlanForm(data)).toBeUndefined();
  });

  it("never throws, and whatever it reads is within the limits", () => {
    const field = fc.oneof(
      fc.constantFrom("aktion", "rezept", "tag", "nach", "portionen", "eintrag", "csrf"),
      fc.string({ maxLength: 10 }),
    );
    const value = fc.oneof(
      fc.constantFrom("vorschlag-uebernehmen", "hinzufuegen", "verschieben", "0", "6", "12", "0|a|2", "gazpacho"),
      fc.string({ maxLength: 200 }),
      fc
        .tuple(fc.integer({ min: -2, max: 9 }), fc.string({ maxLength: 20 }), fc.integer({ min: -1, max: 14 }))
        .map(([day, slug, servings]) => `${day}|${slug}|${servings}`),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(field, value), { maxLength: 50 }), (fields) => {
        const request = parsePlanForm(form(fields));
        if (request === undefined) return;
        const entries = "entries" in request ? request.entries : [];
        expect(entries.length).toBeLessThanOrEqual(MAX_PLAN_ENTRIES);
        // Every entry it reads is one the stored format keeps.
        for (const entry of entries) expect(readStoredPlan({ version: 1, entries: [entry] }).entries).toEqual([entry]);
      }),
      { numRuns: 2000 },
    );
  });

  it("writes an entry field that reads back as the entry", () => {
    fc.assert(
      fc.property(entryArbitrary, (entry) => {
        expect(parseEntryField(entryField(entry))).toEqual(entry);
      }),
    );
  });
});

describe("the fragment that hands a proposal to the device", () => {
  it("reads back what it writes, percent-encoded or not, and nothing else", () => {
    const entries = [e(0, "linsen-dal", 4), e(4, "gazpacho", 2)];
    expect(readProposalHash(proposalHash(entries))).toEqual(entries);
    expect(readProposalHash(proposalHash(entries).replaceAll("|", "%7C"))).toEqual(entries);
    expect(readProposalHash("")).toBeUndefined();
    expect(readProposalHash("#oben")).toBeUndefined();
    expect(readProposalHash("#uebernehmen=0|a|2,x")).toBeUndefined();
    expect(readProposalHash("#uebernehmen=%E0")).toBeUndefined();
  });
});

describe("the week's shopping list", () => {
  const dal: RecipeForList = {
    slug: "linsen-dal",
    name: "Linsen-Dal",
    servings: 2,
    ingredientLines: [
      ingredientLine({ name: "Rote Linsen", amount: 200, unit: "g" }),
      ingredientLine({ name: "Zwiebel", plural: "Zwiebeln", wholePieces: true, amount: 1 }),
      ingredientLine({ name: "Salz" }),
      ingredientLine({ name: "Koriander", amount: 1, unit: "EL", optional: true }),
    ],
  };
  const curry: RecipeForList = {
    slug: "curry",
    name: "Curry",
    servings: 4,
    ingredientLines: [
      ingredientLine({ name: "Rote Linsen", amount: 0.3, unit: "kg" }),
      ingredientLine({ name: "Zwiebel", plural: "Zwiebeln", wholePieces: true, amount: 2 }),
      ingredientLine({ name: "Kokosmilch", amount: 400, unit: "ml" }),
    ],
  };
  const recipes = new Map([dal, curry].map((recipe) => [recipe.slug, recipe]));
  const plan = [e(0, "linsen-dal", 2), e(3, "linsen-dal", 4), e(1, "curry", 2), e(2, "weg", 2)];

  it("combines the days' recipes scaled to their servings, without what is at hand or optional", () => {
    const lines = weekListLines(plan, recipes, new Set(["Salz", "Kokosmilch"]));
    // Dal for 2 + 4 = 600 g, Curry for 2 = 150 g; 3 + 1 onions.
    expect(lines.map(linePlainText)).toEqual(["750 g Rote Linsen", "4 Zwiebeln"]);
  });

  it("gives one shopping list entry per recipe and ingredient, so adding the week again replaces it", () => {
    const entries = weekListEntries(plan, recipes, new Set(["Salz"]));
    expect(entries.map((entry) => [entry.recipe, entry.name, entry.amount, entry.unit])).toEqual([
      ["linsen-dal", "Rote Linsen", 600, "g"],
      ["linsen-dal", "Zwiebel", 3, null],
      ["curry", "Rote Linsen", 150, "g"],
      ["curry", "Zwiebel", 1, null],
      ["curry", "Kokosmilch", 200, "ml"],
    ]);
    const own = {
      recipe: "anderes",
      recipeName: "Anderes",
      name: "Brot",
      plural: null,
      amount: 1,
      unit: null,
      done: true,
    };
    const once = applyOperation([own], { kind: "add", entries });
    const twice = once.ok ? applyOperation(once.entries, { kind: "add", entries }) : once;
    expect(twice).toEqual(once);
    expect(once.ok && once.entries).toHaveLength(entries.length + 1);
  });
});
