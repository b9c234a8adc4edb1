/**
 * The first half of building a sharded text index in bounded memory
 * (README.md, "Sharded"): documents are taken a chunk at a time and turned
 * into postings and lengths, which go to a sink: a table of a database
 * (the catalog coordinator's SQLite) or memory (`MemoryPostings`, for tests
 * and a catalog built in memory). The second half, sharded-writer.ts, reads
 * them back ordered by term and writes the blobs. Nothing here holds more
 * than one chunk.
 *
 * A document is named by its number, which the caller chooses and keeps
 * for the document's life (the site takes a recipe's id), not by its
 * position: a document added or removed then moves no other document's
 * postings. The source says which position each number has.
 */

import { LARGEST_SINGLE, singleText } from "./compact-numbers.ts";
import { termsOf } from "./terms.ts";
import type { TextIndexSchema } from "./text-index.ts";

/** That a document holds a term in a field, and how often. */
export interface Posting {
  readonly term: string;
  /** The field's place in the schema. */
  readonly field: number;
  /** The document's number (the source's `numbersByPosition` gives its position, which hits name). */
  readonly number: number;
  /** How often the term occurs in the field: at least 1. */
  readonly count: number;
}

/** A document's length in each field (BM25's), as compact numbers of one character, one per field. */
export interface DocumentLengths {
  readonly number: number;
  readonly lengths: string;
}

/** What a chunk of documents comes to. */
export interface IndexedChunk {
  readonly postings: readonly Posting[];
  readonly lengths: readonly DocumentLengths[];
}

/**
 * Where the builder puts what it made of a chunk. A document added twice,
 * or two documents of one number, make an index the writer refuses: a
 * sink that takes a chunk again (a step run twice) must replace its rows.
 */
export interface PostingSink {
  add(chunk: IndexedChunk): void | Promise<void>;
}

/**
 * A term as bytes whose order (memcmp, SQLite's order of BLOBs) is
 * JavaScript's order of the terms: its UTF-16 code units, high byte first.
 * SQLite's order of TEXT is that of code points, which differs for
 * characters above U+FFFF against U+E000–U+FFFF; a table of postings orders
 * by this key where terms may hold either.
 */
export function termSortKey(term: string): Uint8Array {
  const key = new Uint8Array(term.length * 2);
  for (let index = 0; index < term.length; index++) {
    const code = term.charCodeAt(index);
    key[index * 2] = code >>> 8;
    key[index * 2 + 1] = code & 0xff;
  }
  return key;
}

/** What the writer reads back: a database's `ORDER BY`, or `MemoryPostings`. */
export interface PostingSource {
  /**
   * Every posting ordered by term (code-unit order, as JavaScript compares
   * strings), then field, then number; with `after`, only those of terms
   * sorted after it (where a write resumes).
   */
  postingsByTerm(after?: string): Iterable<Posting> | AsyncIterable<Posting>;
  /** Every document's lengths, ordered by number (numbers no document holds are left out). */
  lengthsByNumber(): Iterable<DocumentLengths> | AsyncIterable<DocumentLengths>;
  /** Every document's number, in the order of their positions: the order hits name them by. */
  numbersByPosition(): Iterable<number> | AsyncIterable<number>;
}

/**
 * The postings and lengths of a chunk of documents, each with its number.
 * What `buildTextIndex` counts for a document, it counts here.
 */
export function indexChunk<Document>(
  chunk: readonly { readonly number: number; readonly document: Document }[],
  schema: TextIndexSchema<Document>,
): IndexedChunk {
  const postings: Posting[] = [];
  const lengths: DocumentLengths[] = [];
  for (const { number, document } of chunk) {
    if (!Number.isSafeInteger(number) || number < 0) throw new Error(`search index: no number ${number}`);
    let written = "";
    schema.fields.forEach((field, fieldNumber) => {
      const words = field.words(document);
      const occurrences = new Map<string, number>();
      for (const term of field.tokens ? words : termsOf(words)) occurrences.set(term, (occurrences.get(term) ?? 0) + 1);
      written += singleText(Math.min(LARGEST_SINGLE, new Set(words).size));
      for (const [term, count] of occurrences) postings.push({ term, field: fieldNumber, number, count });
    });
    lengths.push({ number, lengths: written });
  }
  return { postings, lengths };
}

/** Adds a chunk of documents to `sink`. */
export async function addDocuments<Document>(
  chunk: readonly { readonly number: number; readonly document: Document }[],
  schema: TextIndexSchema<Document>,
  sink: PostingSink,
): Promise<void> {
  await sink.add(indexChunk(chunk, schema));
}

/**
 * A sink and source in memory: per term, its postings as numbers (field,
 * document number, count), which is what the whole index's builder held. For
 * tests, and for the catalog built in memory (catalog/sync/plan-version.ts).
 * `order` is the documents' numbers in position order.
 */
export class MemoryPostings implements PostingSink, PostingSource {
  private readonly byTerm = new Map<string, number[]>();
  private readonly lengths = new Map<number, string>();
  private readonly order: readonly number[];

  constructor(order: readonly number[]) {
    this.order = order;
  }

  add({ postings, lengths }: IndexedChunk): void {
    for (const { term, field, number, count } of postings) {
      let list = this.byTerm.get(term);
      if (!list) {
        list = [];
        this.byTerm.set(term, list);
      }
      list.push(field, number, count);
    }
    for (const { number, lengths: text } of lengths) this.lengths.set(number, text);
  }

  *postingsByTerm(after?: string): Iterable<Posting> {
    const terms = [...this.byTerm.keys()].sort();
    for (const term of terms) {
      if (after !== undefined && term <= after) continue;
      const list = this.byTerm.get(term) ?? [];
      const order = Array.from({ length: list.length / 3 }, (_, index) => index * 3);
      order.sort((a, b) => (list[a] ?? 0) - (list[b] ?? 0) || (list[a + 1] ?? 0) - (list[b + 1] ?? 0));
      for (const at of order) {
        yield { term, field: list[at] ?? 0, number: list[at + 1] ?? 0, count: list[at + 2] ?? 1 };
      }
    }
  }

  *lengthsByNumber(): Iterable<DocumentLengths> {
    for (const number of [...this.lengths.keys()].sort((a, b) => a - b)) {
      yield { number, lengths: this.lengths.get(number) as string };
    }
  }

  numbersByPosition(): Iterable<number> {
    return this.order;
  }
}
