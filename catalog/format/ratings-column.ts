/**
 * The ratings column of a version (issue 45, decision 0066): each shown
 * recipe's count of ratings and sum of stars, by position, in pieces of a
 * fixed range of positions. Only recipes with at least RATINGS_SHOWN_FROM
 * ratings are in it: pages show nothing below, and the sort by rating puts
 * those after the rated ones in their default order.
 *
 * A column of its own rather than a field of the card buckets, so a change
 * of ratings writes the pieces whose recipes' tallies changed (one for a
 * single recipe), the manifest and the pointer, and no bucket. By position
 * rather than id, so a card and a list's sort find a tally by the position
 * they already hold; the cost is that a recipe added or removed moves the
 * rated recipes after it, and so rewrites the pieces after it that hold any.
 *
 * A piece's text is a JSON list of numbers, three per rated recipe:
 * its position's offset in the piece, its count, its sum of stars.
 */

import type { RatingTally } from "../recipes/types.ts";

/** Pages show a recipe's rating from this many ratings on; below, it is not in the column. */
export const RATINGS_SHOWN_FROM = 3;
/** Positions per piece: at most about 100 K characters when every recipe is rated. */
export const RATING_PIECE_POSITIONS = 8_192;
/** The stars a rating gives, at most and at least. */
export const BEST_RATING = 5;
export const WORST_RATING = 1;

/** A tally at a position of the version. */
export interface PositionedTally extends RatingTally {
  position: number;
}

/** Whether a tally is one the column holds: enough ratings, and stars within 1–5 each. */
export function isShownTally({ count, sum }: RatingTally): boolean {
  return (
    Number.isSafeInteger(count) &&
    Number.isSafeInteger(sum) &&
    count >= RATINGS_SHOWN_FROM &&
    sum >= count * WORST_RATING &&
    sum <= count * BEST_RATING
  );
}

/** How many pieces a version of `recipes` recipes has. */
export const ratingPieceCount = (recipes: number) => Math.ceil(recipes / RATING_PIECE_POSITIONS);

/**
 * The pieces' texts for a version of `recipes` recipes, from its tallies in
 * ascending position (any not shown are left out). Pieces without a rated
 * recipe are `[]`, one blob for all of them.
 */
export function* ratingPieceTexts(recipes: number, tallies: Iterable<PositionedTally>): Generator<string> {
  const pieces = ratingPieceCount(recipes);
  let piece = 0;
  let numbers: number[] = [];
  for (const tally of tallies) {
    if (!isShownTally(tally) || tally.position < 0 || tally.position >= recipes) continue;
    const at = Math.floor(tally.position / RATING_PIECE_POSITIONS);
    while (piece < at) {
      yield JSON.stringify(numbers);
      numbers = [];
      piece++;
    }
    numbers.push(tally.position - at * RATING_PIECE_POSITIONS, tally.count, tally.sum);
  }
  while (piece < pieces) {
    yield JSON.stringify(numbers);
    numbers = [];
    piece++;
  }
}

/** A piece as read: its rated recipes' offsets (ascending), counts and sums, in typed arrays. */
export interface RatingPiece {
  offsets: Int32Array;
  counts: Int32Array;
  sums: Int32Array;
}

/** Reads a piece's text; throws on anything the writer does not write. */
export function readRatingPiece(text: string): RatingPiece {
  const numbers: unknown = JSON.parse(text);
  if (!Array.isArray(numbers) || numbers.length % 3 !== 0) throw new Error("catalog: a ratings piece is malformed");
  const rated = numbers.length / 3;
  const piece: RatingPiece = {
    offsets: new Int32Array(rated),
    counts: new Int32Array(rated),
    sums: new Int32Array(rated),
  };
  let previous = -1;
  for (let entry = 0; entry < rated; entry++) {
    const [offset, count, sum] = numbers.slice(entry * 3, entry * 3 + 3) as unknown[];
    if (
      typeof offset !== "number" ||
      typeof count !== "number" ||
      typeof sum !== "number" ||
      !Number.isInteger(offset) ||
      offset <= previous ||
      offset >= RATING_PIECE_POSITIONS ||
      !isShownTally({ count, sum })
    ) {
      throw new Error("catalog: a ratings piece is malformed");
    }
    previous = offset;
    piece.offsets[entry] = offset;
    piece.counts[entry] = count;
    piece.sums[entry] = sum;
  }
  return piece;
}

/** The tally at `offset` of a piece, or null when the recipe there is not rated (enough). */
export function tallyAt(piece: RatingPiece, offset: number): RatingTally | null {
  let low = 0;
  let high = piece.offsets.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((piece.offsets[middle] ?? 0) < offset) low = middle + 1;
    else high = middle;
  }
  if (piece.offsets[low] !== offset) return null;
  return { count: piece.counts[low] ?? 0, sum: piece.sums[low] ?? 0 };
}
