/**
 * `sortierung` in a list's address (app/lib/url/recipe-order-param.ts,
 * decision 0066): one spelling counts, anything else is refused and the list
 * keeps its own order; an order written into an address reads back as itself,
 * after the filter and without the page number.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readRecipeFilter, withRecipeFilter } from "../../app/lib/url/recipe-filter-param.ts";
import { readRecipeOrder, recipeOrderParams, withRecipeOrder } from "../../app/lib/url/recipe-order-param.ts";
import { DIETS, KCAL_LIMITS, type RecipeFilter, TIME_LIMITS } from "../../catalog/recipes/recipe-filter.ts";
import { RECIPE_ORDERS } from "../../catalog/recipes/recipe-order.ts";

const read = (query: string) => readRecipeOrder(new URLSearchParams(query));
const orderArbitrary = fc.constantFrom(...RECIPE_ORDERS);
const filterArbitrary = fc.record<RecipeFilter>({
  diet: fc.constantFrom(null, ...DIETS),
  maxMinutes: fc.constantFrom(null, ...TIME_LIMITS),
  maxKcal: fc.constantFrom(null, ...KCAL_LIMITS),
});
/** Other parameters a list's address may carry, with any values. */
const otherParams = fc.array(
  fc.tuple(fc.constantFrom("q", "seite", "ernaehrung", "zeit", "kcal", "x"), fc.string({ maxLength: 8 })),
  { maxLength: 5 },
);

describe("readRecipeOrder", () => {
  it("is the list's own order without the parameter, and best rated first with its one spelling", () => {
    expect(read("")).toEqual({ order: "default", refused: false });
    expect(read("q=suppe&seite=2")).toEqual({ order: "default", refused: false });
    expect(read("sortierung=bewertung")).toEqual({ order: "rating", refused: false });
    expect(read("ernaehrung=vegan&sortierung=bewertung&seite=3")).toEqual({ order: "rating", refused: false });
  });

  it.each([
    "sortierung=",
    "sortierung=Bewertung",
    "sortierung=bewertung%20",
    "sortierung=standard",
    "sortierung=beliebt",
    "sortierung=bewertung&sortierung=bewertung",
    "sortierung=__proto__",
  ])("refuses %s and keeps the list's own order", (query) => {
    expect(read(query)).toEqual({ order: "default", refused: true });
  });

  it("never throws, and is best rated first exactly for one `sortierung=bewertung`", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom("sortierung", "q", "seite", "SORTIERUNG"), fc.string({ maxLength: 12 }))),
        (params) => {
          const choice = readRecipeOrder(new URLSearchParams(params));
          const values = params.filter(([name]) => name === "sortierung").map(([, value]) => value);
          expect(choice.order === "rating").toBe(values.length === 1 && values[0] === "bewertung");
          expect(choice.refused).toBe(values.length > 0 && choice.order === "default");
        },
      ),
    );
  });
});

describe("withRecipeOrder", () => {
  it("writes an order that reads back as itself, keeps the filter and other parameters, and drops the page", () => {
    fc.assert(
      fc.property(otherParams, filterArbitrary, orderArbitrary, orderArbitrary, (params, filter, before, order) => {
        const start = `/suche?${new URLSearchParams([...params, ...recipeOrderParams(before)])}`;
        const href = withRecipeOrder(withRecipeFilter(start, filter), order);
        const search = new URL(href, "http://x").searchParams;
        expect(readRecipeOrder(search)).toEqual({ order, refused: false });
        expect(readRecipeFilter(search).filter).toEqual(
          readRecipeFilter(new URLSearchParams(recipeFilterQuery(filter))).filter,
        );
        expect(search.has("seite")).toBe(false);
        // The order's parameter is last: after the filter's, its canonical place (workers/page-cache.ts).
        if (order === "rating") expect([...search.keys()].at(-1)).toBe("sortierung");
        else expect(search.has("sortierung")).toBe(false);
        for (const [name, value] of params) {
          if (!["seite", "ernaehrung", "zeit", "kcal"].includes(name)) expect(search.getAll(name)).toContain(value);
        }
      }),
    );
  });

  it("stays, after the filter, when a filter chip changes the filter", () => {
    fc.assert(
      fc.property(otherParams, filterArbitrary, orderArbitrary, (params, filter, order) => {
        const start = withRecipeOrder(`/kategorie/soup?${new URLSearchParams(params)}`, order);
        const search = new URL(withRecipeFilter(start, filter), "http://x").searchParams;
        expect(readRecipeOrder(search)).toEqual({ order, refused: false });
        if (order === "rating") expect([...search.keys()].at(-1)).toBe("sortierung");
      }),
    );
  });

  it("writes the one spelling", () => {
    expect(withRecipeOrder("/kategorie/soup?ernaehrung=vegan&seite=2", "rating")).toBe(
      "/kategorie/soup?ernaehrung=vegan&sortierung=bewertung",
    );
    expect(withRecipeOrder("/kategorie/soup?sortierung=bewertung&seite=2", "default")).toBe("/kategorie/soup");
  });
});

/** The query of `filter` alone. */
function recipeFilterQuery(filter: RecipeFilter): string {
  return new URL(withRecipeFilter("/", filter), "http://x").search;
}
