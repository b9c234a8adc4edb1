/**
 * The address of "Plan meine Woche" (app/lib/url/week-plan-proposal-query.ts):
 * what it reads from a hostile address, that its own addresses read back
 * as written, and the swap link's memory of what a day has shown.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { weekProposalHref } from "../../app/lib/url/ingredient-query.ts";
import { readProposalQuery } from "../../app/lib/url/read-week-plan-proposal-query.ts";
import {
  DEFAULT_DAYS,
  MAX_SHOWN_PER_DAY,
  type ProposalQuery,
  proposalHref,
  swapHref,
} from "../../app/lib/url/week-plan-proposal-query.ts";
import { BASIC_INGREDIENTS } from "../../catalog/recipes/basic-ingredients.ts";
import { NO_FILTER } from "../../catalog/recipes/recipe-filter.ts";

const read = (search: string) => readProposalQuery(new URLSearchParams(search));

const NAMES = ["tage", "z", "fehlt", "ernaehrung", "zeit", "kcal", "plan", "tausch", "gezeigt", "seite", "x"];
/** Values near the valid ones and far from them. */
const value = fc.oneof(
  fc.constantFrom("", "0", "3", "5", "7", "8", "-1", "5.0", " 5", "1e1", "tomate", "sorte:nudeln", "salz"),
  fc.constantFrom("vegan", "vegetarisch", "15", "500", "0|tomatensuppe", "9|a", "1|", "|a", "a|b|c", "__proto__"),
  fc.string({ maxLength: 12 }),
  fc.stringMatching(/^[a-z0-9-]{1,12}$/),
  fc.tuple(fc.integer({ min: 0, max: 9 }), fc.stringMatching(/^[a-z]{1,6}$/)).map(([day, slug]) => `${day}|${slug}`),
);
const hostileParams = fc.array(fc.tuple(fc.constantFrom(...NAMES), value), { maxLength: 60 });

function paramsOf(pairs: [string, string][]): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, item] of pairs) params.append(name, item);
  return params;
}

