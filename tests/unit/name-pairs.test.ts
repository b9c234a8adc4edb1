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
  const order = slots && { positionAtSlot: new Int32Array(names.length), slotAtPosition: slots };
  slots?.forEach((slot, position) => {
    if (order) order.positionAtSlot[slot] = position;
  });
  const starts = new Int32Array(names.length + 1);
  names.forEach((name, position) => {
    starts[position + 1] = (starts[position] ?? 0) + name.length + 1;
  });
  return nameSignatures(names.map((name) => `${name}\n`).join(""), starts, 1, order, namesPerSlice);
}

/** `signaturesOf`, every name signed. */
function signedOf(names: string[], slots?: Int32Array) {
  const signatures = signaturesOf(names, slots);
  while (signatures.signSlice()) {}
  return signatures;
}

/** The slots of the names that contain `term`, ascending. */
function containing(names: string[], term: string, slots?: Int32Array): number[] {
  return names
    .flatMap((each, position) => (each.includes(term) ? [slots ? (slots[position] ?? 0) : position] : []))
    .sort((a, b) => a - b);
}

/** The slots of the names whose pairs and triples hold every one of `wanted`, ascending. */
function passingBits(names: string[], wanted: number[], slots: Int32Array): number[] {
  return names
    .flatMap((each, position) => {
      const own = new Set(signatureBits(each));
      return wanted.every((bit) => own.has(bit)) ? [slots[position] ?? 0] : [];
    })
    .sort((a, b) => a - b);
}

