/**
 * German text for scaled ingredient lines (issue 15): "200 g Rote Linsen", "1 ½ EL Olivenöl",
 * "1 Stück Ingwer, ca. 2 cm", "Pfeffer". Decimal comma; ¼ ½ ¾ as glyphs for the units that have
 * them; a no-break space between number and unit and a narrow no-break space inside "1 ½", so a
 * quantity never wraps across lines. A range (issue 41) joins its two ends with an en dash and no
 * spaces, as German typesetting does: "2–3 EL Olivenöl", "1–2 Zwiebeln".
 *
 * No thirds (⅓ ⅔): no grid of cms/seed/units.json makes them (quarters and halves only), and
 * scaleAmount puts every amount on its grid, so a third could only come from a caller passing an
 * unscaled amount; formatQuantity prints that as a decimal ("0,33") rather than guess.
 */
import type { IngredientLine } from "../../../../catalog/recipes/types.ts";
import type { Unit } from "../../../../catalog/recipes/units.ts";
import { type ScaledAmount, scaleAmount } from "./scale.ts";
import { type FractionGlyph, UNIT_RULES, unitRule } from "./unit-rules.ts";

/** Between number and unit ("200 g"): they stay on one line. */
const NO_BREAK_SPACE = "\u00a0";
/** Between the whole part and its glyph ("1 ½"): narrower, as typeset quantities have it, and no break either. */
const NARROW_NO_BREAK_SPACE = "\u202f";

const GLYPH_OF_QUARTERS: Record<number, FractionGlyph> = { 1: "¼", 2: "½", 3: "¾" };

/** Tolerance for "is this a whole number of quarters": far below a quarter, above float noise. */
const EPSILON = 1e-9;

export interface FormattedLine {
  /** "200 g", "1 ½ EL", "2" (count line); null when the line has no amount. */
  quantity: string | null;
  /** The ingredient's name, in its plural where the quantity asks for it ("2 Eier", "500 g Kartoffeln"). */
  name: string;
  /** The line's note, unchanged: notes hold for any servings ("à 400 ml", "fein gehackt"). */
  note: string | null;
  /**
   * The whole line as one plain text, for schema.org's recipeIngredient: quantity, name, then the
   * note after a comma ("1 Stück Ingwer, ca. 2 cm", "Pfeffer, nach Geschmack"). Ordinary spaces
   * throughout: nothing wraps there, and machine readers split on them.
   */
  text: string;
}

/** A printed number and the value it shows, which decides singular or plural. */
interface PrintedAmount {
  number: string;
  value: number;
  unit: Unit | null;
}

/**
 * An amount in German with its unit word: "200 g", "1,25 kg", "1 ½ EL", "¼ TL", "2 Zehen",
 * "½ Dose", "1 ½ Dosen", "3 Prisen"; a count line (unit null) gives the number alone ("1 ½").
 * Meant for amounts from scaleAmount; others are printed as they are, never snapped to the grid
 * (at most two decimals, g and ml whole, 1000 g and more in kg, kg below 1 in g).
 *
 * Throws a RangeError for an amount that is not a positive number.
 */
export function formatQuantity(amount: number, unit: Unit | null): string {
  return quantityText(printAmount(amount, unit));
}

/**
 * A line for `toServings` when its amounts are written for `fromServings` (the recipe's servings):
 * scaled by scaleAmount, then printed. A line without amount is its name and note ("Salz"). A
 * range's ends are scaled alike, each to its grid; where both print the same, the line prints one
 * amount ("2–3 EL" for 4 is "1–1 ½ EL" for 2; "2–3 Eier" for 4 is "1 Ei" for 1).
 */
export function formatIngredientLine(line: IngredientLine, fromServings: number, toServings: number): FormattedLine {
  const scaled = scaleAmount(line, fromServings, toServings);
  if (scaled.amount === null) {
    return { quantity: null, name: line.name, note: line.note, text: joinLine([line.name], line.note) };
  }
  const upper =
    line.amountMax === null ? null : scaleAmount({ ...line, amount: line.amountMax }, fromServings, toServings);
  const { quantity, name } = formatAmountWithName(scaled.amount, scaled.unit, line.name, line.plural, upper);
  return { quantity, name, note: line.note, text: joinLine([plainSpaces(quantity), name], line.note) };
}