describe("reading the page's address", () => {
  it("asks for 5 dinners by default and reads 3 to 7, given once, written plainly", () => {
    expect(read("").days).toBe(DEFAULT_DAYS);
    for (const days of [3, 4, 5, 6, 7]) expect(read(`tage=${days}`).days).toBe(days);
    for (const bad of ["2", "8", "0", "05", "5.0", " 5", "fünf", "", "tage=3&tage=4"]) {
      const search = bad.startsWith("tage=") ? bad : `tage=${encodeURIComponent(bad)}`;
      expect(read(search).days, bad).toBe(DEFAULT_DAYS);
    }
  });

  it("reads the pantry as the ingredient search does, and the filter as the lists do", () => {
    const query = read(
      "z=Tomate&z=tomate&z=sorte:nudeln&z=sorte:gibtsnicht&z=a%20b&fehlt=salz&fehlt=zimt&ernaehrung=vegan&zeit=20&kcal=500",
    );
    expect(query.selected).toEqual(["tomate", "sorte:nudeln"]);
    expect(query.missingBasics).toEqual(["salz"]);
    expect(query.unknownBasics).toEqual(["zimt"]);
    expect(query.recipeFilter).toEqual({ diet: "vegan", maxMinutes: 20, maxKcal: 500 });
    expect(read("ernaehrung=VEGAN&zeit=20&zeit=30").refusedFilters).toBe(2);
  });

  it("takes a plan only whole: 1 to 7 slugs, each once", () => {
    expect(read("plan=a&plan=b-c").plan).toEqual(["a", "b-c"]);
    expect(read("plan=a&plan=a").plan).toEqual([]);
    expect(read("plan=a&plan=B").plan).toEqual([]);
    expect(read(Array.from({ length: 8 }, (_, index) => `plan=r${index}`).join("&")).plan).toEqual([]);
  });

  it("swaps a day of the plan only, and remembers shown recipes for the plan's days only", () => {
    expect(read("plan=a&plan=b&tausch=1").swap).toBe(1);
    expect(read("plan=a&plan=b&tausch=2").swap).toBeNull();
    expect(read("tausch=0").swap).toBeNull();
    expect(read("plan=a&plan=b&tausch=0&tausch=1").swap).toBeNull();
    const { shown } = read("plan=a&plan=b&gezeigt=1|x&gezeigt=1|x&gezeigt=2|y&gezeigt=0|Z&gezeigt=0|");
    expect(shown).toEqual([[], ["x"]]);
  });

  it("keeps the newest shown recipes of a day, at most 20", () => {
    const many = Array.from({ length: 30 }, (_, index) => `gezeigt=0|r${index}`).join("&");
    const { shown } = read(`plan=a&${many}`);
    expect(shown[0]).toHaveLength(MAX_SHOWN_PER_DAY);
    expect(shown[0]?.at(-1)).toBe("r29");
  });

  it("never throws on any address, and what it reads is within its bounds", () => {
    fc.assert(
      fc.property(hostileParams, (pairs) => {
        const query = readProposalQuery(paramsOf(pairs));
        expect(query.days).toBeGreaterThanOrEqual(3);
        expect(query.days).toBeLessThanOrEqual(7);
        expect(query.plan.length).toBeLessThanOrEqual(7);
        expect(new Set(query.plan).size).toBe(query.plan.length);
        expect(query.shown).toHaveLength(query.plan.length);
        for (const day of query.shown) expect(day.length).toBeLessThanOrEqual(MAX_SHOWN_PER_DAY);
        if (query.swap !== null) expect(query.swap).toBeLessThan(query.plan.length);
        expect(query.selected.length).toBeLessThanOrEqual(30);
        for (const slug of query.missingBasics)
          expect(BASIC_INGREDIENTS.some((basic) => basic.slug === slug)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("canonicalises: what it reads, written and read again, is the same query", () => {
    fc.assert(
      fc.property(hostileParams, (pairs) => {
        const { refusedFilters: _refused, unknownBasics: _unknown, ...query } = readProposalQuery(paramsOf(pairs));
        const href = proposalHref(query);
        expect(href.startsWith("/wochenplan/vorschlag?tage=")).toBe(true);
        const { refusedFilters, unknownBasics, ...again } = readProposalQuery(new URL(href, "http://x").searchParams);
        expect(again).toEqual(query);
        expect(refusedFilters).toBe(0);
        expect(unknownBasics).toEqual([]);
        expect(proposalHref(again)).toBe(href);
      }),
      { numRuns: 500 },
    );
  });
});

describe("the ingredient search's link (weekProposalHref)", () => {
  const ingredient = fc.oneof(fc.stringMatching(/^[a-z]{1,6}(?:-[a-z0-9]{1,6})?$/), fc.constantFrom("sorte:nudeln"));
  const filter = fc.record({
    diet: fc.constantFrom(null, "vegetarian" as const, "vegan" as const),
    maxMinutes: fc.constantFrom(null, 15, 20),
    maxKcal: fc.constantFrom(null, 500),
  });

  it("proposes for the search's ingredients, basics and filter, the default days, no plan", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(ingredient, { minLength: 1, maxLength: 30 }),
        fc.subarray(BASIC_INGREDIENTS.map((basic) => basic.slug)),
        filter,
        fc.array(fc.stringMatching(/^[a-z]{1,8}$/), { maxLength: 3 }),
        (selected, missingBasics, recipeFilter, excluded) => {
          const href = weekProposalHref({ selected, excluded, filter: "tom", missingBasics, recipeFilter });
          expect(href.startsWith("/wochenplan/vorschlag?")).toBe(true);
          const read = readProposalQuery(new URL(href, "http://x").searchParams);
          expect(read.selected).toEqual(selected);
          expect(read.missingBasics).toEqual(missingBasics);
          expect(read.recipeFilter).toEqual(recipeFilter);
          expect(read.days).toBe(DEFAULT_DAYS);
          expect(read.plan).toEqual([]);
          expect(read.refusedFilters).toBe(0);
          // What only the ingredient search reads (its excluded ingredients, the filter field) stays behind.
          expect(href).not.toMatch(/[?&](?:ohne|zutat)=/);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("the swap link", () => {
  const query: ProposalQuery = {
    days: 3,
    selected: ["tomate"],
    missingBasics: [],
    recipeFilter: NO_FILTER,
    plan: ["a", "b", "c"],
    swap: null,
    shown: [[], ["x"], []],
  };

  it("carries the plan, the day, and the day's recipe as shown", () => {
    expect(swapHref(query, 1)).toBe(
      "/wochenplan/vorschlag?tage=3&z=tomate&plan=a&plan=b&plan=c&tausch=1&gezeigt=1%7Cx&gezeigt=1%7Cb",
    );
    const swapped = read(swapHref(query, 1).split("?")[1] ?? "");
    expect(swapped.swap).toBe(1);
    expect(swapped.shown).toEqual([[], ["x", "b"], []]);
  });

  it("keeps the newest 20 a day, the day's recipe among them", () => {
    const full = { ...query, shown: [Array.from({ length: 20 }, (_, index) => `r${index}`), [], []] };
    const swapped = read(swapHref(full, 0).split("?")[1] ?? "");
    expect(swapped.shown[0]).toHaveLength(20);
    expect(swapped.shown[0]?.at(-1)).toBe("a");
    expect(swapped.shown[0]).not.toContain("r0");
  });
});
