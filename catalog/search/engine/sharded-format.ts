/**
 * How a sharded text index lies in its blobs (README.md, "Sharded"): what
 * the writer (sharded-writer.ts) produces and the reader (sharded-index.ts)
 * reads. The index is a list of blobs, the header last:
 *
 * - **lengths** pieces: per document, per field, its length for BM25 as one
 *   compact number, a fixed run of document numbers a piece, by number (a
 *   number no document holds has lengths of 0);
 * - **order** pieces: the documents' numbers in the order hits name them by
 *   (their positions), cut after numbers chosen by their value, so a
 *   document added or removed rewrites one piece;
 * - **term** pieces: the vocabulary (vocabulary.ts) cut into pieces at
 *   terms chosen by their content, so a new term rewrites one piece;
 * - **shards**: the postings of a run of terms, cut at terms chosen by their
 *   content and the size of their postings, so a change to one term's
 *   postings rewrites one shard (or two, where a size forced a cut);
 * - **parts** of a cut term: a term whose postings are larger than a shard's
 *   target (a kind's token, which most documents hold) keeps an empty entry
 *   in its shard, which it ends, and its postings lie in parts cut after
 *   document numbers chosen by their value, so a document added or removed
 *   rewrites the one part its number lies in, not the whole term;
 * - the **header**: the version, the document count, the numbers' span, the
 *   average lengths and where each piece and shard is in the list.
 *
 * Postings and lengths name a document by its number, which the caller
 * gives and which need not follow the positions (the site numbers recipes by
 * id): a document added at any position then changes only the shards of its
 * own terms, the lengths piece of its number, one order piece and the header.
 *
 * Nothing here knows where blobs are stored: a blob is named by its place.
 */

/** How large the pieces of a sharded index are; the writer's choice, which the reader need not know. */
export interface ShardedLayout {
  /** Document numbers per lengths piece (a piece holds the numbers from a multiple of this on). */
  lengthPieceDocuments: number;
  /** Numbers an order piece aims at: a cut after a number is chosen by its value, with a chance of one in this. */
  orderPieceNumbers: number;
  /**
   * Characters of postings a shard aims at (its postings and their sizes).
   * A cut after a term is likelier the larger its postings, so shards come
   * out near this size on average while where they are cut depends only on
   * the term at the cut. A shard is cut before a term that would take it
   * beyond four times this; a term larger on its own is cut into parts.
   */
  shardChars: number;
  /**
   * Characters of postings a part of a cut term aims at (half to all of
   * this on average): a term's parts are cut after the numbers whose hash
   * falls under a power of two picked by the term's characters a document.
   */
  partChars: number;
  /** Characters of vocabulary a term piece aims at, cut as shards are. */
  termPieceChars: number;
}

/**
 * The layout the site publishes with; decision 0054 says why pieces,
 * decision 0072 why these sizes: a term larger than a shard (at 350,000
 * recipes the kind tokens and the words every recipe holds, shards of up to
 * 369 K characters that every added recipe rewrote) is cut into parts, and
 * the other pieces keep their size, since smaller ones made a change touch
 * more blobs that a delta pack's fold then writes.
 */
export const DEFAULT_LAYOUT: ShardedLayout = {
  // With five fields, 160 K characters.
  lengthPieceDocuments: 32_768,
  // About 4 characters a number at 350,000 recipes: 32 K characters a piece.
  orderPieceNumbers: 8192,
  shardChars: 96 * 1024,
  partChars: 32 * 1024,
  termPieceChars: 256 * 1024,
};

/** How many times its target a shard or term piece may grow before a cut is forced. */
export const MAX_TIMES_TARGET = 4;

/** Where the blobs a sharded index is made of are, by their place in its list. */
export interface ShardedHeader {
  version: number;
  /** How many documents were indexed: positions run from 0 to one less. */
  documents: number;
  /** One more than the largest document number: numbers run from 0 to one less, with holes. */
  numbers: number;
  /** Per field, its mean length over all documents. */
  averageLengths: number[];
  /** The lengths pieces, by number. */
  lengths: number[];
  /** The order pieces by position: each blob's place and how many numbers it holds. */
  order: [blob: number, numbers: number][];
  /** The term pieces in term order: each blob's place and how many terms it holds. */
  terms: [blob: number, terms: number][];
  /** The shards in term order: each blob's place, how many terms it holds, and how many characters of postings. */
  shards: [blob: number, terms: number, chars: number][];
  /**
   * The cut terms in term order: the term's number (the last of its shard's,
   * whose entry there is empty), how many documents hold it per field, and
   * its parts in number order, each blob's place and characters (a part is
   * a shard of the one term: shardText).
   */
  parts: [term: number, holders: number[], blobs: [blob: number, chars: number][]][];
}

/** The shape of a header blob's text: one line of JSON. */
export function headerText(header: ShardedHeader): string {
  return JSON.stringify(header);
}

/**
 * A header blob's text, checked against the version and field count the
 * reader expects and the number of blobs in the list (`blobs`, the header
 * last); throws for anything else.
 */
