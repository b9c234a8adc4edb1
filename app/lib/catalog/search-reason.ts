/**
 * Why a related hit of the name search is there, in a few words for its
 * card (issue 17): "enthält Ziegenkäse" for "käse", "Kategorie Pasta" for
 * "nudeln". A recipe whose name holds the term needs none: its name shows it.
 */
import { CATEGORY_HEADINGS } from "../categories.ts";
import type { IngredientType } from "../ingredient-types.ts";
import { stemOf } from "./german-stem.ts";
import { searchTerms } from "./search-terms.ts";
import { meaningOfStem } from "./search-words.ts";
import type { RecipeSummary } from "./types.ts";
import { wordFindsTerm } from "./word-match.ts";

type Explained = Pick<RecipeSummary, "name" | "ingredients" | "cuisine" | "type">;

/**
 * Per query word, the first that applies: an ingredient the word finds
 * ("enthält Ziegenkäse"), the recipe's category the word names ("Kategorie
 * Pasta"), an ingredient of a kind the word names ("enthält Spaghetti"), its
 * cuisine ("Küche: Italienisch"). The words' reasons, each once, joined; null
 * when only the name matched (a compound or a typo of it).
 */
export function searchReason(
  query: string,
  recipe: Explained,
  kindsOf: (ingredient: string) => readonly IngredientType[],
): string | null {
  const words = searchTerms(query);
  const typed = words.at(-1);
  const reasons: string[] = [];
  for (const word of new Set(words)) {
    const finds = (text: string) => searchTerms(text).some((term) => wordFindsTerm(word, term, word === typed));
    const meaning = meaningOfStem(stemOf(word));
    const found = recipe.ingredients.find(finds);
    const ofKind = recipe.ingredients.find((name) => kindsOf(name).some((kind) => meaning?.kinds.includes(kind)));
    let reason: string | null = null;
    if (found) reason = `enthält ${found}`;
    else if (meaning?.categories.includes(recipe.type)) reason = `Kategorie ${CATEGORY_HEADINGS[recipe.type]}`;
    else if (ofKind) reason = `enthält ${ofKind}`;
    else if (recipe.cuisine && finds(recipe.cuisine)) reason = `Küche: ${recipe.cuisine}`;
    if (reason && !reasons.includes(reason)) reasons.push(reason);
  }
  return reasons.length > 0 ? reasons.join(", ") : null;
}
