/**
 * Reading a sharded text index (README.md, "Sharded"; the blobs are
 * sharded-format.ts's): the header, the lengths, the order and the
 * vocabulary when opened, and a shard of postings only when a query matches one of its
 * terms (the parts of a cut term, all of them, when a query matches it). Shards and parts read are kept, least recently used first, within a budget of
 * characters; an index whose shards all fit the budget reads them when
 * opened. A query searches with the same code as the whole index
 * (text-index.ts `IndexSearch`), so both answer the same hits in the same
 * order with the same scores.
 */

import { DigitReader, digitsOf, NumberReader } from "./compact-numbers.ts";
import { LeastRecentlyUsed } from "./least-recently-used.ts";
import type { RankedHits } from "./ranked-hits.ts";
import { parseHeader, type ShardedHeader, shardParts } from "./sharded-format.ts";
import {
  IndexSearch,
  type PostingsOf,
  postingStartsOf,
  type QueryMatches,
  type TextIndex,
  type TextIndexSchema,
} from "./text-index.ts";
import { Vocabulary } from "./vocabulary.ts";

export interface ShardedTextIndex extends TextIndex {
  /**
   * Reads the shards `query` needs and answers an index that searches with
   * them: they stay with it whatever the budget lets go meanwhile. Its
   * `search` answers `query` without matching it again, and other queries
   * as `search` here does.
   */
  prepare(query: string): Promise<TextIndex>;
  /**
   * Searches with the shards kept; throws when the query needs one that is
   * not (`prepare` reads them first). Every query works after an index whose
   * shards fit the budget was opened.
   */
  search(query: string, keep?: (position: number) => boolean): RankedHits;
  /** How many shards and parts the index has, and how many characters of them are kept now. */
  readonly shardCount: number;
  readonly keptChars: number;
}

export interface ShardedReadOptions {
  /** Characters of shards kept between queries; a query holds the shards it needs however many that are. */
  keptChars: number;
  /** Bytes of the common terms' bitmaps kept (text-index.ts `KEPT_TERM_BITMAP_BYTES` unless told). */
  keptBitmapBytes?: number;
}

/** A shard read: its postings and where each of its terms' start. */
interface ReadShard {
  /** The postings as digit values: outside the heap, and read a byte at a time by index. */
  postings: DigitReader;
  starts: Uint32Array;
  chars: number;
}

/**
 * Opens the index whose `blobs` blobs `read` answers by place, the header
 * last. Throws for anything but an index of the schema's version and fields.
 */
export async function openShardedIndex<Document>(
  blobs: number,
  read: (place: number) => Promise<string>,
  schema: TextIndexSchema<Document>,
  options: ShardedReadOptions,
): Promise<ShardedTextIndex> {
  if (blobs < 1) throw new Error("search index: no blobs");
  const header = parseHeader(await read(blobs - 1), schema.version, schema.fields.length, blobs);
  const [lengths, order, terms] = await Promise.all([
    Promise.all(header.lengths.map(read)),
    Promise.all(header.order.map(([place]) => read(place))),
    Promise.all(header.terms.map(([place]) => read(place))),
  ]);
  const termCount = header.terms.reduce((sum, [, count]) => sum + count, 0);
  const vocabulary = new Vocabulary(terms.join(""), termCount);
  const positionOf = positionsOfNumbers(header, order);
  const index = new ShardedIndex(header, vocabulary, lengths.join(""), positionOf, read, schema, options);
  if (index.slots.reduce((sum, [, , chars]) => sum + chars, 0) <= options.keptChars) {
    await Promise.all(index.slots.map((_, slot) => index.shard(slot)));
  }
  return index;
}

/** A cut term's documents per field and the slots (ShardedIndex.slots) of its parts, in number order. */
interface CutTerm {
  holders: number[];
  slots: number[];
}

class ShardedIndex implements ShardedTextIndex {
  readonly shardCount: number;
  /**
   * What can be read and kept: the shards, then every cut term's parts (a
   * part is a shard of one term); each blob's place, its terms, its characters.
   */
  readonly slots: [blob: number, terms: number, chars: number][];
  /** The cut terms by term number. */
  private readonly cuts = new Map<number, CutTerm>();
  private readonly searching: IndexSearch;
  private readonly read: (place: number) => Promise<string>;
  /** The first term of each shard, and one more entry for the end. */
  private readonly shardStarts: Uint32Array;
  /** Shards read, least recently used first, within the characters the options allow. */
  private readonly kept: LeastRecentlyUsed<number, ReadShard>;
  /** Shards being read, shared by every query that needs them. */
  private readonly reading = new Map<number, Promise<ReadShard>>();

