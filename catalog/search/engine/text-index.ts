/**
 * A full-text index of documents with weighted fields, for German text:
 * BM25+ ranking as MiniSearch's, and a query word finds other forms of
 * itself (german-stem.ts), compounds it is a part of, word starts, typos,
 * and whatever the caller's schema says it means (`expand`). It is built
 * once into a string and read where it is searched; reading it takes slices
 * of that string and decodes nothing per document (decision 0018).
 *
 * Nothing in this folder knows recipes: the schema names the fields, their
 * weights and what a word means besides itself. README.md in this folder
 * documents each option; catalog/search/search-index.ts is the site's
 * schema.
 */

import { bitCount } from "./bit-count.ts";
import {
  DigitReader,
  digitsOf,
  FINAL_BASE,
  LARGEST_SINGLE,
  LEADING_BASE,
  NO_DIGIT,
  NumberReader,
  NumberWriter,
  singlesOf,
} from "./compact-numbers.ts";
import { formsOf, isEndingCode, isIrregularStem, mayStemLongerTerms, stemOf } from "./german-stem.ts";
import { LeastRecentlyUsed } from "./least-recently-used.ts";
import { hitKey, type KeyedHits, MAX_KEYED_WORDS, RankedHits, scoreScale } from "./ranked-hits.ts";
import { searchTerms, termsOf } from "./terms.ts";
import { Vocabulary, vocabularyText } from "./vocabulary.ts";
import { compoundWeight, editsAllowed, MIN_COMPOUND_REST } from "./word-match.ts";

/** A field of the documents: README.md, "Fields". */
export interface TextField<Document> {
  /** The field's words as written (`splitWords` splits a text), or its tokens when `tokens` is set. */
  words(document: Document): readonly string[];
  /** Whether the words are tokens, stored as they are: not folded, no stop words left out. */
  tokens?: boolean;
  /** What a match in this field is worth against one in a field of boost 1. */
  boost: number;
}

/** How matches are weighed: README.md, "Ranking". */
export interface Ranking {
  /** BM25's saturation of repeated terms. */
  k: number;
  /** BM25's weight of a field's length against the average. */
  b: number;
  /** BM25+'s floor: what one occurrence earns however long the field. */
  d: number;
  /** A term the last query word starts, against the word itself (1), before its length discount. */
  prefixWeight: number;
  /** A term within the allowed edits, before its length discount. */
  fuzzyWeight: number;
  /** Another form of the same word (german-stem.ts). */
  inflectionWeight: number;
  /** What a match through a member of the word's family is worth against the member's own. */
  familyWeight: number;
  /** A query's different words beyond this many are ignored (1 to MAX_KEYED_WORDS, 15). */
  maxWords: number;
}

/** The ranking MiniSearch's options gave the site before this index replaced it (decision 0018). */
export const DEFAULT_RANKING: Ranking = {
  k: 1.2,
  b: 0.7,
  d: 0.5,
  prefixWeight: 0.375,
  fuzzyWeight: 0.45,
  inflectionWeight: 0.9,
  familyWeight: 0.8,
  maxWords: 12,
};

/** What a query word means besides itself: README.md, "Expansion". */
export interface Expansion {
  /** Words, folded, whose matches the word also finds, worth `familyWeight` of theirs ("fisch" → "lachs"). */
  family?(stem: string): readonly string[];
  /** Tokens of a `tokens` field the word finds as if it were them, worth 1 ("kase" → "#KIND-CHEESE"). */
  tokens?(stem: string): readonly string[];
}

/** Everything an index is built and read by; the same object for both. */
export interface TextIndexSchema<Document> {
  /** Written into the index; a reader with another version refuses it, so an old index is rebuilt. */
  version: number;
  fields: readonly TextField<Document>[];
  ranking?: Partial<Ranking>;
  expand?: Expansion;
}

export interface TextIndex {
  /**
   * Hits best first: those matching more of the query's words, then by
   * score, equal scores by position; each document once; nothing for a
   * query without terms. Put in order as far as they are sliced. With
   * `keep`, only the hits at positions it keeps, in the same order and
   * with the same keys as without it (a filter applied during the search,
   * not after it).
   */
  search(query: string, keep?: (position: number) => boolean): RankedHits;
}

/**
 * The parts of an index. Serialized, the numbers come first as one line of
 * JSON with the length of each text part, then the texts follow one after
 * another as they are: reading them is taking slices of the string, where
 * JSON.parse would copy megabytes character by character.
 */
interface IndexParts {
  /** How many documents were indexed: positions run from 0 to one less. */
  documents: number;
  /** Per field, its mean length over all documents (BM25's average). */
  averageLengths: number[];
  /**
   * Compact numbers of one character each: per document, per field, its
   * length for BM25, at most LARGEST_SINGLE (63; beyond that the length
   * factor hardly changes, and a document's lengths are found by place). The
   * length is MiniSearch's, kept so rankings stay as they were: the number
   * of distinct words as written, stop words and case variants included,
   * and an empty text or a separator at an end counting one empty word.
   */
  lengths: string;
  /** How many terms `terms` holds. */
  termCount: number;
  /** The vocabulary (search-vocabulary.ts). */
  terms: string;
  /** Compact numbers: per term, how many characters of `postings` it takes. */
  postingSizes: string;
  /**
   * Compact numbers: per term, per field, the number of documents, then for
   * each document, by position: the gap to the one before (minus one) times
   * two, plus one if the term occurs more than once, and then that count
   * minus two.
   */
  postings: string;
}