/**
 * An amount as formatQuantity prints it, and the ingredient's name in the form that amount asks
 * for: "300 g" and "Feta", "3" and "Eier", "1" and "Ei". Used for scaled lines and for the
 * shopping list's sums (app/lib/shopping-list/), which are printed as they are, never snapped.
 *
 * With `upTo`, a range's scaled upper end: "2–3 EL", "750–1250 g" (both ends in the lower one's
 * unit, never "750 g–1,25 kg"); the unit word and the name go by the upper end ("1–2 Zwiebeln",
 * "½–1 Dose"). Ends that print the same give one amount.
 */
export function formatAmountWithName(
  amount: number,
  unit: Unit | null,
  name: string,
  plural: string | null,
  upTo?: ScaledAmount | null,
): { quantity: string; name: string } {
  let printed = printAmount(amount, unit);
  if (upTo?.amount) {
    // A lower end in g below an upper one in kg: both in g (ml and l alike).
    const upper = printAmount(upTo.amount, upTo.unit, upTo.unit !== printed.unit);
    if (upper.number !== printed.number) printed = { ...upper, number: `${printed.number}–${upper.number}` };
  }
  const rule = unitRule(printed.unit);
  // A count line's name is the counted word ("1 ½ Zwiebeln"); after a unit, the unit decides.
  const takesPlural = rule.unit === null ? printed.value > 1 : rule.takesPlural;
  return { quantity: quantityText(printed), name: takesPlural && plural !== null ? plural : name };
}

/** The number and, after a unit, its word: singular up to 1, plural above ("1 Dose", "1 ½ Dosen"). */
function quantityText(printed: PrintedAmount): string {
  const rule = unitRule(printed.unit);
  if (rule.plural === null) return printed.number;
  return `${printed.number}${NO_BREAK_SPACE}${printed.value > 1 ? rule.plural : rule.unit}`;
}

function joinLine(parts: string[], note: string | null): string {
  const head = parts.join(" ");
  return note === null ? head : `${head}, ${note}`;
}

function plainSpaces(text: string): string {
  return text.replaceAll(NO_BREAK_SPACE, " ").replaceAll(NARROW_NO_BREAK_SPACE, " ");
}

/** `inBase`: g and ml stay in g and ml from 1000 on too (a range's upper end whose lower one is below). */
function printAmount(amount: number, unit: Unit | null, inBase = false): PrintedAmount {
  if (!Number.isFinite(amount) || amount <= 0) {
    throw new RangeError(`An ingredient amount must be a positive number, got ${amount}`);
  }
  const rule = unitRule(unit);
  if ("base" in rule) {
    // kg and l print through g and ml, so 0,5 kg reads "500 g" as a scaled line would.
    return printAmount(amount * rule.base.factor, rule.base.unit, inBase);
  }
  if (rule.larger) {
    // g and ml: whole numbers, at least 1 (a positive amount never reads "0 g") …
    const whole = Math.max(1, Math.round(amount));
    if (inBase || whole < rule.larger.from) return { number: String(whole), value: whole, unit };
    // … and from 1000 on in kg or l, with at most two decimals, counted in integer hundredths.
    const hundredths = Math.round((whole * 100) / UNIT_RULES[rule.larger.unit].base.factor);
    return { number: decimalText(hundredths), value: hundredths / 100, unit: rule.larger.unit };
  }
  const quarters = amount * 4;
  const wholeQuarters = Math.round(quarters);
  if (Math.abs(quarters - wholeQuarters) < EPSILON) {
    const whole = Math.floor(wholeQuarters / 4);
    const glyph = GLYPH_OF_QUARTERS[wholeQuarters % 4];
    if (glyph === undefined) return { number: String(whole), value: whole, unit };
    if (rule.fractions.includes(glyph)) {
      const number = whole === 0 ? glyph : `${whole}${NARROW_NO_BREAK_SPACE}${glyph}`;
      return { number, value: wholeQuarters / 4, unit };
    }
  }
  // Off the grid (only from an unscaled caller): a plain decimal is honest where a glyph would lie;
  // at least 0,01, so a positive amount never reads "0".
  const hundredths = Math.max(1, Math.round(amount * 100));
  return { number: decimalText(hundredths), value: hundredths / 100, unit };
}

/** Hundredths as German decimal text without trailing zeros: 125 → "1,25", 150 → "1,5", 200 → "2". */
function decimalText(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const rest = hundredths % 100;
  if (rest === 0) return String(whole);
  const digits = String(rest).padStart(2, "0").replace(/0$/, "");
  return `${whole},${digits}`;
}
