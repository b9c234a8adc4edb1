/**
 * Turns raw Directus records into catalog records, or says exactly what is
 * wrong with them. A bad record is skipped and reported; it is never
 * published half-formed.
 */

import { RECIPE_TYPES, type RecipeType } from "../recipes/categories.ts";
import { INGREDIENT_TYPES, type IngredientType } from "../recipes/ingredient-types.ts";
import type { CatalogIngredient, CatalogRecipe, IngredientLine } from "../recipes/types.ts";
import { MAX_NOTE_LENGTH, MAX_PLURAL_LENGTH, MAX_SERVINGS, MIN_SERVINGS, UNITS, type Unit } from "../recipes/units.ts";
import type { RawIngredient, RawRecipe } from "./directus-source.ts";
import { factsByName } from "./ingredient-facts.ts";
import { nutritionGapText } from "./nutrition-gap-text.ts";
import { nutritionPerPortion, roundedNutrients } from "./nutrition-per-portion.ts";

/** An ingredient as read from Directus; the catalog adds its slug and recipe count. */
export type RawIngredientRecord = Omit<CatalogIngredient, "slug" | "recipeCount">;

type Checked<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/**
 * A recipe checked: valid (with, when it has no nutrition, the German reason its publication status gives),
 * or its problems. A recipe without nutrition is still published: the block is a help, not the recipe.
 */
export type CheckedRecipe =
  | { ok: true; value: CatalogRecipe; nutritionGap: string | null }
  | { ok: false; problems: string[] };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_MINUTES = 30;

class Checker {
  readonly problems: string[] = [];
  readonly #record: Record<string, unknown>;

  constructor(record: Record<string, unknown>) {
    this.#record = record;
  }

  text(field: string, { optional = false, max = 20_000 } = {}): string | null {
    const value = this.#record[field];
    if (value === null || value === undefined || value === "") {
      if (!optional) this.problems.push(`${field} is missing`);
      return null;
    }
    if (typeof value !== "string") {
      this.problems.push(`${field} is not text`);
      return null;
    }
    if (value.length > max) this.problems.push(`${field} is longer than ${max} characters`);
    return value.trim();
  }

