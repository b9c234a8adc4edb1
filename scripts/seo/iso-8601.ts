/**
 * The two ISO 8601 forms a recipe's structured data uses, read strictly: durations (`prepTime`,
 * `cookTime`, `totalTime`: `PT25M`, `PT1H30M`, `P1DT2H`) and dates (`datePublished`: `2026-11-20`, or a
 * date and time). Strict because a crawler is: "25 Min.", "PT", "PT1,5" or "2026-02-30" are not
 * values it can read, however close they look.
 */

/** Designators of a duration in the order ISO 8601 writes them, and their seconds. */
const DATE_PARTS = [
  { designator: "Y", seconds: null },
  { designator: "M", seconds: null },
  { designator: "W", seconds: 7 * 86_400 },
  { designator: "D", seconds: 86_400 },
] as const;
const TIME_PARTS = [
  { designator: "H", seconds: 3_600 },
  { designator: "M", seconds: 60 },
  { designator: "S", seconds: 1 },
] as const;

/** A number of a duration's part: digits, and a fraction after a point or comma (ISO allows both). */
const AMOUNT = /^(\d+)(?:[.,](\d+))?/;

/**
 * Seconds of an ISO 8601 duration, or null when `text` is not one. Years and months are refused as
 * well: they have no fixed length, and in a recipe `P20M` (twenty months) is the typo of `PT20M`.
 * Only the last part written may have a fraction, as ISO 8601 says.
 */
export function isoDurationSeconds(text: string): number | null {
  if (!text.startsWith("P")) return null;
  let rest = text.slice(1);
  let seconds = 0;
  let parts = 0;
  let fractionSeen = false;
  /** Reads the parts of one section (date or time), in order, each at most once. */
  const readSection = (section: readonly { designator: string; seconds: number | null }[]): boolean => {
    let next = 0;
    while (rest.length > 0 && rest[0] !== "T") {
      const amount = AMOUNT.exec(rest);
      if (amount === null || fractionSeen) return false;
      const designator = rest[amount[0].length];
      const index = section.findIndex((part, at) => at >= next && part.designator === designator);
      const part = section[index];
      if (part === undefined || part.seconds === null) return false;
      if (amount[2] !== undefined) fractionSeen = true;
      seconds += Number(`${amount[1]}.${amount[2] ?? "0"}`) * part.seconds;
      parts += 1;
      next = index + 1;
      rest = rest.slice(amount[0].length + 1);
    }
    return true;
  };
  if (!readSection(DATE_PARTS)) return null;
  if (rest.startsWith("T")) {
    rest = rest.slice(1);
    const before = parts;
    if (!readSection(TIME_PARTS) || parts === before) return null;
  }
  if (rest.length > 0 || parts === 0) return null;
  return seconds;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d+)?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?$/;

/** Whether `text` is an ISO 8601 calendar date (`2026-11-20`), or one with a time (`2026-11-20T10:00:00Z`). */
export function isIsoDate(text: string): boolean {
  const [datePart = "", timePart, ...more] = text.split("T");
  if (more.length > 0) return false;
  const date = DATE.exec(datePart);
  if (date === null) return false;
  const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
  // A real day of the calendar: 2026-02-30 is not one.
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) {
    return false;
  }
  return timePart === undefined || TIME.test(timePart);
}
