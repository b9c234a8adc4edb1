/**
 * The week plan's posted forms, parsed as hostile input: every field checked
 * for shape and size before anything uses it, repeats refused. What does not
 * parse is one answer, a 400 (routes/week-plan.tsx); nothing here throws.
 */
import { RECIPE_ACTION_FIELD, RECIPE_FIELD, SERVINGS_PARAM } from "../url/form-fields.ts";
import {
  WEEK_PLAN_ACTIONS,
  WEEK_PLAN_DAY_FIELD,
  WEEK_PLAN_ENTRY_FIELD,
  WEEK_PLAN_TO_DAY_FIELD,
} from "./plan-fields.ts";
import { MAX_PLAN_ENTRIES, WEEK_DAYS } from "./plan-limits.ts";
import type { PlanOperation } from "./plan-operations.ts";
import { MAX_SLUG_LENGTH, type PlanEntry, RECIPE_SLUG } from "./stored-plan.ts";

export type PlanRequest =
  | PlanOperation
  /** "Plan meine Woche"'s days, added to the plan (redirected to the device's page without an account). */
  | { kind: "proposal"; entries: PlanEntry[] }
  /** The week's shopping list onto the shopping list (the account's: the device's is changed in the browser). */
  | { kind: "to-shopping-list" }
  /** A device's plan, for the page to show its recipes and the week's list (changes nothing). */
  | { kind: "view"; entries: PlanEntry[] };

/** A day's index, written as the form writes it: one digit, 0 to 6. */
const DAY = /^[0-6]$/;
/** Servings as the recipe page writes them: 1 to 12, no leading zero. */
const SERVINGS = /^(?:[1-9]|1[0-2])$/;

/** The field's one value as text; undefined when it is missing, repeated or not text. */
function single(form: FormData, field: string): string | undefined {
  const values = form.getAll(field);
  return values.length === 1 && typeof values[0] === "string" ? values[0] : undefined;
}

function day(value: string | undefined): number | undefined {
  return value !== undefined && DAY.test(value) && Number(value) < WEEK_DAYS.length ? Number(value) : undefined;
}

function servings(value: string | undefined): number | undefined {
  return value !== undefined && SERVINGS.test(value) ? Number(value) : undefined;
}

/** A recipe's slug as a form or an address gives it, or undefined when it cannot be one. */
export function parseRecipeSlug(value: string | undefined): string | undefined {
  return value !== undefined && value.length <= MAX_SLUG_LENGTH && RECIPE_SLUG.test(value) ? value : undefined;
}

/** One `eintrag` value, `<tag>|<slug>|<portionen>`, or undefined. */
export function parseEntryField(value: string): PlanEntry | undefined {
  if (value.length > MAX_SLUG_LENGTH + 6) return undefined;
  const parts = value.split("|");
  if (parts.length !== 3) return undefined;
  const entry = { day: day(parts[0]), recipe: parseRecipeSlug(parts[1]), servings: servings(parts[2]) };
  return entry.day === undefined || entry.recipe === undefined || entry.servings === undefined
    ? undefined
    : { day: entry.day, recipe: entry.recipe, servings: entry.servings };
}

/** The `eintrag` field of an entry. */
export function entryField(entry: PlanEntry): string {
  return `${entry.day}|${entry.recipe}|${entry.servings}`;
}

/** Every `eintrag` (at least one, at most a full plan), or undefined when one of them is not one. */
function entries(form: FormData): PlanEntry[] | undefined {
  const values = form.getAll(WEEK_PLAN_ENTRY_FIELD);
  if (values.length === 0 || values.length > MAX_PLAN_ENTRIES) return undefined;
  const parsed: PlanEntry[] = [];
  for (const value of values) {
    const entry = typeof value === "string" ? parseEntryField(value) : undefined;
    if (!entry) return undefined;
    parsed.push(entry);
  }
  return parsed;
}

/** The entry a form names by its day and recipe, or undefined. */
function named(form: FormData): { day: number; recipe: string } | undefined {
  const entry = { day: day(single(form, WEEK_PLAN_DAY_FIELD)), recipe: parseRecipeSlug(single(form, RECIPE_FIELD)) };
  return entry.day === undefined || entry.recipe === undefined ? undefined : { day: entry.day, recipe: entry.recipe };
}

/** The request a week plan form makes, or undefined when it is not one this site's pages send. */
export function parsePlanForm(form: FormData): PlanRequest | undefined {
  switch (single(form, RECIPE_ACTION_FIELD)) {
    case WEEK_PLAN_ACTIONS.add: {
      const entry = named(form);
      const count = servings(single(form, SERVINGS_PARAM));
      return entry && count !== undefined ? { kind: "add", entries: [{ ...entry, servings: count }] } : undefined;
    }
    case WEEK_PLAN_ACTIONS.move: {
      const entry = named(form);
      const to = day(single(form, WEEK_PLAN_TO_DAY_FIELD));
      return entry && to !== undefined ? { kind: "move", ...entry, to } : undefined;
    }
    case WEEK_PLAN_ACTIONS.servings: {
      const entry = named(form);
      const count = servings(single(form, SERVINGS_PARAM));
      return entry && count !== undefined ? { kind: "servings", ...entry, servings: count } : undefined;
    }
    case WEEK_PLAN_ACTIONS.remove: {
      const entry = named(form);
      return entry ? { kind: "remove", ...entry } : undefined;
    }
    case WEEK_PLAN_ACTIONS.clear:
      return { kind: "clear" };
    case WEEK_PLAN_ACTIONS.proposal: {
      const proposed = entries(form);
      return proposed ? { kind: "proposal", entries: proposed } : undefined;
    }
    case WEEK_PLAN_ACTIONS.merge: {
      const device = entries(form);
      return device ? { kind: "merge", entries: device } : undefined;
    }
    case WEEK_PLAN_ACTIONS.toShoppingList:
      return { kind: "to-shopping-list" };
    case WEEK_PLAN_ACTIONS.view: {
      const plan = entries(form);
      return plan ? { kind: "view", entries: plan } : undefined;
    }
    default:
      return undefined;
  }
}
