import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { onlyServingsChanged, parseServingsParam, servingsHref } from "../../app/lib/url/servings-param.ts";
import { MAX_SERVINGS, MIN_SERVINGS } from "../../catalog/recipes/units.ts";

describe("parseServingsParam", () => {
  const of = (query: string) => parseServingsParam(new URLSearchParams(query));

  it("is the recipe's own servings when there is no parameter", () => {
    expect(of("")).toEqual({ kind: "default" });
  });

  it("reads 1 to 12 in their one written form", () => {
    for (let servings = MIN_SERVINGS; servings <= MAX_SERVINGS; servings++) {
      expect(of(`portionen=${servings}`)).toEqual({ kind: "chosen", servings });
    }
  });

  it.each(["", "0", "13", "99", "100", "04", "+4", "-4", " 4", "4 ", "4.0", "4,5", "1e1", "0x4", "vier", "٤", "4\n"])(
    "refuses %j",
    (raw) => {
      expect(parseServingsParam(new URLSearchParams([["portionen", raw]]))).toEqual({ kind: "invalid" });
    },
  );

  it("refuses the parameter given twice, even with the same value", () => {
    expect(of("portionen=4&portionen=4")).toEqual({ kind: "invalid" });
  });

  it("never throws, and accepts exactly the canonical numbers", () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 3 }), (values) => {
        const choice = parseServingsParam(new URLSearchParams(values.map((value) => ["portionen", value])));
        if (values.length === 0) return choice.kind === "default";
        if (choice.kind !== "chosen") return choice.kind === "invalid";
        return values.length === 1 && String(choice.servings) === values[0] && choice.servings <= MAX_SERVINGS;
      }),
    );
  });
});

describe("servingsHref", () => {
  it("leaves the parameter out for the recipe's own servings", () => {
    expect(servingsHref("shakshuka", 2, 2)).toBe("/rezepte/shakshuka");
    expect(servingsHref("shakshuka", 3, 2)).toBe("/rezepte/shakshuka?portionen=3");
  });
});

describe("onlyServingsChanged", () => {
  const at = (path: string) => new URL(path, "https://example.org");
  const cases: [string, string, string, string | undefined, boolean][] = [
    ["a step up", "/rezepte/a", "/rezepte/a?portionen=3", undefined, true],
    ["a step back to the recipe's own", "/rezepte/a?portionen=3", "/rezepte/a", undefined, true],
    ["the same address", "/rezepte/a?portionen=3", "/rezepte/a?portionen=3", undefined, false],
    ["another recipe", "/rezepte/a", "/rezepte/b?portionen=3", undefined, false],
    ["another parameter too", "/rezepte/a", "/rezepte/a?portionen=3&x=1", undefined, false],
    ["a posted form", "/rezepte/a", "/rezepte/a?portionen=3", "POST", false],
  ];
  for (const [name, from, to, formMethod, expected] of cases) {
    it(`${expected ? "is" : "is not"} ${name}`, () => {
      expect(onlyServingsChanged({ currentUrl: at(from), nextUrl: at(to), formMethod })).toBe(expected);
    });
  }
});
