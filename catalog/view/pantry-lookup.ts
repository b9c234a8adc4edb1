/**
 * What the ingredient search's pantry questions read of a version ("how
 * many recipes need nothing more?", "which one ingredient would complete
 * the most?"): every recipe's ingredients as small numbers, and the few
 * recipes that could be complete or one ingredient short without any
 * ingredient the visitor chose. Made once per version by the view
 * (catalog-view.ts), from the same matching column as ingredient matching,
 * so a page never walks a recipe's names.
 */
import type { MatchingPiece } from "../format/stored-catalog.ts";
import { BASIC_INGREDIENTS } from "../recipes/basic-ingredients.ts";

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
   * How many of each recipe's ingredients are among BASIC_INGREDIENTS: a
   * recipe whose ingredients outnumber the chosen ones it needs and its
   * basics by two or more is neither complete nor one short, whatever basics
   * are at hand, and is passed over without reading its run.
   */
  readonly basicCounts: Uint8Array;
}

/** Whether `id` is among `ids[from]` up to `ids[to]` (exclusive): a recipe's run so far, a few ids. */
function namedBefore(ids: Uint32Array, from: number, to: number, id: number): boolean {
  for (let at = from; at < to; at++) if (ids[at] === id) return true;
  return false;
}

/** The lookup of a version's matching column (`pieces`, in position order), which holds `count` recipes. */
export function buildPantryLookup(pieces: readonly MatchingPiece[], count: number): PantryLookup {
  const ids = new Map<string, number>();
  const names: string[] = [];
  const idOf = (name: string) => {
    let id = ids.get(name);
    if (id === undefined) {
      id = names.push(name) - 1;
      ids.set(name, id);
    }
    return id;
  };
  const basicIds = new Set(BASIC_INGREDIENTS.map((basic) => idOf(basic.name)));
  const uses = pieces.reduce((sum, piece) => sum + piece.uses.length, 0);
  // Ids are known only while reading; the common case (fewer than 65,536 names) is copied into 16 bits at the end.
  const wide = new Uint32Array(uses);
  const runStarts = new Uint32Array(count + 1);
  const basicCounts = new Uint8Array(count);
  const nearlyBasic: number[] = [];
  let position = 0;
  let at = 0;
  for (const piece of pieces) {
    const pieceIds = piece.ingredients.map(idOf);
    let use = 0;
    for (const needed of piece.counts) {
      if (position >= count) throw new Error(`catalog: the matching column has more than ${count} recipes`);
      runStarts[position] = at;
      const runStart = at;
      let others = 0;
      let basics = 0;
      for (const end = use + needed; use < end; use++) {
        const id = pieceIds[piece.uses[use] ?? -1];
        if (id === undefined || namedBefore(wide, runStart, at, id)) continue;
        wide[at++] = id;
        if (basicIds.has(id)) basics++;
        else others++;
      }
      basicCounts[position] = Math.min(basics, 255);
      if (others <= 1) nearlyBasic.push(position);
      position++;
    }
  }
  if (position !== count) throw new Error(`catalog: the matching column has ${position} of ${count} recipes`);
  runStarts[count] = at;
  const used = wide.subarray(0, at);
  return {
    names,
    idOf: (name) => ids.get(name),
    ingredientIds: names.length <= 0x10000 ? Uint16Array.from(used) : used.slice(),
    runStarts,
    nearlyBasic: Int32Array.from(nearlyBasic),
    basicCounts,
  };
}
