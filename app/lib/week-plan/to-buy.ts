/**
 * "Du brauchst nur noch: …" of a week plan (issue 46): what its recipes need
 * that is neither in the pantry nor among the basics at hand, with each
 * recipe's amounts scaled to its servings and combined across recipes by
 * the shopping list's rules (combine.ts: g with kg, ml with l, counted
 * things, other units each on its own line). The same lines serve the
 * proposal ("Plan meine Woche") and, later, the week's shopping list.
 */
import { type CombinedLine, combineEntries } from "../shopping-list/combine.ts";
import { entriesForRecipe, type RecipeForList } from "../shopping-list/recipe-entries.ts";

/** A day's recipe and the servings it is cooked for. */
export interface PlannedRecipe {
  recipe: RecipeForList;
  servings: number;
}

/**
 * The combined lines of what `planned` needs besides `atHand` (ingredient
 * names: the pantry's and the basics at hand). A recipe planned twice counts
 * twice; optional lines are left out, as the shopping list leaves them.
 */
export function toBuyLines(planned: readonly PlannedRecipe[], atHand: ReadonlySet<string>): CombinedLine[] {
  const entries = planned.flatMap(({ recipe, servings }) =>
    entriesForRecipe(recipe, servings).filter((entry) => !atHand.has(entry.name)),
  );
  return combineEntries(entries);
}
