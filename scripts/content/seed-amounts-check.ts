/**
 * Checks the seed's amounts (cms/seed/amounts.json) against its recipes,
 * ingredients and unit list (cms/seed/units.json), and prints a summary:
 *
 *   node scripts/content/seed-amounts-check.ts
 *
 * amounts.json prepares issue 15 (servings and amounts per recipe) before the
 * CMS has fields for them, so nothing else reads it yet: this check is what
 * keeps it in step with recipes.json when a recipe's ingredients change.
 * tests/unit/seed-amounts.test.ts runs the same checks in every unit run.
 * The shape and the rounding rules are described in cms/seed/README.md.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SEED_DIR, type SeedIngredient, type SeedRecipe } from "../cms/seed.ts";

/** One ingredient line of a recipe; `amount` and `unit` null read as the bare name ("Salz"). */
export interface SeedAmountLine {
  ingredient: string;
  amount: number | null;
  /** A unit of units.json; null counts the thing itself ("2 Eier", "1 Zwiebel"). */
  unit: string | null;
  note: string | null;
  /** Present (and true) on the recipe's optional ingredients only. */
  optional?: true;
}

export interface SeedRecipeAmounts {
  servings: number;
  /** Display order: the required ingredients, then the optional ones. */
  lines: SeedAmountLine[];
}

/** amounts.json: recipe slug → servings and lines. */
export type SeedAmounts = Record<string, SeedRecipeAmounts>;

export interface SeedUnitStep {
  /** The band starts here (in this unit, or in the base unit for kg and l) … */
  from: number;
  /** … and amounts in it are multiples of this. */
  step: number;
}

/** One entry of units.json; the entry with unit null describes count lines. */
export interface SeedUnit {
  unit: string | null;
  label: string;
  /** What the page writes after amounts above 1 ("2 Zehen"); null for counts, which need the ingredient's plural. */
  plural: string | null;
  /**
   * Whether the ingredient is named in its plural after this unit ("500 g Kartoffeln", but "1 Stück
   * Ingwer"); on count lines, when the amount is above 1 ("2 Eier").
   */
  takesPlural: boolean;
  /** Counts things that cannot be split: amounts are whole numbers, at least 1. */
  whole: boolean;
  /** The fraction glyphs the unit may show (¼ ½ ¾); empty for whole units and for metric units, which show decimals. */
  fractions: string[];
  /** The smallest amount a scaled line may show; absent on kg and l, which scale in their base unit. */
  min?: number;
  steps?: SeedUnitStep[];
  /** From this amount on, the page writes the larger unit (1000 g → 1 kg). */
  larger?: { unit: string; from: number };
  /** kg and l: amounts are converted into the base unit for scaling and rounding. */
  base?: { unit: string; factor: number };
}

export interface SeedAmountsInput {
  amounts: SeedAmounts;
  recipes: SeedRecipe[];
  ingredients: SeedIngredient[];
  units: SeedUnit[];
}

export interface SeedAmountsSummary {
  recipes: number;
  lines: number;
  optionalLines: number;
  linesWithoutAmount: number;
  /** Unit (or "(Anzahl)" for count lines) → lines, most used first. */
  units: [string, number][];
  /** Servings → recipes, ascending. */
  servings: [number, number][];
}

export const MAX_SERVINGS = 12;
export const MAX_NOTE_LENGTH = 40;
const LINE_FIELDS = ["amount", "ingredient", "note", "unit"];
const GLYPHS: Record<string, number> = { "¼": 0.25, "½": 0.5, "¾": 0.75 };
const COUNT_LABEL = "(Anzahl)";
/**
 * Quantities the steps name, which the lines must repeat: "800 ml Brühe",
 * "einen Liter Brühe", "eine Prise Salz", "einer Scheibe Ingwer". The steps
 * say "Brühe" for the ingredient Gemüsebrühe.
 */
const STEP_NOUNS: Record<string, string> = { Brühe: "Gemüsebrühe" };
const STEP_QUANTITIES: { pattern: RegExp; quantity: (match: RegExpExecArray) => { amount: number; unit: string } }[] = [
  { pattern: /(\d+) ml (\p{L}+)/gu, quantity: (match) => ({ amount: Number(match[1]), unit: "ml" }) },
  { pattern: /einen Liter (\p{L}+)/gu, quantity: () => ({ amount: 1000, unit: "ml" }) },
  { pattern: /eine[rn]? Prise (\p{L}+)/gu, quantity: () => ({ amount: 1, unit: "Prise" }) },
  { pattern: /eine[rn]? Scheibe (\p{L}+)/gu, quantity: () => ({ amount: 1, unit: "Scheibe" }) },
];

