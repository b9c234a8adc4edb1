/**
 * A number in German notation, character for character as `new Intl.NumberFormat("de-DE",
 * { maximumFractionDigits })` writes it: a point between thousands, a decimal comma, no trailing zeros,
 * halves rounded away from zero on the number's shortest decimal form ("1.234", "43,8", "0,65", 1.005 → "1,01").
 *
 * Written out rather than asked of Intl because of the browser (decision 0059): the first German number format a
 * page's script makes loads the locale's data, 12–30 ms on this project's 2-core host and several times that on
 * a slow phone, in one task of hydration (a card's kcal) or of the recipe page's module evaluation (the nutrition
 * table). The server uses the same function, so both write the same text.
 */

/** The decimal digits of |value| without an exponent: "1234.5", "0.0000001". */
function plainDigits(magnitude: number): string {
  const shortest = String(magnitude);
  if (!shortest.includes("e")) return shortest;
  // Below 1e-6 or from 1e21 on, String() writes an exponent: spelled out here, digit by digit.
  const [mantissa = "", exponentText = "0"] = shortest.split("e");
  const exponent = Number(exponentText);
  const [whole = "", fraction = ""] = mantissa.split(".");
  const digits = whole + fraction;
  const point = whole.length + exponent;
  if (point <= 0) return `0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + "0".repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** A string of decimal digits plus one: "199" → "200", "99" → "100". */
function incremented(digits: string): string {
  const result = digits.split("");
  for (let index = result.length - 1; index >= 0; index--) {
    if (result[index] !== "9") {
      result[index] = String(Number(result[index]) + 1);
      return result.join("");
    }
    result[index] = "0";
  }
  return `1${result.join("")}`;
}

export function germanNumber(value: number, maximumFractionDigits = 0): string {
  if (!Number.isFinite(value)) throw new RangeError(`germanNumber: ${value} is not a finite number`);
  const negative = value < 0 || Object.is(value, -0);
  const [whole = "0", fraction = ""] = plainDigits(Math.abs(value)).split(".");
  let kept = whole + fraction.slice(0, maximumFractionDigits).padEnd(maximumFractionDigits, "0");
  // The shortest form's digits are exact for Intl: a 5 or more after the kept ones rounds up.
  if (Number(fraction[maximumFractionDigits] ?? "0") >= 5) kept = incremented(kept);
  const wholeDigits = kept.slice(0, kept.length - maximumFractionDigits) || "0";
  const fractionDigits = kept.slice(kept.length - maximumFractionDigits).replace(/0+$/, "");
  const grouped = wholeDigits.replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+$)/g, ".");
  return `${negative ? "-" : ""}${grouped}${fractionDigits ? `,${fractionDigits}` : ""}`;
}
