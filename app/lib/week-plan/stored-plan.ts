/**
 * The week plan as it is kept: on the device (localStorage, device-plan.ts)
 * and in the visitor's account (Directus' `week_plans`,
 * week-plan-api.server.ts), in one format, read as untrusted like the
 * shopping list (decision 0041): what does not fit the schema is left out and
 * named, reading never throws.
 *
 * An entry is one recipe on one day, by its slug (never a position in a
 * catalog version, which the next publication changes), with its servings.
 * Its identity is the day and the recipe: a recipe is on a day once.
 *
 * The schema is checked by hand rather than with valibot, as the shopping
 * list's is: three fields do not need a library, and the week plan's page
 * stays within its script budget without it (decision 0070).
 */
import { MAX_PLAN_ENTRIES, PLAN_MAX_SERVINGS, PLAN_MIN_SERVINGS, WEEK_DAYS } from "./plan-limits.ts";

export interface PlanEntry {
  /** 0 = Montag … 6 = Sonntag. */
  day: number;
  /** The recipe's slug. */
  recipe: string;
  /** The servings it is cooked for, as the recipe page offers them (1–12). */
  servings: number;
}

/** Why a stored plan was not read whole: the page says it in German and keeps what it could read. */
export type PlanProblem = "beschaedigt" | "zu-gross";

/** The longest stored text that is read at all: 42 entries of the longest slugs stay far below it. */
export const MAX_STORED_PLAN_CHARACTERS = 12_000;

const FORMAT_VERSION = 1;

/** Lower-case words joined by "-", as the sync accepts recipe slugs (catalog/sync/validate.ts). */
export const RECIPE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 150;

/** Exactly these keys: an entry with more is not one this site wrote. */
const ENTRY_KEYS = ["day", "recipe", "servings"];

function isWholeIn(value: unknown, min: number, max: number): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
}

export interface ReadPlan {
  entries: PlanEntry[];
  problem: PlanProblem | null;
}

/** The identity of an entry: one per day and recipe. */
export function planEntryId(entry: Pick<PlanEntry, "day" | "recipe">): string {
  return `${entry.day}|${entry.recipe}`;
}

/** A single entry if `value` is one, else undefined. */
export function parsePlanEntry(value: unknown): PlanEntry | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const { day, recipe, servings } = value as Record<string, unknown>;
  const valid =
    Object.keys(value).every((key) => ENTRY_KEYS.includes(key)) &&
    isWholeIn(day, 0, WEEK_DAYS.length - 1) &&
    typeof recipe === "string" &&
    recipe.length <= MAX_SLUG_LENGTH &&
    RECIPE_SLUG.test(recipe) &&
    isWholeIn(servings, PLAN_MIN_SERVINGS, PLAN_MAX_SERVINGS);
  return valid ? { day, recipe, servings } : undefined;
}

/** The entries of a parsed stored value; null or undefined is an empty plan. */
export function readStoredPlan(value: unknown): ReadPlan {
  if (value === null || value === undefined) return { entries: [], problem: null };
  const { version, entries: stored } = (typeof value === "object" ? value : {}) as Record<string, unknown>;
  if (version !== FORMAT_VERSION || !Array.isArray(stored)) return { entries: [], problem: "beschaedigt" };
  if (stored.length > MAX_PLAN_ENTRIES) return { entries: [], problem: "zu-gross" };
  const seen = new Set<string>();
  const entries: PlanEntry[] = [];
  for (const candidate of stored) {
    const entry = parsePlanEntry(candidate);
    if (!entry || seen.has(planEntryId(entry))) continue;
    seen.add(planEntryId(entry));
    entries.push(entry);
  }
  return { entries, problem: entries.length === stored.length ? null : "beschaedigt" };
}

/** The entries of a stored text (localStorage): too long is "zu-gross", not JSON is "beschaedigt". */
export function parseStoredPlanText(stored: string | null): ReadPlan {
  if (stored === null) return { entries: [], problem: null };
  if (stored.length > MAX_STORED_PLAN_CHARACTERS) return { entries: [], problem: "zu-gross" };
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return { entries: [], problem: "beschaedigt" };
  }
  return value === null ? { entries: [], problem: "beschaedigt" } : readStoredPlan(value);
}

/** The value to store: the format's version and the entries with exactly the schema's fields. */
export function storedPlanValue(entries: readonly PlanEntry[]): { version: number; entries: PlanEntry[] } {
  return { version: FORMAT_VERSION, entries: entries.map(({ day, recipe, servings }) => ({ day, recipe, servings })) };
}
