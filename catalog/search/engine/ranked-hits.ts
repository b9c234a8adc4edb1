/**
 * A search's hits, put in order only as far as a page asks. "Gemüse" at
 * 50,000 recipes finds 45,000 of them and a page shows 24: sorting them all
 * took longer than finding them. Each hit is a position and a 32-bit sort
 * key, lower first; `slice` picks the smallest keys it needs by radix
 * selection (one histogram over the hits, then over ever fewer) and sorts
 * only those. Equal keys keep position order.
 */
import { bitCount } from "./bit-count.ts";
import { sliceBounds } from "./sliced-list.ts";

export interface SearchHit {
  /** The recipe's position in the list the index was built from. */
  readonly position: number;
  /** How many of the query's different words the recipe matched: hits with more come first. */
  readonly words: number;
  /** Relevance among hits that matched as many words; only the order it gives means something. */
  readonly score: number;
}

/** Bits of a key that hold the score; the four above them hold how many words fewer than all were matched. */
const SCORE_BITS = 28;
const SCORE_STEPS = 2 ** SCORE_BITS - 1;
/** The most words a key can tell apart. */
export const MAX_KEYED_WORDS = 15;

/** The radix selection's passes, from the top bits: widths that add up to 32. */
const PASSES: readonly { shift: number; bits: number }[] = [
  { shift: 21, bits: 11 },
  { shift: 10, bits: 11 },
  { shift: 0, bits: 10 },
];

/** What a score is multiplied by for its key: SCORE_STEPS over the best score of the query's hits. */
export function scoreScale(best: number): number {
  return best > 0 ? SCORE_STEPS / best : 0;
}

/** A hit's sort key: `fewer` words matched than the query has, then its score's step below the best. */
export function hitKey(fewer: number, score: number, scale: number): number {
  const step = SCORE_STEPS - Math.min(SCORE_STEPS, Math.floor(score * scale));
  return ((fewer << SCORE_BITS) | step) >>> 0;
}

/** What `RankedHits.later` makes when first sliced: the hits' positions, ascending, their keys and the scale. */
export interface KeyedHits {
  positions: Int32Array;
  keys: Uint32Array;
  scale: number;
}

export class RankedHits {
  /** Hit positions, ascending. */
  private positions!: Int32Array;
  private keys!: Uint32Array;
  private words!: number;
  private scale!: number;
  /** Indices (into positions) of the best hits found so far, in order. */
  private ordered!: Int32Array;
  /**
   * For hits ranked when first sliced (`later`): which positions are hits,
   * a bit each (position p is bit p % 32 of word p / 32), how many, and what
   * makes their keys; undefined once made.
   */
  private hitBits: Uint32Array | undefined;
  private count = 0;
  private rankLater: ((needed: number) => KeyedHits) | undefined;

  /**
   * `positions` ascending, each with the number of words it matched (1 to
   * `words`) and its score; `best` is the highest score. Scores are kept in
   * 2²⁸ steps of the best: closer ones tie, which also makes sums that differ
   * only by floating-point rounding equal.
   */
  constructor(positions: Int32Array, matchedWords: Uint8Array, scores: Float64Array, words: number, best: number) {
    const scale = scoreScale(best);
    const keys = new Uint32Array(positions.length);
    for (let index = 0; index < positions.length; index++) {
      keys[index] = hitKey(words - (matchedWords[index] ?? 0), scores[index] ?? 0, scale);
    }
    this.hold(positions, keys, words, scale);
  }

  /**
   * Hits whose keys (`hitKey`, with `scale` from `scoreScale` of the best
   * score) are made already: the search makes them as it lists its hits, and
   * keeps no score or word count per hit (decision 0056).
   */
  static ofKeys(positions: Int32Array, keys: Uint32Array, words: number, scale: number): RankedHits {
    const hits = Object.create(RankedHits.prototype) as RankedHits;
    hits.hold(positions, keys, words, scale);
    return hits;
  }

  /**
   * Hits known by position now and ranked only when first sliced: `hitBits`
   * holds `count` hits, and `rank` makes their keys as `ofKeys` takes them.
   * A page of the name search whose direct matches fill it asks the index's
   * hits only how many they are and which (decision 0056). `rank(needed)`
   * may key only the best hits, at least `needed` of them and every hit
   * whose key is below theirs (those that match at least so many words); it is asked
   * again, for every hit, when a slice reaches past them.
   */
  static later(hitBits: Uint32Array, count: number, words: number, rank: (needed: number) => KeyedHits): RankedHits {
    const hits = Object.create(RankedHits.prototype) as RankedHits;
    hits.hold(new Int32Array(0), new Uint32Array(0), words, 0);
    hits.hitBits = hitBits;
    hits.count = count;
    hits.rankLater = rank;
    return hits;
  }