  minutes(field: string, min: number): number {
    const value = this.#record[field];
    if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > MAX_MINUTES) {
      this.problems.push(`${field} must be whole minutes from ${min} to ${MAX_MINUTES}, got ${JSON.stringify(value)}`);
      return 0;
    }
    return value;
  }

  flag(field: string): boolean {
    const value = this.#record[field];
    if (typeof value !== "boolean") this.problems.push(`${field} is not true or false`);
    return value === true;
  }

  /** `field.name` of a many-to-one relation, checked against the allowed values. */
  enumName<T extends string>(field: string, allowed: readonly T[], { optional = false } = {}): T | null {
    const name = (this.#record[field] as { name?: unknown } | null | undefined)?.name;
    if (name === undefined || name === null) {
      if (!optional) this.problems.push(`${field} is missing`);
      return null;
    }
    if (!allowed.includes(name as T)) {
      this.problems.push(`${field} "${String(name)}" is not one of ${allowed.join(", ")}`);
      return null;
    }
    return name as T;
  }

  /** Names from a many-to-many relation: `[{ <key>: { name } }]`. */
  relatedNames(field: string, key: string): string[] {
    const value = this.#record[field];
    if (!Array.isArray(value)) {
      this.problems.push(`${field} is not a list`);
      return [];
    }
    const names: string[] = [];
    for (const entry of value) {
      const name = (entry as Record<string, { name?: unknown } | null> | null)?.[key]?.name;
      if (typeof name === "string" && name.trim() !== "") names.push(name.trim());
      else this.problems.push(`${field} has an entry without a name`);
    }
    return [...new Set(names)];
  }

  /** Whole servings from MIN_SERVINGS to MAX_SERVINGS. */
  servings(field: string): number {
    const value = this.#record[field];
    if (typeof value !== "number" || !Number.isInteger(value) || value < MIN_SERVINGS || value > MAX_SERVINGS) {
      this.problems.push(
        `${field} must be a whole number from ${MIN_SERVINGS} to ${MAX_SERVINGS}, got ${JSON.stringify(value)}`,
      );
      return MIN_SERVINGS;
    }
    return value;
  }

  /**
   * Ingredient lines from a many-to-many relation: `[{ <key>: { name }, amount, amount_max, unit, note, sort }]`,
   * in `sort` order (entries without sort after the others, in the order read). The first line of a
   * name wins, as in relatedNames. Problems are reported per line with the ingredient's name.
   */
  ingredientLines(field: string, key: string, optional: boolean): IngredientLine[] {
    const value = this.#record[field];
    if (!Array.isArray(value)) return []; // relatedNames reports it
    const entries = value
      .map((entry, index) => ({ entry: (entry ?? {}) as Record<string, unknown>, index }))
      .sort((a, b) => sortKey(a.entry.sort, a.index) - sortKey(b.entry.sort, b.index) || a.index - b.index);
    const lines: IngredientLine[] = [];
    for (const { entry } of entries) {
      const ingredient = entry[key] as { name?: unknown; plural?: unknown; whole_pieces?: unknown } | null | undefined;
      const name = ingredient?.name;
      if (typeof name !== "string" || name.trim() === "") continue; // relatedNames reports it
      const trimmed = name.trim();
      if (lines.some((line) => line.name === trimmed)) continue;
      const where = `${field} "${trimmed}"`;
      const line: IngredientLine = {
        name: trimmed,
        plural: null,
        wholePieces: ingredient?.whole_pieces === true,
        amount: null,
        amountMax: null,
        unit: null,
        note: null,
        optional,
      };

      // The plural only changes how a line reads, so a bad one is left out rather than
      // costing the recipe: "2 Zwiebel" is a flaw, a missing recipe is a loss.
      const plural = ingredient?.plural;
      if (typeof plural === "string" && plural.trim() !== "" && plural.trim().length <= MAX_PLURAL_LENGTH)
        line.plural = plural.trim() === trimmed ? null : plural.trim();

      const amount = decimal(entry.amount);
      if (amount === undefined)
        this.problems.push(`${where}: amount must be a positive number, got ${JSON.stringify(entry.amount)}`);
      else line.amount = amount;

      // A range ("2–3 EL", from an import): its upper end, above the lower one and only with it.
      const amountMax = decimal(entry.amount_max);
      if (amountMax === undefined) {
        this.problems.push(`${where}: amount_max must be a positive number, got ${JSON.stringify(entry.amount_max)}`);
      } else if (amountMax !== null) {
        if (amount === null) this.problems.push(`${where}: amount_max ${amountMax} needs an amount`);
        else if (amount !== undefined && amountMax <= amount) {
          this.problems.push(`${where}: amount_max ${amountMax} must be above amount ${amount}`);
        } else line.amountMax = amountMax;
      }

      const unit = entry.unit;
      if (unit !== null && unit !== undefined && unit !== "") {
        if (!UNITS.includes(unit as Unit)) {
          this.problems.push(`${where}: unit ${JSON.stringify(unit)} is not one of ${UNITS.join(", ")}`);
        } else if (amount === null) {
          this.problems.push(`${where}: unit "${String(unit)}" needs an amount`);
        } else line.unit = unit as Unit;
      }

      const note = entry.note;
      if (note !== null && note !== undefined && note !== "") {
        if (typeof note !== "string") this.problems.push(`${where}: note is not text`);
        else if (note.trim().length > MAX_NOTE_LENGTH) {
          this.problems.push(`${where}: note is longer than ${MAX_NOTE_LENGTH} characters`);
        } else line.note = note.trim() || null;
      }
      lines.push(line);
    }
    return lines;
  }
}

function sortKey(sort: unknown, index: number): number {
  return typeof sort === "number" && Number.isFinite(sort) ? sort : Number.MAX_SAFE_INTEGER - 1_000_000 + index;
}

const DECIMAL = /^\d+(?:\.\d+)?$/;

/**
 * A positive finite amount, null for none, undefined when invalid. The field is a `float` (see
 * decision 0017), which Directus returns as a number; a plain decimal string ("200.000", what Directus
 * returns for `decimal` columns) is accepted too, so a later change of the column type keeps working.
 */
function decimal(value: unknown): number | null | undefined {
  if (value === null || value === undefined || value === "") return null;
  const number =
    typeof value === "number"
      ? value
      : typeof value === "string" && DECIMAL.test(value.trim())
        ? Number(value)
        : Number.NaN;
  return Number.isFinite(number) && number > 0 ? number : undefined;
}

