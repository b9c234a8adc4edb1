/**
 * The matching column's piece: what ingredient matching and the pantry
 * questions read of a list piece's recipes, laid out so that a reader fills
 * its typed arrays in one pass over each part, with no JSON to parse beyond
 * a small header and nothing to invert (decision 0057):
 *
 *   {"recipes":n,"ingredients":[…],"postings":[…]}   header: the piece's ingredient table, and how
 *                                                     many of its recipes need each ingredient
 *   minutes count ingredient…  minutes count …        per recipe: its total time, how many ingredients
 *                                                     it needs, and each one's number in the table
 *   gap gap … gap gap …                               per ingredient, in table order: the rows (within
 *                                                     the piece) of the recipes that need it, ascending,
 *                                                     each as its distance from the row before less one
 *
 * The three parts are separated by line breaks; the last two are compact
 * numbers (catalog/search/engine/compact-numbers.ts), printable ASCII.
 * A recipe names each ingredient once: one it lists twice needs it once,
 * as matching has counted it since decision 0053. The table is the
 * piece's own, so a new ingredient changes only the piece of the recipe
 * that uses it, and lists the most needed first, so that most numbers
 * take one character. Both writers make a piece through `matchingPieceText`
 * (stored-catalog.ts `columnBlobs`).
 */
import type { CatalogRecipe } from "../recipes/types.ts";
import { NumberWriter } from "../search/engine/compact-numbers.ts";

const PART_END = "\n";

/** A matching piece as read: its header, and where each of the two parts of numbers starts in its text. */
export interface MatchingPieceText {
  text: string;
  /** How many recipes it holds. */
  recipes: number;
  /** The piece's ingredient table: a recipe names its ingredients by their index here. */
  ingredients: string[];
  /** Per ingredient of the table: how many of the piece's recipes need it. */
  postings: number[];
  /** Where the recipes' part starts, and where it ends (its line break). */
  recipesStart: number;
  recipesEnd: number;
  /** Where the postings' part starts; it ends with the text. */
  postingsStart: number;
}

/**
 * The total time as a matching piece holds it: a whole number of minutes,
 * at least 0. Validation lets through whole minutes from 1 only
 * (catalog/sync/validate.ts); this keeps a writer from failing on anything else.
 */
function storedMinutes(minutes: number): number {
  return Number.isFinite(minutes) ? Math.max(0, Math.floor(minutes)) : 0;
}

/** The text of the matching piece of `recipes` (in stored order). */
export function matchingPieceText(recipes: readonly Pick<CatalogRecipe, "ingredients" | "totalTime">[]): string {
  const runs = recipes.map((recipe) => [...new Set(recipe.ingredients)]);
  // Map order is first use: ties of the sort below keep it, so the table depends on the recipes alone.
  const needs = new Map<string, number>();
  for (const run of runs) for (const name of run) needs.set(name, (needs.get(name) ?? 0) + 1);
  const ingredients = [...needs.keys()].sort((a, b) => (needs.get(b) ?? 0) - (needs.get(a) ?? 0));
  const indexOf = new Map(ingredients.map((name, index) => [name, index]));
  const rows: number[][] = ingredients.map(() => []);
  const perRecipe = new NumberWriter();
  runs.forEach((run, row) => {
    perRecipe.write(storedMinutes(recipes[row]?.totalTime ?? 0));
    perRecipe.write(run.length);
    for (const name of run) {
      const index = indexOf.get(name) ?? 0;
      perRecipe.write(index);
      rows[index]?.push(row);
    }
  });
  const postings = new NumberWriter();
  for (const list of rows) {
    let previous = -1;
    for (const row of list) {
      postings.write(row - previous - 1);
      previous = row;
    }
  }
  const header = JSON.stringify({
    recipes: recipes.length,
    ingredients,
    postings: rows.map((list) => list.length),
  });
  return `${header}${PART_END}${perRecipe}${PART_END}${postings}`;
}

/** Reads a matching piece's header; the parts of numbers are read where they lie. */
export function readMatchingPiece(text: string): MatchingPieceText {
  const headerEnd = text.indexOf(PART_END);
  const recipesEnd = headerEnd === -1 ? -1 : text.indexOf(PART_END, headerEnd + 1);
  if (recipesEnd === -1) throw new Error("catalog: a matching piece does not have its three parts");
  const header = JSON.parse(text.slice(0, headerEnd)) as Partial<MatchingPieceText>;
  const { recipes, ingredients, postings } = header;
  if (
    typeof recipes !== "number" ||
    !Array.isArray(ingredients) ||
    !Array.isArray(postings) ||
    postings.length !== ingredients.length
  ) {
    throw new Error("catalog: a matching piece's header does not name its recipes, ingredients and postings");
  }
  return {
    text,
    recipes,
    ingredients,
    postings,
    recipesStart: headerEnd + 1,
    recipesEnd,
    postingsStart: recipesEnd + 1,
  };
}