const isCloseTo = (value: number, target: number) => Math.abs(value - target) < 1e-9;
const isMultipleOf = (value: number, step: number) => isCloseTo(value / step, Math.round(value / step));

/** Problems with units.json itself: the rules must be complete before amounts can be checked against them. */
export function checkSeedUnits(units: SeedUnit[], ingredients: SeedIngredient[]): string[] {
  const problems: string[] = [];
  const byUnit = new Map<string | null, SeedUnit>();
  for (const unit of units) {
    const where = `unit ${unit.unit ?? COUNT_LABEL}`;
    if (byUnit.has(unit.unit)) problems.push(`${where}: listed twice`);
    byUnit.set(unit.unit, unit);
    if (typeof unit.label !== "string" || unit.label.trim() === "") problems.push(`${where}: no label`);
    if (unit.unit !== null && (typeof unit.plural !== "string" || unit.plural === ""))
      problems.push(`${where}: no plural`);
    if (typeof unit.takesPlural !== "boolean") problems.push(`${where}: takesPlural must be true or false`);
    for (const glyph of unit.fractions) if (!(glyph in GLYPHS)) problems.push(`${where}: unknown fraction ${glyph}`);
    if (unit.whole && unit.fractions.length > 0) problems.push(`${where}: a whole unit shows no fractions`);
    if (unit.base) {
      // kg and l have no rules of their own: they are scaled as g and ml.
      if (unit.steps || unit.min !== undefined) problems.push(`${where}: a unit with a base has no steps or min`);
      continue;
    }
    const steps = unit.steps ?? [];
    if (steps.length === 0 || steps[0]?.from !== 0) problems.push(`${where}: steps must start from 0`);
    steps.forEach((band, index) => {
      if (!(band.step > 0)) problems.push(`${where}: step ${band.step} is not positive`);
      if (index > 0 && band.from <= (steps[index - 1]?.from ?? 0)) problems.push(`${where}: steps not ascending`);
      if (unit.whole && !Number.isInteger(band.step)) problems.push(`${where}: a whole unit has whole steps`);
      // Every fraction a step can produce must be one the unit may show.
      for (let multiple = band.step; multiple < 1; multiple += band.step) {
        const glyph = Object.keys(GLYPHS).find((key) => isCloseTo(GLYPHS[key] ?? 0, multiple % 1));
        if (!glyph || !unit.fractions.includes(glyph)) problems.push(`${where}: step ${band.step} makes ${multiple}`);
      }
    });
    if (unit.min === undefined || unit.min <= 0) problems.push(`${where}: no positive min`);
    else if (unit.whole && unit.min < 1) problems.push(`${where}: a whole unit shows at least 1`);
  }
  for (const unit of units) {
    const where = `unit ${unit.unit ?? COUNT_LABEL}`;
    const base = unit.base && byUnit.get(unit.base.unit);
    if (unit.base && (!base || base.larger?.unit !== unit.unit)) problems.push(`${where}: base and larger disagree`);
    if (unit.larger && byUnit.get(unit.larger.unit)?.base?.unit !== unit.unit) {
      problems.push(`${where}: larger unit ${unit.larger.unit} does not name it as base`);
    }
  }
  if (!byUnit.has(null)) problems.push(`units: no entry for count lines (unit null)`);
  for (const ingredient of ingredients) {
    const where = `ingredient ${ingredient.name}`;
    if ("plural" in ingredient && (typeof ingredient.plural !== "string" || ingredient.plural.trim() === ""))
      problems.push(`${where}: plural must be text; leave it out where there is none`);
    else if (ingredient.plural === ingredient.name) problems.push(`${where}: plural equals the name; leave it out`);
    if ("wholePieces" in ingredient && ingredient.wholePieces !== true)
      problems.push(`${where}: wholePieces is true or left out`);
  }
  return problems;
}

/**
 * Why an amount is not one the page would print unscaled, or undefined if it
 * is: a seed amount must survive the rounding rules unchanged, so that an
 * unscaled recipe reads exactly as written here.
 */
