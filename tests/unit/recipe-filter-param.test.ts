import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { filterClause, filterLabel, refusedFilterText } from "../../app/lib/recipes/recipe-filter-text.ts";
import { ingredientSearchHref } from "../../app/lib/url/ingredient-query.ts";
import { readRecipeFilter, recipeFilterParams, withRecipeFilter } from "../../app/lib/url/recipe-filter-param.ts";
import { DIETS, KCAL_LIMITS, NO_FILTER, type RecipeFilter, TIME_LIMITS } from "../../catalog/recipes/recipe-filter.ts";

// The literal strings on purpose: they are what goes over the wire (decision 0016).
const DIET_WORDS = { vegetarisch: "vegetarian", vegan: "vegan" } as const;
const TIMES = ["15", "20", "30"];
const KCALS = ["500"];

const read = (query: string) => readRecipeFilter(new URLSearchParams(query));

/** Every filter there is, none included. */
const EVERY_FILTER: RecipeFilter[] = [null, ...DIETS].flatMap((diet) =>
  [null, ...TIME_LIMITS].flatMap((maxMinutes) =>
    [null, ...KCAL_LIMITS].map((maxKcal) => ({ diet, maxMinutes, maxKcal })),
  ),
);

const filterArbitrary = fc.constantFrom(...EVERY_FILTER);

describe("readRecipeFilter", () => {
  it("is no filter without the parameters", () => {
    expect(read("")).toEqual({ filter: NO_FILTER, refused: 0 });
    expect(read("q=suppe&seite=2")).toEqual({ filter: NO_FILTER, refused: 0 });
  });

  it("reads each diet and each time in its one spelling, alone and together", () => {
    for (const [word, diet] of Object.entries(DIET_WORDS)) {
      expect(read(`ernaehrung=${word}`)).toEqual({ filter: { diet, maxMinutes: null, maxKcal: null }, refused: 0 });
      for (const time of TIMES) {
        expect(read(`ernaehrung=${word}&zeit=${time}`)).toEqual({
          filter: { diet, maxMinutes: Number(time), maxKcal: null },
          refused: 0,
        });
        // The order of the parameters does not change what they say.
        expect(read(`zeit=${time}&ernaehrung=${word}`)).toEqual(read(`ernaehrung=${word}&zeit=${time}`));
      }
    }
    for (const time of TIMES) {
      expect(read(`zeit=${time}`)).toEqual({
        filter: { diet: null, maxMinutes: Number(time), maxKcal: null },
        refused: 0,
      });
    }
  });

  it("reads the kcal limit in its one spelling, alone and beside the others", () => {
    expect(read("kcal=500")).toEqual({ filter: { diet: null, maxMinutes: null, maxKcal: 500 }, refused: 0 });
    expect(read("ernaehrung=vegan&zeit=20&kcal=500")).toEqual({
      filter: { diet: "vegan", maxMinutes: 20, maxKcal: 500 },
      refused: 0,
    });
    expect(read("kcal=500&zeit=20&ernaehrung=vegan")).toEqual(read("ernaehrung=vegan&zeit=20&kcal=500"));
  });

  // Each refused the way `portionen` refuses: only the one spelling counts, so a filter has one address.
  it.each([
    ["ernaehrung", ""],
    ["ernaehrung", "Vegan"],
    ["ernaehrung", "VEGAN"],
    ["ernaehrung", " vegan"],
    ["ernaehrung", "vegan "],
    ["ernaehrung", "vegan\n"],
    ["ernaehrung", "vegetarian"],
    ["ernaehrung", "vegetarisch,vegan"],
    ["ernaehrung", "veg"],
    ["ernaehrung", "fleisch"],
    ["ernaehrung", "__proto__"],
    ["ernaehrung", "constructor"],
    ["ernaehrung", "toString"],
    ["ernaehrung", "<script>alert(1)</script>"],
    ["zeit", ""],
    ["zeit", "10"],
    ["zeit", "25"],
    ["zeit", "45"],
    ["zeit", "015"],
    ["zeit", "15.0"],
    ["zeit", "+15"],
    ["zeit", " 15"],
    ["zeit", "15 "],
    ["zeit", "1e1"],
    ["zeit", "٣٠"],
    ["zeit", "vegan"],
    ["zeit", "__proto__"],
    ["kcal", ""],
    ["kcal", "400"],
    ["kcal", "600"],
    ["kcal", "0500"],
    ["kcal", "500.0"],
    ["kcal", " 500"],
    ["kcal", "500 "],
    ["kcal", "500kcal"],
    ["kcal", "5e2"],
    ["kcal", "leicht"],
    ["kcal", "__proto__"],
  ])("refuses %s=%j and filters without it", (name, value) => {
    expect(readRecipeFilter(new URLSearchParams([[name, value]]))).toEqual({ filter: NO_FILTER, refused: 1 });
  });

  it("refuses a parameter given twice, even with the same value", () => {
    expect(read("ernaehrung=vegan&ernaehrung=vegan")).toEqual({ filter: NO_FILTER, refused: 1 });
    expect(read("ernaehrung=vegan&ernaehrung=vegetarisch")).toEqual({ filter: NO_FILTER, refused: 1 });
    expect(read("zeit=15&zeit=20")).toEqual({ filter: NO_FILTER, refused: 1 });
    expect(read("kcal=500&kcal=500")).toEqual({ filter: NO_FILTER, refused: 1 });
  });

  it("keeps a good parameter beside a refused one, and counts both refused", () => {
    expect(read("ernaehrung=vegan&zeit=99")).toEqual({
      filter: { diet: "vegan", maxMinutes: null, maxKcal: null },
      refused: 1,
    });
    expect(read("ernaehrung=fisch&zeit=20")).toEqual({
      filter: { diet: null, maxMinutes: 20, maxKcal: null },
      refused: 1,
    });
    expect(read("ernaehrung=fisch&zeit=99")).toEqual({ filter: NO_FILTER, refused: 2 });
    expect(read("zeit=15&kcal=400")).toEqual({ filter: { diet: null, maxMinutes: 15, maxKcal: null }, refused: 1 });
    expect(read("ernaehrung=fisch&zeit=99&kcal=500")).toEqual({
      filter: { diet: null, maxMinutes: null, maxKcal: 500 },
      refused: 2,
    });
    expect(read("ernaehrung=fisch&zeit=99&kcal=1")).toEqual({ filter: NO_FILTER, refused: 3 });
  });

  it("never throws, and gives a known filter or none with the refused ones counted", () => {
    const values = fc.array(
      fc.oneof(
        fc.constantFrom(...Object.keys(DIET_WORDS), ...TIMES, ...KCALS),
        fc.string(),
        fc.string({ unit: "binary" }),
      ),
      { maxLength: 3 },
    );
    fc.assert(
      fc.property(values, values, values, (diets, times, kcals) => {
        const params = new URLSearchParams([
          ...diets.map((value): [string, string] => ["ernaehrung", value]),
          ...times.map((value): [string, string] => ["zeit", value]),
          ...kcals.map((value): [string, string] => ["kcal", value]),
        ]);
        const { filter, refused } = readRecipeFilter(params);
        const dietKnown = diets.length === 1 && Object.hasOwn(DIET_WORDS, diets[0] ?? "");
        const timeKnown = times.length === 1 && TIMES.includes(times[0] ?? "");
        expect(filter.diet).toBe(dietKnown ? DIET_WORDS[diets[0] as keyof typeof DIET_WORDS] : null);
        const kcalKnown = kcals.length === 1 && KCALS.includes(kcals[0] ?? "");
        expect(filter.maxMinutes).toBe(timeKnown ? Number(times[0]) : null);
        expect(filter.maxKcal).toBe(kcalKnown ? Number(kcals[0]) : null);
        expect(refused).toBe(
          Number(diets.length > 0 && !dietKnown) +
            Number(times.length > 0 && !timeKnown) +
            Number(kcals.length > 0 && !kcalKnown),
        );
      }),
      { numRuns: 500 },
    );
  });
});