/** A random name order: each name's slot is its place when the names are sorted by `order`'s key. */
function slotsBy(names: string[], order: number[]): Int32Array {
  const byKey = names.map((_, position) => position).sort((a, b) => (order[a] ?? 0) - (order[b] ?? 0) || a - b);
  const slots = new Int32Array(names.length);
  byKey.forEach((position, slot) => {
    slots[position] = slot;
  });
  return slots;
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
          // Signed or not yet.
          for (const signatures of [signaturesOf(names), signedOf(names)]) {
            const passing = slotsOf(signatures.mayContain(term));
            names.forEach((each, position) => {
              if (each.includes(term)) expect(passing).toContain(position);
            });
          }
        },
      ),
    );
  });

  it("once signed, let through exactly the names whose pairs and triples hold every bit of the term's, by slot", () => {
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
          // As the view gives name order.
          const slots = slotsBy(names, order);
          // A term without a pair is looked for in every name.
          const expected = wanted.length === 0 ? containing(names, term, slots) : passingBits(names, wanted, slots);
          expect(slotsOf(signedOf(names, slots).mayContain(term))).toEqual(expected);
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
          const slots = slotsBy(names, order);
          for (const signatures of [signaturesOf(names, slots), signedOf(names, slots)]) {
            names.forEach((each, position) => {
              expect(slotsOf(signatures.mayContain(each))).toContain(slots[position]);
            });
          }
        },
      ),
    );
  });

  it("sign a slice of names a call; until every name is signed, let through exactly the names that contain the term", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(name, fc.stringMatching(/^[abc ]{0,6}$/)), { minLength: 0, maxLength: 200, size: "max" }),
        fc.integer({ min: 1, max: 100 }),
        fc.array(fc.oneof(name, fc.stringMatching(/^[abc ]{0,4}$/)), { minLength: 1, maxLength: 10 }),
        fc.array(fc.nat(), { minLength: 200, maxLength: 200 }),
        (names, namesPerSlice, terms, order) => {
          const slots = slotsBy(names, order);
          const signatures = signaturesOf(names, slots, namesPerSlice);
          const words = Math.ceil(names.length / 32);
          const wordsPerSlice = Math.ceil(namesPerSlice / 32);
          let calls = 0;
          for (const term of [...terms, ...terms]) {
            const signed = calls * wordsPerSlice >= words;
            const wanted = signatureBits(term);
            const expected =
              signed && wanted.length > 0 ? passingBits(names, wanted, slots) : containing(names, term, slots);
            expect(slotsOf(signatures.mayContain(term))).toEqual(expected);
            calls++;
            expect(signatures.signSlice()).toBe(calls * wordsPerSlice < words);
          }
        },
      ),
    );
  });

  it("know exactly which names hold a letter, or a common term of two or three characters, and how", () => {
    /** Whether the code unit at `index` of `text` is no letter or digit; outside the text counts as one. */
    const outsideWord = (text: string, index: number) => !/[\p{L}\p{N}]/u.test(text.charAt(index));
    fc.assert(
      fc.property(
        // Past 32 names, so a bitmap spans words; words of kept and other characters, and other scripts, lower
        // case as the view keeps the names; or names of three characters, in which a short term is common.
        fc.oneof(
          fc.array(
            fc.oneof(
              name.map((each) => each.toLowerCase()),
              fc.stringMatching(/^[eaöß1é\- .]{0,7}$/),
            ),
            {
              minLength: 0,
              maxLength: 80,
              size: "max",
            },
          ),
          fc.array(fc.stringMatching(/^[ea ]{0,8}$/), { minLength: 0, maxLength: 80, size: "max" }),
        ),
        fc.oneof(
          fc.constantFrom("e", "a", "ö", "ß", "1", "z", "é", "-", "ea", "e a", "ae", "ß1", "eaea", ""),
          fc.stringMatching(/^[eaöß1é\- .]{1,4}$/),
          fc.stringMatching(/^[ea ]{2,3}$/),
        ),
        fc.array(fc.nat(), { minLength: 80, maxLength: 80 }),
        fc.boolean(),
        (names, term, order, signed) => {
          const slots = slotsBy(names, order);
          const signatures = signed ? signedOf(names, slots) : signaturesOf(names, slots);
          // A letter (a to z, ä, ö, ü, ß, a digit) is kept when asked for, signed or not; a term of two or
          // three characters when the search keeps it; nothing else.
          const short = term.length >= 2 && term.length <= 3;
          if (!short) expect(() => signatures.keepNamesHolding(term)).toThrow();
          const found = short ? signatures.keepNamesHolding(term) : signatures.namesHolding(term);
          // Asked again: the names kept.
          expect(signatures.namesHolding(term)).toBe(found);
          if (!short && !/^[a-zäöüß0-9]$/.test(term)) {
            expect(found).toBeNull();
            return;
          }
          const holding = (where: (each: string, at: number) => boolean) =>
            names
              .flatMap((each, position) => {
                for (let at = each.indexOf(term); at !== -1; at = each.indexOf(term, at + 1)) {
                  if (where(each, at)) return [slots[position] ?? 0];
                }
                return [];
              })
              .sort((a, b) => a - b);
          const anywhere = holding(() => true);
          const atWordStart = holding((each, at) => outsideWord(each, at - 1));
          const asWord = holding((each, at) => outsideWord(each, at - 1) && outsideWord(each, at + term.length));
          const without = (from: number[], left: number[]) => from.filter((slot) => !left.includes(slot));
          // Each name once, by how it holds the term at best.
          expect(found && slotsOf(found.word)).toEqual(asWord);
          expect(found && slotsOf(found.wordStart)).toEqual(without(atWordStart, asWord));
          expect(found && slotsOf(found.inside)).toEqual(without(anywhere, atWordStart));
          expect(found?.counts).toEqual([
            asWord.length,
            without(atWordStart, asWord).length,
            without(anywhere, atWordStart).length,
          ]);
          expect(found && slotsOf(found.byPosition)).toEqual(containing(names, term));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("keep the short terms asked for within a bound of bytes, the least recently used let go first", () => {
    // 3,125 words a bitmap: 50 KB a term's four, so 6 MB hold 125 of them.
    const names = Array.from({ length: 100_000 }, (_, number) => `${number % 2 === 0 ? "ab" : "cd"} ${number}`);
    const signatures = signaturesOf(names);
    expect(signatures.allSigned).toBe(false);
    while (signatures.signSlice()) {}
    expect(signatures.allSigned).toBe(true);
    const letter = signatures.namesHolding("a");
    const ab = signatures.keepNamesHolding("ab");
    expect(slotsOf(ab.word)).toEqual(names.flatMap((_, number) => (number % 2 === 0 ? [number] : [])));
    // Kept once, however often asked for.
    expect(signatures.keepNamesHolding("ab")).toBe(ab);
    for (let number = 0; number < 130; number++) signatures.keepNamesHolding(`${number}`.padStart(3, "0"));
    // The letter, "ab" and "000" to "004" were let go for the 130 after them (asking for one that is not kept
    // changes nothing; asking for a kept one keeps it longest).
    expect(signatures.namesHolding("ab")).toBeNull();
    expect(signatures.namesHolding("004")).toBeNull();
    expect(signatures.namesHolding("010")).not.toBeNull();
    for (let number = 0; number < 10; number++) signatures.keepNamesHolding(`x${number}`);
    expect(signatures.namesHolding("005")).toBeNull();
    expect(signatures.namesHolding("015")).toBeNull();
    expect(signatures.namesHolding("010")).not.toBeNull();
    expect(signatures.namesHolding("016")).not.toBeNull();
    expect(signatures.namesHolding("129")).not.toBeNull();
    // A letter let go is found again when asked for.
    const again = signatures.namesHolding("a");
    expect(again).not.toBe(letter);
    expect(again?.counts).toEqual(letter?.counts);
  });

  it("find a term in the name that holds it, never across the end of one name into the next", () => {
    const names = ["apfel", "kuchen", "", "suppe"];
    const signatures = signaturesOf(names);
    const passing = (term: string) => slotsOf(signatures.mayContain(term)).map((position) => names[position]);
    expect(passing("elk")).toEqual([]);
    expect(passing("l\nk")).toEqual([]);
    expect(passing("n\n")).toEqual([]);
    expect(passing("\n")).toEqual([]);
    expect(passing("en")).toEqual(["kuchen"]);
    expect(passing("")).toEqual(names);
    expect(passing("suppe")).toEqual(["suppe"]);
  });

  it("keep out most names that lack one of the term's pairs", () => {
    const names = ["kartoffelsuppe", "tomatensalat", "spaghetti carbonara", "rote-linsen-suppe mit kokos"];
    const signatures = signedOf(names);
    const passing = (term: string) => slotsOf(signatures.mayContain(term)).map((position) => names[position]);
    expect(passing("suppe")).toEqual(["kartoffelsuppe", "rote-linsen-suppe mit kokos"]);
    expect(passing("spagetti")).toEqual([]);
    // A single character has no pair: the names are swept for it.
    expect(passing("k")).toEqual(["kartoffelsuppe", "rote-linsen-suppe mit kokos"]);
  });
});
