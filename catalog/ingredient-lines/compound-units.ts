import type { Unit } from "../recipes/units.ts";
import { foldTerm } from "../search/engine/fold.ts";
import type { IngredientMatcher } from "./ingredient-matcher.ts";

/**
 * Site units that German writes at the end of a compound: "Knoblauchzehe", "Zitronenscheibe",
 * "Rosmarinzweig", "Lauchstange", "Zimtstange". Folded endings, with the unit and whether the ending is
 * singular (then the word alone means one of it).
 *
 * Only these four: each names a piece of the plant or fruit before it, so the compound is that unit of
 * that ingredient. "Blatt" is no site unit and a "Lorbeerblatt" is an ingredient of its own, so
 * "2 Lorbeerblätter" stays one word; "Würfel" ("Speckwürfel") and "Stück" ("Ingwerstück") are left
 * whole too, since they are cut or sold so and an editor decides.
 */
const COMPOUND_ENDINGS: readonly { ending: string; unit: Unit; countsOne: boolean }[] = [
  { ending: "zehen", unit: "Zehe", countsOne: false },
  { ending: "zehe", unit: "Zehe", countsOne: true },
  { ending: "scheiben", unit: "Scheibe", countsOne: false },
  { ending: "scheibe", unit: "Scheibe", countsOne: true },
  { ending: "zweigen", unit: "Zweig", countsOne: false },
  { ending: "zweige", unit: "Zweig", countsOne: false },
  { ending: "zweig", unit: "Zweig", countsOne: true },
  { ending: "stangen", unit: "Stange", countsOne: false },
  { ending: "stange", unit: "Stange", countsOne: true },
];

/** Shortest first part worth looking up: anything shorter is not an ingredient's name. */
const MIN_HEAD_LENGTH = 3;

/**
 * A compound of a known ingredient and a site unit, split: "Knoblauchzehen" → Zehe of Knoblauch,
 * "Zitronenscheibe" → Scheibe of Zitrone (its plural "Zitronen" is the first part). Only when the first
 * part is a known ingredient, so nothing is guessed; null otherwise.
 */
export function splitCompound(
  word: string,
  matcher: IngredientMatcher,
): { unit: Unit; ingredient: string; countsOne: boolean } | null {
  const folded = foldTerm(word);
  for (const { ending, unit, countsOne } of COMPOUND_ENDINGS) {
    if (!folded.endsWith(ending)) continue;
    const head = folded.slice(0, folded.length - ending.length);
    if (head.length < MIN_HEAD_LENGTH) return null;
    // The joint "s" of "Knoblauchszehe" is rare but harmless to allow.
    const ingredient = matcher.nameFor(head) ?? (head.endsWith("s") ? matcher.nameFor(head.slice(0, -1)) : null);
    return ingredient === null ? null : { unit, ingredient, countsOne };
  }
  return null;
}
