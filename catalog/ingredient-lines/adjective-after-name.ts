import type { IngredientMatcher } from "./ingredient-matcher.ts";
import { isDescriptive } from "./note-words.ts";

/** Endings an adjective takes before a noun: "rot" → "rote", "passiert" → "passierte". */
const ATTRIBUTIVE_ENDINGS = ["", "e", "er", "es", "en"];

/** Most words an adjective after a name may have ("fein gehackt" is a note, not part of a name). */
const MAX_ADJECTIVE_WORDS = 2;

/**
 * The known name an adjective written after a name makes, as Chefkoch writes them ("Linsen, rote",
 * "Zwiebeln, rot", "Tomaten, passiert", "Zwiebel rot"): the adjective, in the form it takes before a
 * noun, put first ("rote Zwiebeln" → Rote Zwiebel). Only a known name counts; else null, and the
 * adjective stays a note.
 */
export function nameWithAdjectiveAfter(adjective: string, name: string, matcher: IngredientMatcher): string | null {
  const words = adjective.trim().split(" ");
  if (words.length > MAX_ADJECTIVE_WORDS) return null;
  if (!words.every((word) => isDescriptive(word) || /^\p{Ll}/u.test(word))) return null;
  for (const ending of ATTRIBUTIVE_ENDINGS) {
    const known = matcher.nameFor(`${adjective.trim()}${ending} ${name}`);
    if (known !== null) return known;
  }
  return null;
}
