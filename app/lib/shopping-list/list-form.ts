/**
 * The shopping list's posted forms, parsed: every field checked for shape and
 * size before anything uses it. What does not parse is one answer, a 400
 * (routes/shopping-list.tsx); nothing here throws.
 */
import {
  RECIPE_ACTION_FIELD,
  RECIPE_FIELD,
  SERVINGS_PARAM,
  SHOPPING_ACTIONS,
  SHOPPING_DONE_FIELD,
  SHOPPING_ENTRIES_FIELD,
  SHOPPING_INGREDIENT_FIELD,
  SHOPPING_LINE_FIELD,
} from "../url/form-fields.ts";
import { parseServingsParam } from "../url/servings-param.ts";
import { MAX_ENTRIES } from "./limits.ts";
import { parseEntry, type ShoppingEntry } from "./stored-list.ts";

export type ListRequest =
  | {
      kind: "add";
      recipe: string;
      /** Null: the recipe's own servings. */
      servings: number | null;
      /** Null: every required ingredient of the recipe. */
      ingredients: string[] | null;
    }
  | { kind: "tick"; line: string; done: boolean }
  | { kind: "remove"; line: string }
  | { kind: "clear" }
  | { kind: "merge"; entries: ShoppingEntry[] };

/** More ingredients than any recipe has. */
const MAX_INGREDIENTS = 60;
/** A line key is JSON of a name (at most 100 characters) and a family. */
const MAX_LINE_KEY_LENGTH = 300;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PRINTABLE = /^[^\p{Cc}\p{Cs}]+$/u;

/** The field's one value as text; undefined when it is missing, repeated or not text. */
function single(form: FormData, field: string): string | undefined {
  const values = form.getAll(field);
  return values.length === 1 && typeof values[0] === "string" ? values[0] : undefined;
}

function lineKey(form: FormData): string | undefined {
  const key = single(form, SHOPPING_LINE_FIELD);
  if (key === undefined || key.length > MAX_LINE_KEY_LENGTH) return undefined;
  try {
    const parts: unknown = JSON.parse(key);
    return Array.isArray(parts) && parts.length === 2 && parts.every((part) => typeof part === "string")
      ? key
      : undefined;
  } catch {
    return undefined;
  }
}

function addRequest(form: FormData): ListRequest | undefined {
  const recipe = single(form, RECIPE_FIELD);
  if (recipe === undefined || recipe.length > 150 || !SLUG.test(recipe)) return undefined;
  const servingsValues = form.getAll(SERVINGS_PARAM);
  let servings: number | null = null;
  if (servingsValues.length > 0) {
    const search = new URLSearchParams();
    for (const value of servingsValues) search.append(SERVINGS_PARAM, typeof value === "string" ? value : "");
    const choice = parseServingsParam(search);
    if (choice.kind !== "chosen") return undefined;
    servings = choice.servings;
  }
  const names = form.getAll(SHOPPING_INGREDIENT_FIELD);
  if (names.length > MAX_INGREDIENTS) return undefined;
  const ingredients: string[] = [];
  for (const name of names) {
    if (typeof name !== "string" || name.length > 100 || !PRINTABLE.test(name)) return undefined;
    if (!ingredients.includes(name)) ingredients.push(name);
  }
  return { kind: "add", recipe, servings, ingredients: names.length > 0 ? ingredients : null };
}

function mergeRequest(form: FormData): ListRequest | undefined {
  const json = single(form, SHOPPING_ENTRIES_FIELD);
  if (json === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || value.length > MAX_ENTRIES) return undefined;
  const entries: ShoppingEntry[] = [];
  for (const candidate of value) {
    const entry = parseEntry(candidate);
    // The device's list was read through the same schema: anything else did not come from our page.
    if (!entry) return undefined;
    entries.push(entry);
  }
  return { kind: "merge", entries };
}

/** The request a shopping list form makes, or undefined when it is not one this site's pages send. */
export function parseListForm(form: FormData): ListRequest | undefined {
  switch (single(form, RECIPE_ACTION_FIELD)) {
    case SHOPPING_ACTIONS.add:
      return addRequest(form);
    case SHOPPING_ACTIONS.tick: {
      const line = lineKey(form);
      const done = single(form, SHOPPING_DONE_FIELD);
      if (line === undefined || (done !== "1" && done !== "0")) return undefined;
      return { kind: "tick", line, done: done === "1" };
    }
    case SHOPPING_ACTIONS.remove: {
      const line = lineKey(form);
      return line === undefined ? undefined : { kind: "remove", line };
    }
    case SHOPPING_ACTIONS.clear:
      return { kind: "clear" };
    case SHOPPING_ACTIONS.merge:
      return mergeRequest(form);
    default:
      return undefined;
  }
}
