/**
 * The smallest of many distinct 32-bit keys, in order, without sorting them
 * all: "suppe" names 40,000 recipes at 350,000, a page shows 24 of them,
 * and sorting every key took 1.7 ms of the search (decision 0056). One
 * histogram of the keys' top bits finds the bucket the last key wanted lies
 * in; only the keys up to that bucket are sorted.
 */

/** Buckets of the histogram: a few keys each at the sizes the name search sees. */
const BUCKET_BITS = 12;

/** The `count` smallest of `keys` (distinct or not), ascending; all of them when `count` reaches their number. */
export function smallestKeys(keys: Uint32Array, count: number): Uint32Array {
  if (count >= keys.length) return keys.slice().sort();
  if (count <= 0) return new Uint32Array(0);
  let largest = 0;
  for (let at = 0; at < keys.length; at++) largest = Math.max(largest, keys[at] ?? 0);
  const shift = Math.max(0, 32 - Math.clz32(largest) - BUCKET_BITS);
  const histogram = new Uint32Array(1 << BUCKET_BITS);
  for (let at = 0; at < keys.length; at++) {
    const bucket = (keys[at] ?? 0) >>> shift;
    histogram[bucket] = (histogram[bucket] ?? 0) + 1;
  }
  // The bucket holding the count-th smallest key: it and every bucket below it are sorted.
  let last = 0;
  let upTo = histogram[0] ?? 0;
  while (upTo < count) upTo += histogram[++last] ?? 0;
  const chosen = new Uint32Array(upTo);
  let next = 0;
  for (let at = 0; at < keys.length; at++) {
    const key = keys[at] ?? 0;
    if (key >>> shift <= last) chosen[next++] = key;
  }
  return chosen.sort().subarray(0, count);
}
