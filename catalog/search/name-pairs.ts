/**
 * A prefilter for the name search: each name's character pairs, hashed
 * into a 128-bit signature. A name can contain a term only if its
 * signature holds every bit of the term's, so the search looks into the
 * few names that pass instead of scanning all of them. At 10,000 recipes
 * one indexOf through every name took 55–230 µs per term, most for terms
 * found nowhere ("spagetti"); the signatures are 160 KB there, 800 KB at
 * 50,000, and made on the first search with the joined names.
 *
 * The signatures are kept bit by bit (a bit-sliced signature file): for
 * each of the 128 bits, a bitmap of the names that have it. A term's names
 * are the AND of its bits' bitmaps, 32 names a step, where testing each
 * name's signature took a step per name: at 350,000 recipes that test was
 * about a millisecond of every query (decision 0056).
 */

/** Bits of a signature. */
export const PAIR_SIGNATURE_BITS = 128;
/** Hashes fill this many bits (PAIR_SIGNATURE_BITS = 2⁷). */
const PAIR_HASH_BITS = 7;

/** The bit a character pair sets: a multiplicative hash of both UTF-16 code units. */
function pairBit(first: number, second: number): number {
  return Math.imul((first << 16) | second, 0x9e3779b1) >>> (32 - PAIR_HASH_BITS);
}

/** The distinct bits of `text`'s pairs from `start` to `end`, ascending. */
export function pairBits(text: string, start = 0, end = text.length): number[] {
  const seen = new Uint8Array(PAIR_SIGNATURE_BITS);
  for (let index = start + 1; index < end; index++) {
    seen[pairBit(text.charCodeAt(index - 1), text.charCodeAt(index))] = 1;
  }
  const bits: number[] = [];
  for (let bit = 0; bit < PAIR_SIGNATURE_BITS; bit++) if (seen[bit] === 1) bits.push(bit);
  return bits;
}

/** The names' pair signatures, bit by bit. */
export interface NameSignatures {
  /** How many names there are. */
  readonly count: number;
  /**
   * The positions of the names whose signature holds every bit of `term`'s
   * pairs, ascending: every name that contains `term`, and a few that do
   * not. Every name for a term of one character. The positions lie in a
   * buffer the next call reuses: read them before asking again.
   */
  mayContain(term: string): Int32Array;
}

/**
 * The signatures of the names in `allNames`: name `i` lies from
 * `nameStarts[i]` to `nameStarts[i + 1] - gap`.
 */
export function nameSignatures(allNames: string, nameStarts: Int32Array, gap: number): NameSignatures {
  const count = nameStarts.length - 1;
  // 32 names a word; bitmap `bit` is words `bit * words` to `(bit + 1) * words`.
  const words = Math.ceil(count / 32);
  const bitmaps = new Uint32Array(PAIR_SIGNATURE_BITS * words);
  for (let position = 0; position < count; position++) {
    const start = nameStarts[position] ?? 0;
    const end = (nameStarts[position + 1] ?? 0) - gap;
    const word = position >>> 5;
    const mask = 1 << (position & 31);
    for (let index = start + 1; index < end; index++) {
      const at = pairBit(allNames.charCodeAt(index - 1), allNames.charCodeAt(index)) * words + word;
      bitmaps[at] = (bitmaps[at] ?? 0) | mask;
    }
  }
  // Reused by every call: a common term passes 50,000 names at 350,000 recipes, and a buffer made per query is
  // garbage an isolate must collect (decision 0056).
  const found = new Int32Array(count);
  const passing = new Uint32Array(words);
  return {
    count,
    mayContain(term) {
      const bits = pairBits(term);
      if (bits.length === 0) {
        for (let position = 0; position < count; position++) found[position] = position;
        return found;
      }
      // The AND of the term's bitmaps, one bitmap at a time over the whole run: memory read in order.
      const first = (bits[0] ?? 0) * words;
      passing.set(bitmaps.subarray(first, first + words));
      for (let at = 1; at < bits.length; at++) {
        const offset = (bits[at] ?? 0) * words;
        for (let word = 0; word < words; word++) passing[word] = (passing[word] ?? 0) & (bitmaps[offset + word] ?? 0);
      }
      let next = 0;
      for (let word = 0; word < words; word++) {
        for (let rest = passing[word] ?? 0; rest !== 0; rest &= rest - 1) {
          // The lowest bit set: 31 less the leading zeros of it alone.
          found[next++] = (word << 5) | (31 - Math.clz32(rest & -rest));
        }
      }
      return found.subarray(0, next);
    },
  };
}
