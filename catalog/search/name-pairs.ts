/**
 * A prefilter for the name search: each name's character pairs and runs of
 * three, hashed into a 256-bit signature (128 bits each). A name can
 * contain a term only if its signature holds every bit of the term's, so
 * the search looks into the few names that pass instead of scanning all of
 * them. At 10,000 recipes one indexOf through every name took 55–230 µs per
 * term, most for terms found nowhere ("spagetti"); the signatures are
 * 320 KB there, 1.6 MB at 50,000 and 11 MB at 350,000, made on the first
 * search with the joined names.
 *
 * The signatures are kept bit by bit (a bit-sliced signature file): for
 * each of the 256 bits, a bitmap of the names that have it. A term's names
 * are the AND of its bits' bitmaps, 32 names a step, where testing each
 * name's signature took a step per name: at 350,000 recipes that test was
 * about a millisecond of every query (decision 0056).
 */

/** Bits of the pairs' half of a signature; the triples' half follows it, as many again. */
const PAIR_BITS = 128;
/** Bits of a signature: its pairs', then its triples'. */
export const SIGNATURE_BITS = 2 * PAIR_BITS;
/** Hashes fill this many bits (PAIR_BITS = 2⁷). */
const HASH_BITS = 7;

/** The bit a character pair sets: a multiplicative hash of both UTF-16 code units. */
function pairBit(first: number, second: number): number {
  return Math.imul((first << 16) | second, 0x9e3779b1) >>> (32 - HASH_BITS);
}

/** The bit a run of three characters sets, in the triples' half: a hash of the three UTF-16 code units. */
function tripleBit(first: number, second: number, third: number): number {
  return (
    PAIR_BITS + (Math.imul(((first << 16) | second) ^ Math.imul(third, 0x85ebca6b), 0x9e3779b1) >>> (32 - HASH_BITS))
  );
}

/**
 * The distinct bits of `text`'s pairs and runs of three from `start` to
 * `end`, ascending. Pairs alone let too many names through for words of
 * common pairs: at 350,000 recipes "mand" passed 178,000 names and is in
 * none; triples keep all but a few out (decision 0056).
 */
export function signatureBits(text: string, start = 0, end = text.length): number[] {
  const seen = new Uint8Array(SIGNATURE_BITS);
  for (let index = start + 1; index < end; index++) {
    const second = text.charCodeAt(index);
    const first = text.charCodeAt(index - 1);
    seen[pairBit(first, second)] = 1;
    if (index > start + 1) seen[tripleBit(text.charCodeAt(index - 2), first, second)] = 1;
  }
  const bits: number[] = [];
  for (let bit = 0; bit < SIGNATURE_BITS; bit++) if (seen[bit] === 1) bits.push(bit);
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
  const bitmaps = new Uint32Array(SIGNATURE_BITS * words);
  for (let position = 0; position < count; position++) {
    const start = nameStarts[position] ?? 0;
    const end = (nameStarts[position + 1] ?? 0) - gap;
    const word = position >>> 5;
    const mask = 1 << (position & 31);
    let before = allNames.charCodeAt(start);
    let last = before;
    for (let index = start + 1; index < end; index++) {
      const code = allNames.charCodeAt(index);
      const pair = pairBit(last, code) * words + word;
      bitmaps[pair] = (bitmaps[pair] ?? 0) | mask;
      if (index > start + 1) {
        const triple = tripleBit(before, last, code) * words + word;
        bitmaps[triple] = (bitmaps[triple] ?? 0) | mask;
      }
      before = last;
      last = code;
    }
  }
  // Reused by every call: a common term passes 50,000 names at 350,000 recipes, and a buffer made per query is
  // garbage an isolate must collect (decision 0056).
  const found = new Int32Array(count);
  const passing = new Uint32Array(words);
  return {
    count,
    mayContain(term) {
      const bits = signatureBits(term);
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