  constructor(
    header: ShardedHeader,
    vocabulary: Vocabulary,
    lengths: string,
    positionOf: Int32Array,
    read: (place: number) => Promise<string>,
    schema: TextIndexSchema<never>,
    options: ShardedReadOptions,
  ) {
    this.read = read;
    this.kept = new LeastRecentlyUsed(options.keptChars);
    this.searching = new IndexSearch(
      { documents: header.documents, averageLengths: header.averageLengths, lengths, vocabulary, positionOf },
      schema,
      options.keptBitmapBytes,
    );
    this.slots = [...header.shards];
    for (const [term, holders, parts] of header.parts) {
      const slots = parts.map(([place, chars]) => this.slots.push([place, 1, chars]) - 1);
      this.cuts.set(term, { holders, slots });
    }
    this.shardCount = this.slots.length;
    this.shardStarts = new Uint32Array(header.shards.length + 1);
    header.shards.forEach(([, terms], shard) => {
      this.shardStarts[shard + 1] = (this.shardStarts[shard] ?? 0) + terms;
    });
  }

  get keptChars(): number {
    return this.kept.cost;
  }

  search(query: string, keep?: (position: number) => boolean): RankedHits {
    return this.searching.rank(this.searching.match(query), this.postingsOf(new Map()), keep);
  }

  async prepare(query: string): Promise<TextIndex> {
    const matches = this.searching.match(query);
    const held = await this.shardsOf(matches);
    const postingsOf = this.postingsOf(held);
    return {
      search: (asked, keep) =>
        this.searching.rank(asked === query ? matches : this.searching.match(asked), postingsOf, keep),
    };
  }

  /** The shards a query's matches need, read. */
  private async shardsOf(matches: QueryMatches | null): Promise<Map<number, ReadShard>> {
    const needed = new Set<number>();
    for (const terms of matches?.termsOfWord ?? []) {
      for (const term of terms.keys()) {
        const cut = this.cuts.get(term);
        if (cut) for (const slot of cut.slots) needed.add(slot);
        else needed.add(this.shardOfTerm(term));
      }
    }
    const shards = [...needed];
    const read = await Promise.all(shards.map((shard) => this.shard(shard)));
    return new Map(shards.map((shard, at) => [shard, read[at] as ReadShard]));
  }

  /** Postings by term, from `held` or else the shards kept. */
  private postingsOf(held: ReadonlyMap<number, ReadShard>): PostingsOf {
    const slotOf = (slot: number): ReadShard => {
      const found = held.get(slot) ?? this.kept.peek(slot);
      if (!found) throw new Error(`search index: shard ${slot} was not read (prepare the query first)`);
      return found;
    };
    return (term) => {
      const cut = this.cuts.get(term);
      if (cut) {
        const parts = cut.slots.map((slot) => ({ digits: slotOf(slot).postings.digits, offset: 0 }));
        return { parts, holders: cut.holders };
      }
      const shard = this.shardOfTerm(term);
      const found = slotOf(shard);
      found.postings.offset = found.starts[term - (this.shardStarts[shard] ?? 0)] ?? 0;
      return found.postings;
    };
  }

  /** Shard `shard`, from those kept or read now. */
  shard(shard: number): Promise<ReadShard> {
    const kept = this.kept.use(shard);
    if (kept) return Promise.resolve(kept);
    let reading = this.reading.get(shard);
    if (!reading) {
      const [place = 0, terms = 0, chars = 0] = this.slots[shard] ?? [];
      reading = this.read(place)
        .then((text) => {
          if (text.length !== chars) throw new Error(`search index: shard ${shard} is not as long as its header says`);
          const { postingSizes, postings } = shardParts(text);
          const read = {
            postings: new DigitReader(digitsOf(postings)),
            starts: postingStartsOf(postingSizes, terms, postings.length),
            chars,
          };
          this.kept.keep(shard, read, chars);
          return read;
        })
        .finally(() => this.reading.delete(shard));
      this.reading.set(shard, reading);
    }
    return reading;
  }

  /** The shard that holds term number `term`. */
  private shardOfTerm(term: number): number {
    let low = 0;
    let high = this.shardStarts.length - 2;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if ((this.shardStarts[middle] ?? 0) <= term) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

/**
 * Each document number's position, from the order pieces (each number once,
 * in position order); −1 for a number no document holds. Throws for pieces
 * that do not hold what the header says.
 */
function positionsOfNumbers(header: ShardedHeader, pieces: readonly string[]): Int32Array {
  const positionOf = new Int32Array(header.numbers).fill(-1);
  let position = 0;
  header.order.forEach(([, numbers], piece) => {
    const text = pieces[piece] ?? "";
    const reader = new NumberReader(text);
    for (let left = numbers; left > 0; left--) {
      const number = reader.next();
      if (number >= header.numbers || positionOf[number] !== -1) {
        throw new Error(`search index: order piece ${piece} names number ${number} wrongly`);
      }
      positionOf[number] = position++;
    }
    if (reader.offset !== text.length) throw new Error(`search index: order piece ${piece} holds more than its count`);
  });
  return positionOf;
}
