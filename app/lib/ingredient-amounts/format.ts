// TEMPORARY placeholder on the issue15 branch so the page builds while the real
// scaling and formatting module is written (branch issue15-amounts replaces this file).
import type { IngredientLine } from "../catalog/types.ts";

export function formatIngredientLine(line: IngredientLine, fromServings: number, toServings: number) {
  const amount = line.amount === null ? null : (line.amount * toServings) / fromServings;
  const quantity = amount === null ? null : `${String(amount).replace(".", ",")}\u00a0${line.unit ?? ""}`.trim();
  const name = amount !== null && amount > 1 && line.plural ? line.plural : line.name;
  const text = [quantity, name].filter(Boolean).join(" ") + (line.note ? `, ${line.note}` : "");
  return { quantity, name, note: line.note, text };
}
