/**
 * The second half of building a sharded text index (README.md, "Sharded"):
 * the lengths and postings the builder (sharded-builder.ts) put in a sink,
 * read back in order, become the index's blobs (sharded-format.ts). It holds
 * one lengths piece, one shard and one term piece at a time, and the
 * postings of one term; it can stop after any shard and resume from a state
 * small enough to store, so a writer with little time per step (the catalog
 * coordinator) writes a large index in several.
 */

import { NumberReader, NumberWriter, singleAt, singleText } from "./compact-numbers.ts";
import type { Posting, PostingSource } from "./sharded-builder.ts";
import {
  cutsAfter,
  DEFAULT_LAYOUT,
  headerText,
  MAX_TIMES_TARGET,
  orderCutsAfter,
  partCutsAfter,
  partLevel,
  type ShardedHeader,
  type ShardedLayout,
  shardText,
} from "./sharded-format.ts";
import { vocabularyText } from "./vocabulary.ts";

/** One blob of the index and its place in the index's list of blobs; the header comes last. */
export interface IndexBlob {
  place: number;
  text: string;
}

/**
 * Where a write stopped: after a shard, with everything before it written.
 * Plain JSON, at most a term piece's characters.
 */
export interface ShardedWriterState {
  header: Omit<ShardedHeader, "version">;
  /** Blobs written so far: the next one's place. */
  blobs: number;
  /** The last term written: a resumed write reads the postings of the terms after it. */
  after: string | null;
  /** The terms since the last term piece, as vocabulary text (vocabulary.ts), and how many. */
  pendingTerms: string;
  pendingTermCount: number;
}

/**
 * A shard as a write placed it, for a later write to take as it is: the
 * terms it holds lie after `after` (null: it is the first) up to `last`.
 */
export interface PlacedShard {
  after: string | null;
  last: string;
  /** Its terms as vocabulary text (vocabulary.ts), how many, and its characters. */
  vocabulary: string;
  terms: number;
  chars: number;
  /**
   * When its last term is cut into parts (sharded-format.ts): the term's
   * documents per field and its parts, each one's place in this write and
   * characters. A write that takes the shard places the parts right after
   * it, at places of its own.
   */
  cut?: PlacedCut;
}

/** A cut term's holders per field and its parts' places and characters, as a write placed them. */
export interface PlacedCut {
  holders: number[];
  parts: { place: number; chars: number }[];
}

/**
 * Shards of an earlier write that a write may take without reading their
 * terms' postings again (the catalog coordinator's publish after a small
 * change). A shard cut after a term chosen by its content (cutsAfter), not
 * at the end of the terms nor by its size before the next term, comes out
 * the same whenever a write starts a shard after the same term and none of
 * its terms' postings changed: which is what `keptAfter` must answer for.
 * (Postings name documents by number, so a document moving to another
 * position changes no shard.)
 */
export interface ShardReuse<Kept extends PlacedShard = PlacedShard> {
  /** A shard to take as it is where a shard starts after `after` (null: the first); undefined for none. */
  keptAfter(after: string | null): Kept | undefined | Promise<Kept | undefined>;
  /**
   * Each shard as it is placed, made (`kept` undefined; its text and its parts' went to `emit` first) or
   * taken as it is (its parts too: `shard.cut` gives their places in this write, in the order of
   * `kept.cut`'s); `reusable` says whether a later write may take it (cut after a term chosen by its content).
   */
  placed(place: number, shard: PlacedShard, reusable: boolean, kept?: Kept): void | Promise<void>;
}

export interface WriteOptions<Kept extends PlacedShard = PlacedShard> {
  /** Where an earlier write stopped; without it the write starts with the lengths and the order. */
  resume?: ShardedWriterState;
  /** Asked after each shard: true stops the write there, answering its state. */
  stop?: () => boolean;
  /** The sizes of the pieces; a resumed write must be given the same. */
  layout?: ShardedLayout;
  /** Shards an earlier write made that this one may take as they are, and where to tell what it placed. */
  reuse?: ShardReuse<Kept>;
}

export type WriteResult = { done: true; blobs: number } | { done: false; state: ShardedWriterState };

