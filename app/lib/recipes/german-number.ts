/**
 * A number in German notation, character for character as `new Intl.NumberFormat("de-DE",
 * { maximumFractionDigits })` writes it: a point between thousands, a decimal comma, no trailing zeros, halves
 * rounded away from zero on the number's shortest decimal form ("1.234", "43,8", "0,65", 1.005 → "1,01").
 * For numbers below 10^21 and at most 3 decimals, as pages print them.
 *
 * Written out rather than asked of Intl because of the browser (decision 0059): the first German number format a
 * page's script makes loads the locale's data, 12–30 ms on this project's 2-core host and several times that on
 * a slow phone, in one task of hydration (a card's kcal) or of the recipe page's module evaluation (the nutrition
 * table). The server uses the same function, so both write the same text.
 */
export function germanNumber(value: number, maximumFractionDigits = 0): string {
  const magnitude = Math.abs(value);
  if (!(magnitude < 1e21)) throw new RangeError(`germanNumber: ${value} is out of range`);
  // Shifted by the exponent in its decimal text, not multiplied: 1.005 is 100.5 here, where 1.005 * 100 is 100.49….
  // Below 10^-6 the text has an exponent of its own, and such a number rounds to 0 at the digits pages use.
  const shifted = magnitude < 1e-6 ? 0 : Math.round(Number(`${magnitude}e${maximumFractionDigits}`));
  const digits = String(shifted).padStart(maximumFractionDigits + 1, "0");
  const whole = digits.slice(0, digits.length - maximumFractionDigits).replace(/\B(?=(\d{3})+$)/g, ".");
  const fraction = digits.slice(digits.length - maximumFractionDigits).replace(/0+$/, "");
  return `${value < 0 || Object.is(value, -0) ? "-" : ""}${whole}${fraction ? `,${fraction}` : ""}`;
}
