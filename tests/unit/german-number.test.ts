/**
 * germanNumber writes what `Intl.NumberFormat("de-DE", { maximumFractionDigits })` writes (decision 0059 says why
 * it does so without Intl): compared with Intl itself on the numbers pages print and on the edges of its rounding.
 */
import { describe, expect, it } from "vitest";
import { germanNumber } from "../../app/lib/recipes/german-number.ts";

const intl = (value: number, digits: number) =>
  new Intl.NumberFormat("de-DE", { maximumFractionDigits: digits }).format(value);

/** A seeded generator: the same numbers on every run, so a failure can be repeated. */
function* numbers(count: number): Generator<number> {
  let state = 44;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  for (let index = 0; index < count; index++) {
    const scale = 10 ** Math.floor(next() * 9 - 3);
    const value = next() * scale;
    // Whole numbers, numbers with few decimals (as the catalog rounds them) and any double.
    yield index % 3 === 0 ? Math.round(value) : index % 3 === 1 ? Math.round(value * 1000) / 1000 : value;
  }
}

describe("germanNumber", () => {
  it("writes the numbers of cards and the nutrition table as the German Intl format does", () => {
    expect(germanNumber(523)).toBe("523");
    expect(germanNumber(1234)).toBe("1.234");
    expect(germanNumber(43.75, 1)).toBe("43,8");
    expect(germanNumber(0.65, 2)).toBe("0,65");
    expect(germanNumber(12, 2)).toBe("12");
    expect(germanNumber(1_200, 3)).toBe("1.200");
  });

  it("rounds halves away from zero on the shortest decimal form, as Intl does and toFixed does not", () => {
    for (const [value, digits] of [
      [1.005, 2],
      [0.125, 2],
      [2.5, 0],
      [999.5, 0],
      [9.995, 2],
      [0.05, 1],
      [-0.4, 0],
      [-0, 0],
      [-1234.5678, 3],
      [1e-7, 2],
      [4e-7, 3],
      [123_456_789_012_345, 0],
      [0, 3],
    ] as const) {
      expect(germanNumber(value, digits), `${value} with ${digits}`).toBe(intl(value, digits));
    }
  });

  it("agrees with Intl on 20,000 numbers from 0.001 to 100,000, with 0 to 3 decimals", () => {
    let compared = 0;
    for (const value of numbers(5_000)) {
      for (const digits of [0, 1, 2, 3]) {
        expect(germanNumber(value, digits), `${value} with ${digits}`).toBe(intl(value, digits));
        compared++;
      }
    }
    expect(compared).toBe(20_000);
  });

  it("refuses what is not a number below 10^21", () => {
    expect(() => germanNumber(Number.NaN)).toThrow(RangeError);
    expect(() => germanNumber(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => germanNumber(1e21)).toThrow(RangeError);
  });
});