/**
 * Writes the index of `fieldCount` fields over what `source` holds, handing
 * each blob to `emit` (awaited) as it is made. Answers how many blobs there
 * are when done, or the state to resume from when `stop` said so.
 */
export async function writeShardedIndex<Kept extends PlacedShard = PlacedShard>(
  source: PostingSource,
  version: number,
  fieldCount: number,
  emit: (blob: IndexBlob) => void | Promise<void>,
  options: WriteOptions<Kept> = {},
): Promise<WriteResult> {
  const layout = options.layout ?? DEFAULT_LAYOUT;
  const state: ShardedWriterState = options.resume
    ? structuredClone(options.resume)
    : await writeLengthsAndOrder(source, fieldCount, layout, emit);
  const { header } = state;
  const write = async (text: string): Promise<number> => {
    const place = state.blobs++;
    await emit({ place, text });
    return place;
  };

  const { reuse } = options;

  // The shard being made: its terms' posting sizes and postings, what it follows, and its terms' vocabulary.
  let sizes = new NumberWriter();
  let postings: string[] = [];
  let shardChars = 0;
  let shardTerms = 0;
  let shardAfter = state.after;
  let shardVocabulary: string[] = [];
  const cutShard = async (reusable: boolean, cut?: TermParts) => {
    if (shardTerms === 0) return;
    const text = shardText(sizes.toString(), postings.join(""));
    const place = await write(text);
    header.shards.push([place, shardTerms, text.length]);
    const placed: PlacedShard = {
      after: shardAfter,
      last: state.after as string,
      vocabulary: shardVocabulary.join(""),
      terms: shardTerms,
      chars: text.length,
    };
    if (cut) {
      // The parts right after their shard, in number order.
      const parts: PlacedCut["parts"] = [];
      for (const part of cut.texts) parts.push({ place: await write(part), chars: part.length });
      placed.cut = { holders: cut.holders, parts };
      placeCut(placed.cut);
    }
    await reuse?.placed(place, placed, reusable);
    sizes = new NumberWriter();
    postings = [];
    shardChars = 0;
    shardTerms = 0;
    shardAfter = state.after;
    shardVocabulary = [];
  };
  const cutTerms = async () => {
    if (state.pendingTermCount === 0) return;
    header.terms.push([await write(state.pendingTerms), state.pendingTermCount]);
    state.pendingTerms = "";
    state.pendingTermCount = 0;
  };

  /** Adds a term to the vocabulary's pieces. */
  const addVocabulary = async (term: string, entry: string) => {
    if (
      state.pendingTermCount > 0 &&
      state.pendingTerms.length + entry.length > MAX_TIMES_TARGET * layout.termPieceChars
    ) {
      await cutTerms();
    }
    state.pendingTerms += entry;
    state.pendingTermCount++;
    if (cutsAfter(term, entry.length, layout.termPieceChars, 2)) await cutTerms();
    state.after = term;
  };

  /** The cut term just placed with its shard (its last term) into the header. */
  const placeCut = (cut: PlacedCut) => {
    const term = header.shards.reduce((sum, [, terms]) => sum + terms, 0) - 1;
    header.parts.push([term, [...cut.holders], cut.parts.map(({ place, chars }) => [place, chars])]);
  };

  /** Adds a term's postings; answers whether the shard was cut after it. */
  const addTerm = async (term: string, postingsOfTerm: TermPostings): Promise<boolean> => {
    const encoded = postingsOfTerm.encoded(term);
    const size = new NumberWriter();
    size.write(encoded.length);
    const whole = encoded.length + size.length;
    // A term larger than a shard's target is cut into parts by document number; its shard holds an empty
    // entry for it (a size of 0, one character) and ends with it, whatever its hash.
    const cut = whole > layout.shardChars ? postingsOfTerm.parts(whole, layout.partChars) : undefined;
    const chars = cut ? 1 : whole;
    // Cut by its size: the shard's end depends on the term after it, so a later write cannot take it as it is.
    if (shardTerms > 0 && shardChars + chars > MAX_TIMES_TARGET * layout.shardChars) await cutShard(false);
    sizes.write(cut ? 0 : encoded.length);
    if (!cut) postings.push(encoded);
    shardChars += chars;
    shardTerms++;
    const entry = vocabularyText([term]);
    shardVocabulary.push(entry);
    await addVocabulary(term, entry);
    if (!cut && !cutsAfter(term, chars, layout.shardChars, 1)) return false;
    await cutShard(true, cut);
    return true;
  };

  /**
   * Takes a kept shard as it is: its terms into the vocabulary's pieces, then its place, in the order a
   * write that made it places them (a term piece its terms end comes before it).
   */
  const takeShard = async (kept: Kept) => {
    let start = 0;
    for (let end = kept.vocabulary.indexOf("\n"); end >= 0; end = kept.vocabulary.indexOf("\n", start)) {
      await addVocabulary(kept.vocabulary.slice(start, end), kept.vocabulary.slice(start, end + 1));
      start = end + 1;
    }
    const place = state.blobs++;
    header.shards.push([place, kept.terms, kept.chars]);
    let placed: PlacedShard = kept;
    if (kept.cut) {
      const cut = {
        holders: kept.cut.holders,
        parts: kept.cut.parts.map(({ chars }) => ({ place: state.blobs++, chars })),
      };
      placeCut(cut);
      placed = {
        after: kept.after,
        last: kept.last,
        vocabulary: kept.vocabulary,
        terms: kept.terms,
        chars: kept.chars,
        cut,
      };
    }
    await reuse?.placed(place, placed, true, kept);
    shardAfter = state.after;
  };

  // The postings are read from the term after the last one written; where a kept shard starts, it is taken
  // as it is and the reading starts again after it.
  const postingsOfTerm = new TermPostings(fieldCount, header.numbers);
  let kept = await reuse?.keptAfter(state.after);
  for (;;) {
    while (kept) {
      await takeShard(kept);
      if (options.stop?.()) return { done: false, state };
      kept = await reuse?.keptAfter(state.after);
    }
    // The term being read: its postings, encoded as they come.
    let term: string | null = null;
    postingsOfTerm.clear();
    for await (const posting of source.postingsByTerm(state.after ?? undefined)) {
      if (posting.term !== term) {
        if (term !== null) {
          if (posting.term < term) {
            throw new Error(`search index: ${JSON.stringify(posting.term)} came after ${JSON.stringify(term)}`);
          }
          if (await addTerm(term, postingsOfTerm)) {
            if (options.stop?.()) return { done: false, state };
            kept = await reuse?.keptAfter(state.after);
            if (kept) break;
          }
        }
        term = posting.term;
        postingsOfTerm.clear();
      }
      postingsOfTerm.add(posting);
    }
    if (kept) continue;
    if (term !== null) await addTerm(term, postingsOfTerm);
    break;
  }
  // The last shard ends with the terms, not at a term chosen by its content: a term added after it joins it.
  await cutShard(false);
  await cutTerms();
  await write(headerText({ version, ...header }));
  return { done: true, blobs: state.blobs };
}

