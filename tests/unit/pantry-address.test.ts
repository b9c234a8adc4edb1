/**
 * The pantry in the address and as remembered (app/lib/url/ingredient-query.ts,
 * app/lib/pantry/pantry.ts): `fehlt=` read against the allow-list of basics,
 * the canonical order of the parameters, untrusted pantries parsed, and the
 * merge rule of decision 0040.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pantryForm } from "../../app/lib/pantry/account-pantry.ts";
import {
  isSelectionValue,
  mergePantries,
  type Pantry,
  parsePantry,
  restoredPantryHref,
} from "../../app/lib/pantry/pantry.ts";
import { ingredientSearchHref, readIngredientQuery, readMissingBasics } from "../../app/lib/url/ingredient-query.ts";
import { BASIC_INGREDIENTS } from "../../catalog/recipes/basic-ingredients.ts";

const SLUGS = BASIC_INGREDIENTS.map((basic) => basic.slug);

describe("fehlt= in the address", () => {
  it.each([
    { given: ["salz"], missing: ["salz"], unknown: [] },
    { given: ["wasser", "salz", "salz"], missing: ["salz", "wasser"], unknown: [] },
    { given: [" SALZ "], missing: ["salz"], unknown: [] },
    { given: ["", "  "], missing: [], unknown: [] },
    { given: ["zucker", "salz"], missing: ["salz"], unknown: ["zucker"] },
    { given: ['<script>alert("x")</script>'], missing: [], unknown: ['<script>alert("x")</script>'] },
    { given: ["sorte:oel", "salz;pfeffer", "salz%20"], missing: [], unknown: ["sorte:oel", "salz;pfeffer", "salz%20"] },
  ])("$given → $missing", ({ given, missing, unknown }) => {
    expect(readMissingBasics(given)).toEqual({ missing, unknown });
  });

  it("keeps only basics, each once, in the list's order, and names at most a few unknown values", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...SLUGS), fc.string({ maxLength: 12 })), { maxLength: 40 }),
        (given) => {
          const { missing, unknown } = readMissingBasics(given);
          expect(missing).toEqual(SLUGS.filter((slug) => missing.includes(slug)));
          expect(new Set(missing).size).toBe(missing.length);
          for (const slug of missing) expect(given.map((value) => value.trim().toLowerCase())).toContain(slug);
          expect(unknown.length).toBeLessThanOrEqual(BASIC_INGREDIENTS.length);
          for (const value of unknown) expect(SLUGS).not.toContain(value);
        },
      ),
    );
  });

  it("reads it beside the other parameters and writes it back in the canonical order", () => {
    const query = readIngredientQuery(
      new URLSearchParams("fehlt=wasser&z=zwiebel&ohne=speck&fehlt=salz&zutat=k&z=tomate&fehlt=zucker"),
    );
    expect(query).toEqual({
      selected: ["zwiebel", "tomate"],
      excluded: ["speck"],
      filter: "k",
      missingBasics: ["salz", "wasser"],
      unknownBasics: ["zucker"],
    });
    // zutat, z, ohne, fehlt, as workers/page-cache.ts keys pages.
    expect(ingredientSearchHref(query)).toBe(
      "/zutatensuche?zutat=k&z=zwiebel&z=tomate&ohne=speck&fehlt=salz&fehlt=wasser",
    );
    expect(ingredientSearchHref({ selected: [], excluded: [], filter: "", missingBasics: [] })).toBe("/zutatensuche");
  });
});

const pantry = (selected: string[], missingBasics: string[], changedAt: number): Pantry => ({
  selected,
  missingBasics,
  changedAt,
});

describe("a remembered pantry, read from untrusted storage", () => {
  it.each([
    {
      what: "a pantry",
      value: pantry(["tomate", "sorte:nudeln"], ["salz"], 5),
      parsed: pantry(["tomate", "sorte:nudeln"], ["salz"], 5),
    },
    { what: "not an object", value: "tomate", parsed: null },
    { what: "null", value: null, parsed: null },
    { what: "no lists", value: { selected: "tomate", missingBasics: [], changedAt: 1 }, parsed: null },
    { what: "no time", value: { selected: [], missingBasics: [] }, parsed: null },
    {
      what: "a time that is no whole number",
      value: { selected: [], missingBasics: [], changedAt: 1.5 },
      parsed: null,
    },
    { what: "a negative time", value: { selected: [], missingBasics: [], changedAt: -1 }, parsed: null },
    {
      what: "values that are no slug, unknown kinds and basics, duplicates",
      value: {
        selected: ["tomate", "Tomate", "<b>", "sorte:drachen", 7, "tomate", "a--b", "-a", "x".repeat(81)],
        missingBasics: ["zucker", "salz", 3],
        changedAt: 9,
      },
      parsed: pantry(["tomate"], ["salz"], 9),
    },
  ])("$what", ({ value, parsed }) => {
    expect(parsePantry(value)).toEqual(parsed);
  });

  it("never holds more than the address reads", () => {
    const many = Array.from({ length: 50 }, (_, index) => `zutat-${index}`);
    expect(parsePantry({ selected: many, missingBasics: [], changedAt: 1 })?.selected).toEqual(many.slice(0, 30));
  });

  it("parses anything without throwing, into values the address would take", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const parsed = parsePantry(value);
        if (parsed === null) return;
        for (const item of parsed.selected) expect(isSelectionValue(item)).toBe(true);
        expect(readMissingBasics(parsed.missingBasics).missing).toEqual(parsed.missingBasics);
      }),
    );
  });

  it("reads back what a save posts", () => {
    const saved = pantry(["tomate", "sorte:kaese"], ["pfeffer"], 1_700_000_000_000);
    const form = pantryForm(saved, "token");
    expect(form.toString()).toBe("csrf=token&z=tomate&z=sorte%3Akaese&fehlt=pfeffer&geaendert=1700000000000");
  });
});

describe("the merge of device and account (decision 0040)", () => {
  const older = pantry(["tomate"], [], 1_000);
  const newer = pantry(["ei", "feta"], ["salz"], 2_000);
  const empty = pantry([], [], 3_000);

  it.each([
    {
      what: "nothing anywhere",
      device: null,
      account: null,
      expected: { pantry: null, writeDevice: false, writeAccount: false },
    },
    {
      what: "only the device: the account gets it",
      device: older,
      account: null,
      expected: { pantry: older, writeDevice: false, writeAccount: true },
    },
    {
      what: "only the account: the device gets it",
      device: null,
      account: older,
      expected: { pantry: older, writeDevice: true, writeAccount: false },
    },
    {
      what: "the account newer: it wins",
      device: older,
      account: newer,
      expected: { pantry: newer, writeDevice: true, writeAccount: false },
    },
    {
      what: "the device newer: it wins",
      device: newer,
      account: older,
      expected: { pantry: newer, writeDevice: false, writeAccount: true },
    },
    {
      what: "a tie: the account wins",
      device: pantry(["ei"], [], 2_000),
      account: newer,
      expected: { pantry: newer, writeDevice: true, writeAccount: false },
    },
    {
      what: "forgotten in the account later: forgotten here too",
      device: newer,
      account: empty,
      expected: { pantry: empty, writeDevice: true, writeAccount: false },
    },
    {
      what: "forgotten in the account, nothing here: nothing to write",
      device: null,
      account: empty,
      expected: { pantry: empty, writeDevice: false, writeAccount: false },
    },
    {
      what: "the same, at other times: nothing to write",
      device: pantry(["feta", "ei"], ["salz"], 9_000),
      account: newer,
      expected: { pantry: pantry(["feta", "ei"], ["salz"], 9_000), writeDevice: false, writeAccount: false },
    },
  ])("$what", ({ device, account, expected }) => {
    expect(mergePantries(device, account)).toEqual(expected);
  });

  it("always ends with the newer of the two, and writes only where the other is held", () => {
    const arbitraryPantry: fc.Arbitrary<Pantry | null> = fc.option(
      fc.record({
        selected: fc.uniqueArray(fc.constantFrom<string>("tomate", "ei", "feta"), { maxLength: 3 }),
        missingBasics: fc.subarray(SLUGS),
        changedAt: fc.nat({ max: 10 }),
      }),
    );
    fc.assert(
      fc.property(arbitraryPantry, arbitraryPantry, (device, account) => {
        const merged = mergePantries(device, account);
        const candidates = [device, account].filter((each): each is Pantry => each !== null);
        if (candidates.length === 0) {
          expect(merged.pantry).toBeNull();
          return;
        }
        const newest = Math.max(...candidates.map((each) => each.changedAt));
        expect(merged.pantry?.changedAt).toBe(newest);
        expect(merged.writeDevice && merged.writeAccount).toBe(false);
        if (merged.writeDevice) expect(merged.pantry).toBe(account);
        if (merged.writeAccount) expect(merged.pantry).toBe(device);
      }),
    );
  });
});

describe("restoring a pantry", () => {
  it("goes to its ingredients and basics, keeping what the opened address says besides", () => {
    const remembered = pantry(["tomate", "ei"], ["salz"], 1);
    const bare = readIngredientQuery(new URLSearchParams(""));
    expect(restoredPantryHref(remembered, bare)).toBe("/zutatensuche?z=tomate&z=ei&fehlt=salz");
    const withOwn = readIngredientQuery(new URLSearchParams("zutat=kae&ohne=speck&fehlt=pfeffer"));
    expect(restoredPantryHref(remembered, withOwn)).toBe(
      "/zutatensuche?zutat=kae&z=tomate&z=ei&ohne=speck&fehlt=pfeffer",
    );
  });
});
