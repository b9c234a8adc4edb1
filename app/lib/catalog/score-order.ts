/** Scores are compared as this many steps of the best score: 32 bits, so a key fits a Uint32Array. */
const STEPS = 0xffff_ffff;
/** Bits a counting pass sorts by: three passes cover 32 bits. */
const PASS_BITS = 11;
const BUCKETS = 1 << PASS_BITS;

interface ScoreOrder {
  /** Indices of the scores, best first; equal scores keep their given order. */
  readonly order: Uint32Array;
  /** The scores in that order, rounded to the step they were compared by. */
  readonly scores: Float64Array;
}

/**
 * Orders scores best first in linear time: each score becomes a 32-bit
 * integer (its share of the best score, in 2³² steps) and three stable
 * counting passes of 11 bits sort those. A comparison sort of the 10,000
 * hits of "tomate" at 50,000 recipes took as long as finding them.
 * Scores closer than a step (2.3·10⁻¹⁰ of the best) count as equal, which
 * also makes sums that differ only by floating-point rounding tie.
 */
export function orderByScore(scores: Float64Array): ScoreOrder {
  const count = scores.length;
  let best = 0;
  for (const score of scores) if (score > best) best = score;
  const scale = best > 0 ? STEPS / best : 0;

  // Ascending keys put the best score first.
  let keys = new Uint32Array(count);
  let order = new Uint32Array(count);
  for (let index = 0; index < count; index++) {
    keys[index] = STEPS - Math.min(STEPS, Math.floor((scores[index] ?? 0) * scale));
    order[index] = index;
  }
  let spareKeys = new Uint32Array(count);
  let spareOrder = new Uint32Array(count);
  const buckets = new Uint32Array(BUCKETS);
  const mask = BUCKETS - 1;
  for (let shift = 0; shift < 32; shift += PASS_BITS) {
    buckets.fill(0);
    for (const key of keys) buckets[(key >>> shift) & mask] = (buckets[(key >>> shift) & mask] ?? 0) + 1;
    // Bits all keys share order nothing.
    if (buckets[((keys[0] ?? 0) >>> shift) & mask] === count) continue;
    let start = 0;
    for (let bucket = 0; bucket < BUCKETS; bucket++) {
      const size = buckets[bucket] ?? 0;
      buckets[bucket] = start;
      start += size;
    }
    for (let index = 0; index < count; index++) {
      const key = keys[index] ?? 0;
      const bucket = (key >>> shift) & mask;
      const at = buckets[bucket] ?? 0;
      buckets[bucket] = at + 1;
      spareKeys[at] = key;
      spareOrder[at] = order[index] ?? 0;
    }
    [keys, spareKeys] = [spareKeys, keys];
    [order, spareOrder] = [spareOrder, order];
  }

  const rounded = new Float64Array(count);
  for (let index = 0; index < count; index++) rounded[index] = scale > 0 ? (STEPS - (keys[index] ?? 0)) / scale : 0;
  return { order, scores: rounded };
}
