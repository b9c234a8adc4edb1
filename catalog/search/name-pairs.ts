/**
 * A prefilter for the name search: each name's character pairs and runs of
 * three, hashed into a 256-bit signature (128 bits each). A name can
 * contain a term only if its signature holds every bit of the term's, so
 * the search looks into the few names that pass instead of scanning all of
 * them. At 10,000 recipes one indexOf through every name took 55–230 µs per
 * term, most for terms found nowhere ("spagetti"); the signatures are
 * 320 KB there, 1.6 MB at 50,000 and 11 MB at 350,000, made a slice of
 * names at a time after a search has been answered (NAMES_PER_SLICE says
 * why).
 *
 * The signatures are kept bit by bit (a bit-sliced signature file): for
 * each of the 256 bits, a bitmap of the names that have it. A term's names
 * are the AND of its bits' bitmaps, 32 names a step, where testing each
 * name's signature took a step per name: at 350,000 recipes that test was
 * about a millisecond of every query (decision 0056).
 */

import { bitCount } from "./engine/bit-count.ts";
import { LeastRecentlyUsed } from "./engine/least-recently-used.ts";
import { isBoundaryCode } from "./word-boundary.ts";

/**
 * Names one call of `signSlice` signs, at most. Signing is work no answer
 * waits for: the Worker signs a slice after it has answered a page
 * (`CatalogView.afterAnswer`), and a search made before every name is
 * signed finds the names that contain its term by one sweep through them
 * all. Made whole by a cold isolate's first search, the signatures of
 * 350,000 names were 40 % of its 465 ms in workerd on the 2-core host;
 * signing a slice of this many in that search, it took 333–370 ms, and
 * with the signing after the answer 302–322 (six runs each, alternating).
 * A slice bounds how long a request that arrives meanwhile waits for the
 * isolate.
 */
export const NAMES_PER_SLICE = 65_536;

/** Bits of the pairs' half of a signature; the triples' half follows it, as many again. */
const PAIR_BITS = 128;
/** Bits of a signature: its pairs', then its triples'. */
export const SIGNATURE_BITS = 2 * PAIR_BITS;
/** Hashes fill this many bits (PAIR_BITS = 2⁷). */
const HASH_BITS = 7;

/**
 * The characters whose names are kept exactly, by how they hold the
 * character (`namesHolding`): a term of one of them is a word of its own
 * in a few names, starts a word in more, and lies inside most. A term of one
 * character has no pair, so the signatures cannot narrow it, and the search
 * looked into every name that holds it to rank it: "e" at 350,000 recipes
 * took 24 ms at the reference speed, and the search form searches as the
 * visitor types. A character not among these is rare in names, and looked
 * into as before. Found by the character's first search in an isolate, by a
 * sweep through its occurrences (for "e" at 350,000 names that first search
 * costs what each did before, the next ones about 1 ms). Not marked while
 * the names are signed: that made signing 350,000 names take 190–310 ms
 * instead of 80 in Node.
 */
const LETTERS = "abcdefghijklmnopqrstuvwxyzäöüß0123456789";
/** Each kept character's number, by UTF-16 code unit below 256; -1 for the others. */
const LETTER_NUMBER = new Int8Array(256).fill(-1);
for (let letter = 0; letter < LETTERS.length; letter++) LETTER_NUMBER[LETTERS.charCodeAt(letter)] = letter;

/**
 * Terms of two and three characters are kept the same way when the search
 * asks (`keepNamesHolding`): a pair is all a signature can test of "ei", so
 * it let 165,000 of 350,000 names through, and the stop word "mit" passed
 * 228,000, each looked into to count the matches (8.3 and 11 ms at the
 * reference speed).
 */
export const SHORT_TERM_LENGTH = 3;
/**
 * Bytes of short terms' bitmaps kept, letters and longer ones alike, the
 * least recently used let go first: 35 terms at 350,000 names, 245 at
 * 50,000. They are array buffers beside those the view holds (decision
 * 0053), within the isolate's 128 MB.
 */
const SHORT_TERMS_KEPT_BYTES = 6 * 1024 * 1024;
/** Bitmaps of a term's names (TermNames). */
const TERM_BITMAPS = 4;

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

/**
 * The names that hold a short term exactly, by how they hold it at best, as
 * the name search ranks them: three bitmaps by slot, as `mayContain`
 * answers, that no name is in twice. Word starts and ends are the name
 * search's (word-boundary.ts).
 */
export interface TermNames {
  /** The names that hold it as a word of its own. */
  word: Uint32Array;
  /** Those that hold it at a word's start, none as a word of its own. */
  wordStart: Uint32Array;
  /** Those that hold it inside words only. */
  inside: Uint32Array;
  /** How many names each of the three holds. */
  counts: readonly [number, number, number];
  /** Every name that holds it, by position (the order of `nameStarts`) instead of by slot. */
  byPosition: Uint32Array;
}

