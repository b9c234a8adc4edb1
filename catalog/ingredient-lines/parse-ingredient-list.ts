import { cleanLine } from "./clean-line.ts";
import { isGroupHeading } from "./group-heading.ts";
import type { IngredientMatcher } from "./ingredient-matcher.ts";
import { parseIngredientLine } from "./parse-ingredient-line.ts";
import type { IngredientLineReading } from "./read-line.ts";

/** A pasted list: a line each; blank lines dropped; group headings ("Für den Teig:") skipped, not read as ingredients. */
export function parseIngredientList(text: string, matcher: IngredientMatcher): IngredientLineReading[] {
  const readings: IngredientLineReading[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    // Each line is read on its own, so a line's reading never depends on the lines around it.
    if (line.trim() === "" || isGroupHeading(cleanLine(line))) continue;
    readings.push(parseIngredientLine(line, matcher));
  }
  return readings;
}
