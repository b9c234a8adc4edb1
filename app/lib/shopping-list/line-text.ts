/**
 * The shopping list's lines in German, with the recipe page's number and unit
 * rules (ingredient-amounts/format.ts): "300 g Feta", "1,25 kg Kartoffeln",
 * "3 Eier", "1 ½ EL Olivenöl", "Salz". The sums are printed as they are:
 * snapping them to a grid again would change what the recipes need.
 */
import { formatAmountWithName } from "../recipes/ingredient-amounts/format.ts";
import type { CombinedLine } from "./combine.ts";

export interface LineText {
  /** "300 g", "3"; null for a line without amount. */
  quantity: string | null;
  /** The name in the form the quantity asks for. */
  name: string;
}

/** A line's quantity and name. */
export function lineText(line: Pick<CombinedLine, "name" | "plural" | "total" | "unit">): LineText {
  if (line.total === null || !(line.total > 0)) return { quantity: null, name: line.name };
  return formatAmountWithName(line.total, line.unit, line.name, line.plural);
}

/** A line as one plain text with ordinary spaces: "300 g Feta". */
export function linePlainText(line: Pick<CombinedLine, "name" | "plural" | "total" | "unit">): string {
  const { quantity, name } = lineText(line);
  return (quantity === null ? name : `${quantity} ${name}`).replace(/[\u00a0\u202f]/g, " ");
}

/**
 * The list as plain text for the clipboard or a message: a heading and one
 * line per thing still to buy. Ticked lines are bought already, so they are
 * left out.
 */
export function listPlainText(lines: readonly CombinedLine[]): string {
  const open = lines.filter((line) => !line.done);
  return ["Einkaufsliste", ...open.map((line) => `- ${linePlainText(line)}`)].join("\n");
}
