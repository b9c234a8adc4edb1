/**
 * The name search's index: an inverted index over recipe names, ingredient
 * names and cuisines, built by the sync and read by the Worker. Its shape
 * and why it replaced MiniSearch are in decision 0018: a sorted vocabulary
 * (search-vocabulary.ts), and per term and field a posting list kept as
 * compact text (compact-numbers.ts) that a query decodes only for the terms
 * it touches. Loading the index takes slices of its text and finds where
 * each term starts; nothing is decoded per recipe.
 */
import { LARGEST_SINGLE, NumberReader, NumberWriter, singleAt } from "./compact-numbers.ts";
import { orderByScore } from "./score-order.ts";
import { searchTerms, splitWords, termsOf } from "./search-terms.ts";
import { Vocabulary, vocabularyText } from "./search-vocabulary.ts";

/**
 * Bumped whenever what the index holds or how it is written changes: an
 * index of another version is rebuilt by the reader. 3 was MiniSearch's
 * JSON naming recipes by position, 2 by id.
 */
export const SEARCH_INDEX_VERSION = 4;

/** What the index reads of a recipe. */
export interface IndexedRecipe {
  readonly name: string;
  readonly ingredients: readonly string[];
  readonly cuisine: string | null;
}

export interface SearchHit {
  /** The recipe's position in the list the index was built from. */
  readonly position: number;
  /** Relevance; only the order it gives means something. */
  readonly score: number;
}

export interface RecipeIndex {
  /** Hits best first (equal scores by position), each recipe once; nothing for a query without terms. */
  search(query: string): SearchHit[];
}

/** The fields in the order their postings and lengths are stored, and what a match in each is worth. */
const FIELDS: readonly { text: (recipe: IndexedRecipe) => string; boost: number }[] = [
  { text: (recipe) => recipe.name, boost: 3 },
  { text: (recipe) => recipe.ingredients.join(" "), boost: 1 },
  { text: (recipe) => recipe.cuisine ?? "", boost: 0.5 },
];
const FIELD_COUNT = FIELDS.length;
const BOOSTS = FIELDS.map((field) => field.boost);

/**
 * BM25+ as MiniSearch scored: K saturates repeated terms, B weighs a
 * field's length against the average, D is the floor one occurrence earns
 * however long the field.
 */
const K = 1.2;
const B = 0.7;
const D = 0.5;

/** What a match by word start and by a typo is worth against an exact one (1), before its length discount. */
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;

/**
 * Edits allowed in a query word of more than 4 characters: a fifth of its
 * length, rounded, at most 6 (MiniSearch's `fuzzy: 0.2`); shorter words
 * would match far too much.
 */
function editsAllowed(word: string): number {
  return word.length > 4 ? Math.min(6, Math.round(word.length * 0.2)) : 0;
}

/**
 * The parts of an index. Serialized, the numbers come first as one line of
 * JSON with the length of each text part, then the texts follow one after
 * another as they are: reading them is taking slices of the string, where
 * JSON.parse would copy megabytes character by character.
 */
interface IndexParts {
  /** How many recipes were indexed: positions run from 0 to one less. */
  recipes: number;
  /** Per field, its mean length over all recipes (BM25's average). */
  averageLengths: number[];
  /**
   * Compact numbers of one character each: per recipe, per field, its
   * length for BM25, at most LARGEST_SINGLE (63; beyond that the length
   * factor hardly changes, and a recipe's lengths are found by place). The
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
   * Compact numbers: per term, per field, the number of recipes, then for
   * each recipe, by position: the gap to the one before (minus one) times
   * two, plus one if the term occurs more than once, and then that count
   * minus two.
   */
  postings: string;
}

