/**
 * A prefilter for the name search: each name's character pairs and runs of
 * three, hashed into a 256-bit signature (128 bits each). A name can
 * contain a term only if its signature holds every bit of the term's, so
 * the search looks into the few names that pass instead of scanning all of
 * them. At 10,000 recipes one indexOf through every name took 55–230 µs per
 * term, most for terms found nowhere ("spagetti"); the signatures are
 * 320 KB there, 1.6 MB at 50,000 and 11 MB at 350,000, made a slice of
 * names at each search (NAMES_PER_SLICE says why).
 *
 * The signatures are kept bit by bit (a bit-sliced signature file): for
 * each of the 256 bits, a bitmap of the names that have it. A term's names
 * are the AND of its bits' bitmaps, 32 names a step, where testing each
 * name's signature took a step per name: at 350,000 recipes that test was
 * about a millisecond of every query (decision 0056).
 */

/**
 * Names whose signatures one search makes, at most; the names of the slices
 * not made yet are all looked into, as for a term of one character. Made
 * whole on a cold isolate's first search, the signatures of 350,000 names
 * were 40 % of its 465 ms in workerd on the 2-core host, where looking into
 * every name for a term took about 15 ms in Node. So a catalog of up to
 * this many names is signed at its first search, and a larger one over its
 * first searches, each paying for a slice and looking into the names beyond
 * it.
 */
export const NAMES_PER_SLICE = 65_536;

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
   * The names whose signature holds every bit of `term`'s pairs and
   * triples, as a bitmap by slot (the order `nameSignatures` was given the
   * names in; slot s is bit s % 32 of word s / 32): every name that
   * contains `term`, and a few that do not. Every name for a term of one
   * character, and every name of the slices not signed yet: each call signs
   * the next slice first. A new bitmap each call (a few dozen KB at 350,000
   * names), so a search can read it lazily, page by page.
   */
  mayContain(term: string): Uint32Array;
}

/**
 * The signatures of the names in `allNames`: name `i` lies from
 * `nameStarts[i]` to `nameStarts[i + 1] - gap`. Slot `s` of every bitmap is
 * name `positionAtSlot[s]` (name `s` without it). The name search puts the
 * names in name order, so the candidates come out in the order its results
 * are ranked in and it can stop once a page is full (decision 0056). Slot by
 * slot, so the bitmaps are written in order: name by name into scattered
 * slots took half as long again at 350,000 names. And 32 slots at a time:
 * one word of every bitmap is gathered in a small table (which stays in the
 * processor's nearest cache) and written out once, where setting each bit in
 * the bitmaps themselves took a third longer at 350,000 names (160 ms
 * against 120 in Node on the 2-core host), most of a cold isolate's first
 * search.
 */
export function nameSignatures(
  allNames: string,
  nameStarts: Int32Array,
  gap: number,
  positionAtSlot?: Int32Array,
  namesPerSlice = NAMES_PER_SLICE,
): NameSignatures {
  const count = nameStarts.length - 1;
  if (positionAtSlot && positionAtSlot.length !== count) {
    throw new Error(`name signatures: ${positionAtSlot.length} slots for ${count} names`);
  }
  // 32 names a word; bitmap `bit` is words `bit * words` to `(bit + 1) * words`.
  const words = Math.ceil(count / 32);
  const bitmaps = new Uint32Array(SIGNATURE_BITS * words);
  const wordsPerSlice = Math.max(1, Math.ceil(namesPerSlice / 32));
  // Words of every bitmap made so far: the slots below `signed * 32`.
  let signed = 0;
  // Word `word` of every bitmap, while its 32 names are read.
  const column = new Int32Array(SIGNATURE_BITS);
  function signWord(word: number): void {
    const last = Math.min(count, (word + 1) * 32);
    for (let slot = word * 32; slot < last; slot++) {
      const position = positionAtSlot ? (positionAtSlot[slot] ?? 0) : slot;
      if (position < 0 || position >= count) throw new Error(`name signatures: no name ${position} of ${count}`);
      const start = nameStarts[position] ?? 0;
      const end = (nameStarts[position + 1] ?? 0) - gap;
      const mask = 1 << (slot & 31);
      let before = allNames.charCodeAt(start);
      let previous = before;
      for (let index = start + 1; index < end; index++) {
        const code = allNames.charCodeAt(index);
        const pair = pairBit(previous, code);
        column[pair] = (column[pair] ?? 0) | mask;
        if (index > start + 1) {
          const triple = tripleBit(before, previous, code);
          column[triple] = (column[triple] ?? 0) | mask;
        }
        before = previous;
        previous = code;
      }
    }
    for (let bit = 0; bit < SIGNATURE_BITS; bit++) {
      const names = column[bit] ?? 0;
      if (names === 0) continue;
      bitmaps[bit * words + word] = names;
      column[bit] = 0;
    }
  }
  return {
    count,
    mayContain(term) {
      const until = Math.min(words, signed + wordsPerSlice);
      for (let word = signed; word < until; word++) signWord(word);
      signed = until;
      const bits = signatureBits(term);
      const passing = new Uint32Array(words);
      // The AND of the term's bitmaps over the signed words, one bitmap at a time: memory read in order.
      const from = bits.length === 0 ? 0 : signed;
      if (from > 0) {
        const first = (bits[0] ?? 0) * words;
        passing.set(bitmaps.subarray(first, first + from));
        for (let at = 1; at < bits.length; at++) {
          const offset = (bits[at] ?? 0) * words;
          for (let word = 0; word < from; word++) passing[word] = (passing[word] ?? 0) & (bitmaps[offset + word] ?? 0);
        }
      }
      // Every name beyond: a term with no pair, or names not signed yet. No slot past the last name.
      passing.fill(0xffffffff, from);
      if (from < words && count % 32 !== 0) passing[words - 1] = (1 << (count % 32)) - 1;
      return passing;
    },
  };
}