/** The names' pair signatures, bit by bit. */
export interface NameSignatures {
  /** How many names there are. */
  readonly count: number;
  /**
   * The names whose signature holds every bit of `term`'s pairs and
   * triples, as a bitmap by slot (the order `nameSignatures` was given the
   * names in; slot s is bit s % 32 of word s / 32): every name that
   * contains `term`, and a few that do not. Until every name is signed, and
   * for a term of one character, exactly the names that contain `term`,
   * found by a sweep through them all. A new bitmap each call (a few dozen
   * KB at 350,000 names), so a search can read it lazily, page by page.
   */
  mayContain(term: string): Uint32Array;
  /**
   * The names that hold `term`, exactly: for one of the kept characters
   * (LETTERS), made by one sweep through the names when it is asked for and
   * not kept; for a term `keepNamesHolding` keeps, while it is kept; null
   * for any other term. Four bitmaps, 175 KB at 350,000 names, kept within
   * SHORT_TERMS_KEPT_BYTES with the other short terms: read them, never
   * write to them.
   */
  namesHolding(term: string): TermNames | null;
  /**
   * The names that hold a term of 2 to SHORT_TERM_LENGTH characters,
   * exactly, made as for a letter and kept with the short terms, which
   * `namesHolding` then answers. For the terms most names hold: for a rare
   * one the names its signature lets through cost less than a sweep through
   * every name.
   */
  keepNamesHolding(term: string): TermNames;
  /** Whether every name is signed: `mayContain` answers by the bitmaps, not by a sweep. */
  readonly allSigned: boolean;
  /** Signs the next NAMES_PER_SLICE names (`namesPerSlice`); whether names remain unsigned after it. */
  signSlice(): boolean;
}

/** Which name lies at which slot of the bitmaps, both ways; without it, name `s` lies at slot `s`. */
export interface SlotOrder {
  positionAtSlot: Int32Array;
  slotAtPosition: Int32Array;
}

/**
 * The signatures of the names in `allNames`: name `i` lies from
 * `nameStarts[i]` to `nameStarts[i + 1] - gap`. The name search puts the
 * names in name order (`order`), so the candidates come out in the order
 * its results are ranked in and it can stop once a page is full (decision
 * 0056). Slot by slot, so the bitmaps are written in order: name by name
 * into scattered slots took half as long again at 350,000 names. And 32
 * slots at a time: one word of every bitmap is gathered in a small table
 * (which stays in the processor's nearest cache) and written out once,
 * where setting each bit in the bitmaps themselves took a third longer at
 * 350,000 names (160 ms against 120 in Node on the 2-core host).
 */