function offGrid(amount: number, unit: SeedUnit, wholePieces: boolean, byUnit: Map<string | null, SeedUnit>) {
  let value = amount;
  let rules = unit;
  if (unit.base) {
    const base = byUnit.get(unit.base.unit);
    if (!base) return `base unit ${unit.base.unit} is unknown`;
    value = amount * unit.base.factor;
    rules = base;
    if (base.larger && value < base.larger.from) return `write ${value} ${base.unit} instead`;
  } else if (unit.larger && amount >= unit.larger.from) {
    return `write it in ${unit.larger.unit}`;
  }
  if (unit.unit === null && wholePieces && !Number.isInteger(amount)) {
    return "counted in whole pieces (wholePieces in ingredients.json)";
  }
  const band = [...(rules.steps ?? [])].reverse().find((candidate) => candidate.from <= value);
  if (!band) return "no step applies";
  if (!isMultipleOf(value, band.step)) return `not a multiple of ${band.step} ${rules.unit ?? ""}`.trim();
  if (rules.min !== undefined && value < rules.min) return `below the smallest amount ${rules.min}`;
  return undefined;
}

/** Every problem of amounts.json against recipes.json, ingredients.json and units.json; empty when all is well. */
export function checkSeedAmounts({ amounts, recipes, ingredients, units }: SeedAmountsInput): string[] {
  const problems = checkSeedUnits(units, ingredients);
  const byUnit = new Map(units.map((unit) => [unit.unit, unit]));
  const knownIngredients = new Set(ingredients.map((ingredient) => ingredient.name));
  const wholePieces = new Set(ingredients.filter((ingredient) => ingredient.wholePieces).map(({ name }) => name));
  const slugs = new Set(recipes.map((recipe) => recipe.slug));
  for (const slug of Object.keys(amounts)) if (!slugs.has(slug)) problems.push(`${slug}: no such recipe`);

  for (const recipe of recipes) {
    const entry = amounts[recipe.slug];
    if (!entry) {
      problems.push(`${recipe.slug}: missing`);
      continue;
    }
    const where = recipe.slug;
    const keys = Object.keys(entry).sort().join(",");
    if (keys !== "lines,servings") problems.push(`${where}: fields are ${keys}, expected lines,servings`);
    if (!Number.isInteger(entry.servings) || entry.servings < 1 || entry.servings > MAX_SERVINGS) {
      problems.push(`${where}: servings ${entry.servings} is not a whole number from 1 to ${MAX_SERVINGS}`);
    }
    const lines = Array.isArray(entry.lines) ? entry.lines : [];
    const required = new Set(recipe.ingredients);
    const optional = new Set(recipe.optionalIngredients);
    const seen = new Set<string>();
    let optionalStarted = false;
    for (const line of lines) {
      const at = `${where}: "${line.ingredient}"`;
      const fields = Object.keys(line).filter((key) => key !== "optional");
      if (fields.sort().join(",") !== LINE_FIELDS.join(",")) problems.push(`${at}: fields are ${fields.join(",")}`);
      if (seen.has(line.ingredient)) problems.push(`${at}: listed twice`);
      seen.add(line.ingredient);
      if (!knownIngredients.has(line.ingredient)) problems.push(`${at}: not in ingredients.json`);
      const isOptional = optional.has(line.ingredient);
      if (!required.has(line.ingredient) && !isOptional) problems.push(`${at}: not an ingredient of the recipe`);
      if (isOptional ? line.optional !== true : "optional" in line) {
        problems.push(`${at}: optional must be ${isOptional ? "true" : "absent"}`);
      }
      // Required lines first, then the optional ones, as the page shows them.
      if (isOptional) optionalStarted = true;
      else if (optionalStarted) problems.push(`${at}: a required line after an optional one`);

      if (line.amount === null) {
        if (line.unit !== null) problems.push(`${at}: a unit without an amount`);
      } else if (typeof line.amount !== "number" || !Number.isFinite(line.amount) || line.amount <= 0) {
        problems.push(`${at}: amount ${line.amount} is not a positive number`);
      } else if (!isCloseTo(Math.round(line.amount * 100) / 100, line.amount)) {
        problems.push(`${at}: amount ${line.amount} has more than two decimals`);
      } else {
        const unit = byUnit.get(line.unit);
        if (!unit) problems.push(`${at}: unit ${line.unit} is not in units.json`);
        else {
          const why = offGrid(line.amount, unit, wholePieces.has(line.ingredient), byUnit);
          if (why)
            problems.push(`${at}: ${line.amount}${line.unit ? ` ${line.unit}` : ""} is off the unit's grid: ${why}`);
        }
      }
      if (line.note !== null) {
        if (typeof line.note !== "string" || line.note.trim() !== line.note || line.note === "") {
          problems.push(`${at}: note must be null or trimmed text`);
        } else if (line.note.length > MAX_NOTE_LENGTH) {
          problems.push(`${at}: note longer than ${MAX_NOTE_LENGTH} characters`);
        }
      }
    }
    for (const name of [...required, ...optional])
      if (!seen.has(name)) problems.push(`${where}: "${name}" has no line`);
    problems.push(...stepQuantityProblems(recipe, lines, byUnit));
  }
  return problems;
}

