/**
 * Why a related hit of the name search is there, in a few words for its
 * card (issue 17): "enthält Ziegenkäse" for "käse", "Kategorie Pasta" for
 * "nudeln". A recipe whose name holds the term needs none: its name shows it.
 */
import { CATEGORY_HEADINGS } from "../recipes/categories.ts";
import type { IngredientType } from "../recipes/ingredient-types.ts";
import type { RecipeSummary } from "../recipes/types.ts";
import { stemOf } from "./engine/german-stem.ts";
import { searchTerms } from "./engine/terms.ts";
import { wordFindsTerm } from "./engine/word-match.ts";
import { meaningOfStem, type WordMeaning } from "./search-words.ts";
import { familyMembers } from "./word-families.ts";

type Explained = Pick<RecipeSummary, "name" | "ingredients" | "cuisine" | "type">;

/** Gives the reason for one recipe; made once per query, for all the cards of a page. */
export type SearchReasons = (recipe: Explained) => string | null;

/** A query word, with what is known of it and what it was found to find so far. */
interface ExplainedWord {
  meaning: WordMeaning | undefined;
  /** Whether the word finds a text (an ingredient or cuisine), by text. */
  finds(text: string): boolean;
  /** Whether an ingredient is of a kind the word names, by ingredient. */
  namesKindOf(ingredient: string): boolean;
}

/** `decide` with its answers kept by argument: the cards of a page share most of their ingredients. */
function remembered(decide: (text: string) => boolean): (text: string) => boolean {
  const answers = new Map<string, boolean>();
  return (text) => {
    let answer = answers.get(text);
    if (answer === undefined) {
      answer = decide(text);
      answers.set(text, answer);
    }
    return answer;
  };
}

/**
 * Per query word, the first that applies: an ingredient the word finds
 * ("enthält Ziegenkäse"), the recipe's category the word names ("Kategorie
 * Pasta"), an ingredient of a kind the word names ("enthält Spaghetti"), its
 * cuisine ("Küche: Italienisch"). The words' reasons, each once, joined; null
 * when only the name matched (a compound or a typo of it).
 */
export function searchReasons(
  query: string,
  kindsOf: (ingredient: string) => readonly IngredientType[],
): SearchReasons {
  const words = searchTerms(query);
  const typed = words.at(-1);
  const explained = [...new Set(words)].map((word): ExplainedWord => {
    const meaning = meaningOfStem(stemOf(word));
    return {
      meaning,
      finds: remembered((text) =>
        searchTerms(text).some((term) => wordFindsTerm(word, term, word === typed, familyMembers)),
      ),
      namesKindOf: remembered((ingredient) => kindsOf(ingredient).some((kind) => meaning?.kinds.includes(kind))),
    };
  });
  return (recipe) => {
    const reasons: string[] = [];
    for (const { meaning, finds, namesKindOf } of explained) {
      const found = recipe.ingredients.find(finds);
      let reason: string | null = null;
      if (found) reason = `enthält ${found}`;
      else if (meaning?.categories.includes(recipe.type)) reason = `Kategorie ${CATEGORY_HEADINGS[recipe.type]}`;
      else {
        const ofKind = recipe.ingredients.find(namesKindOf);
        if (ofKind) reason = `enthält ${ofKind}`;
        else if (recipe.cuisine && finds(recipe.cuisine)) reason = `Küche: ${recipe.cuisine}`;
      }
      if (reason && !reasons.includes(reason)) reasons.push(reason);
    }
    return reasons.length > 0 ? reasons.join(", ") : null;
  };
}
