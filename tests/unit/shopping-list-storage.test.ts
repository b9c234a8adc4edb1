import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_ENTRIES } from "../../app/lib/shopping-list/limits.ts";
import {
  MAX_STORED_CHARACTERS,
  parseEntry,
  parseStoredList,
  readStoredValue,
  serializeList,
} from "../../app/lib/shopping-list/stored-list.ts";
import { entriesArbitrary, entry } from "./shopping-list-fixtures.ts";

const stored = (entries: unknown[], version: unknown = 1) => JSON.stringify({ version, entries });
const GOOD = entry({});

describe("reading a stored list", () => {
  it("gives back what was stored", () => {
    const entries = [GOOD, entry({ recipe: "shakshuka", name: "Ei", plural: "Eier", amount: 3, done: true })];
    expect(parseStoredList(serializeList(entries))).toEqual({ entries, problem: null });
  });

  it("reads nothing stored as an empty list without a problem", () => {
    expect(parseStoredList(null)).toEqual({ entries: [], problem: null });
    expect(readStoredValue(null)).toEqual({ entries: [], problem: null });
  });

  it.each<[string, string, "beschaedigt" | "zu-gross"]>([
    ["an empty text", "", "beschaedigt"],
    ["text that is not JSON", "{version:1", "beschaedigt"],
    ["JSON null", "null", "beschaedigt"],
    ["an array", "[]", "beschaedigt"],
    ["a number", "42", "beschaedigt"],
    ["another format version", stored([GOOD], 2), "beschaedigt"],
    ["entries that are no list", JSON.stringify({ version: 1, entries: {} }), "beschaedigt"],
    ["a text longer than any list", "x".repeat(MAX_STORED_CHARACTERS + 1), "zu-gross"],
    ["more entries than a list holds", stored(Array.from({ length: MAX_ENTRIES + 1 }, () => GOOD)), "zu-gross"],
    ["arrays nested ten thousand deep", `${"[".repeat(10_000)}${"]".repeat(10_000)}`, "beschaedigt"],
  ])("ignores %s with a notice, never throwing", (_what, text, problem) => {
    expect(parseStoredList(text)).toEqual({ entries: [], problem });
  });

  it.each<[string, unknown]>([
    ["a unit without an amount", { ...GOOD, amount: null, unit: "g" }],
    ["an amount of 0", { ...GOOD, amount: 0 }],
    ["a negative amount", { ...GOOD, amount: -1 }],
    ["an amount read as Infinity", JSON.parse('{"amount":1e999}')],
    ["an absurd amount", { ...GOOD, amount: 1e12 }],
    ["an amount as text", { ...GOOD, amount: "200" }],
    ["a unit not in the list", { ...GOOD, unit: "Tasse" }],
    ["a slug with upper case", { ...GOOD, recipe: "Gazpacho" }],
    ["a slug that walks up", { ...GOOD, recipe: "../admin" }],
    ["an empty name", { ...GOOD, name: "" }],
    ["a name with a control character", { ...GOOD, name: "Feta\u0000" }],
    ["a name with a lone surrogate", { ...GOOD, name: "Feta\ud800" }],
    ["a name of 101 characters", { ...GOOD, name: "x".repeat(101) }],
    ["markup", { ...GOOD, name: 42, recipeName: "<script>" }],
    ["done as text", { ...GOOD, done: "ja" }],
    ["no done at all", { ...GOOD, done: undefined }],
    ["null", null],
    ["a list", [GOOD]],
  ])("leaves out an entry with %s and keeps the rest", (_what, bad) => {
    const other = entry({ recipe: "shakshuka", name: "Ei", plural: "Eier" });
    const read = parseStoredList(stored([GOOD, bad, other]));
    expect(read).toEqual({ entries: [GOOD, other], problem: "beschaedigt" });
  });

  it("keeps the first of two entries for the same recipe and ingredient", () => {
    const again = { ...GOOD, amount: 5 };
    expect(parseStoredList(stored([GOOD, again]))).toEqual({ entries: [GOOD], problem: "beschaedigt" });
  });

  it("keeps nothing but the schema's fields, whatever else an entry carries", () => {
    const [read] = parseStoredList(stored([{ ...GOOD, extra: "x", __proto__: { polluted: true } }])).entries;
    expect(read).toEqual(GOOD);
    expect(Object.keys(read ?? {}).sort()).toEqual(Object.keys(GOOD).sort());
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

describe("reading and writing, as properties", () => {
  it("a list the site keeps reads back as it was, and serialising again changes nothing", () => {
    fc.assert(
      fc.property(entriesArbitrary, (entries) => {
        const text = serializeList(entries);
        const read = parseStoredList(text);
        expect(read).toEqual({ entries, problem: null });
        expect(serializeList(read.entries)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it("whatever text is stored: reading never throws, and what it reads is stable", () => {
    const hostileText = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
      fc
        .array(
          fc.oneof(
            entriesArbitrary.map((list) => list[0] ?? null),
            fc.jsonValue({ maxDepth: 3 }),
          ),
          {
            maxLength: 8,
          },
        )
        .map((entries) => stored(entries)),
      fc
        .record({ version: fc.jsonValue({ maxDepth: 1 }), entries: fc.anything({ maxDepth: 3 }) })
        .map((value) => JSON.stringify(value) ?? "undefined"),
    );
    fc.assert(
      fc.property(hostileText, (text) => {
        const read = parseStoredList(text);
        for (const candidate of read.entries) expect(parseEntry(candidate)).toEqual(candidate);
        // What was read writes as a list that reads back the same, without a problem: parse ∘ serialise is idempotent.
        expect(parseStoredList(serializeList(read.entries))).toEqual({ entries: read.entries, problem: null });
      }),
      { numRuns: 1_000 },
    );
  });

  it("whatever value an account row holds: reading never throws", () => {
    fc.assert(
      fc.property(fc.anything({ maxDepth: 4, withObjectString: true, withNullPrototype: true }), (value) => {
        const read = readStoredValue(value);
        expect(Array.isArray(read.entries)).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });
});
