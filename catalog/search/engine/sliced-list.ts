/**
 * Lists whose items are made only as far as a slice of them is asked for:
 * a name search or an ingredient match can hit most of fifty thousand
 * recipes, and a page shows a dozen or two (queries.ts, ranked-hits.ts).
 * `paginate` takes them as it takes an array.
 */

/** A list read through `length` and `slice`, as an array is. */
export interface SlicedList<T> {
  readonly length: number;
  /** Items `start` to `end` (exclusive), as Array.prototype.slice counts them. */
  slice(start?: number, end?: number): T[];
}

/**
 * The first index and the end (exclusive) Array.prototype.slice takes from
 * `start` and `end` for a list of `length`: negative values count from the
 * end, and both are held within the list.
 */
export function sliceBounds(length: number, start = 0, end = length): { from: number; to: number } {
  const bound = (index: number) => (index < 0 ? Math.max(0, length + index) : Math.min(index, length));
  return { from: bound(start), to: bound(end) };
}
