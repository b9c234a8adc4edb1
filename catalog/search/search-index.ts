/**
 * The name search's index: an inverted index over recipe names, ingredient
 * names, cuisines, the kinds of a recipe's ingredients and its category,
 * built by the sync and read by the Worker. Its shape and why it replaced
 * MiniSearch are in decision 0018: a sorted vocabulary (search-vocabulary.ts),
 * and per term and field a posting list kept as compact text
 * (compact-numbers.ts) that a query decodes only for the terms it touches.
 * Loading the index takes slices of its text and finds where each term
 * starts; nothing is decoded per recipe. How a query word finds terms (word
 * forms, compound parts, typos, the words for kinds and categories) is
 * decision 0024's.
 */

import { LARGEST_SINGLE, NumberReader, NumberWriter, singleAt } from "../format/compact-numbers.ts";
import type { RecipeType } from "../recipes/categories.ts";
import { formsOf, isIrregularStem, stemOf } from "./german-stem.ts";
import { RankedHits } from "./ranked-hits.ts";
import { searchTerms, splitWords, termsOf } from "./search-terms.ts";
import { Vocabulary, vocabularyText } from "./search-vocabulary.ts";
import { categoryToken, familyMembers, type IngredientKinds, kindToken, meaningOfStem } from "./search-words.ts";
import { compoundWeight, editsAllowed, MIN_COMPOUND_REST } from "./word-match.ts";

/**
 * Bumped whenever what the index holds or how it is written changes: an
 * index of another version is rebuilt by the reader. 3 was MiniSearch's
 * JSON naming recipes by position, 2 by id.
 */
export const SEARCH_INDEX_VERSION = 5;

/** What the index reads of a recipe. */
export interface IndexedRecipe {
  readonly name: string;
  readonly ingredients: readonly string[];
  readonly cuisine: string | null;
  /** Its category; a query word naming it (search-words.ts) finds the recipe. */
  readonly type?: RecipeType;
}

export interface RecipeIndex {
  /**
   * Hits best first: those matching more of the query's words, then by
   * score, equal scores by position; each recipe once; nothing for a
   * query without terms. Put in order as far as they are sliced. With
   * `keep`, only the hits at positions it keeps, in the same order as
   * without it.
   */
  search(query: string, keep?: (position: number) => boolean): RankedHits;
}

interface Field {
  /** The field's words as written, for its length. */
  words: (recipe: IndexedRecipe, kinds: IngredientKinds) => string[];
  /** The terms it is found by. */
  terms: (words: string[]) => string[];
  boost: number;
}

/** Whole tokens, not split or folded: a category's or kind's name (search-words.ts). */
const asTokens = (words: string[]) => words;

/**
 * The fields in the order their postings and lengths are stored, and what a
 * match in each is worth: the recipe's own words, then the kinds of its
 * ingredients and its category, which a word like "Käse" or "Suppe" finds.
 */
