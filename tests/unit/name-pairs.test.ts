import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mayContain, nameSignatures, PAIR_SIGNATURE_WORDS, termSignature } from "../../catalog/search/name-pairs.ts";

/** The names joined as the catalog view joins them, each ended by a line break. */
function signaturesOf(names: string[]) {
  const starts = new Int32Array(names.length + 1);
  names.forEach((name, position) => {
    starts[position + 1] = (starts[position] ?? 0) + name.length + 1;
  });
  return nameSignatures(names.map((name) => `${name}\n`).join(""), starts, 1);
}

const name = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constantFrom("zucchini käse", "kürbissuppe mit ingwer", "spaghetti aglio e olio", "ßüäö"),
);

describe("name signatures", () => {
  it("let through every name that contains the term", () => {
    fc.assert(
      fc.property(
        fc.array(name, { minLength: 1, maxLength: 8 }),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        (names, pick, from, length) => {
          const chosen = names[pick % names.length] ?? "";
          const start = chosen.length === 0 ? 0 : from % chosen.length;
          const term = chosen.slice(start, start + length);
          const signatures = signaturesOf(names);
          names.forEach((each, position) => {
            if (each.includes(term)) {
              expect(mayContain(signatures, position * PAIR_SIGNATURE_WORDS, termSignature(term))).toBe(true);
            }
          });
        },
      ),
    );
  });

  it("keep out most names that lack one of the term's pairs", () => {
    const names = ["kartoffelsuppe", "tomatensalat", "spaghetti carbonara", "rote-linsen-suppe mit kokos"];
    const signatures = signaturesOf(names);
    const passing = (term: string) =>
      names.filter((_, position) => mayContain(signatures, position * PAIR_SIGNATURE_WORDS, termSignature(term)));
    expect(passing("suppe")).toEqual(["kartoffelsuppe", "rote-linsen-suppe mit kokos"]);
    expect(passing("spagetti")).toEqual([]);
    // A single character has no pair: every name is looked into.
    expect(passing("e")).toEqual(names);
  });
});