/** Builds the serialized index over `documents`; a hit names a document by its position in that array. */
export function buildTextIndex<Document>(documents: readonly Document[], schema: TextIndexSchema<Document>): string {
  const { fields } = schema;
  const fieldCount = fields.length;
  // Term → per field: position, occurrences, position, occurrences, … in position order.
  const postingsByTerm = new Map<string, number[][]>();
  const lengths = new NumberWriter();
  const totalLengths = new Array<number>(fieldCount).fill(0);
  documents.forEach((document, position) => {
    fields.forEach((field, fieldNumber) => {
      const words = field.words(document);
      const occurrences = new Map<string, number>();
      for (const term of field.tokens ? words : termsOf(words)) occurrences.set(term, (occurrences.get(term) ?? 0) + 1);
      const length = Math.min(LARGEST_SINGLE, new Set(words).size);
      lengths.write(length);
      totalLengths[fieldNumber] = (totalLengths[fieldNumber] ?? 0) + length;
      for (const [term, count] of occurrences) {
        let perField = postingsByTerm.get(term);
        if (!perField) {
          perField = fields.map(() => []);
          postingsByTerm.set(term, perField);
        }
        perField[fieldNumber]?.push(position, count);
      }
    });
  });

  const terms = [...postingsByTerm.keys()].sort();
  const postings = new NumberWriter();
  const postingSizes = new NumberWriter();
  for (const term of terms) {
    const start = postings.length;
    for (const list of postingsByTerm.get(term) ?? []) {
      postings.write(list.length / 2);
      let previous = -1;
      for (let at = 0; at < list.length; at += 2) {
        const position = list[at] ?? 0;
        const count = list[at + 1] ?? 1;
        postings.write((position - previous - 1) * 2 + (count > 1 ? 1 : 0));
        if (count > 1) postings.write(count - 2);
        previous = position;
      }
    }
    postingSizes.write(postings.length - start);
  }

  return serialize(schema.version, {
    documents: documents.length,
    averageLengths: totalLengths.map((total) => (documents.length > 0 ? total / documents.length : 0)),
    lengths: lengths.toString(),
    termCount: terms.length,
    terms: vocabularyText(terms),
    postingSizes: postingSizes.toString(),
    postings: postings.toString(),
  });
}

/**
 * Reads an index `buildTextIndex` wrote with the same schema; throws for
 * anything else, an index of another version or other fields included.
 * `keptMatchedTerms`: the matched words' terms it keeps (`IndexSearch`).
 */
export function loadTextIndex<Document>(
  serialized: string,
  schema: TextIndexSchema<Document>,
  keptMatchedTerms = KEPT_MATCHED_TERMS,
): TextIndex {
  return new CompactTextIndex(deserialize(serialized, schema.version, schema.fields.length), schema, keptMatchedTerms);
}

const TEXT_PARTS = ["lengths", "terms", "postingSizes", "postings"] as const;

function serialize(version: number, parts: IndexParts): string {
  const { documents, averageLengths, termCount } = parts;
  const textLengths = TEXT_PARTS.map((name) => parts[name].length);
  // JSON.stringify writes no line break: the first one ends the header.
  const header = JSON.stringify({ version, recipes: documents, averageLengths, termCount, textLengths });
  return [header, ...TEXT_PARTS.map((name) => parts[name])].join("\n");
}

