import type { Unit } from "../recipes/units.ts";

/** An ingredient the catalog already has, as the parser matches lines against it. */
export interface KnownIngredient {
  name: string;
  /** Where it differs from the name ("Zwiebeln"); null otherwise. */
  plural: string | null;
}

/** One pasted or imported ingredient line, read. */
export interface ReadIngredientLine {
  ok: true;
  /** The line as given, trimmed. */
  line: string;
  /** Positive, or null for a line without amount ("Salz"). A range's lower end. */
  amount: number | null;
  /** A range's upper end ("2-3 EL" → 3), else null; always above `amount`. */
  amountMax: number | null;
  /** One of the site's units, or null (a count: "2 Eier"; or no amount). */
  unit: Unit | null;
  /** The known ingredient's name (`known: true`) or the proposed name (`known: false`). */
  ingredient: string;
  known: boolean;
  /** What else the line says ("große", "fein gehackt", "ca."), or null. */
  note: string | null;
  optional: boolean;
}

/** A line the parser could not read, with a German reason for the editor. */
export interface UnreadIngredientLine {
  ok: false;
  line: string;
  reason: string;
}

export type IngredientLineReading = ReadIngredientLine | UnreadIngredientLine;
