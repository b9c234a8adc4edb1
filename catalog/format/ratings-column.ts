/**
 * The ratings column of a version (issue 45, decision 0066): each shown
 * recipe's count of ratings and sum of stars, by position, a piece per list
 * piece (stored-catalog.ts `pieceEndsAfter`): ratings piece k holds the
 * positions list piece k holds, whose size the meta gives
 * (`CatalogMeta.pieceSizes`). Only recipes with at least RATINGS_SHOWN_FROM
 * ratings are in it: pages show nothing below, and the sort by rating puts
 * those after the rated ones in their default order.
 *
 * A column of its own rather than a field of the card buckets, so a change
 * of ratings writes the pieces whose recipes' tallies changed (one for a
 * single recipe), the manifest and the pointer, and no bucket. By position
 * rather than id, so a card and a list's sort find a tally by the position
 * they already hold. Cut as the list pieces are (at recipes whose id hashes
 * to a boundary) rather than by a fixed range of positions, and each
 * entry's offset counted from its piece's start, so a recipe added or
 * removed moves the offsets of its own piece only: it rewrites at most that
 * one ratings piece (none when no rated recipe's offset moved), where a
 * fixed range rewrote every piece after it that held a rated recipe
 * (decision 0069).
 *
 * A piece's text is a JSON list of numbers, three per rated recipe:
 * its position's offset in the piece, its count, its sum of stars.
 */

import type { RatingTally } from "../recipes/types.ts";

/** Pages show a recipe's rating from this many ratings on; below, it is not in the column. */
export const RATINGS_SHOWN_FROM = 3;
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

/**
 * The pieces' texts for a version whose list pieces hold `pieceSizes`
 * recipes each, from its tallies in ascending position (any not shown, or
 * outside the pieces, are left out): one piece per list piece, about 50 K
 * characters when every recipe of a piece of 4,096 is rated (at most about
 * 200 K, for a piece of 16,384: stored-catalog.ts `PIECE_MAX`). Pieces
 * without a rated recipe are `[]`, one blob for all of them.
 */
export function* ratingPieceTexts(
  pieceSizes: readonly number[],
  tallies: Iterable<PositionedTally>,
): Generator<string> {
  let piece = 0;
  let start = 0;
  let numbers: number[] = [];
  for (const tally of tallies) {
    if (!isShownTally(tally) || tally.position < start) continue;
    while (piece < pieceSizes.length && tally.position >= start + (pieceSizes[piece] ?? 0)) {
      yield JSON.stringify(numbers);
      numbers = [];
      start += pieceSizes[piece] ?? 0;
      piece++;
    }
    if (piece >= pieceSizes.length) break;
    numbers.push(tally.position - start, tally.count, tally.sum);
  }
  for (; piece < pieceSizes.length; piece++) {
    yield JSON.stringify(numbers);
    numbers = [];
  }
}

/** A piece as read: its rated recipes' offsets (ascending), counts and sums, in typed arrays. */
export interface RatingPiece {
  offsets: Int32Array;
  counts: Int32Array;
  sums: Int32Array;
}

/**
 * Reads the text of a piece that covers `positions` positions (its list
 * piece's size); throws on anything the writer does not write, an offset
 * beyond the piece among it.
 */
export function readRatingPiece(text: string, positions: number): RatingPiece {
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
      offset >= positions ||
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