/** The quantities the steps name (STEP_QUANTITIES) that the recipe's lines do not repeat. */
function stepQuantityProblems(
  recipe: SeedRecipe,
  lines: SeedAmountLine[],
  byUnit: Map<string | null, SeedUnit>,
): string[] {
  const problems: string[] = [];
  const text = [recipe.instructions, ...(recipe.instructionList ?? [])].join("\n");
  const checked = new Set<string>();
  for (const { pattern, quantity } of STEP_QUANTITIES) {
    for (const match of text.matchAll(pattern)) {
      const noun = match.at(-1) ?? "";
      const name = STEP_NOUNS[noun] ?? noun;
      const line = lines.find((candidate) => candidate.ingredient === name);
      // "800 ml Wasser": water is never an ingredient line.
      if (!line) continue;
      const wanted = quantity(match as RegExpExecArray);
      const key = `${name} ${wanted.amount} ${wanted.unit}`;
      if (checked.has(key)) continue;
      checked.add(key);
      const unit = byUnit.get(line.unit);
      const factor = unit?.base?.unit === wanted.unit ? unit.base.factor : line.unit === wanted.unit ? 1 : undefined;
      if (line.amount === null || factor === undefined || !isCloseTo(line.amount * factor, wanted.amount)) {
        problems.push(
          `${recipe.slug}: the steps say "${match[0]}", the line says ${line.amount ?? "no amount"} ${line.unit ?? ""}`.trim(),
        );
      }
    }
  }
  return problems;
}

/** Counts for the summary line of the CLI. */
export function summarizeSeedAmounts(amounts: SeedAmounts): SeedAmountsSummary {
  const entries = Object.values(amounts);
  const lines = entries.flatMap((entry) => entry.lines);
  const count = <T>(values: T[]) => {
    const counts = new Map<T, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    return [...counts];
  };
  return {
    recipes: entries.length,
    lines: lines.length,
    optionalLines: lines.filter((line) => line.optional).length,
    linesWithoutAmount: lines.filter((line) => line.amount === null).length,
    units: count(lines.filter((line) => line.amount !== null).map((line) => line.unit ?? COUNT_LABEL)).sort(
      ([unitA, a], [unitB, b]) => b - a || unitA.localeCompare(unitB, "de"),
    ),
    servings: count(entries.map((entry) => entry.servings)).sort(([a], [b]) => a - b),
  };
}

function readSeed<T>(dir: string, file: string): T {
  return JSON.parse(readFileSync(join(dir, file), "utf8")) as T;
}

/** The four seed files the check compares. */
export function loadSeedAmountsInput(dir: string = SEED_DIR): SeedAmountsInput {
  return {
    amounts: readSeed<SeedAmounts>(dir, "amounts.json"),
    recipes: readSeed<SeedRecipe[]>(dir, "recipes.json"),
    ingredients: readSeed<SeedIngredient[]>(dir, "ingredients.json"),
    units: readSeed<SeedUnit[]>(dir, "units.json"),
  };
}

if (import.meta.main) {
  const input = loadSeedAmountsInput();
  const problems = checkSeedAmounts(input);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`seed amounts: ${problems.length} problems`);
    process.exit(1);
  }
  const summary = summarizeSeedAmounts(input.amounts);
  console.log(
    `seed amounts: ${summary.recipes} recipes, ${summary.lines} lines (${summary.optionalLines} optional), ` +
      `${summary.linesWithoutAmount} without amount`,
  );
  console.log(`servings: ${summary.servings.map(([servings, recipes]) => `${servings} × ${recipes}`).join(", ")}`);
  console.log(`units: ${summary.units.map(([unit, lines]) => `${unit} ${lines}`).join(", ")}`);
}
