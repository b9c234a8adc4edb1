import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nameSignatures, signatureBits } from "../../catalog/search/name-pairs.ts";

/** The slots set in `bitmap` (bit s % 32 of word s / 32), ascending. */
function slotsOf(bitmap: Uint32Array): number[] {
  const slots: number[] = [];
  for (let word = 0; word < bitmap.length; word++) {
    for (let bit = 0; bit < 32; bit++) if ((((bitmap[word] ?? 0) >>> bit) & 1) === 1) slots.push(word * 32 + bit);
  }
  return slots;
}

/**
 * The names joined as the catalog view joins them, each ended by a line break; name i at slot `slots[i]`;
 * `namesPerSlice` as nameSignatures takes it.
 */
function signaturesOf(names: string[], slots?: Int32Array, namesPerSlice?: number) {
  const positionAtSlot = slots && new Int32Array(names.length);
  slots?.forEach((slot, position) => {
    if (positionAtSlot) positionAtSlot[slot] = position;
  });
  const starts = new Int32Array(names.length + 1);
  names.forEach((name, position) => {
    starts[position + 1] = (starts[position] ?? 0) + name.length + 1;
  });
  return nameSignatures(names.map((name) => `${name}\n`).join(""), starts, 1, positionAtSlot, namesPerSlice);
}

const name = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constantFrom("zucchini käse", "kürbissuppe mit ingwer", "spaghetti aglio e olio", "ßüäö"),
);

/** A piece of one of `names`, or any text. */
function termOf(names: string[], pick: number, from: number, length: number, other: string | null): string {
  if (other !== null) return other;
  const chosen = names[pick % names.length] ?? "";
  const start = chosen.length === 0 ? 0 : from % chosen.length;
  return chosen.slice(start, start + length);
}

describe("name signatures", () => {
  it("let through every name that contains the term", () => {
    fc.assert(
      fc.property(
        fc.array(name, { minLength: 1, maxLength: 8 }),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        (names, pick, from, length) => {
          const term = termOf(names, pick, from, length, null);
          const passing = slotsOf(signaturesOf(names).mayContain(term));
          names.forEach((each, position) => {
            if (each.includes(term)) expect(passing).toContain(position);
          });
        },
      ),
    );
  });

  it("let through exactly the names whose pairs and triples hold every bit of the term's, by slot", () => {
    fc.assert(
      fc.property(
        // Past 32 names, so a bitmap spans words; mostly short names from few letters, so bits collide.
        fc.array(fc.oneof(name, fc.stringMatching(/^[abc ]{0,6}$/)), { minLength: 0, maxLength: 80, size: "max" }),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        fc.option(fc.oneof(name, fc.stringMatching(/^[abc ]{0,4}$/))),
        fc.array(fc.nat(), { minLength: 80, maxLength: 80 }),
        (names, pick, from, length, other, order) => {
          const term = termOf(names, pick, from, length, other);
          const wanted = signatureBits(term);
          // Each name's slot: its place when the names are sorted by a random key (as the view gives name order).
          const byKey = names.map((_, position) => position).sort((a, b) => (order[a] ?? 0) - (order[b] ?? 0) || a - b);
          const slots = new Int32Array(names.length);
          byKey.forEach((position, slot) => {
            slots[position] = slot;
          });
          const expected = names
            .flatMap((each, position) => {
              const own = new Set(signatureBits(each));
              return wanted.every((bit) => own.has(bit)) ? [slots[position] ?? 0] : [];
            })
            .sort((a, b) => a - b);
          expect(slotsOf(signaturesOf(names, slots).mayContain(term))).toEqual(expected);
        },
      ),
    );
  });

  it("let through every name for its own text, at every slot of several words", () => {
    fc.assert(
      fc.property(
        // Up to four words of slots, so the last slot of a word and a word left part empty both occur.
        fc.array(fc.oneof(name, fc.stringMatching(/^[a-zäöüß ]{2,12}$/)), {
          minLength: 1,
          maxLength: 130,
          size: "max",
        }),
        fc.array(fc.nat(), { minLength: 130, maxLength: 130 }),
        (names, order) => {
          const byKey = names.map((_, position) => position).sort((a, b) => (order[a] ?? 0) - (order[b] ?? 0) || a - b);
          const slots = new Int32Array(names.length);
          byKey.forEach((position, slot) => {
            slots[position] = slot;
          });
          const signatures = signaturesOf(names, slots);
          names.forEach((each, position) => {
            expect(slotsOf(signatures.mayContain(each))).toContain(slots[position]);
          });
        },
      ),
    );
  });

  it("sign a slice of names a call, and let through every name not signed yet", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(name, fc.stringMatching(/^[abc ]{0,6}$/)), { minLength: 0, maxLength: 200, size: "max" }),
        fc.integer({ min: 1, max: 100 }),
        fc.array(fc.oneof(name, fc.stringMatching(/^[abc ]{0,4}$/)), { minLength: 1, maxLength: 10 }),
        (names, namesPerSlice, terms) => {
          const signatures = signaturesOf(names, undefined, namesPerSlice);
          const signedPerCall = Math.ceil(namesPerSlice / 32) * 32;
          terms.forEach((term, call) => {
            const signed = Math.min(names.length, (call + 1) * signedPerCall);
            const wanted = signatureBits(term);
            const expected = names.flatMap((each, position) => {
              if (position >= signed) return [position];
              const own = new Set(signatureBits(each));
              return wanted.every((bit) => own.has(bit)) ? [position] : [];
            });
            expect(slotsOf(signatures.mayContain(term))).toEqual(expected);
          });
        },
      ),
    );
  });

  it("keep out most names that lack one of the term's pairs", () => {
    const names = ["kartoffelsuppe", "tomatensalat", "spaghetti carbonara", "rote-linsen-suppe mit kokos"];
    const signatures = signaturesOf(names);
    const passing = (term: string) => slotsOf(signatures.mayContain(term)).map((position) => names[position]);
    expect(passing("suppe")).toEqual(["kartoffelsuppe", "rote-linsen-suppe mit kokos"]);
    expect(passing("spagetti")).toEqual([]);
    // A single character has no pair: every name is looked into.
    expect(passing("e")).toEqual(names);
  });
});
