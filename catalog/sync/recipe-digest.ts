/**
 * A recipe's digest: a short text that changes whenever anything a version
 * stores of the recipe changes. It tells what changed between two reads
 * (the coordinator's summary), which recipes' content is new (publication
 * statuses), and which list pieces must be made again (stage-build.ts).
 */
import { comparableRecipe } from "../format/stored-catalog.ts";
import type { CatalogRecipe } from "../recipes/types.ts";

/** A short digest of a text: enough to tell a changed recipe, not a security hash. */
function digestText(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995) ^ (b >>> 13);
  }
  return `${(a >>> 0).toString(36)}.${(b >>> 0).toString(36)}.${text.length.toString(36)}`;
}

export function recipeDigest(recipe: CatalogRecipe): string {
  return digestText(comparableRecipe(recipe));
}
