import { matchKey } from "./match-key.ts";
import { derivedForms } from "./name-forms.ts";
import type { KnownIngredient } from "./read-line.ts";

/** Finds the known ingredient a line's words name; built once per run, asked once per candidate. */
export interface IngredientMatcher {
  /**
   * The known ingredient's name that `words` spell, whole, or null: in any case, with or without
   * accents ("Creme fraiche"), "ss" for "ß", hyphens or spaces between the parts, singular or plural
   * ("Zwiebeln", "Eiern"). Never a part of the words: "Puderzucker" is not "Zucker".
   */
  nameFor(words: string): string | null;
}

/**
 * A matcher for the catalog's ingredients: one map from each spelling's key to its name. Names win over
 * plurals, and both over derived forms (name-forms.ts), when two ingredients share a spelling; among
 * equals the first given wins, so the result does not depend on anything but the list's order.
 */
export function createIngredientMatcher(known: readonly KnownIngredient[]): IngredientMatcher {
  const names = new Map<string, string>();
  const add = (form: string, name: string) => {
    const key = matchKey(form);
    if (key !== "" && !names.has(key)) names.set(key, name);
  };
  for (const ingredient of known) add(ingredient.name, ingredient.name);
  for (const ingredient of known) if (ingredient.plural !== null) add(ingredient.plural, ingredient.name);
  for (const ingredient of known) for (const form of derivedForms(ingredient)) add(form, ingredient.name);
  return {
    nameFor(words) {
      const key = matchKey(words);
      return key === "" ? null : (names.get(key) ?? null);
    },
  };
}
