import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeIngredientOptions, encodeIngredientOptions } from "../../app/lib/recipes/ingredient-options.ts";
import type { IngredientOption } from "../../catalog/view/ingredient-overview.ts";

const option: fc.Arbitrary<IngredientOption> = fc.record({
  slug: fc.string(),
  name: fc.string({ unit: "binary" }),
  recipeCount: fc.nat(),
  kinds: fc.nat({ max: 2 ** 20 }),
});

describe("the whole ingredient list as it travels to the browser", () => {
  it("comes back as it was sent, through JSON", () => {
    fc.assert(
      fc.property(fc.array(option, { maxLength: 50 }), (options) => {
        const sent = JSON.parse(JSON.stringify(encodeIngredientOptions(options)));
        expect(decodeIngredientOptions(sent)).toEqual(options);
      }),
    );
  });

  it.each([
    ["no list", { ingredients: [] }],
    ["null", null],
    ["a row too short", [["tomate", "Tomate", 3]]],
    ["a row too long", [["tomate", "Tomate", 3, 0, "x"]]],
    ["a name that is no text", [["tomate", 7, 3, 0]]],
    ["a count that is no whole number", [["tomate", "Tomate", 1.5, 0]]],
    ["a count as text", [["tomate", "Tomate", "3", 0]]],
    ["kinds beyond a safe number", [["tomate", "Tomate", 3, 2 ** 60]]],
    ["an object in place of a row", [{ slug: "tomate", name: "Tomate", recipeCount: 3, kinds: 0 }]],
  ])("is refused whole when it is %s", (_name, value) => {
    expect(decodeIngredientOptions(value)).toBeNull();
  });

  it("refuses any answer that is not such a list, and never throws", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const decoded = decodeIngredientOptions(value);
        if (decoded !== null) expect(encodeIngredientOptions(decoded)).toEqual(value);
      }),
    );
  });
});