/**
 * Writes the lengths pieces, by number, and the order pieces, by position:
 * the state a write of the postings starts from. Holds one piece and a bit
 * per number (which numbers have lengths, and which the order named).
 */
async function writeLengthsAndOrder(
  source: PostingSource,
  fieldCount: number,
  layout: ShardedLayout,
  emit: (blob: IndexBlob) => void | Promise<void>,
): Promise<ShardedWriterState> {
  const pieceNumbers = layout.lengthPieceDocuments;
  const totals = new Array<number>(fieldCount).fill(0);
  const hole = singleText(0).repeat(fieldCount);
  let blobs = 0;
  const lengthPlaces: number[] = [];
  let piece: string[] = [];
  // The next number the lengths pieces hold: a number no document holds is a hole of lengths 0.
  let next = 0;
  let documents = 0;
  let withLengths = new Uint32Array(1024);
  const cutLengths = async () => {
    const place = blobs++;
    lengthPlaces.push(place);
    await emit({ place, text: piece.join("") });
    piece = [];
  };
  const fillTo = async (number: number) => {
    while (next < number) {
      piece.push(hole);
      next++;
      if (next % pieceNumbers === 0) await cutLengths();
    }
  };
  for await (const { number, lengths } of source.lengthsByNumber()) {
    if (!Number.isSafeInteger(number) || number < next) {
      throw new Error(`search index: lengths of number ${number} came after ${next - 1}`);
    }
    if (lengths.length !== fieldCount)
      throw new Error(`search index: lengths of ${lengths.length} fields at ${number}`);
    await fillTo(number);
    for (let field = 0; field < fieldCount; field++) totals[field] = (totals[field] ?? 0) + singleAt(lengths, field);
    piece.push(lengths);
    if (number >>> 5 >= withLengths.length) {
      const grown = new Uint32Array(Math.max(withLengths.length * 2, (number >>> 5) + 1));
      grown.set(withLengths);
      withLengths = grown;
    }
    withLengths[number >>> 5] = (withLengths[number >>> 5] ?? 0) | (1 << (number & 31));
    documents++;
    next++;
    if (next % pieceNumbers === 0) await cutLengths();
  }
  if (piece.length > 0) await cutLengths();

  // The order: every document's number once, each with lengths, cut after numbers their value picks.
  const numbers = next;
  const ordered = new Uint32Array(withLengths.length);
  const order: [number, number][] = [];
  let orderPiece = new NumberWriter();
  let inPiece = 0;
  let positions = 0;
  const cutOrder = async () => {
    const place = blobs++;
    order.push([place, inPiece]);
    await emit({ place, text: orderPiece.toString() });
    orderPiece = new NumberWriter();
    inPiece = 0;
  };
  for await (const number of source.numbersByPosition()) {
    const word = number >>> 5;
    const bit = 1 << (number & 31);
    if (!Number.isSafeInteger(number) || number < 0 || number >= numbers || ((withLengths[word] ?? 0) & bit) === 0) {
      throw new Error(`search index: position ${positions} names number ${number}, which has no lengths`);
    }
    if (((ordered[word] ?? 0) & bit) !== 0) throw new Error(`search index: number ${number} at two positions`);
    ordered[word] = (ordered[word] ?? 0) | bit;
    positions++;
    orderPiece.write(number);
    inPiece++;
    // A cut forced by size moves with what comes before it, up to the next cut its number picks.
    if (orderCutsAfter(number, layout.orderPieceNumbers) || inPiece >= MAX_TIMES_TARGET * layout.orderPieceNumbers) {
      await cutOrder();
    }
  }
  if (inPiece > 0) await cutOrder();
  if (positions !== documents) throw new Error(`search index: ${positions} positions for ${documents} documents`);
  return {
    header: {
      documents,
      numbers,
      averageLengths: totals.map((total) => (documents > 0 ? total / documents : 0)),
      lengths: lengthPlaces,
      order,
      terms: [],
      shards: [],
      parts: [],
    },
    blobs,
    after: null,
    pendingTerms: "",
    pendingTermCount: 0,
  };
}