export function nameSignatures(
  allNames: string,
  nameStarts: Int32Array,
  gap: number,
  order?: SlotOrder,
  namesPerSlice = NAMES_PER_SLICE,
): NameSignatures {
  const count = nameStarts.length - 1;
  const positionAtSlot = order?.positionAtSlot;
  const slotAtPosition = order?.slotAtPosition;
  if (order && (order.positionAtSlot.length !== count || order.slotAtPosition.length !== count)) {
    throw new Error(
      `name signatures: ${order.positionAtSlot.length} and ${order.slotAtPosition.length} slots for ${count} names`,
    );
  }
  // 32 names a word; bitmap `bit` is words `bit * words` to `(bit + 1) * words`.
  const words = Math.ceil(count / 32);
  // Made by the first slice: 11 MB at 350,000 names, which an isolate that searched once never needs.
  let bitmaps = new Uint32Array(0);
  const wordsPerSlice = Math.max(1, Math.ceil(namesPerSlice / 32));
  // Words of every bitmap made so far: the slots below `signed * 32`. A search reads the bitmaps once all are made.
  let signed = 0;
  // Short terms' names, least recently used first, within SHORT_TERMS_KEPT_BYTES.
  const shortTerms = new LeastRecentlyUsed<string, TermNames>(SHORT_TERMS_KEPT_BYTES);
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
  /**
   * Exactly the names that contain `term`, by slot: one indexOf through
   * `allNames` from each name on, so a name is looked into up to its first
   * occurrence only. In a cold isolate's profile at 350,000 names, this
   * sweep for "suppe" was 3.8 % of the first search; signing a slice after
   * it, 6.3 %.
   */
  function namesContaining(term: string): Uint32Array {
    const passing = new Uint32Array(words);
    let position = 0;
    for (let found = allNames.indexOf(term); found !== -1 && position < count; ) {
      while (position < count && (nameStarts[position + 1] ?? 0) <= found) position++;
      if (position === count) break;
      const next = nameStarts[position + 1] ?? 0;
      // Not across the gap into the next name.
      if (found + term.length <= next - gap) {
        const slot = slotAtPosition ? (slotAtPosition[position] ?? 0) : position;
        passing[slot >>> 5] = (passing[slot >>> 5] ?? 0) | (1 << (slot & 31));
        position++;
        found = allNames.indexOf(term, next);
      } else {
        found = allNames.indexOf(term, found + 1);
      }
    }
    return passing;
  }
  /**
   * The names that hold `term` (TermNames). One indexOf through `allNames`
   * from occurrence to occurrence: "e" at 350,000 names is about 1.5 million
   * of them.
   */
  function namesHoldingAll(term: string): TermNames {
    const word = new Uint32Array(words);
    const wordStart = new Uint32Array(words);
    const anywhere = new Uint32Array(words);
    const byPosition = new Uint32Array(words);
    // The name of the last occurrence: where it starts and ends (its gap left out), its word and bit by slot.
    let position = -1;
    let marked = -1;
    let start = 0;
    let end = 0;
    let next = 0;
    let at = 0;
    let bit = 0;
    for (let found = allNames.indexOf(term); found !== -1; found = allNames.indexOf(term, found + 1)) {
      if (found >= next) {
        do position++;
        while (position < count && (nameStarts[position + 1] ?? 0) <= found);
        if (position >= count) break;
        start = nameStarts[position] ?? 0;
        next = nameStarts[position + 1] ?? 0;
        end = next - gap;
        const slot = slotAtPosition ? (slotAtPosition[position] ?? 0) : position;
        at = slot >>> 5;
        bit = 1 << (slot & 31);
      }
      // Not across the name's end into its gap.
      if (found + term.length > end) continue;
      if (marked !== position) {
        // The first occurrence in the name: it holds the term anywhere.
        marked = position;
        anywhere[at] = (anywhere[at] ?? 0) | bit;
        byPosition[position >>> 5] = (byPosition[position >>> 5] ?? 0) | (1 << (position & 31));
      }
      if (found > start && !isBoundaryCode(allNames.charCodeAt(found - 1))) continue;
      wordStart[at] = (wordStart[at] ?? 0) | bit;
      if (found + term.length < end && !isBoundaryCode(allNames.charCodeAt(found + term.length))) continue;
      word[at] = (word[at] ?? 0) | bit;
    }
    // Each name by how it holds the term at best: a word of its own is a word's start too, and both lie anywhere.
    const counts: [number, number, number] = [0, 0, 0];
    for (let each = 0; each < words; each++) {
      const starts = wordStart[each] ?? 0;
      wordStart[each] = starts & ~(word[each] ?? 0);
      anywhere[each] = (anywhere[each] ?? 0) & ~starts;
      counts[0] += bitCount(word[each] ?? 0);
      counts[1] += bitCount(wordStart[each] ?? 0);
      counts[2] += bitCount(anywhere[each] ?? 0);
    }
    return { word, wordStart, inside: anywhere, counts, byPosition };
  }
  /** Keeps `names` of a short term not kept yet, letting the least recently used go past SHORT_TERMS_KEPT_BYTES. */
  function keepShortTerm(term: string, names: TermNames): void {
    shortTerms.keep(term, names, names.byPosition.byteLength * TERM_BITMAPS);
  }
  return {
    count,
    mayContain(term) {
      const bits = signatureBits(term);
      if (signed < words || bits.length === 0) return namesContaining(term);
      // The AND of the term's bitmaps, one bitmap at a time: memory read in order.
      const first = (bits[0] ?? 0) * words;
      const passing = bitmaps.slice(first, first + words);
      for (let at = 1; at < bits.length; at++) {
        const offset = (bits[at] ?? 0) * words;
        for (let word = 0; word < words; word++) passing[word] = (passing[word] ?? 0) & (bitmaps[offset + word] ?? 0);
      }
      return passing;
    },
    namesHolding(term) {
      const kept = shortTerms.use(term) ?? null;
      if (kept || term.length !== 1 || (LETTER_NUMBER[term.charCodeAt(0)] ?? -1) === -1) return kept;
      const found = namesHoldingAll(term);
      keepShortTerm(term, found);
      return found;
    },
    keepNamesHolding(term) {
      if (term.length < 2 || term.length > SHORT_TERM_LENGTH) {
        throw new Error(`name signatures: "${term}" is no term of 2 to ${SHORT_TERM_LENGTH} characters`);
      }
      const kept = shortTerms.use(term);
      if (kept) return kept;
      const found = namesHoldingAll(term);
      keepShortTerm(term, found);
      return found;
    },
    get allSigned() {
      return signed === words;
    },
    signSlice() {
      if (bitmaps.length === 0) bitmaps = new Uint32Array(SIGNATURE_BITS * words);
      const until = Math.min(words, signed + wordsPerSlice);
      for (let word = signed; word < until; word++) signWord(word);
      signed = until;
      return signed < words;
    },
  };
}