export function parseHeader(text: string, version: number, fieldCount: number, blobs: number): ShardedHeader {
  const header = JSON.parse(text) as Partial<ShardedHeader> | null;
  if (header?.version !== version) {
    throw new Error(`search index: version ${String(header?.version)} is not ${version}`);
  }
  const { documents, numbers, averageLengths, lengths, order, terms, shards, parts } = header;
  const isBlob = (value: unknown) => isCount(value) && value < blobs - 1;
  if (
    !isCount(documents) ||
    !isCount(numbers) ||
    numbers < documents ||
    !Array.isArray(order) ||
    !order.every((entry) => Array.isArray(entry) && isBlob(entry[0]) && isCount(entry[1])) ||
    order.reduce((sum, entry) => sum + entry[1], 0) !== documents ||
    !Array.isArray(averageLengths) ||
    averageLengths.length !== fieldCount ||
    !averageLengths.every((value) => typeof value === "number" && Number.isFinite(value)) ||
    !Array.isArray(lengths) ||
    !lengths.every(isBlob) ||
    !Array.isArray(terms) ||
    !terms.every((entry) => Array.isArray(entry) && isBlob(entry[0]) && isCount(entry[1])) ||
    !Array.isArray(shards) ||
    !shards.every((entry) => Array.isArray(entry) && isBlob(entry[0]) && isCount(entry[1]) && isCount(entry[2])) ||
    !Array.isArray(parts) ||
    !parts.every(
      (entry) =>
        Array.isArray(entry) &&
        isCount(entry[0]) &&
        Array.isArray(entry[1]) &&
        entry[1].length === fieldCount &&
        entry[1].every((holders) => isCount(holders) && holders <= documents) &&
        Array.isArray(entry[2]) &&
        entry[2].length > 0 &&
        entry[2].every((part) => Array.isArray(part) && isBlob(part[0]) && isCount(part[1])),
    )
  ) {
    throw new Error("search index: not the header of a sharded index");
  }
  const termCount = (list: readonly [number, number, ...number[]][]) => list.reduce((sum, entry) => sum + entry[1], 0);
  if (termCount(terms) !== termCount(shards)) throw new Error("search index: shards of other terms");
  // Each cut term ends its shard: a term of its own there, in order.
  const ends = new Set<number>();
  shards.reduce((start, [, count]) => {
    ends.add(start + count - 1);
    return start + count;
  }, 0);
  let previous = -1;
  for (const [term] of parts) {
    if (term <= previous || !ends.has(term)) throw new Error("search index: a cut term that ends no shard");
    previous = term;
  }
  return { version, documents, numbers, averageLengths, lengths, order, terms, shards, parts };
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

/** A shard's text: its terms' posting sizes, a line break, their postings (text-index.ts, IndexParts). */
export function shardText(postingSizes: string, postings: string): string {
  return `${postingSizes}\n${postings}`;
}

/** The two parts of a shard's text. */
export function shardParts(text: string): { postingSizes: string; postings: string } {
  const end = text.indexOf("\n");
  if (end < 0) throw new Error("search index: not a shard");
  return { postingSizes: text.slice(0, end), postings: text.slice(end + 1) };
}

/**
 * Whether a piece is cut after `term`, whose share of the piece is `chars`
 * of `target`: by a hash of the term, with a chance of `chars / target`
 * rounded up to a power of two, so a term whose postings grow a little keeps
 * its decision, and a cut never depends on what came before it. `seed`
 * keeps the cuts of shards and term pieces apart.
 */
export function cutsAfter(term: string, chars: number, target: number, seed: number): boolean {
  const share = 2 ** Math.ceil(Math.log2(Math.max(1, chars))) / target;
  return share >= 1 || termHash(term, seed) < share * 2 ** 32;
}

/** FNV-1a over the term's code units, from `seed`, then mixed (MurmurHash3's finish) so its top bits are even. */
function termHash(term: string, seed: number): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let index = 0; index < term.length; index++) {
    hash ^= term.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return mixBits(hash);
}

/**
 * Whether an order piece is cut after document number `number`: by a hash
 * of the number alone, one in `target`, so a number added or removed moves
 * no cut but its own.
 */
export function orderCutsAfter(number: number, target: number): boolean {
  return numberHash(number) < 2 ** 32 / target;
}

/**
 * How finely a cut term's parts are cut: a number of the term ends a part
 * when its hash falls under 2^32 / 2^level (partCutsAfter). The level gives
 * a part 2^level of the term's `documents` on average, so half to all of
 * `target` characters; it moves only when the term's characters per
 * document cross a power of two, not with each document added.
 */
export function partLevel(documents: number, chars: number, target: number): number {
  return Math.max(0, Math.min(31, Math.floor(Math.log2((target * documents) / Math.max(1, chars)))));
}

/**
 * Whether a cut term's part ends after document number `number` at `level`:
 * by a hash of the number alone, so a number added or removed moves no cut
 * but its own, and a level's cuts are all cuts of the level below.
 */
export function partCutsAfter(number: number, level: number): boolean {
  return numberHash(number) < 2 ** (32 - level);
}

/** A number's 32 bits mixed (MurmurHash3's finish), so that any run of numbers spreads its hashes evenly. */
function numberHash(number: number): number {
  return mixBits((number ^ Math.floor(number / 2 ** 32)) >>> 0);
}

/** MurmurHash3's finish: every input bit moves every output bit, so the top bits are even. */
function mixBits(bits: number): number {
  let hash = bits;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}