  /** Makes the keys of hits ranked `later`, of at least the best `needed`: once, or again for every hit. */
  private ranked(needed: number): void {
    const rank = this.rankLater;
    if (!rank || this.positions.length >= needed) return;
    const { positions, keys, scale } = rank(needed);
    if (positions.length > this.count || positions.length < needed) {
      throw new Error("ranked hits: ranked other hits than were counted");
    }
    this.positions = positions;
    this.keys = keys;
    this.scale = scale;
    this.ordered = new Int32Array(0);
    // hitBits stay: `has` keeps answering by a bit, not a binary search.
    if (positions.length === this.count) this.rankLater = undefined;
  }

  private hold(positions: Int32Array, keys: Uint32Array, words: number, scale: number): void {
    if (words > MAX_KEYED_WORDS) throw new Error(`ranked hits: at most ${MAX_KEYED_WORDS} words`);
    this.positions = positions;
    this.keys = keys;
    this.words = words;
    this.scale = scale;
    this.ordered = new Int32Array(0);
    this.hitBits = undefined;
    this.count = positions.length;
    this.rankLater = undefined;
  }

  get length(): number {
    return this.count;
  }

  /** Whether the recipe at `position` is a hit. */
  has(position: number): boolean {
    const bits = this.hitBits;
    if (bits) return position >= 0 && (((bits[position >>> 5] ?? 0) >>> (position & 31)) & 1) === 1;
    let low = 0;
    let high = this.positions.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = this.positions[middle] ?? 0;
      if (found === position) return true;
      if (found < position) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }

  /**
   * How many hits have their position's bit set in `bits` (bit p % 32 of
   * word p / 32): a word of 32 positions at a time while the hits are a
   * bitmap themselves (`later`, until and after they are ranked).
   */
  countAmong(bits: Uint32Array): number {
    let count = 0;
    const hitBits = this.hitBits;
    if (hitBits) {
      const words = Math.min(hitBits.length, bits.length);
      for (let word = 0; word < words; word++) count += bitCount((hitBits[word] ?? 0) & (bits[word] ?? 0));
      return count;
    }
    for (const position of this.positions) {
      if ((((bits[position >>> 5] ?? 0) >>> (position & 31)) & 1) === 1) count++;
    }
    return count;
  }

  /** Hits `start` to `end` (exclusive) in rank order, as Array.prototype.slice counts them. */
  slice(start?: number, end?: number): SearchHit[] {
    const { from, to } = sliceBounds(this.length, start, end);
    if (to <= from) return [];
    this.ranked(to);
    if (this.ordered.length < to) this.ordered = this.best(to);
    const hits: SearchHit[] = [];
    for (let rank = from; rank < to; rank++) {
      const index = this.ordered[rank] ?? 0;
      const key = this.keys[index] ?? 0;
      hits.push({
        position: this.positions[index] ?? 0,
        words: this.words - (key >>> SCORE_BITS),
        score: this.scale > 0 ? (SCORE_STEPS - (key & SCORE_STEPS)) / this.scale : 0,
      });
    }
    return hits;
  }

  /** The indices of the `count` smallest keys, in order of key, then index. */
  private best(count: number): Int32Array {
    const { keys } = this;
    const chosen: number[] = [];
    let candidates: Int32Array | undefined; // undefined: every index
    let candidateCount = keys.length;
    let needed = count;
    for (const { shift, bits } of PASSES) {
      const mask = (1 << bits) - 1;
      const histogram = new Uint32Array(1 << bits);
      for (let at = 0; at < candidateCount; at++) {
        const index = candidates ? (candidates[at] ?? 0) : at;
        const bucket = ((keys[index] ?? 0) >>> shift) & mask;
        histogram[bucket] = (histogram[bucket] ?? 0) + 1;
      }
      // The bucket the `needed`th smallest key falls in: every key in a bucket below it is chosen.
      let bucket = 0;
      let below = 0;
      while (below + (histogram[bucket] ?? 0) < needed) {
        below += histogram[bucket] ?? 0;
        bucket++;
      }
      const next = new Int32Array(histogram[bucket] ?? 0);
      let nextCount = 0;
      for (let at = 0; at < candidateCount; at++) {
        const index = candidates ? (candidates[at] ?? 0) : at;
        const own = ((keys[index] ?? 0) >>> shift) & mask;
        if (own < bucket) chosen.push(index);
        else if (own === bucket) next[nextCount++] = index;
      }
      needed -= below;
      candidates = next;
      candidateCount = nextCount;
    }
    // The candidates left all have the same key, in index order: the first ones needed are chosen.
    for (let at = 0; at < needed; at++) chosen.push(candidates?.[at] ?? 0);
    chosen.sort((a, b) => (keys[a] ?? 0) - (keys[b] ?? 0) || a - b);
    return Int32Array.from(chosen);
  }
}
