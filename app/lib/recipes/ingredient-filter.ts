/**
 * The ingredient picker's filter ("Zutat finden"), by the name search's word
 * rules (issue 17): "käse" lists Parmesan and Feta as well as Ziegenkäse,
 * "tomaten" lists Tomate. Runs in the browser as the visitor types and on
 * the server for the no-JavaScript form alike, so it uses only the rule
 * modules, none of the search index.
 */

import type { IngredientType } from "../../../catalog/recipes/ingredient-types.ts";
import { foldTerm } from "../../../catalog/search/engine/fold.ts";
import { searchTerms } from "../../../catalog/search/engine/terms.ts";
import { wordFindsTerm } from "../../../catalog/search/engine/word-match.ts";
import { kindsNamedIn } from "../../../catalog/search/search-words.ts";
import { familyMembers } from "../../../catalog/search/word-families.ts";

interface Filterable {
  name: string;
  kinds: readonly IngredientType[];
}

export interface IngredientFilter {
  /** The kinds the text names: offered to be chosen as a whole. */
  kinds: IngredientType[];
  /** Whether an ingredient is listed: its name holds the text, a word of the text finds a word of its name, or it is of a named kind. */
  lists(ingredient: Filterable): boolean;
}

export function ingredientFilter(text: string): IngredientFilter {
  const folded = foldTerm(text.trim());
  const words = searchTerms(text);
  const typed = words.at(-1);
  const kinds = kindsNamedIn(text);
  return {
    kinds,
    lists(ingredient) {
      if (foldTerm(ingredient.name).includes(folded)) return true;
      if (ingredient.kinds.some((kind) => kinds.includes(kind))) return true;
      const terms = searchTerms(ingredient.name);
      return words.some((word) => terms.some((term) => wordFindsTerm(word, term, word === typed, familyMembers)));
    },
  };
}