/**
 * One term's postings, encoded as they come (text-index.ts, IndexParts.postings):
 * per field the gaps as compact numbers, the number of documents put before
 * them at the end. A byte per character, so a term of every document holds
 * about a byte or two per document while it is read; reused from term to
 * term.
 */
class TermPostings {
  private readonly fields: { gaps: NumberWriter; holders: number; previous: number }[];
  private readonly numbers: number;

  constructor(fieldCount: number, numbers: number) {
    this.fields = Array.from({ length: fieldCount }, () => ({ gaps: new NumberWriter(), holders: 0, previous: -1 }));
    this.numbers = numbers;
  }

  add({ term, field, number, count }: Posting): void {
    const list = this.fields[field];
    if (!list) throw new Error(`search index: no field ${field}`);
    if (!Number.isSafeInteger(number) || number < 0 || number >= this.numbers) {
      throw new Error(`search index: ${JSON.stringify(term)} names number ${number} of ${this.numbers}`);
    }
    if (number <= list.previous) {
      throw new Error(`search index: the postings of ${JSON.stringify(term)} are not in number order`);
    }
    if (!Number.isSafeInteger(count) || count < 1) throw new Error(`search index: ${term} occurs ${count} times`);
    writeGap(list.gaps, number - list.previous - 1, count);
    list.previous = number;
    list.holders++;
  }

  clear(): void {
    for (const field of this.fields) {
      field.gaps.clear();
      field.holders = 0;
      field.previous = -1;
    }
  }