function deserialize(serialized: string, version: number, fieldCount: number): IndexParts {
  const headerEnd = serialized.indexOf("\n");
  // "recipes" counts the documents: the name the site's indexes have always carried.
  const header = JSON.parse(headerEnd < 0 ? serialized : serialized.slice(0, headerEnd)) as {
    version?: unknown;
    recipes?: unknown;
    averageLengths?: unknown;
    termCount?: unknown;
    textLengths?: unknown;
  } | null;
  if (header?.version !== version) {
    throw new Error(`search index: version ${String(header?.version)} is not ${version}`);
  }
  const { recipes: documents, averageLengths, termCount, textLengths } = header;
  if (
    !isCount(documents) ||
    !isCount(termCount) ||
    !isListOf(averageLengths, fieldCount, (entry) => typeof entry === "number" && Number.isFinite(entry)) ||
    !isListOf(textLengths, TEXT_PARTS.length, isCount)
  ) {
    throw new Error("search index: not an index");
  }
  const texts: string[] = [];
  let offset = headerEnd + 1;
  for (const length of textLengths) {
    texts.push(serialized.slice(offset, offset + length));
    offset += length + 1;
  }
  if (offset !== serialized.length + 1) throw new Error("search index: the parts do not add up");
  const [lengths = "", terms = "", postingSizes = "", postings = ""] = texts;
  return { documents, averageLengths, termCount, lengths, terms, postingSizes, postings };
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

function isListOf(value: unknown, length: number, isEntry: (entry: unknown) => boolean): value is number[] {
  return Array.isArray(value) && value.length === length && value.every(isEntry);
}

/**
 * What a search reads besides the postings: shared by the whole index and
 * the sharded one (sharded-index.ts), which search with the same code and so
 * answer the same hits with the same scores.
 */
export interface IndexContent {
  /** How many documents were indexed: positions run from 0 to one less. */
  documents: number;
  /** Per field, its mean length over all documents. */
  averageLengths: readonly number[];
  /** IndexParts.lengths, by the numbers postings name documents by (`positionOf`). */
  lengths: string;
  vocabulary: Vocabulary;
  /**
   * Where postings name documents by a number of their own (the sharded
   * index, sharded-format.ts): each number's position, −1 for a number no
   * document holds. Without it, a posting names a position.
   */
  positionOf?: Int32Array;
}

/** A query's words and, per word, the terms it matches with what a match through each is worth. */
export interface QueryMatches {
  readonly words: number;
  readonly termsOfWord: readonly ReadonlyMap<number, number>[];
}

/** A matched term's postings (where they start in their digits) and what a match of it adds. */
interface TermPostings {
  /** The term's number in the vocabulary. */
  term: number;
  /** Where its postings start: one place, or a cut term's parts in number order (sharded-format.ts). */
  parts: readonly PostingsAt[];
  /** A cut term's documents per field, which its idf reads (each part counts its own); undefined otherwise. */
  holders: readonly number[] | undefined;
  /** What a match through the term is worth, before BM25+ and the field's boost. */
  weight: number;
  /** The bit of the query word it matches for. */
  bit: number;
}

/** Where a term's postings start in their digits (IndexParts.postings, as `digitsOf` reads them). */
export interface PostingsAt {
  readonly digits: Uint8Array;
  readonly offset: number;
}

/**
 * A term's postings: a reader placed at their start, or a cut term's parts
 * (sharded-format.ts), each encoded as a whole term's postings are but of
 * the documents in its range of numbers, and the term's documents per field.
 */
export type PostingsOf = (term: number) => DigitReader | { parts: readonly PostingsAt[]; holders: readonly number[] };

/**
 * Searching an index's content: which terms a query matches (through the
 * vocabulary alone), then the BM25+ scores of the documents holding them.
 * Two steps, so a sharded index reads the postings of the terms in between.
 */
export class IndexSearch {
  private readonly documentCount: number;
  /**
   * Per number a posting names, the document's position (hits, filters and
   * the order of equal scores go by position); −1 for a number without one.
   */
  private readonly positionOf: Int32Array;
  private readonly fieldCount: number;
  private readonly boosts: readonly number[];
  private readonly ranking: Ranking;
  private readonly expand: Expansion;
  private readonly averageLengths: readonly number[];
  /** IndexParts.lengths, a byte each (`singlesOf`), by number. */
  private readonly fieldLengths: Uint8Array;
  private readonly vocabulary: Vocabulary;
  /**
   * Per document, during a query: how many of its words it has matched so
   * far, and its score. Made on the first query and reused: a query
   * allocates only for its hits.
   */
  private matched: Int32Array | undefined;
  private scores: Float64Array | undefined;
  /**
   * The documents a query has matched so far, a bit each (document d is bit
   * d % 32 of word d / 32), and how many. Read word by word, the bits give
   * the hits in position order: sorting a list of them took up to 1.7 ms at
   * 350,000 documents, and a pass over every document about 1 ms (decision
   * 0056).
   */
  private touchedBits: Uint32Array | undefined;
  private touchedCount = 0;
  /** The hits' positions during a query, ascending (`hitPositions`). */
  private hitBuffer: Int32Array | undefined;
  /**
   * Per field, `saturation` of each length (0 to LARGEST_SINGLE) and each
   * number of occurrences below TABLED_OCCURRENCES, at length ×
   * TABLED_OCCURRENCES + occurrences: the same numbers, computed once.
   */
  private readonly saturations: Float64Array[];
  /**
   * The documents of each term with many postings (at least one per 32
   * documents), a bit each as `rank` marks them, by term number, least
   * recently used first; within `keptBitmapBytes`. The common terms (a
   * category's or a kind's token, "suppe") come back in query after query,
   * and OR-ing their bitmap is a word per 32 documents where decoding their
   * postings is a number per document: at 350,000 recipes the postings of
   * "pasta" took 0.8 ms to mark (decision 0056).
   */
  private readonly termBitmaps: LeastRecentlyUsed<number, Uint32Array>;
  /** What each term can add to a document's score at most (`mostOf`), for up to KEPT_TERM_MOSTS terms. */
  private readonly termMost = new Map<number, number>();
  private readonly keptBitmapBytes: number;
  /**
   * The terms of the words matched lately (`matchesOf`), by how each was matched, least recently used first;
   * within `keptMatchedTerms` terms in all. A word's terms depend on the vocabulary alone, and finding them scans
   * it: a word's compounds read the whole vocabulary's text, and "fisch" does so for each member of its family
   * (2 ms of its 4.5 at 350,000 recipes in Node). Popular words come back in query after query.
   */
  private readonly matchedWords: LeastRecentlyUsed<string, ReadonlyMap<number, number>>;
  private readonly keptMatchedTerms: number;
  /** How many postings the last `markPostings` read. */
  private markedPostings = 0;

  /**
   * `keptBitmapBytes` bounds the term bitmaps kept (KEPT_TERM_BITMAP_BYTES unless told; 0 keeps none),
   * `keptMatchedTerms` the matched words' terms kept (KEPT_MATCHED_TERMS unless told; 0 keeps none).
   */
  constructor(
    content: IndexContent,
    schema: TextIndexSchema<never>,
    keptBitmapBytes = KEPT_TERM_BITMAP_BYTES,
    keptMatchedTerms = KEPT_MATCHED_TERMS,
  ) {
    this.keptBitmapBytes = keptBitmapBytes;
    this.termBitmaps = new LeastRecentlyUsed(keptBitmapBytes);
    this.keptMatchedTerms = keptMatchedTerms;
    this.matchedWords = new LeastRecentlyUsed(keptMatchedTerms);
    this.documentCount = content.documents;
    this.fieldCount = schema.fields.length;
    this.boosts = schema.fields.map((field) => field.boost);
    this.ranking = { ...DEFAULT_RANKING, ...schema.ranking };
    this.expand = schema.expand ?? {};
    if (
      !(
        Number.isSafeInteger(this.ranking.maxWords) &&
        this.ranking.maxWords > 0 &&
        this.ranking.maxWords <= MAX_KEYED_WORDS
      )
    ) {
      throw new Error(`search index: maxWords must be 1 to ${MAX_KEYED_WORDS}`);
    }
    this.averageLengths = content.averageLengths;
    this.vocabulary = content.vocabulary;
    this.positionOf = content.positionOf ?? Int32Array.from({ length: content.documents }, (_, position) => position);
    if (content.lengths.length !== this.positionOf.length * this.fieldCount)
      throw new Error("search index: lengths of other documents");
    this.fieldLengths = singlesOf(content.lengths);
    this.saturations = schema.fields.map((_, field) => {
      const table = new Float64Array((LARGEST_SINGLE + 1) * TABLED_OCCURRENCES);
      for (let length = 0; length <= LARGEST_SINGLE; length++) {
        for (let occurrences = 1; occurrences < TABLED_OCCURRENCES; occurrences++) {
          table[length * TABLED_OCCURRENCES + occurrences] = this.saturation(field, occurrences, length);
        }
      }
      return table;
    });
  }

  /** The terms each of the query's words matches; null for a query that can find nothing. */
  match(query: string): QueryMatches | null {
    const terms = searchTerms(query);
    const words = [...new Set(terms)].slice(0, this.ranking.maxWords);
    if (words.length === 0 || this.documentCount === 0) return null;
    const typed = terms.at(-1) ?? "";
    // Each word through its exact term, its other forms, a term it starts (only the word being typed, the
    // last), compounds it is a part of, terms within a few edits, its family's members, and the tokens it
    // stands for.
    return { words: words.length, termsOfWord: words.map((word) => this.matchesOf(word, word === typed)) };
  }

  /**
   * The hits of a query's matches (`match`), reading each term's postings
   * through `postingsOf`. Which documents are hits is found now, by the
   * postings' positions alone; their scores and order when the hits are
   * first sliced (`RankedHits.later`), with the same sums in the same order.
   * "gemüse" at 350,000 documents has 300,000 hits, and a page of the name
   * search whose direct matches fill it slices none (decision 0056).
   */
  rank(matches: QueryMatches | null, postingsOf: PostingsOf, keep?: (position: number) => boolean): RankedHits {
    if (matches === null) return NO_HITS;
    // Each matched term's postings, taken now: a shard let go later stays with the hits that rank from it.
    const lists: TermPostings[] = [];
    matches.termsOfWord.forEach((terms, wordNumber) => {
      for (const [term, weight] of terms) {
        const found = postingsOf(term);
        const bit = 1 << wordNumber;
        if (found instanceof DigitReader) {
          lists.push({
            term,
            parts: [{ digits: found.digits, offset: found.offset }],
            holders: undefined,
            weight,
            bit,
          });
        } else {
          lists.push({ term, parts: found.parts, holders: found.holders, weight, bit });
        }
      }
    });
    const { words } = matches;
    const bitmapWords = Math.ceil(this.documentCount / 32);
    const hitBits = new Uint32Array(bitmapWords);
    let count = 0;
    // With more than one word, how many words each document matches, as four bit planes (a bit each of the
    // count's 1, 2, 4, 8): the hits that match more words come first (`hitKey`), so a page within those that match
    // at least so many needs no other document scored. "nudeln tomaten" at 350,000 documents has 190,000 hits.
    // Not with a filter: its hits' keys are the unfiltered ones' (`scored`), scaled by the best score of every hit.
    let planes: Uint32Array[] | undefined;
    if (words === 1 || keep) {
      for (const list of lists) count += this.markTerm(list, hitBits);
    } else {
      planes = [0, 1, 2, 3].map(() => new Uint32Array(bitmapWords));
      const [ones, twos, fours, eights] = planes as [Uint32Array, Uint32Array, Uint32Array, Uint32Array];
      const ofWord = new Uint32Array(bitmapWords);
      for (let wordNumber = 0; wordNumber < words; wordNumber++) {
        ofWord.fill(0);
        for (const list of lists) if (list.bit === 1 << wordNumber) this.markTerm(list, ofWord);
        for (let word = 0; word < bitmapWords; word++) {
          const bits = ofWord[word] ?? 0;
          hitBits[word] = (hitBits[word] ?? 0) | bits;
          // Adds one to the count of every document in `bits`, carrying from plane to plane.
          let carry = (ones[word] ?? 0) & bits;
          ones[word] = (ones[word] ?? 0) ^ bits;
          const carryTwos = (twos[word] ?? 0) & carry;
          twos[word] = (twos[word] ?? 0) ^ carry;
          carry = (fours[word] ?? 0) & carryTwos;
          fours[word] = (fours[word] ?? 0) ^ carryTwos;
          eights[word] = (eights[word] ?? 0) ^ carry;
        }
      }
      for (let word = 0; word < bitmapWords; word++) count += bitCount(hitBits[word] ?? 0);
    }
    if (keep) {
      for (let word = 0; word < hitBits.length; word++) {
        for (let rest = hitBits[word] ?? 0; rest !== 0; rest &= rest - 1) {
          const low = rest & -rest;
          if (keep((word << 5) | (31 - Math.clz32(low)))) continue;
          hitBits[word] = (hitBits[word] ?? 0) & ~low;
          count--;
        }
      }
    }
    return RankedHits.later(hitBits, count, words, (needed) => {
      // The most words a page of `needed` hits reaches down to: the documents matching at least so many, kept or
      // not, are scored (`only`), and the kept ones keyed.
      for (let least = words; planes && least > 1; least--) {
        const only = atLeast(planes, least);
        const kept = new Uint32Array(bitmapWords);
        let keptCount = 0;
        for (let word = 0; word < bitmapWords; word++) {
          const both = (only[word] ?? 0) & (hitBits[word] ?? 0);
          kept[word] = both;
          keptCount += bitCount(both);
        }
        if (keptCount >= needed) return this.scored(words, lists, kept, only);
      }
      // One word through several terms: once the page is known to lie within the documents scored so far, the
      // terms left score those alone.
      return this.scored(words, lists, hitBits, undefined, words === 1 && !keep ? needed : undefined);
    });
  }

  /**
   * The documents scored so far, a bit each by position, when the best
   * `needed` of all lie among them, and the score none of the others can
   * reach; undefined otherwise. "fleisch" at 350,000 documents finds 15,000
   * through a compound and then 127,000 through its kind, and each of the
   * compound's best is worth more than the kind can add to any document
   * (MaxScore): once the `needed`th best score so far is above what the
   * terms after `done` can add together, no document they alone hold can
   * reach the page, and they are added to the documents scored so far
   * alone. The terms are added in the query's order all the same, so those
   * documents' sums and keys are the whole ranking's, the best among them
   * too. `most` keeps what each term can add (`mostOf`), read when first
   * needed.
   */
  private withinBest(
    lists: readonly TermPostings[],
    most: (number | undefined)[],
    done: number,
    needed: number,
  ): { documents: Uint32Array; above: number } | undefined {
    // What the list at `index` can add, with its weight: kept in `most` for the query's next look.
    const bound = (index: number) => {
      const list = lists[index];
      if (list) most[index] ??= list.weight * this.mostOf(list);
      return most[index] ?? 0;
    };
    // No score so far is above what the terms added can give together: then no look at the scores is needed.
    let reached = 0;
    for (let index = 0; index <= done; index++) reached += bound(index);
    let rest = 0;
    for (let index = done + 1; index < lists.length && rest < reached; index++) rest += bound(index);
    if (rest === 0 || rest >= reached) return undefined;
    const { lowest, highest } = this.bestSoFar(needed);
    // Far above a key's step (2⁻²⁸ of the best score, which is at most highest + rest; ranked-hits.ts): no
    // document left out ties with the page's last.
    const above = rest + (highest + rest) * 2 ** -20;
    if (lowest <= above) return undefined;
    return { documents: (this.touchedBits ?? new Uint32Array(0)).slice(), above };
  }

  /**
   * The most that `list`'s term can add to one document's score, before
   * the list's weight: the sum over the fields of its best match in each.
   * Its postings are read in the order of their numbers, with their
   * lengths; nothing per document is written. Kept per term: a kind's
   * 127,000 postings at 350,000 documents take about 1 ms to read.
   */
  private mostOf(list: TermPostings): number {
    const known = this.termMost.get(list.term);
    if (known !== undefined) return known;
    const { fieldLengths, documentCount, fieldCount, boosts, saturations } = this;
    const best = new Float64Array(fieldCount);
    for (const { digits, offset } of list.parts) {
      const reader = new DigitReader(digits, offset);
      for (let field = 0; field < fieldCount; field++) {
        const holders = reader.next();
        if (holders === 0) continue;
        const saturation = saturations[field] ?? new Float64Array(0);
        let most = 0;
        let number = -1;
        for (let left = holders; left > 0; left--) {
          const code = reader.next();
          const occurrences = code % 2 === 1 ? reader.next() + 2 : 1;
          number += (code - (code % 2)) / 2 + 1;
          const length = fieldLengths[number * fieldCount + field] ?? 0;
          const part =
            occurrences < TABLED_OCCURRENCES
              ? (saturation[length * TABLED_OCCURRENCES + occurrences] ?? 0)
              : this.saturation(field, occurrences, length);
          if (part > most) most = part;
        }
        const termHas = list.holders?.[field] ?? holders;
        const idf = Math.log(1 + (documentCount - termHas + 0.5) / (termHas + 0.5));
        best[field] = Math.max(best[field] ?? 0, (boosts[field] ?? 0) * idf * most);
      }
    }
    let most = 0;
    for (const value of best) most += value;
    if (this.termMost.size >= KEPT_TERM_MOSTS) this.termMost.clear();
    this.termMost.set(list.term, most);
    return most;
  }

  /** The `needed`th highest and the highest score of the documents scored so far (at least `needed` of them). */
  private bestSoFar(needed: number): { lowest: number; highest: number } {
    const scores = this.scores ?? new Float64Array(0);
    // The best `needed` so far, as a heap whose root is the lowest of them.
    const heap = new Float64Array(needed);
    let size = 0;
    let highest = 0;
    for (const position of this.hitPositions()) {
      const score = scores[position] ?? 0;
      if (score > highest) highest = score;
      if (size < needed) {
        let at = size++;
        while (at > 0) {
          const parent = (at - 1) >> 1;
          if ((heap[parent] ?? 0) <= score) break;
          heap[at] = heap[parent] ?? 0;
          at = parent;
        }
        heap[at] = score;
      } else if (score > (heap[0] ?? 0)) {
        let at = 0;
        for (;;) {
          const left = 2 * at + 1;
          if (left >= size) break;
          const right = left + 1;
          const child = right < size && (heap[right] ?? 0) < (heap[left] ?? 0) ? right : left;
          if ((heap[child] ?? 0) >= score) break;
          heap[at] = heap[child] ?? 0;
          at = child;
        }
        heap[at] = score;
      }
    }
    return { lowest: heap[0] ?? 0, highest };
  }

  /**
   * Sets the bit of every document in the postings of `list` in `bits`;
   * answers how many were not set before. From the term's bitmap when one is
   * kept; a term with many postings keeps one.
   */
  private markTerm(list: TermPostings, bits: Uint32Array): number {
    // Used now: last to be let go.
    const kept = this.termBitmaps.use(list.term);
    if (kept) return markFrom(kept, bits);
    const bytes = bits.byteLength;
    const keepable = bytes > 0 && bytes <= this.keptBitmapBytes;
    // A cut term says how many postings it has before they are read: one it will keep is read once, into its own
    // bitmap, and marked from there. Any other is read into `bits`, and read again for a bitmap of its own when
    // it turns out to have as many.
    const known = list.holders?.reduce((sum, holders) => sum + holders, 0);
    if (keepable && known !== undefined && known * 32 >= this.documentCount) {
      const own = new Uint32Array(bits.length);
      this.markPostings(list, own);
      this.termBitmaps.keep(list.term, own, own.byteLength);
      return markFrom(own, bits);
    }
    const added = this.markPostings(list, bits);
    if (keepable && this.markedPostings * 32 >= this.documentCount) {
      const own = new Uint32Array(bits.length);
      this.markPostings(list, own);
      this.termBitmaps.keep(list.term, own, own.byteLength);
    }
    return added;
  }

  /**
   * Sets the bit of every document in the postings of `list` in `bits`;
   * answers how many were not set before. Decodes as `addPostings` does, and
   * throws where it would.
   */
  private markPostings(list: TermPostings, bits: Uint32Array): number {
    let added = 0;
    let postings = 0;
    for (const part of list.parts) {
      added += this.markPart(part, bits);
      postings += this.markedPostings;
    }
    this.markedPostings = postings;
    return added;
  }

  /** `markPostings` for one place of postings (a term's, or a part of a cut term's); sets `markedPostings`. */
  private markPart(part: PostingsAt, bits: Uint32Array): number {
    const { positionOf, fieldCount } = this;
    const reader = new DigitReader(part.digits, part.offset);
    const { digits } = part;
    let added = 0;
    let postings = 0;
    for (let field = 0; field < fieldCount; field++) {
      const holders = reader.next();
      postings += holders;
      let offset = reader.offset;
      let number = -1;
      for (let left = holders; left > 0; left--) {
        let digit = digits[offset++] ?? NO_DIGIT;
        let code = 0;
        while (digit >= FINAL_BASE) {
          if (digit === NO_DIGIT) throw new RangeError(`compact numbers: no number at ${offset - 1}`);
          code = code * LEADING_BASE + (digit - FINAL_BASE);
          digit = digits[offset++] ?? NO_DIGIT;
        }
        code = code * FINAL_BASE + digit;
        if (code % 2 === 1) {
          // The occurrences, which only the score reads.
          reader.offset = offset;
          reader.next();
          offset = reader.offset;
        }
        number += (code - (code % 2)) / 2 + 1;
        const position = positionOf[number] ?? -1;
        if (position < 0) throw new Error("search index: a posting names no document");
        const word = position >>> 5;
        const bit = 1 << (position & 31);
        const before = bits[word] ?? 0;
        if ((before & bit) === 0) {
          bits[word] = before | bit;
          added++;
        }
      }
      reader.offset = offset;
    }
    this.markedPostings = postings;
    return added;
  }

  /**
   * The keys of the hits in `kept` (the documents of `lists`' postings a
   * filter keeps), from their scores: each list's postings added in order,
   * as a query always added them. With `only`, the documents in it alone are
   * scored (those that match at least so many words, kept or not), and the
   * best score that scales the keys is theirs.
   */
  private scored(
    words: number,
    lists: readonly TermPostings[],
    kept: Uint32Array,
    only: Uint32Array | undefined,
    needed?: number,
  ): KeyedHits {
    this.matched ??= new Int32Array(this.documentCount);
    this.scores ??= new Float64Array(this.documentCount);
    this.touchedBits ??= new Uint32Array(Math.ceil(this.documentCount / 32));
    const { matched, scores } = this;
    this.touchedCount = 0;
    // What each term can add to a document at most, for a page that needs only the best `needed` (MaxScore).
    const most: (number | undefined)[] | undefined = needed !== undefined && lists.length > 1 ? [] : undefined;
    let scoring = only;
    // With `scoring` found by `withinBest`: what no document outside it can reach. The documents in it above that are
    // every hit whose key is below theirs, as RankedHits.later asks; the others in it need not be (one that a later
    // term adds little to may rank below one left out).
    let above = -1;
    // Listed once the scores are added, and read again to clear them.
    let hits: Int32Array | undefined;
    try {
      // matched[position] is a bit mask of the words the document has matched.
      // A cut term's parts one after another: each document lies in one part, so its fields' scores are
      // added in the order the whole term's postings add them.
      // Postings added since the last look at the best so far: a look reads every document scored, so it is
      // taken only when they are at least a quarter as many.
      let added = 0;
      for (const [index, { parts, holders, weight, bit }] of lists.entries()) {
        for (const { digits, offset } of parts) {
          added += this.addPostings(new DigitReader(digits, offset), weight, bit, matched, scores, holders, scoring);
        }
        if (most && needed !== undefined && scoring === undefined && this.touchedCount >= needed) {
          if (added * 4 < this.touchedCount) continue;
          added = 0;
          const within = this.withinBest(lists, most, index, needed);
          if (within) ({ documents: scoring, above } = within);
        }
      }
      // The best score is every hit's, kept or not, so the kept hits' keys (ranked-hits.ts) and order are the
      // unfiltered ones'.
      hits = this.hitPositions();
      // One pass over the scattered scores: the keyed hits' scores and word counts are copied out, side by side,
      // and keyed from there once the best score (every hit's, kept or not) is known. A second pass over the
      // scattered arrays cost "huhn" at 350,000 documents (38,000 hits) about 0.3 ms in Node, "spagetti" 0.2.
      const count = hits.length;
      const positions = new Int32Array(count);
      const keptScores = new Float64Array(count);
      const fewer = words === 1 ? undefined : new Uint8Array(count);
      let total = 0;
      let best = 0;
      for (let at = 0; at < count; at++) {
        const position = hits[at] ?? 0;
        const score = scores[position] ?? 0;
        if (score > best) best = score;
        if (score <= above || (((kept[position >>> 5] ?? 0) >>> (position & 31)) & 1) === 0) continue;
        positions[total] = position;
        keptScores[total] = score;
        if (fewer) fewer[total] = words - bitCount(matched[position] ?? 0);
        total++;
      }
      // Each hit's position and key: no score or word count per hit is kept.
      const scale = scoreScale(best);
      const keys = new Uint32Array(total);
      for (let at = 0; at < total; at++) keys[at] = hitKey(fewer?.[at] ?? 0, keptScores[at] ?? 0, scale);
      return { positions: positions.slice(0, total), keys, scale };
    } finally {
      this.clearScores(hits);
    }
  }

  /** Sets the scratch arrays back to nothing scored; `hits`: the touched positions, when listed already. */
  private clearScores(hits?: Int32Array): void {
    const { matched, scores, touchedBits } = this;
    if (!matched || !scores || !touchedBits) return;
    if (this.touchedCount * TOUCHED_SHARE < this.documentCount) {
      for (const position of hits ?? this.hitPositions()) {
        matched[position] = 0;
        scores[position] = 0;
      }
    } else {
      matched.fill(0);
      scores.fill(0);
    }
    touchedBits.fill(0);
    this.touchedCount = 0;
  }

  /** The positions a query has touched, ascending, from `touchedBits` (into a buffer reused by the next query). */
  private hitPositions(): Int32Array {
    const touchedBits = this.touchedBits ?? new Uint32Array(0);
    this.hitBuffer ??= new Int32Array(this.documentCount);
    const hits = this.hitBuffer;
    let count = 0;
    for (let word = 0; word < touchedBits.length; word++) {
      for (let rest = touchedBits[word] ?? 0; rest !== 0; rest &= rest - 1) {
        // The lowest bit set: 31 less the leading zeros of it alone.
        hits[count++] = (word << 5) | (31 - Math.clz32(rest & -rest));
      }
    }
    return hits.subarray(0, count);
  }

  /**
   * The terms `word` matches and what a match through each is worth, the
   * best way it matches: itself (1), another form of it, a term it starts
   * (with `prefix`), a compound it is a part of, a term within its edits,
   * what the members of its family find (`withFamily`), the tokens it
   * stands for.
   */
  private matchesOf(word: string, prefix: boolean, withFamily = true): ReadonlyMap<number, number> {
    const key = `${prefix ? "p" : "-"}${withFamily ? "f" : "-"}${word}`;
    const kept = this.matchedWords.use(key);
    if (kept) return kept;
    const found = this.findMatches(word, prefix, withFamily);
    // A word counts one term more than it matches: one that matches nothing still takes room, so words that find
    // nothing (anyone can send those) cannot pile up without bound.
    const cost = found.size + 1;
    if (cost <= this.keptMatchedTerms) this.matchedWords.keep(key, found, cost);
    return found;
  }

  /** `matchesOf` worked out, the vocabulary scanned. */
  private findMatches(word: string, prefix: boolean, withFamily: boolean): Map<number, number> {
    const { vocabulary, ranking, expand } = this;
    const matches = new Map<number, number>();
    const offer = (term: number, weight: number) => {
      if (weight > (matches.get(term) ?? 0)) matches.set(term, weight);
    };
    const exact = vocabulary.find(word);
    if (exact >= 0) offer(exact, 1);

    const stem = stemOf(word);
    // The terms whose stem it is start with it. Only those that go on with endings alone are stemmed, and none
    // when the stem is too short to be a longer term's: "1" starts 117,000 terms at 350,000 recipes (the
    // synthetic catalog's numbers), and stemming each took 4.6 ms a query in Node.
    if (mayStemLongerTerms(stem)) {
      const [stemFirst, stemEnd] = vocabulary.prefixRange(stem);
      for (let term = stemFirst; term < stemEnd; term++) {
        if (vocabulary.restPasses(term, stem.length, isEndingCode) && stemOf(vocabulary.term(term)) === stem) {
          offer(term, ranking.inflectionWeight);
        }
      }
    } else {
      // The stem itself, the one term it may be the stem of (a stem is its own: german-stem.test.ts).
      const itself = vocabulary.find(stem);
      if (itself >= 0) offer(itself, ranking.inflectionWeight);
    }
    for (const form of formsOf(stem)) {
      const term = vocabulary.find(form);
      if (term >= 0) offer(term, ranking.inflectionWeight);
    }

    // A longer term is worth less, but slowly: a word start stays a good guess. So the best are the shortest,
    // and only as many of them as MAX_PREFIX_TERMS: a word of a letter or two starts a large part of a large
    // vocabulary, and each term it finds is a shard to read and postings to score.
    if (prefix) {
      for (const term of vocabulary.termsStarting(word, MAX_PREFIX_TERMS)) {
        const length = vocabulary.termLength(term);
        offer(term, (ranking.prefixWeight * length) / (length + 0.3 * (length - word.length)));
      }
    }

    if (stem.length >= MIN_COMPOUND_REST || isIrregularStem(stem)) {
      vocabulary.forEachContaining(stem, (term, at) => {
        offer(term, compoundWeight(vocabulary.term(term), at, stem));
      });
    }

    const edits = editsAllowed(word);
    if (edits > 0) {
      vocabulary.forEachWithin(word, edits, (term, distance) => {
        const length = vocabulary.termLength(term);
        offer(term, (ranking.fuzzyWeight * length) / (length + distance));
      });
    }

    // What the members of the word's family find, worth a little less ("Fisch" finds Lachs).
    if (withFamily && expand.family) {
      for (const member of expand.family(stem)) {
        for (const [term, weight] of this.matchesOf(member, false, false)) offer(term, weight * ranking.familyWeight);
      }
    }

    for (const token of expand.tokens?.(stem) ?? []) {
      const term = vocabulary.find(token);
      if (term >= 0) offer(term, 1);
    }
    return matches;
  }

  /**
   * Adds the BM25+ score of the term whose postings `postings` is at (times
   * `weight` and each field's boost) to every document that has it, marking
   * `bit`. The loop is the search's hottest: "gemüse" at 350,000 recipes
   * runs it for 300,000 postings and more, so the numbers are decoded here
   * rather than through `postings.next()` (decision 0056). `termHolders`: a
   * cut term's documents per field, which its idf reads instead of the part's.
   * `only`: the documents to score, a bit each by position; the others' postings are read past.
   * Answers how many postings it read.
   */
  private addPostings(
    postings: DigitReader,
    weight: number,
    bit: number,
    matched: Int32Array,
    scores: Float64Array,
    termHolders: readonly number[] | undefined,
    only: Uint32Array | undefined,
  ): number {
    const { fieldLengths, documentCount, positionOf, fieldCount, boosts, saturations } = this;
    const touchedBits = this.touchedBits ?? new Uint32Array(0);
    const digits = postings.digits;
    let touchedCount = this.touchedCount;
    let read = 0;
    for (let field = 0; field < fieldCount; field++) {
      const holders = postings.next();
      if (holders === 0) continue;
      read += holders;
      const termHas = termHolders?.[field] ?? holders;
      const idf = Math.log(1 + (documentCount - termHas + 0.5) / (termHas + 0.5));
      const factor = weight * (boosts[field] ?? 0) * idf;
      const saturation = saturations[field] ?? new Float64Array(0);
      let offset = postings.offset;
      let number = -1;
      for (let left = holders; left > 0; left--) {
        // A compact number (compact-numbers.ts): leading digits, then a final one; NO_DIGIT past the end.
        let digit = digits[offset++] ?? NO_DIGIT;
        let code = 0;
        while (digit >= FINAL_BASE) {
          if (digit === NO_DIGIT) throw new RangeError(`compact numbers: no number at ${offset - 1}`);
          code = code * LEADING_BASE + (digit - FINAL_BASE);
          digit = digits[offset++] ?? NO_DIGIT;
        }
        code = code * FINAL_BASE + digit;
        let occurrences = 1;
        if (code % 2 === 1) {
          postings.offset = offset;
          occurrences = postings.next() + 2;
          offset = postings.offset;
        }
        number += (code - (code % 2)) / 2 + 1;
        const position = positionOf[number] ?? -1;
        if (position < 0) throw new Error("search index: a posting names no document");
        if (only !== undefined && (((only[position >>> 5] ?? 0) >>> (position & 31)) & 1) === 0) continue;
        const length = fieldLengths[number * fieldCount + field] ?? 0;
        const before = matched[position] ?? 0;
        if (before === 0) {
          touchedBits[position >>> 5] = (touchedBits[position >>> 5] ?? 0) | (1 << (position & 31));
          touchedCount++;
        }
        matched[position] = before | bit;
        scores[position] =
          (scores[position] ?? 0) +
          factor *
            (occurrences < TABLED_OCCURRENCES
              ? (saturation[length * TABLED_OCCURRENCES + occurrences] ?? 0)
              : this.saturation(field, occurrences, length));
      }
      postings.offset = offset;
    }
    this.touchedCount = touchedCount;
    return read;
  }

  /** BM25+'s part of a match that depends on the field: occurrences, saturated, against the field's length. */
  private saturation(field: number, occurrences: number, length: number): number {
    const { k: K, b: B, d: D } = this.ranking;
    const average = this.averageLengths[field] ?? 1;
    return D + (occurrences * (K + 1)) / (occurrences + K * (1 - B + (B * length) / average));
  }
}

/** The whole index in one string (`buildTextIndex`). */
class CompactTextIndex implements TextIndex {
  private readonly searching: IndexSearch;
  private readonly postingsOf: PostingsOf;

  constructor(index: IndexParts, schema: TextIndexSchema<never>, keptMatchedTerms: number) {
    const vocabulary = new Vocabulary(index.terms, index.termCount);
    this.searching = new IndexSearch(
      { documents: index.documents, averageLengths: index.averageLengths, lengths: index.lengths, vocabulary },
      schema,
      KEPT_TERM_BITMAP_BYTES,
      keptMatchedTerms,
    );
    const postingStarts = postingStartsOf(index.postingSizes, index.termCount, index.postings.length);
    const postings = new DigitReader(digitsOf(index.postings));
    this.postingsOf = (term) => {
      postings.offset = postingStarts[term] ?? 0;
      return postings;
    };
  }

  search(query: string, keep?: (position: number) => boolean): RankedHits {
    return this.searching.rank(this.searching.match(query), this.postingsOf, keep);
  }
}

/**
 * Where each of `termCount` terms' postings start, from their sizes
 * (IndexParts.postingSizes), and one more entry for the end, which must be
 * `postingsLength`.
 */
export function postingStartsOf(postingSizes: string, termCount: number, postingsLength: number): Uint32Array {
  const starts = new Uint32Array(termCount + 1);
  const sizes = new NumberReader(postingSizes);
  for (let term = 0; term < termCount; term++) {
    starts[term + 1] = (starts[term] ?? 0) + sizes.next();
  }
  if (starts[termCount] !== postingsLength || sizes.offset !== postingSizes.length) {
    throw new Error("search index: postings of other terms");
  }
  return starts;
}

/**
 * The documents whose count in `planes` (bit planes of 1, 2, 4 and 8, as
 * `IndexSearch.rank` adds them) is at least `least`: compared plane by
 * plane from the highest, 32 documents at a time.
 */
function atLeast(planes: readonly Uint32Array[], least: number): Uint32Array {
  const words = planes[0]?.length ?? 0;
  const result = new Uint32Array(words);
  for (let word = 0; word < words; word++) {
    let above = 0;
    let equal = ~0;
    for (let plane = planes.length - 1; plane >= 0; plane--) {
      const bits = planes[plane]?.[word] ?? 0;
      if (((least >>> plane) & 1) === 1) {
        equal &= bits;
      } else {
        above |= equal & bits;
        equal &= ~bits;
      }
    }
    result[word] = above | equal;
  }
  return result;
}

/**
 * Bytes of term bitmaps an index keeps (`IndexSearch.termBitmaps`): 93 terms
 * at 350,000 documents (44 KB each), every term with many postings at 50,000.
 * Array buffers, outside V8's heap.
 */
export const KEPT_TERM_BITMAP_BYTES = 4 * 1024 * 1024;

/**
 * Matched terms an index keeps for the words it matched lately (`IndexSearch.matchedWords`), each word counted as
 * one term more: a term and its weight each, about 60 bytes of heap in a Map, so about 1 MB at most, and at most
 * this many words (their keys as long as the words a query may hold).
 */
export const KEPT_MATCHED_TERMS = 16_384;
/**
 * The most terms the word being typed finds by their start (`matchesOf`),
 * the shortest first. "1" started 117,000 terms of the synthetic catalog at
 * 350,000 recipes (its names' numbers), and a search for it cost 74 ms of
 * CPU in workerd; a letter or two starts thousands in a real vocabulary.
 * Far more than a page of results needs: the name search puts every name
 * that holds the word first.
 */
export const MAX_PREFIX_TERMS = 512;
/** Occurrences below this are looked up in `IndexSearch`'s table of saturations; more are computed. */
const TABLED_OCCURRENCES = 8;

/** Sets in `bits` every bit set in `from`; answers how many were not set before. */
function markFrom(from: Uint32Array, bits: Uint32Array): number {
  let added = 0;
  for (let word = 0; word < bits.length; word++) {
    const before = bits[word] ?? 0;
    const fresh = (from[word] ?? 0) & ~before;
    if (fresh === 0) continue;
    bits[word] = before | fresh;
    added += bitCount(fresh);
  }
  return added;
}

/** Fewer than one in this many documents touched are cleared one by one after a query, more by `fill`. */
const TOUCHED_SHARE = 8;
/** Terms whose `mostOf` an index keeps: a number each; when full, it starts over. */
const KEPT_TERM_MOSTS = 4096;

const NO_HITS: RankedHits = new RankedHits(new Int32Array(0), new Uint8Array(0), new Float64Array(0), 0, 0);
