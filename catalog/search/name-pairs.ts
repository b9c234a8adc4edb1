/**
 * A prefilter for the name search: each name's character pairs, hashed
 * into a 128-bit signature. A name can contain a term only if its
 * signature holds every bit of the term's, so the search looks into the
 * few names that pass instead of scanning all of them. At 10,000 recipes
 * one indexOf through every name took 55–230 µs per term, most for terms
 * found nowhere ("spagetti"); the signatures are 160 KB there, 800 KB at
 * 50,000, and made on the first search with the joined names.
 */

/** 32-bit words per signature. */
export const PAIR_SIGNATURE_WORDS = 4;
/** Hashes fill this many bits (PAIR_SIGNATURE_WORDS × 32 = 2⁷). */
const PAIR_HASH_BITS = 7;

/** The bit a character pair sets: a multiplicative hash of both UTF-16 code units. */
function pairBit(first: number, second: number): number {
  return Math.imul((first << 16) | second, 0x9e3779b1) >>> (32 - PAIR_HASH_BITS);
}

/** Sets the bits of `text`'s pairs in `signatures`, from word `at` on. */
function addPairs(signatures: Uint32Array, at: number, text: string, start: number, end: number): void {
  for (let index = start + 1; index < end; index++) {
    const bit = pairBit(text.charCodeAt(index - 1), text.charCodeAt(index));
    const word = at + (bit >>> 5);
    signatures[word] = (signatures[word] ?? 0) | (1 << (bit & 31));
  }
}

/**
 * The signatures of the names in `allNames`, PAIR_SIGNATURE_WORDS words
 * each: name `i` lies from `nameStarts[i]` to `nameStarts[i + 1] - gap`.
 */
export function nameSignatures(allNames: string, nameStarts: Int32Array, gap: number): Uint32Array {
  const count = nameStarts.length - 1;
  const signatures = new Uint32Array(count * PAIR_SIGNATURE_WORDS);
  for (let position = 0; position < count; position++) {
    const start = nameStarts[position] ?? 0;
    const end = (nameStarts[position + 1] ?? 0) - gap;
    addPairs(signatures, position * PAIR_SIGNATURE_WORDS, allNames, start, end);
  }
  return signatures;
}

/** The signature a name needs to contain `term`: empty (all names pass) for a single character. */
export function termSignature(term: string): Uint32Array {
  const signature = new Uint32Array(PAIR_SIGNATURE_WORDS);
  addPairs(signature, 0, term, 0, term.length);
  return signature;
}

/** Whether the signature at word `at` of `signatures` holds every bit of `wanted`. */
export function mayContain(signatures: Uint32Array, at: number, wanted: Uint32Array): boolean {
  for (let word = 0; word < PAIR_SIGNATURE_WORDS; word++) {
    // A bit wanted and missing; compared with 0, since `&` gives a signed number and the arrays hold unsigned ones.
    if (((wanted[word] ?? 0) & ~(signatures[at + word] ?? 0)) !== 0) return false;
  }
  return true;
}