  /**
   * The term's postings cut into parts (sharded-format.ts): after each number
   * of the term its hash picks at the term's level (`chars`, its encoded
   * size, over its documents), and after a part that grew past four times
   * `partChars` (that cut moves with what precedes it, up to the next picked
   * one). Each part is a shard of the one term, its gaps counted from −1.
   */
  parts(chars: number, partChars: number): TermParts {
    const fields = this.fields.map(({ gaps, holders }) => decodedPostings(gaps.toString(), holders));
    const next = fields.map(() => 0);
    /** The smallest number not yet walked in any field; −1 once every field is walked. */
    const smallest = () => {
      let found = -1;
      fields.forEach(({ numbers }, field) => {
        const number = numbers[next[field] ?? 0];
        if (number !== undefined && (found < 0 || number < found)) found = number;
      });
      return found;
    };
    let documents = 0;
    for (let number = smallest(); number >= 0; number = smallest()) {
      documents++;
      fields.forEach(({ numbers }, field) => {
        if (numbers[next[field] ?? 0] === number) next[field] = (next[field] ?? 0) + 1;
      });
    }
    const level = partLevel(documents, chars, partChars);
    next.fill(0);
    const texts: string[] = [];
    const newWriters = () => fields.map((): PartWriter => ({ gaps: new NumberWriter(), holders: 0, previous: -1 }));
    let writers = newWriters();
    const cutPart = () => {
      const encoded = writers
        .map(({ gaps, holders }) => {
          const count = new NumberWriter();
          count.write(holders);
          return count.toString() + gaps.toString();
        })
        .join("");
      const size = new NumberWriter();
      size.write(encoded.length);
      texts.push(shardText(size.toString(), encoded));
      writers = newWriters();
    };
    let partSize = 0;
    for (let document = smallest(); document >= 0; document = smallest()) {
      fields.forEach(({ numbers, counts }, field) => {
        const at = next[field] ?? 0;
        if (numbers[at] !== document) return;
        const writer = writers[field] as PartWriter;
        const before = writer.gaps.length;
        writeGap(writer.gaps, document - writer.previous - 1, counts[at] ?? 1);
        partSize += writer.gaps.length - before;
        writer.previous = document;
        writer.holders++;
        next[field] = at + 1;
      });
      if (partCutsAfter(document, level) || partSize >= MAX_TIMES_TARGET * partChars) {
        cutPart();
        partSize = 0;
      }
    }
    if (writers.some(({ holders }) => holders > 0)) cutPart();
    return { holders: this.fields.map(({ holders }) => holders), texts };
  }

  encoded(term: string): string {
    if (term.includes("\n")) throw new Error(`search index: a term holds a line break: ${JSON.stringify(term)}`);
    return this.fields
      .map(({ gaps, holders }) => {
        const count = new NumberWriter();
        count.write(holders);
        return count.toString() + gaps.toString();
      })
      .join("");
  }
}

/** A field's postings in the part being written: their gaps, how many, and the last number. */
interface PartWriter {
  gaps: NumberWriter;
  holders: number;
  previous: number;
}

/** A term's postings cut into parts: its documents per field, and each part's text (a shard of the one term). */
interface TermParts {
  holders: number[];
  texts: string[];
}

/** A posting as text-index.ts encodes it: the gap to the previous number, doubled, odd when a count follows. */
function writeGap(gaps: NumberWriter, gap: number, count: number): void {
  gaps.write(gap * 2 + (count > 1 ? 1 : 0));
  if (count > 1) gaps.write(count - 2);
}

/** A field's postings, as TermPostings encoded them, back into numbers and counts. */
function decodedPostings(text: string, holders: number): { numbers: Int32Array; counts: Int32Array } {
  const reader = new NumberReader(text);
  const numbers = new Int32Array(holders);
  const counts = new Int32Array(holders);
  let number = -1;
  for (let at = 0; at < holders; at++) {
    const code = reader.next();
    counts[at] = code % 2 === 1 ? reader.next() + 2 : 1;
    number += (code - (code % 2)) / 2 + 1;
    numbers[at] = number;
  }
  return { numbers, counts };
}