describe("the filter in an address", () => {
  it("writes the diet before the time, and nothing for no filter", () => {
    expect(recipeFilterParams(NO_FILTER)).toEqual([]);
    expect(recipeFilterParams({ diet: "vegan", maxMinutes: 20, maxKcal: null })).toEqual([
      ["ernaehrung", "vegan"],
      ["zeit", "20"],
    ]);
    expect(recipeFilterParams({ diet: "vegetarian", maxMinutes: null, maxKcal: null })).toEqual([
      ["ernaehrung", "vegetarisch"],
    ]);
    expect(recipeFilterParams({ diet: null, maxMinutes: 15, maxKcal: null })).toEqual([["zeit", "15"]]);
    expect(recipeFilterParams({ diet: "vegan", maxMinutes: 20, maxKcal: 500 })).toEqual([
      ["ernaehrung", "vegan"],
      ["zeit", "20"],
      ["kcal", "500"],
    ]);
    expect(recipeFilterParams({ diet: null, maxMinutes: null, maxKcal: 500 })).toEqual([["kcal", "500"]]);
  });

  it.each([
    ["/suche?q=suppe", { diet: "vegan", maxMinutes: 20, maxKcal: null }, "/suche?q=suppe&ernaehrung=vegan&zeit=20"],
    [
      "/suche?q=suppe&zeit=15&seite=3",
      { diet: "vegan", maxMinutes: 15, maxKcal: null },
      "/suche?q=suppe&ernaehrung=vegan&zeit=15",
    ],
    ["/suche?q=suppe&ernaehrung=vegan&zeit=20", NO_FILTER, "/suche?q=suppe"],
    [
      "/suche?kcal=500&q=suppe&seite=2",
      { diet: null, maxMinutes: 20, maxKcal: 500 },
      "/suche?q=suppe&zeit=20&kcal=500",
    ],
    ["/kategorie/soup?kcal=500&zeit=15", NO_FILTER, "/kategorie/soup"],
    [
      "/kategorie/soup?seite=2",
      { diet: "vegetarian", maxMinutes: null, maxKcal: null },
      "/kategorie/soup?ernaehrung=vegetarisch",
    ],
    ["/kategorie/soup?ernaehrung=Vegan&ernaehrung=x", NO_FILTER, "/kategorie/soup"],
    [
      "/zutatensuche?z=tomate&ohne=speck&seite=2",
      { diet: null, maxMinutes: 30, maxKcal: null },
      "/zutatensuche?z=tomate&ohne=speck&zeit=30",
    ],
  ] as const)("%s with %j is %s", (href, filter, expected) => {
    expect(withRecipeFilter(href, filter)).toBe(expected);
  });

  it("puts the filter after the list's own parameters, drops the page, and reads back as the same filter", () => {
    const params = fc.array(
      fc.tuple(
        fc.constantFrom("q", "z", "ohne", "zutat", "seite", "ernaehrung", "zeit", "kcal"),
        fc.string({ maxLength: 6 }),
      ),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(params, filterArbitrary, (pairs, filter) => {
        const href = withRecipeFilter(`/suche?${new URLSearchParams(pairs)}`, filter);
        const names = [...new URL(href, "https://example.org").searchParams.keys()];
        const own = names.filter((name) => name !== "ernaehrung" && name !== "zeit" && name !== "kcal");
        expect(names).toEqual([...own, ...recipeFilterParams(filter).map(([name]) => name)]);
        expect(names).not.toContain("seite");
        expect(readRecipeFilter(new URL(href, "https://example.org").searchParams)).toEqual({ filter, refused: 0 });
        // The same address however often it is made.
        expect(withRecipeFilter(href, filter)).toBe(href);
      }),
      { numRuns: 300 },
    );
  });

  it("gives one address per filter, whatever order the parameters came in", () => {
    fc.assert(
      fc.property(filterArbitrary, fc.string({ maxLength: 8 }), fc.boolean(), (filter, term, swap) => {
        const pairs: [string, string][] = [["q", term], ...recipeFilterParams(filter)];
        if (swap) pairs.reverse();
        const { filter: read } = readRecipeFilter(new URLSearchParams(pairs));
        const base = `/suche?${new URLSearchParams({ q: term })}`;
        expect(withRecipeFilter(`/suche?${new URLSearchParams(pairs)}`, read)).toBe(withRecipeFilter(base, filter));
      }),
    );
  });

  it("goes with the ingredient search's own address, after its parameters", () => {
    expect(
      ingredientSearchHref({
        selected: ["tomate"],
        excluded: ["speck"],
        filter: "kä",
        missingBasics: ["salz"],
        recipeFilter: { diet: "vegan", maxMinutes: 20, maxKcal: null },
      }),
    ).toBe("/zutatensuche?zutat=k%C3%A4&z=tomate&ohne=speck&fehlt=salz&ernaehrung=vegan&zeit=20");
    expect(ingredientSearchHref({ selected: ["tomate"], excluded: [], filter: "", missingBasics: [] })).toBe(
      "/zutatensuche?z=tomate",
    );
  });
});

