/**
 * From the parser's readings of a pasted list to what is written: the recipe's new ingredient lines in
 * order, the ingredients to propose (drafts, never a second ingredient of a name), the lines a replace
 * removes, and the German notes for the editor. Pure: the operation (api.ts) reads Directus before and
 * writes this plan afterwards, in one transaction.
 */
import type { IngredientLineReading } from "../../../../catalog/ingredient-lines/read-line.ts";
import type { Unit } from "../../../../catalog/recipes/units.ts";
import { fittedNote, ingredientNamesProblem, unreadLineProblem } from "../../../../scripts/import/line-problems.ts";
import type { PasteRequest } from "./paste-request.ts";

/** An ingredient as Directus has it; "draft" is one proposed and not yet confirmed by an editor. */
export interface IngredientRecord {
  id: number | string;
  name: string;
  plural: string | null;
  status: string;
}

/** A recipe's list of ingredient lines: the required ones or the optional ones (their m2m fields). */
export type IngredientList = "ingredients" | "optionalIngredients";
export const INGREDIENT_LISTS: readonly IngredientList[] = ["ingredients", "optionalIngredients"];

/** A junction row the recipe has: its id and place. */
export interface ExistingLine {
  id: number | string;
  sort: number | null;
}

/** The ingredient of a new line: one Directus has, or a draft this paste creates (by its name). */
export type LineIngredient = { id: number | string } | { propose: string };

export interface PlannedLine {
  list: IngredientList;
  ingredient: LineIngredient;
  amount: number | null;
  amount_max: number | null;
  unit: Unit | null;
  note: string | null;
  sort: number;
}

export interface PastePlan {
  lines: PlannedLine[];
  /** Names of the drafts to create, each once. */
  propose: string[];
  /** Drafts that existed already and that lines now use. */
  unconfirmed: string[];
  /** Junction rows a replace removes, per list. */
  remove: Record<IngredientList, (number | string)[]>;
  /** Lines the parser could not read, with its reason. */
  unread: { line: string; reason: string }[];
  /** What the editor should look at, one German sentence each: appended to the recipe's "Zu prüfen (Import)". */
  problems: string[];
}

/** The longest name a proposed ingredient may get; a longer one is most likely a sentence, not a name. */
export const MAX_PROPOSED_NAME_LENGTH = 80;

/** Names compared as an editor would: case and surrounding spaces do not count. */
export function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLocaleLowerCase("de-DE");
}

function nextSort(existing: ExistingLine[]): number {
  return existing.reduce((highest, line) => Math.max(highest, line.sort ?? 0), existing.length) + 1;
}

/**
 * The plan for a paste. `ingredients` are all of Directus' (confirmed and proposed); `existing` are the
 * recipe's junction rows per list. A line the parser marks optional ("Petersilie (optional)") goes to the
 * optional ingredients, as do all lines when the editor asked for that. A replace removes the lines of
 * each list the paste writes to, and leaves the other list alone.
 */
export function planPaste(
  readings: IngredientLineReading[],
  request: Pick<PasteRequest, "mode" | "optional">,
  ingredients: IngredientRecord[],
  existing: Record<IngredientList, ExistingLine[]>,
  recipeIsPublished: boolean,
): PastePlan {
  const byName = new Map<string, IngredientRecord>();
  for (const ingredient of ingredients) {
    // Names first: a plural equal to another ingredient's name must not hide that ingredient.
    byName.set(nameKey(ingredient.name), ingredient);
  }
  for (const ingredient of ingredients) {
    if (ingredient.plural && !byName.has(nameKey(ingredient.plural)))
      byName.set(nameKey(ingredient.plural), ingredient);
  }

  const propose = new Map<string, string>();
  const unconfirmed = new Map<string, string>();
  const unread: PastePlan["unread"] = [];
  const problems: string[] = [];
  const read: { list: IngredientList; line: Omit<PlannedLine, "list" | "sort"> }[] = [];

  for (const reading of readings) {
    if (!reading.ok) {
      unread.push({ line: reading.line, reason: reading.reason });
      problems.push(unreadLineProblem(reading.line, reading.reason));
      continue;
    }
    const name = reading.ingredient.trim().replace(/\s+/g, " ");
    let ingredient: LineIngredient;
    const found = byName.get(nameKey(name));
    if (found) {
      ingredient = { id: found.id };
      if (found.status === "draft") unconfirmed.set(nameKey(found.name), found.name);
    } else if (name.length > MAX_PROPOSED_NAME_LENGTH || name === "") {
      const reason = `Kein Zutatenname erkannt: ein Name hat höchstens ${MAX_PROPOSED_NAME_LENGTH} Zeichen.`;
      unread.push({ line: reading.line, reason });
      problems.push(unreadLineProblem(reading.line, reason));
      continue;
    } else {
      if (!propose.has(nameKey(name))) propose.set(nameKey(name), name);
      ingredient = { propose: propose.get(nameKey(name)) as string };
    }
    const { note, problem } = fittedNote(reading.note, name);
    if (problem) problems.push(problem);
    read.push({
      list: request.optional || reading.optional ? "optionalIngredients" : "ingredients",
      line: { ingredient, amount: reading.amount, amount_max: reading.amountMax, unit: reading.unit, note },
    });
  }

  const written = new Set(read.map(({ list }) => list));
  const remove: PastePlan["remove"] = { ingredients: [], optionalIngredients: [] };
  const sorts = {} as Record<IngredientList, number>;
  for (const list of INGREDIENT_LISTS) {
    const replaced = request.mode === "replace" && written.has(list);
    if (replaced) remove[list] = existing[list].map((line) => line.id);
    sorts[list] = replaced ? 1 : nextSort(existing[list]);
  }
  const lines = read.map(({ list, line }) => ({ list, ...line, sort: sorts[list]++ }));

  if (propose.size > 0) {
    problems.push(ingredientNamesProblem([...propose.values()], "Neue Zutat", "Neue Zutaten", "vorgeschlagen"));
  }
  if (unconfirmed.size > 0) {
    problems.push(
      ingredientNamesProblem(
        [...unconfirmed.values()],
        "Vorgeschlagene Zutat",
        "Vorgeschlagene Zutaten",
        "noch nicht bestätigt",
      ),
    );
  }
  if (recipeIsPublished && propose.size + unconfirmed.size > 0) {
    problems.push(
      "Das Rezept ist veröffentlicht: Bis jede vorgeschlagene Zutat bestätigt ist, lässt die Website es aus.",
    );
  }
  return { lines, propose: [...propose.values()], unconfirmed: [...unconfirmed.values()], remove, unread, problems };
}

/** The recipe's "Zu prüfen (Import)" with the plan's problems appended, one a line; unchanged without any. */
export function withProblems(current: string | null, problems: string[]): string | null {
  if (problems.length === 0) return current;
  const kept = (current ?? "").trimEnd();
  return [...(kept === "" ? [] : [kept]), ...problems].join("\n");
}
