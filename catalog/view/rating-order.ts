/**
 * Lists sorted by rating (`sortierung=bewertung`, decision 0066): the
 * recipes with enough ratings to show, best mean first, then the others;
 * within equal means and among the others, the list's own order (name order
 * for a category, relevance for a search).
 *
 * The version's ratings column is read whole on the first sort by rating
 * and made into one order of every rated recipe (`RatingOrder`), kept with
 * the view: a category then takes its share of it in order, a search sorts
 * its hits by it.
 */
import type { RatingPiece } from "../format/ratings-column.ts";
import { type SlicedList, sliceBounds } from "../search/engine/sliced-list.ts";

/** Every rated recipe in rating order, and each position's place in it. */
export interface RatingOrder {
  /** The rated recipes' positions, best mean first, equal means by position. */
  readonly positions: Int32Array;
  /** Each position's rank in `positions`; -1 for a recipe without enough ratings. */
  readonly rankOf: Int32Array;
  /** For each rank, the first rank of its mean: two ranks of one mean share it (their tie). */
  readonly tieOf: Int32Array;
}

/**
 * The order of a version's `count` recipes from its ratings pieces, in piece
 * order, each covering as many positions as its list piece holds
 * (`pieceSizes`, the meta's): an entry's offset counts from its piece's start.
 */
export function buildRatingOrder(
  pieces: readonly RatingPiece[],
  pieceSizes: readonly number[],
  count: number,
): RatingOrder {
  const rated = pieces.reduce((sum, piece) => sum + piece.offsets.length, 0);
  const positions = new Int32Array(rated);
  const counts = new Float64Array(rated);
  const sums = new Float64Array(rated);
  let at = 0;
  let start = 0;
  pieces.forEach((piece, index) => {
    for (let entry = 0; entry < piece.offsets.length; entry++) {
      positions[at] = start + (piece.offsets[entry] ?? 0);
      counts[at] = piece.counts[entry] ?? 1;
      sums[at] = piece.sums[entry] ?? 0;
      at++;
    }
    start += pieceSizes[index] ?? 0;
  });
  // Means compared without division: a/b > c/d exactly when a·d > c·b (counts are positive, products safe).
  const entries = Array.from({ length: rated }, (_, entry) => entry);
  entries.sort((a, b) => {
    const difference = (sums[b] ?? 0) * (counts[a] ?? 1) - (sums[a] ?? 0) * (counts[b] ?? 1);
    return difference || (positions[a] ?? 0) - (positions[b] ?? 0);
  });
  const ordered = new Int32Array(rated);
  const rankOf = new Int32Array(count).fill(-1);
  const tieOf = new Int32Array(rated);
  entries.forEach((entry, rank) => {
    const position = positions[entry] ?? 0;
    ordered[rank] = position;
    if (position < count) rankOf[position] = rank;
    const previous = entries[rank - 1];
    const tied =
      previous !== undefined &&
      (sums[entry] ?? 0) * (counts[previous] ?? 1) === (sums[previous] ?? 0) * (counts[entry] ?? 1);
    tieOf[rank] = tied ? (tieOf[rank - 1] ?? rank) : rank;
  });
  return { positions: ordered, rankOf, tieOf };
}

/**
 * `positions` (ascending, the list's own order) sorted by rating. For lists
 * in position order: a category, filtered or not. The rated ones are the
 * order's, in range and kept; the rest follow in the list's order.
 */
export function byRatingInPositionOrder(
  order: RatingOrder,
  list: SlicedList<number>,
  start: number,
  end: number,
  keeps: (position: number) => boolean,
): SlicedList<number> {
  const rated: number[] = [];
  for (const position of order.positions)
    if (position >= start && position < end && keeps(position)) rated.push(position);
  let rest: number[] | undefined;
  const restOf = () => {
    rest ??= list.slice(0, list.length).filter((position) => (order.rankOf[position] ?? -1) === -1);
    return rest;
  };
  const length = list.length;
  return {
    length,
    slice(first, last) {
      const { from, to } = sliceBounds(length, first, last);
      if (to <= rated.length) return rated.slice(from, to);
      return [...rated.slice(from, to), ...restOf().slice(Math.max(0, from - rated.length), to - rated.length)];
    },
  };
}

/**
 * Any list sorted by rating: the rated items by their mean, ties in the
 * list's order, then the rest in the list's order. The list is read whole
 * (a search's hits: at most the catalog).
 */
export function byRating<T>(order: RatingOrder, list: SlicedList<T>, positionOf: (item: T) => number): SlicedList<T> {
  let sorted: T[] | undefined;
  const all = () => {
    if (sorted) return sorted;
    const items = list.slice(0, list.length);
    const rated: { item: T; tie: number; index: number }[] = [];
    const rest: T[] = [];
    items.forEach((item, index) => {
      const rank = order.rankOf[positionOf(item)] ?? -1;
      if (rank === -1) rest.push(item);
      else rated.push({ item, tie: order.tieOf[rank] ?? rank, index });
    });
    rated.sort((a, b) => a.tie - b.tie || a.index - b.index);
    sorted = [...rated.map((entry) => entry.item), ...rest];
    return sorted;
  };
  return {
    length: list.length,
    slice: (first, last) => all().slice(first, last),
  };
}
