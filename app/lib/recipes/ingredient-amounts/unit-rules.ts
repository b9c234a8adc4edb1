/**
 * How each unit scales and prints (issue 15): the rules of cms/seed/units.json as a typed table, so
 * the app does not read the seed folder. The JSON stays the source of truth for the seed check
 * (scripts/content/seed-amounts-check.ts); tests/unit/ingredient-amounts.test.ts keeps the two equal. The
 * rules themselves are explained in cms/seed/README.md, "Scaling a line to other servings".
 */
import type { Unit } from "../../../../catalog/recipes/units.ts";

/** The fraction glyphs a unit may print after its whole part ("1 ½ EL"). */
export type FractionGlyph = "¼" | "½" | "¾";

/** One band of the rounding grid. */
export interface UnitStep {
  /** The band starts at this amount (in the unit itself; g and ml for kg and l) … */
  from: number;
  /** … and amounts in it are rounded to multiples of this. */
  step: number;
}

interface UnitRuleFields {
  label: string;
  /** The unit word after amounts above 1 ("2 Zehen"); null for count lines, where the name is the word. */
  plural: string | null;
  /** Counts things that cannot be split (Prise, Zehe): whole numbers, at least 1. */
  whole: boolean;
  /** Glyphs the unit prints; empty for whole units and for metric units, which print decimals. */
  fractions: readonly FractionGlyph[];
  /**
   * Whether the ingredient's name is written in its plural after this unit: always after g, kg, Dose,
   * Becher, Packung, Handvoll and Bund ("500 g Kartoffeln", "1 Handvoll Kirschtomaten"), never after
   * ml, l, the spoons and the units that name a piece ("1 Stück Ingwer", "2 Scheiben Toastbrot"). On
   * count lines the name is what is counted, so, like a unit word, it is plural when the printed
   * amount is above 1 ("½ Zwiebel", "1 ½ Zwiebeln").
   */
  takesPlural: boolean;
}

/** A unit that is scaled in itself: amounts snap to `steps`, at least `min`. */
export interface GridUnitRule extends UnitRuleFields {
  /** Null: the rule for count lines ("2 Eier"). */
  unit: Exclude<Unit, "kg" | "l"> | null;
  /** The smallest amount a scaled line shows. */
  min: number;
  /** Ascending by `from`; the first starts at 0. */
  steps: readonly UnitStep[];
  /** From `from` on (in this unit), the amount is written in the larger unit (1000 g → 1 kg). */
  larger?: { unit: "kg" | "l"; from: number };
}

/** kg and l: no rules of their own, they are scaled and rounded as g and ml. */
export interface BasedUnitRule extends UnitRuleFields {
  unit: "kg" | "l";
  base: { unit: "g" | "ml"; factor: number };
}

export type UnitRule = GridUnitRule | BasedUnitRule;

const QUARTERS = ["¼", "½", "¾"] as const;
const HALF = ["½"] as const;

/** Halves, at least ½: Stück, Bund, Dose, Becher, Packung, Handvoll, Stange. */
function halves(unit: GridUnitRule["unit"], label: string, plural: string, takesPlural: boolean): GridUnitRule {
  return { unit, label, plural, whole: false, fractions: HALF, min: 0.5, steps: [{ from: 0, step: 0.5 }], takesPlural };
}

/** Whole numbers, at least 1: Prise, Msp., Zehe, Scheibe, Zweig. None of them names the ingredient in its plural. */
function wholes(unit: GridUnitRule["unit"], label: string, plural: string): GridUnitRule {
  return { unit, label, plural, whole: true, fractions: [], min: 1, steps: [{ from: 0, step: 1 }], takesPlural: false };
}

/** Spoons: ¼ below 1, ½ from 1, whole from 5; at least ¼. */
function spoon(unit: "EL" | "TL", label: string): GridUnitRule {
  return {
    unit,
    label,
    plural: unit,
    whole: false,
    fractions: QUARTERS,
    min: 0.25,
    steps: [
      { from: 0, step: 0.25 },
      { from: 1, step: 0.5 },
      { from: 5, step: 1 },
    ],
    takesPlural: false,
  };
}

/** Count lines (unit null): ¼ below ½, then halves; at least ¼. */
export const COUNT_RULE: GridUnitRule = {
  unit: null,
  label: "Anzahl",
  plural: null,
  whole: false,
  fractions: QUARTERS,
  min: 0.25,
  steps: [
    { from: 0, step: 0.25 },
    { from: 0.5, step: 0.5 },
  ],
  takesPlural: true,
};

/** kg and l have a base unit; every other unit has a grid. */
export type UnitRuleOf<U extends Unit> = U extends BasedUnitRule["unit"] ? BasedUnitRule : GridUnitRule;

/** Every unit's rule, keyed by unit, so a unit added to UNITS cannot be forgotten here. */
export const UNIT_RULES: { readonly [U in Unit]: UnitRuleOf<U> } = {
  g: {
    unit: "g",
    label: "Gramm",
    plural: "g",
    whole: false,
    fractions: [],
    min: 1,
    steps: [
      { from: 0, step: 1 },
      { from: 20, step: 5 },
      { from: 250, step: 25 },
      { from: 1000, step: 50 },
    ],
    larger: { unit: "kg", from: 1000 },
    takesPlural: true,
  },
  kg: {
    unit: "kg",
    label: "Kilogramm",
    plural: "kg",
    whole: false,
    fractions: [],
    base: { unit: "g", factor: 1000 },
    takesPlural: true,
  },
  ml: {
    unit: "ml",
    label: "Milliliter",
    plural: "ml",
    whole: false,
    fractions: [],
    min: 5,
    steps: [
      { from: 0, step: 5 },
      { from: 250, step: 25 },
      { from: 1000, step: 50 },
    ],
    larger: { unit: "l", from: 1000 },
    takesPlural: false,
  },
  l: {
    unit: "l",
    label: "Liter",
    plural: "l",
    whole: false,
    fractions: [],
    base: { unit: "ml", factor: 1000 },
    takesPlural: false,
  },
  EL: spoon("EL", "Esslöffel"),
  TL: spoon("TL", "Teelöffel"),
  Prise: wholes("Prise", "Prise", "Prisen"),
  "Msp.": wholes("Msp.", "Messerspitze", "Msp."),
  Stück: halves("Stück", "Stück", "Stück", false),
  Zehe: wholes("Zehe", "Zehe", "Zehen"),
  Bund: halves("Bund", "Bund", "Bund", true),
  Dose: halves("Dose", "Dose", "Dosen", true),
  Becher: halves("Becher", "Becher", "Becher", true),
  Packung: halves("Packung", "Packung", "Packungen", true),
  Scheibe: wholes("Scheibe", "Scheibe", "Scheiben"),
  Handvoll: halves("Handvoll", "Handvoll", "Handvoll", true),
  Zweig: wholes("Zweig", "Zweig", "Zweige"),
  Stange: halves("Stange", "Stange", "Stangen", false),
};

/** The rule of a line's unit; null (a count line) gives COUNT_RULE. */
export function unitRule(unit: Unit | null): UnitRule {
  return unit === null ? COUNT_RULE : UNIT_RULES[unit];
}
