/**
 * schema.org's `prepTime`, `cookTime` and `totalTime`: ISO 8601 durations (`PT1H30M`, `PT20M`,
 * `P0DT0H25M`, `PT0.5H`, `PT90S`) read as whole minutes. Years and months are refused: they have no
 * fixed length, and in a recipe they are a typo (`P20M` for `PT20M`) that minutes would hide.
 */

const NUMBER = String.raw`(\d{1,9}(?:[.,]\d{1,9})?)`;
const DURATION = new RegExp(
  `^P(?:${NUMBER}W)?(?:${NUMBER}D)?(?:T(?:${NUMBER}H)?(?:${NUMBER}M)?(?:${NUMBER}S)?)?$`,
  "i",
);

const MINUTES_PER = [7 * 24 * 60, 24 * 60, 60, 1, 1 / 60] as const;

/** Whole minutes (rounded half up) of an ISO 8601 duration, or null when `text` is not one. */
export function durationMinutes(text: string): number | null {
  const trimmed = text.trim();
  const match = DURATION.exec(trimmed);
  if (match === null) return null;
  const parts = match.slice(1);
  // "P", "PT" and "P1DT" name no amount.
  if (parts.every((part) => part === undefined) || /T$/i.test(trimmed)) return null;
  let minutes = 0;
  parts.forEach((part, index) => {
    if (part !== undefined) minutes += Number.parseFloat(part.replace(",", ".")) * (MINUTES_PER[index] as number);
  });
  // 0.1 + 0.2 and friends: round what floating point leaves just below the half.
  return Math.round(Math.round(minutes * 1e6) / 1e6);
}
