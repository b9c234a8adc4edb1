/**
 * What the ingredient search's pantry questions read of a version ("how
 * many recipes need nothing more?", "which one ingredient would complete
 * the most?"): every recipe's ingredients as small numbers, and the few
 * recipes that could be complete or one ingredient short without any
 * ingredient the visitor chose. Made once per version by the view
 * (catalog-view.ts), with ingredient matching's lookup from the same
 * matching column (matching-lookups.ts), so a page never walks a recipe's
 * names.
 */

export interface PantryLookup {
  /** Every ingredient name the recipes need; its index is its id. */
  readonly names: readonly string[];
  /** The id of a name, or undefined when neither a recipe nor the basics name it. */
  idOf(name: string): number | undefined;
  /**
   * Every recipe's ingredients as ids, one run after the other: recipe `p`'s
   * are `ingredientIds[runStarts[p]]` up to `runStarts[p + 1]` (exclusive).
   * An ingredient a recipe names twice is in its run once.
   */
  readonly ingredientIds: Uint16Array | Uint32Array;
  readonly runStarts: Uint32Array;
  /**
   * The positions of the recipes with at most one ingredient that is not a
   * basic. Only they can be complete, or one short, for a visitor whose
   * chosen ingredients they do not need; the basics at hand are never more
   * than BASIC_INGREDIENTS, so the list holds for any of the visitor's.
   */
  readonly nearlyBasic: Int32Array;
  /**
   * How many of each recipe's ingredients are not among BASIC_INGREDIENTS
   * (at most 255): a recipe whose others outnumber the chosen ones it needs
   * by two or more is neither complete nor one short, whatever basics are
   * at hand, and is passed over without reading its run. One byte per recipe
   * rather than the run's bounds and a count of basics: the few arrays a
   * search reads at thousands of scattered recipes stay small.
   */
  readonly otherCounts: Uint8Array;
}
