import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { slugify } from "../../catalog/recipes/slug.ts";

describe("slugify", () => {
  it.each([
    ["Zucchini", "zucchini"],
    ["Rote Bete", "rote-bete"],
    ["Süßkartoffel", "suesskartoffel"],
    ["Käse", "kaese"],
    ["Öl", "oel"],
    ["Crème fraîche", "creme-fraiche"],
    ["  Tomaten (passiert) ", "tomaten-passiert"],
    ["Salz & Pfeffer!", "salz-pfeffer"],
    ["Paprika--rot", "paprika-rot"],
  ])("%s → %s", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("only ever yields lower-case letters, digits and single inner hyphens", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (name) => {
        expect(slugify(name)).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/);
      }),
    );
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (name) => {
        expect(slugify(slugify(name))).toBe(slugify(name));
      }),
    );
  });
});