describe("the filter in words", () => {
  it.each([
    [
      { diet: "vegan", maxMinutes: 20, maxKcal: null },
      "vegan, bis 20 Min.",
      "vegan und in höchstens 20 Minuten fertig sind",
    ],
    [{ diet: "vegetarian", maxMinutes: null, maxKcal: null }, "vegetarisch", "vegetarisch sind"],
    [{ diet: null, maxMinutes: 15, maxKcal: null }, "bis 15 Min.", "in höchstens 15 Minuten fertig sind"],
    [{ diet: null, maxMinutes: null, maxKcal: 500 }, "bis 500 kcal", "höchstens 500 kcal pro Portion haben"],
    [
      { diet: "vegan", maxMinutes: 20, maxKcal: 500 },
      "vegan, bis 20 Min., bis 500 kcal",
      "vegan und in höchstens 20 Minuten fertig sind und höchstens 500 kcal pro Portion haben",
    ],
  ] as const)("%j", (filter, label, clause) => {
    expect(filterLabel(filter)).toBe(label);
    expect(filterClause(filter)).toBe(clause);
  });

  it("says whether one filter of the link or both were unknown", () => {
    expect(refusedFilterText(1)).toBe("Einen Filter aus dem Link kennen wir nicht – wir zeigen die Rezepte ohne ihn.");
    expect(refusedFilterText(2)).toBe("Die Filter aus dem Link kennen wir nicht – wir zeigen die Rezepte ohne sie.");
  });
});