/** A published recipe, or the list of its problems. */
export function checkRecipe(raw: RawRecipe): CheckedRecipe {
  const check = new Checker(raw);
  const id = raw.id;
  if (typeof id !== "number" || !Number.isInteger(id)) check.problems.push("id is not an integer");
  const slug = check.text("slug", { max: 200 });
  if (slug !== null && !SLUG.test(slug)) check.problems.push(`slug "${slug}" is not lower-case words joined by "-"`);
  const name = check.text("name", { max: 200 });

  const rawSteps = raw.instructionList;
  const steps: string[] = [];
  if (rawSteps !== null && rawSteps !== undefined) {
    if (!Array.isArray(rawSteps)) check.problems.push("instructionList is not a list");
    else {
      for (const step of rawSteps) {
        const text = (step as { instruction?: unknown } | null)?.instruction;
        if (typeof text === "string" && text.trim() !== "") steps.push(text.trim());
        else check.problems.push("instructionList has a step without text");
      }
    }
  }
  const instructions = check.text("instructions", { optional: true });
  if (steps.length === 0 && !instructions) check.problems.push("neither instructionList nor instructions");

  const prepTime = check.minutes("prepTime", 0);
  const cookTime = check.minutes("cookTime", 0);
  const totalTime = check.minutes("totalTime", 1);
  const recipeUrl = check.text("recipeUrl", { optional: true, max: 2_000 });
  if (recipeUrl && !/^https?:\/\/\S+$/.test(recipeUrl))
    check.problems.push(`recipeUrl "${recipeUrl}" is not a web address`);
  const image = raw.image;
  if (image !== null && image !== undefined && typeof image !== "string") check.problems.push("image is not a file id");
  const published = check.text("date_created", { max: 40 });
  if (published && Number.isNaN(Date.parse(published))) check.problems.push("date_created is not a date");

  const ingredients = check.relatedNames("ingredients", "ingredient_id");
  if (ingredients.length === 0) check.problems.push("ingredients is empty");
  const optionalIngredients = check
    .relatedNames("optionalIngredients", "ingredient_id")
    .filter((ingredient) => !ingredients.includes(ingredient));
  const servings = check.servings("servings");
  const ingredientLines = [
    ...check.ingredientLines("ingredients", "ingredient_id", false),
    ...check
      .ingredientLines("optionalIngredients", "ingredient_id", true)
      .filter((line) => !ingredients.includes(line.name)),
  ];
  // Only required lines count (nutrition-per-portion.ts), so only their ingredients are read with their values.
  const nutrition = nutritionPerPortion(ingredientLines, factsByName(raw.ingredients), servings);

  const value: CatalogRecipe = {
    id: id as number,
    slug: slug ?? "",
    name: name ?? "",
    cuisine: check.text("cuisine", { optional: true, max: 100 }),
    description: check.text("description", { optional: true }),
    instructions,
    steps,
    image: typeof image === "string" ? image : null,
    recipeUrl,
    prepTime,
    cookTime,
    totalTime,
    vegetarian: check.flag("vegetarian"),
    vegan: check.flag("vegan"),
    manyGuests: check.flag("manyGuests"),
    type: check.enumName<RecipeType>("type", RECIPE_TYPES) ?? "DISH",
    published: published && !Number.isNaN(Date.parse(published)) ? new Date(published).toISOString() : "",
    servings,
    ingredients,
    optionalIngredients,
    ingredientLines,
    nutrition: nutrition.ok ? roundedNutrients(nutrition.perPortion) : null,
  };
  if (check.problems.length > 0) return { ok: false, problems: check.problems };
  return { ok: true, value, nutritionGap: nutrition.ok ? null : nutritionGapText(nutrition.gaps) };
}

/** An ingredient, or the list of its problems. */
export function checkIngredient(raw: RawIngredient): Checked<RawIngredientRecord> {
  const check = new Checker(raw);
  const name = check.text("name", { max: 200 });
  const tags = (Array.isArray(raw.tags) ? raw.tags : [])
    .map((tag) => (tag as { IngredientType_id?: { name?: unknown } | null } | null)?.IngredientType_id?.name)
    .filter((tag): tag is IngredientType => INGREDIENT_TYPES.includes(tag as IngredientType));
  const value: RawIngredientRecord = {
    name: name ?? "",
    description: check.text("description", { optional: true }),
    vegetarian: check.flag("vegetarian"),
    vegan: check.flag("vegan"),
    type: check.enumName<IngredientType>("type", INGREDIENT_TYPES, { optional: true }),
    tags: [...new Set(tags)],
  };
  return check.problems.length > 0 ? { ok: false, problems: check.problems } : { ok: true, value };
}
