/**
 * "Einkaufsliste für die Woche": what the plan's recipes need besides what is
 * at hand (the remembered pantry's ingredients and the basics at hand), each
 * entry scaled to its servings (decision 0070). The shopping list knows an
 * entry by its recipe and ingredient (decision 0041), so a recipe planned on
 * several days becomes one entry per ingredient with the days' amounts added
 * up; adding the week again then replaces those entries rather than counting
 * the week twice.
 */
import { type CombinedLine, familyOf } from "../shopping-list/combine.ts";
import { entriesForRecipe, type RecipeForList } from "../shopping-list/recipe-entries.ts";
import { entryId, parseEntry, type ShoppingEntry } from "../shopping-list/stored-list.ts";
import type { PlanEntry } from "./stored-plan.ts";
import { toBuyLines } from "./to-buy.ts";

/** `a` and `b`, one recipe's line of one ingredient, as one entry: added in their family's unit. */
function addUp(a: ShoppingEntry, b: ShoppingEntry): ShoppingEntry {
  const fa = familyOf(a);
  const fb = familyOf(b);
  // One recipe's line scaled for other servings stays in its family; a line without amount stays one.
  if (fa.family !== fb.family || a.amount === null || b.amount === null) return a;
  if (a.unit === b.unit) return { ...a, amount: a.amount + b.amount };
  return { ...a, unit: fa.unit, amount: a.amount * fa.factor + b.amount * fb.factor };
}

/** The week's entries for the shopping list, one per recipe and ingredient, less what is at hand. */
export function weekListEntries(
  plan: readonly PlanEntry[],
  recipes: ReadonlyMap<string, RecipeForList>,
  atHand: ReadonlySet<string>,
): ShoppingEntry[] {
  const byId = new Map<string, ShoppingEntry>();
  for (const entry of plan) {
    const recipe = recipes.get(entry.recipe);
    if (!recipe) continue;
    for (const line of entriesForRecipe(recipe, entry.servings)) {
      if (atHand.has(line.name)) continue;
      const id = entryId(line);
      const before = byId.get(id);
      byId.set(id, before ? addUp(before, line) : line);
    }
  }
  // Only what the stored format holds: a catalog name longer than it allows is left out, as a recipe's add does.
  return [...byId.values()].filter((entry) => parseEntry(entry) !== undefined);
}

/** The week's lines as the shopping list shows them: combined per ingredient across recipes ("Du brauchst nur noch"). */
export function weekListLines(
  plan: readonly PlanEntry[],
  recipes: ReadonlyMap<string, RecipeForList>,
  atHand: ReadonlySet<string>,
): CombinedLine[] {
  const planned = plan.flatMap((entry) => {
    const recipe = recipes.get(entry.recipe);
    return recipe ? [{ recipe, servings: entry.servings }] : [];
  });
  return toBuyLines(planned, atHand);
}
