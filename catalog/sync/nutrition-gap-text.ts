/**
 * Says in German, for a recipe's publication status in the Data Studio,
 * which lines keep its nutrition off the page and what to fill in, in the
 * Data Studio's own field names (cms/schema/snapshot.json).
 */
import type { NutritionGap } from "./nutrition-per-portion.ts";

/** More lines than this are summed up as "… und N weitere": the status is read in a list cell. */
const LINES_NAMED = 4;

const GERMAN_NUMBER = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 3 });

/** The line's amount as written: "2 EL", "0,5 Bund", "2–3 EL", "2" for a count line. */
function amountText(gap: NutritionGap): string {
  const amount =
    gap.amountMax === null
      ? GERMAN_NUMBER.format(gap.amount)
      : `${GERMAN_NUMBER.format(gap.amount)}–${GERMAN_NUMBER.format(gap.amountMax)}`;
  return gap.unit === null ? amount : `${amount} ${gap.unit}`;
}

/** What is missing for one line. */
function gapText(gap: NutritionGap): string {
  const line = `„${gap.name}“ (${amountText(gap)})`;
  switch (gap.kind) {
    case "no-values":
      return `${line}: der Zutat fehlen Nährwerte je 100 g.`;
    case "no-piece-weight":
      return `${line}: der Zutat fehlt das „Gewicht eines Stücks“.`;
    case "no-density":
      return `${line}: der Zutat fehlt die „Dichte (g je ml)“.`;
    case "no-spoon-weight":
      return `${line}: der Zutat fehlt ein „Gewicht je Einheit“ für ${gap.unit} oder die „Dichte (g je ml)“.`;
    case "no-unit-weight":
      return `${line}: der Zutat fehlt ein „Gewicht je Einheit“ für „${gap.unit}“, und die Notiz nennt keins („à 400 g“).`;
  }
}

/** The status text for a recipe shown without nutrition; the lines in their order, at most LINES_NAMED of them. */
export function nutritionGapText(gaps: readonly NutritionGap[]): string {
  const named = gaps.slice(0, LINES_NAMED).map(gapText);
  const more = gaps.length - named.length;
  const rest = more > 0 ? ` Und ${more} weitere ${more === 1 ? "Zeile" : "Zeilen"}.` : "";
  return `Ohne Nährwerte auf der Website: ${named.join(" ")}${rest}`;
}