/** Builds the serialized index over `recipes`; a hit names a recipe by its position in that array. */
export function buildSearchIndex(recipes: readonly IndexedRecipe[]): string {
  // Term → per field: position, occurrences, position, occurrences, … in position order.
  const postingsByTerm = new Map<string, number[][]>();
  const lengths = new NumberWriter();
  const totalLengths = new Array<number>(FIELD_COUNT).fill(0);
  recipes.forEach((recipe, position) => {
    FIELDS.forEach((field, fieldNumber) => {
      const words = splitWords(field.text(recipe));
      const occurrences = new Map<string, number>();
      for (const term of termsOf(words)) occurrences.set(term, (occurrences.get(term) ?? 0) + 1);
      const length = Math.min(LARGEST_SINGLE, new Set(words).size);
      lengths.write(length);
      totalLengths[fieldNumber] = (totalLengths[fieldNumber] ?? 0) + length;
      for (const [term, count] of occurrences) {
        let perField = postingsByTerm.get(term);
        if (!perField) {
          perField = FIELDS.map(() => []);
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

  return serialize({
    recipes: recipes.length,
    averageLengths: totalLengths.map((total) => (recipes.length > 0 ? total / recipes.length : 0)),
    lengths: lengths.toString(),
    termCount: terms.length,
    terms: vocabularyText(terms),
    postingSizes: postingSizes.toString(),
    postings: postings.toString(),
  });
}

/** Reads a serialized index; throws for anything else, an index of another version included. */
export function loadSearchIndex(serialized: string): RecipeIndex {
  return new CompactRecipeIndex(deserialize(serialized));
}

const TEXT_PARTS = ["lengths", "terms", "postingSizes", "postings"] as const;

function serialize(parts: IndexParts): string {
  const { recipes, averageLengths, termCount } = parts;
  const textLengths = TEXT_PARTS.map((name) => parts[name].length);
  // JSON.stringify writes no line break: the first one ends the header.
  const header = JSON.stringify({ version: SEARCH_INDEX_VERSION, recipes, averageLengths, termCount, textLengths });
  return [header, ...TEXT_PARTS.map((name) => parts[name])].join("\n");
}

function deserialize(serialized: string): IndexParts {
  const headerEnd = serialized.indexOf("\n");
  const header = JSON.parse(headerEnd < 0 ? serialized : serialized.slice(0, headerEnd)) as {
    version?: unknown;
    recipes?: unknown;
    averageLengths?: unknown;
    termCount?: unknown;
    textLengths?: unknown;
  } | null;
  if (header?.version !== SEARCH_INDEX_VERSION) {
    throw new Error(`search index: version ${String(header?.version)} is not ${SEARCH_INDEX_VERSION}`);
  }
  const { recipes, averageLengths, termCount, textLengths } = header;
  if (
    !isCount(recipes) ||
    !isCount(termCount) ||
    !isListOf(averageLengths, FIELD_COUNT, (entry) => typeof entry === "number" && Number.isFinite(entry)) ||
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
  return { recipes, averageLengths, termCount, lengths, terms, postingSizes, postings };
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

function isListOf(value: unknown, length: number, isEntry: (entry: unknown) => boolean): value is number[] {
  return Array.isArray(value) && value.length === length && value.every(isEntry);
}

/** How a query word matches vocabulary terms: term numbers and what a match through each is worth. */
interface WordMatches {
  terms: number[];
  weights: number[];
}

class CompactRecipeIndex implements RecipeIndex {
  private readonly recipeCount: number;
  private readonly averageLengths: readonly number[];
  /** IndexParts.lengths. */
  private readonly fieldLengths: string;
  private readonly vocabulary: Vocabulary;
  private readonly postings: NumberReader;
  /** Where each term's postings start; one more entry for the end. */
  private readonly postingStarts: Uint32Array;
  /**
   * Per recipe, during a query: how many of its words it has matched so
   * far, and its score. Made on the first query and reused: a query
   * allocates only for its hits.
   */
  private matched: Int32Array | undefined;
  private scores: Float64Array | undefined;

  constructor(index: IndexParts) {
    this.recipeCount = index.recipes;
    this.averageLengths = index.averageLengths;
    this.vocabulary = new Vocabulary(index.terms, index.termCount);

    this.fieldLengths = index.lengths;
    if (index.lengths.length !== index.recipes * FIELD_COUNT) throw new Error("search index: lengths of other recipes");

    this.postingStarts = new Uint32Array(index.termCount + 1);
    const sizes = new NumberReader(index.postingSizes);
    for (let term = 0; term < index.termCount; term++) {
      this.postingStarts[term + 1] = (this.postingStarts[term] ?? 0) + sizes.next();
    }
    if (this.postingStarts[index.termCount] !== index.postings.length || sizes.offset !== index.postingSizes.length) {
      throw new Error("search index: postings of other terms");
    }
    this.postings = new NumberReader(index.postings);
  }

  search(query: string): SearchHit[] {
    const words = searchTerms(query);
    if (words.length === 0 || this.recipeCount === 0) return [];
    this.matched ??= new Int32Array(this.recipeCount);
    this.scores ??= new Float64Array(this.recipeCount);
    const { matched, scores } = this;
    try {
      return this.rank(words, matched, scores);
    } finally {
      matched.fill(0);
    }
  }

  private rank(words: string[], matched: Int32Array, scores: Float64Array): SearchHit[] {
    // A recipe must match every word (AND); each word through its exact term, a term it starts (the last
    // word only: the one being typed) or a term within a few edits.
    for (let wordNumber = 0; wordNumber < words.length; wordNumber++) {
      const { terms, weights } = this.matchesOf(words[wordNumber] ?? "", wordNumber === words.length - 1);
      let advanced = 0;
      for (let at = 0; at < terms.length; at++) {
        advanced += this.addPostings(terms[at] ?? 0, weights[at] ?? 0, wordNumber, matched, scores);
      }
      if (advanced === 0) break;
    }

    // The hits in position order, so equal scores stay in position order, gathered in place: hit number
    // `count` goes to matched[count] (its position) and scores[count], places already read. The score grows
    // with the number of different words, as MiniSearch's did; it orders nothing, every hit has them all.
    const quality = new Set(words).size;
    let count = 0;
    for (let position = 0; position < this.recipeCount; position++) {
      if (matched[position] === words.length) {
        matched[count] = position;
        scores[count] = (scores[position] ?? 0) * quality;
        count++;
      }
    }
    const ranked = orderByScore(scores.subarray(0, count));
    const hits = new Array<SearchHit>(count);
    for (let rank = 0; rank < count; rank++) {
      hits[rank] = { position: matched[ranked.order[rank] ?? 0] ?? 0, score: ranked.scores[rank] ?? 0 };
    }
    return hits;
  }

  /** The terms `word` matches: itself, the terms it starts (with `prefix`), those within its edits. */
  private matchesOf(word: string, prefix: boolean): WordMatches {
    const { vocabulary } = this;
    const matches: WordMatches = { terms: [], weights: [] };
    const exact = vocabulary.find(word);
    if (exact >= 0) {
      matches.terms.push(exact);
      matches.weights.push(1);
    }
    // A longer term is worth less, but slowly: a word start stays a good guess.
    const [first, end] = prefix ? vocabulary.prefixRange(word) : [0, 0];
    for (let term = first; term < end; term++) {
      if (term === exact) continue;
      const length = vocabulary.termLength(term);
      matches.terms.push(term);
      matches.weights.push((PREFIX_WEIGHT * length) / (length + 0.3 * (length - word.length)));
    }
    const edits = editsAllowed(word);
    if (edits > 0) {
      vocabulary.forEachWithin(word, edits, (term, distance) => {
        if (distance === 0 || (term >= first && term < end)) return;
        const length = vocabulary.termLength(term);
        matches.terms.push(term);
        matches.weights.push((FUZZY_WEIGHT * length) / (length + distance));
      });
    }
    return matches;
  }

  /**
   * Adds the BM25+ score of `term` (times `weight` and each field's boost)
   * to every recipe that has matched the words before `wordNumber`, and
   * counts the recipes that now match `wordNumber` for the first time.
   */
  private addPostings(
    term: number,
    weight: number,
    wordNumber: number,
    matched: Int32Array,
    scores: Float64Array,
  ): number {
    const { postings, fieldLengths, recipeCount } = this;
    postings.offset = this.postingStarts[term] ?? 0;
    let advanced = 0;
    for (let field = 0; field < FIELD_COUNT; field++) {
      const recipes = postings.next();
      if (recipes === 0) continue;
      const idf = Math.log(1 + (recipeCount - recipes + 0.5) / (recipes + 0.5));
      const factor = weight * (BOOSTS[field] ?? 0) * idf;
      const average = this.averageLengths[field] ?? 1;
      let position = -1;
      for (let left = recipes; left > 0; left--) {
        const code = postings.next();
        const occurrences = code % 2 === 1 ? postings.next() + 2 : 1;
        position += Math.floor(code / 2) + 1;
        const before = matched[position];
        if (before !== wordNumber && before !== wordNumber + 1) continue;
        const length = singleAt(fieldLengths, position * FIELD_COUNT + field);
        const score = factor * (D + (occurrences * (K + 1)) / (occurrences + K * (1 - B + (B * length) / average)));
        if (before === wordNumber) {
          matched[position] = wordNumber + 1;
          scores[position] = wordNumber === 0 ? score : (scores[position] ?? 0) + score;
          advanced++;
        } else {
          scores[position] = (scores[position] ?? 0) + score;
        }
      }
    }
    return advanced;
  }
}
