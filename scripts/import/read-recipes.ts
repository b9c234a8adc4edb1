/**
 * `npm run import`'s reading (issue 41): every schema.org Recipe in the given files, folders and
 * http(s) addresses, as the drafts the writer sends to Directus, or skipped with a German reason.
 * Ingredient lines are read by the German parser of catalog/ingredient-lines/, matched against the
 * ingredients Directus already has. The reading itself is in read-sources.ts, the mapping of one
 * recipe in map-recipe.ts.
 */
import { createIngredientMatcher } from "../../catalog/ingredient-lines/ingredient-matcher.ts";
import { parseIngredientLine } from "../../catalog/ingredient-lines/parse-ingredient-line.ts";
import type { KnownIngredientFacts, ReadOutcome } from "./imported-recipe.ts";
import { type ReadRecipesOptions, readRecipesWith } from "./read-sources.ts";

export type { ReadRecipesOptions } from "./read-sources.ts";

/** Every recipe in the inputs, in order, read lazily: a file, NDJSON line or URL at a time. */
export function readRecipes(
  inputs: readonly string[],
  known: readonly KnownIngredientFacts[],
  options?: ReadRecipesOptions,
): AsyncIterable<ReadOutcome> {
  const matcher = createIngredientMatcher(known.map(({ name, plural }) => ({ name, plural })));
  return readRecipesWith(inputs, known, (line) => parseIngredientLine(line, matcher), options);
}
