import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DigitReader,
  digitsOf,
  LARGEST_SINGLE,
  NumberReader,
  NumberWriter,
  singleAt,
  singlesOf,
} from "../../catalog/search/engine/compact-numbers.ts";

function written(numbers: readonly number[]): string {
  const writer = new NumberWriter();
  for (const number of numbers) writer.write(number);
  return writer.toString();
}

const numbers = fc.array(fc.oneof(fc.nat({ max: 100 }), fc.nat(), fc.maxSafeNat()), { maxLength: 200 });

describe("compact numbers", () => {
  it("reads back every list of non-negative safe integers, ending where the text ends", () => {
    fc.assert(
      fc.property(numbers, (list) => {
        const text = written(list);
        const reader = new NumberReader(text);
        expect(list.map(() => reader.next())).toEqual(list);
        expect(reader.offset).toBe(text.length);
      }),
    );
  });

  it("writes printable ASCII that JSON carries as it is", () => {
    fc.assert(
      fc.property(numbers, (list) => {
        const text = written(list);
        expect(text).toMatch(/^[\x21-\x7e]*$/);
        expect(JSON.stringify(text)).toBe(`"${text}"`);
      }),
    );
  });

  it.each([
    [0, 1],
    [63, 1],
    [64, 2],
    [1_791, 2],
    [1_792, 3],
    [50_175, 3],
    [50_176, 4],
  ])("writes %i in %i characters", (number, length) => {
    expect(written([number])).toHaveLength(length);
  });

  it("reads one-character numbers by place", () => {
    const list = Array.from({ length: LARGEST_SINGLE + 1 }, (_, number) => LARGEST_SINGLE - number);
    const text = written(list);
    expect(list.map((_, place) => singleAt(text, place))).toEqual(list);
  });

  it.each([-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])("refuses to write %d", (number) => {
    expect(() => written([number])).toThrow(RangeError);
  });

  it.each(['"', "\\", "\n", "é", ""])("refuses to read a number from %j", (text) => {
    expect(() => new NumberReader(text).next()).toThrow(RangeError);
  });

  it("refuses a number cut off after its leading characters, and a place holding a longer number", () => {
    const text = written([1_000_000]);
    expect(() => new NumberReader(text.slice(0, -1)).next()).toThrow(RangeError);
    expect(() => singleAt(text, 0)).toThrow(RangeError);
  });

  it("reads the same numbers from the text's digits (digitsOf) as from the text", () => {
    fc.assert(
      fc.property(numbers, (list) => {
        const text = written(list);
        const reader = new DigitReader(digitsOf(text));
        expect(list.map(() => reader.next())).toEqual(list);
        expect(reader.offset).toBe(text.length);
        expect(() => reader.next()).toThrow(RangeError);
      }),
    );
  });

  it("refuses digits of a text holding other characters, and singles of a text holding a longer number", () => {
    for (const text of ['"', "\\", "\n", "é", "ab\n"]) expect(() => digitsOf(text)).toThrow(RangeError);
    const text = written([1_000_000, 3]);
    expect(() => new DigitReader(digitsOf(text.slice(0, 2))).next()).toThrow(RangeError);
    expect(() => singlesOf(text)).toThrow(RangeError);
    expect([...singlesOf(written([0, LARGEST_SINGLE, 7]))]).toEqual([0, LARGEST_SINGLE, 7]);
  });
});
