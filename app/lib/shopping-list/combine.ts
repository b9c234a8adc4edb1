/**
 * The shopping list as the page shows it: entries of several recipes
 * combined per ingredient where their units can be added up. 200 g and
 * 100 g Feta are 300 g; g and kg, ml and l are added in grams and
 * millilitres; "2 Eier" and "1 Ei" are 3 Eier. Units that cannot be converted
 * into each other (EL and g of Naturjoghurt, TL and EL) stay lines of their
 * own, next to each other; lines without amount ("Salz") are one line per
 * ingredient. Each line keeps the recipes it comes from.
 */
import type { Unit } from "../../../catalog/recipes/units.ts";
import { entryId, type ShoppingEntry } from "./stored-list.ts";

/**
 * What amounts can be added up: mass (g, kg), volume (ml, l), counted things
 * (no unit), every other unit with itself only, and lines without amount.
 */
export type UnitFamily = "masse" | "volumen" | "anzahl" | "ohne-menge" | Exclude<Unit, "g" | "kg" | "ml" | "l">;

interface FamilyOf {
  family: UnitFamily;
  /** The unit the family's total is kept in. */
  unit: Unit | null;
  /** How many of `unit` one of the entry's unit is. */
  factor: number;
}

/** The family of an entry's amount, and how to convert it into the family's unit. */
export function familyOf(entry: Pick<ShoppingEntry, "amount" | "unit">): FamilyOf {
  if (entry.amount === null) return { family: "ohne-menge", unit: null, factor: 1 };
  switch (entry.unit) {
    case null:
      return { family: "anzahl", unit: null, factor: 1 };
    case "g":
      return { family: "masse", unit: "g", factor: 1 };
    case "kg":
      return { family: "masse", unit: "g", factor: 1000 };
    case "ml":
      return { family: "volumen", unit: "ml", factor: 1 };
    case "l":
      return { family: "volumen", unit: "ml", factor: 1000 };
    default:
      return { family: entry.unit, unit: entry.unit, factor: 1 };
  }
}

/** One line of the list as shown: an ingredient in one family of units. */
export interface CombinedLine {
  /** Stable while the ingredient and its family are on the list: what ticking and removing name. */
  key: string;
  /** The ingredient's name, and its plural if one of its entries knows it. */
  name: string;
  plural: string | null;
  family: UnitFamily;
  /** The sum in `unit`; null for a line without amount. */
  total: number | null;
  unit: Unit | null;
  /** The recipes it comes from, each once, by name. */
  recipes: { slug: string; name: string }[];
  /** Ticked off: every entry in it is. */
  done: boolean;
}

/** The key of the line an entry belongs to. */
export function lineKeyOf(entry: Pick<ShoppingEntry, "name" | "amount" | "unit">): string {
  return JSON.stringify([entry.name, familyOf(entry).family]);
}

/** German order for names: "Äpfel" with the a's, case aside. */
const collator = new Intl.Collator("de", { sensitivity: "base", numeric: true });

/** Where each family stands among an ingredient's lines: the usual measures first, no amount last. */
function familyRank(family: UnitFamily): string {
  const fixed = { masse: "0", volumen: "1", anzahl: "2", "ohne-menge": "4" } as Record<string, string>;
  return fixed[family] ?? `3${family}`;
}

/**
 * The entries combined into lines, by ingredient name (German order), an
 * ingredient's lines by family. The same entries in any order give the same
 * lines in the same order.
 */
export function combineEntries(entries: readonly ShoppingEntry[]): CombinedLine[] {
  const lines = new Map<string, CombinedLine & { recipeSet: Map<string, string> }>();
  // Summed in a fixed order, so that floating point gives the same total whatever order came in.
  const ordered = [...entries].sort(
    (a, b) => compareText(entryId(a), entryId(b)) || compareText(JSON.stringify(a), JSON.stringify(b)),
  );
  for (const entry of ordered) {
    const { family, unit, factor } = familyOf(entry);
    const key = lineKeyOf(entry);
    let line = lines.get(key);
    if (!line) {
      line = {
        key,
        name: entry.name,
        plural: null,
        family,
        total: entry.amount === null ? null : 0,
        unit,
        recipes: [],
        done: true,
        recipeSet: new Map(),
      };
      lines.set(key, line);
    }
    line.plural ??= entry.plural;
    if (line.total !== null && entry.amount !== null) line.total += entry.amount * factor;
    line.recipeSet.set(entry.recipe, entry.recipeName);
    line.done &&= entry.done;
  }
  return [...lines.values()]
    .map(({ recipeSet, ...line }) => ({
      ...line,
      recipes: [...recipeSet]
        .map(([slug, name]) => ({ slug, name }))
        .sort((a, b) => collator.compare(a.name, b.name) || compareText(a.slug, b.slug)),
    }))
    .sort(
      (a, b) =>
        collator.compare(a.name, b.name) ||
        compareText(a.name, b.name) ||
        compareText(familyRank(a.family), familyRank(b.family)),
    );
}

/** Plain code-unit order: the tie-breaker that makes every order total. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