const FIELDS: readonly Field[] = [
  { words: (recipe) => splitWords(recipe.name), terms: termsOf, boost: 3 },
  { words: (recipe) => splitWords(recipe.ingredients.join(" ")), terms: termsOf, boost: 1 },
  { words: (recipe) => splitWords(recipe.cuisine ?? ""), terms: termsOf, boost: 0.5 },
  {
    words: (recipe, kinds) => [
      ...new Set(recipe.ingredients.flatMap((name) => (kinds.get(name) ?? []).map(kindToken))),
    ],
    terms: asTokens,
    boost: 0.7,
  },
  { words: (recipe) => (recipe.type ? [categoryToken(recipe.type)] : []), terms: asTokens, boost: 1 },
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
/** Another form of the same word (german-stem.ts): Tomaten for Tomate, Eier for Ei. */
const INFLECTION_WEIGHT = 0.9;
/** What a match through a member of the word's family (search-words.ts) is worth against the member's own. */
const FAMILY_WEIGHT = 0.8;
/** A query's different words beyond this many are ignored: hits count their words in a bit mask. */
const MAX_WORDS = 12;

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

/**
 * Builds the serialized index over `recipes`; a hit names a recipe by its
 * position in that array. `kinds` gives each ingredient's kinds.
 */
export function buildSearchIndex(recipes: readonly IndexedRecipe[], kinds: IngredientKinds = new Map()): string {
  // Term → per field: position, occurrences, position, occurrences, … in position order.
  const postingsByTerm = new Map<string, number[][]>();
  const lengths = new NumberWriter();
  const totalLengths = new Array<number>(FIELD_COUNT).fill(0);
  recipes.forEach((recipe, position) => {
    FIELDS.forEach((field, fieldNumber) => {
      const words = field.words(recipe, kinds);
      const occurrences = new Map<string, number>();
      for (const term of field.terms(words)) occurrences.set(term, (occurrences.get(term) ?? 0) + 1);
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

  search(query: string, keep?: (position: number) => boolean): RankedHits {
    const words = [...new Set(searchTerms(query))].slice(0, MAX_WORDS);
    if (words.length === 0 || this.recipeCount === 0) return NO_HITS;
    this.matched ??= new Int32Array(this.recipeCount);
    this.scores ??= new Float64Array(this.recipeCount);
    const { matched, scores } = this;
    try {
      return this.rank(words, searchTerms(query).at(-1) ?? "", matched, scores, keep);
    } finally {
      matched.fill(0);
      scores.fill(0);
    }
  }

  private rank(
    words: string[],
    typed: string,
    matched: Int32Array,
    scores: Float64Array,
    keep: ((position: number) => boolean) | undefined,
  ): RankedHits {
    // Each word through its exact term, its other forms, a term it starts (only the word being typed, the
    // last), compounds it is a part of, terms within a few edits, its family's members, and the kinds and
    // categories it names.
    // matched[position] is a bit mask of the words the recipe has matched.
    for (let wordNumber = 0; wordNumber < words.length; wordNumber++) {
      const word = words[wordNumber] ?? "";
      for (const [term, weight] of this.matchesOf(word, word === typed)) {
        this.addPostings(term, weight, 1 << wordNumber, matched, scores);
      }
    }

    // The hits in position order, with how many words each matched and its score. The best score is
    // every hit's, kept or not, so the filtered hits' keys (ranked-hits.ts) and order are the unfiltered ones'.
    let total = 0;
    let best = 0;
    for (let position = 0; position < this.recipeCount; position++) {
      if (matched[position] === 0) continue;
      best = Math.max(best, scores[position] ?? 0);
      if (keep && !keep(position)) matched[position] = 0;
      else total++;
    }
    const positions = new Int32Array(total);
    const wordCounts = new Uint8Array(total);
    const hitScores = new Float64Array(total);
    let at = 0;
    for (let position = 0; position < this.recipeCount; position++) {
      const mask = matched[position] ?? 0;
      if (mask === 0) continue;
      positions[at] = position;
      wordCounts[at] = bitCount(mask);
      hitScores[at++] = scores[position] ?? 0;
    }
    return new RankedHits(positions, wordCounts, hitScores, words.length, best);
  }

  /**
   * The terms `word` matches and what a match through each is worth, the
   * best way it matches: itself (1), another form of it, a term it starts
   * (with `prefix`), a compound it is a part of, a term within its edits,
   * what the members of its family find (`withFamily`), the kinds and
   * categories it names.
   */
  private matchesOf(word: string, prefix: boolean, withFamily = true): Map<number, number> {
    const { vocabulary } = this;
    const matches = new Map<number, number>();
    const offer = (term: number, weight: number) => {
      if (weight > (matches.get(term) ?? 0)) matches.set(term, weight);
    };
    const exact = vocabulary.find(word);
    if (exact >= 0) offer(exact, 1);

    const stem = stemOf(word);
    const [stemFirst, stemEnd] = vocabulary.prefixRange(stem);
    for (let term = stemFirst; term < stemEnd; term++) {
      if (stemOf(vocabulary.term(term)) === stem) offer(term, INFLECTION_WEIGHT);
    }
    for (const form of formsOf(stem)) {
      const term = vocabulary.find(form);
      if (term >= 0) offer(term, INFLECTION_WEIGHT);
    }

    // A longer term is worth less, but slowly: a word start stays a good guess.
    if (prefix) {
      const [first, end] = vocabulary.prefixRange(word);
      for (let term = first; term < end; term++) {
        const length = vocabulary.termLength(term);
        offer(term, (PREFIX_WEIGHT * length) / (length + 0.3 * (length - word.length)));
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
        offer(term, (FUZZY_WEIGHT * length) / (length + distance));
      });
    }

    // What the members of the word's family find, worth a little less ("Fisch" finds Lachs).
    if (withFamily) {
      for (const member of familyMembers(stem)) {
        for (const [term, weight] of this.matchesOf(member, false, false)) offer(term, weight * FAMILY_WEIGHT);
      }
    }

    const meaning = meaningOfStem(stem);
    for (const token of [...(meaning?.kinds.map(kindToken) ?? []), ...(meaning?.categories.map(categoryToken) ?? [])]) {
      const term = vocabulary.find(token);
      if (term >= 0) offer(term, 1);
    }
    return matches;
  }

  /** Adds the BM25+ score of `term` (times `weight` and each field's boost) to every recipe that has it, marking `bit`. */
  private addPostings(term: number, weight: number, bit: number, matched: Int32Array, scores: Float64Array): void {
    const { postings, fieldLengths, recipeCount } = this;
    postings.offset = this.postingStarts[term] ?? 0;
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
        const length = singleAt(fieldLengths, position * FIELD_COUNT + field);
        matched[position] = (matched[position] ?? 0) | bit;
        scores[position] =
          (scores[position] ?? 0) +
          factor * (D + (occurrences * (K + 1)) / (occurrences + K * (1 - B + (B * length) / average)));
      }
    }
  }
}

const NO_HITS = new RankedHits(new Int32Array(0), new Uint8Array(0), new Float64Array(0), 0, 0);

/** How many bits of `mask` are set. */
function bitCount(mask: number): number {
  let count = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) count++;
  return count;
}
