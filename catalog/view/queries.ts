/**
 * Everything the site answers from the catalog: name search, ingredient
 * matching, a category's recipes, the newest recipes, random picks and
 * finding a recipe by slug or id. Each takes the version's view
 * (catalog-view.ts), whose lookups are built once, so loaders stay thin and
 * the rules are testable on their own. Lists answer with positions: a page
 * reads the cards of the two dozen it shows (`CatalogView.cardsAt`).
 */

import { NAME_END } from "../format/stored-catalog.ts";
import type { RecipeType } from "../recipes/categories.ts";
import type { IngredientType } from "../recipes/ingredient-types.ts";
import { NO_FILTER, type RecipeFilter } from "../recipes/recipe-filter.ts";
import type { RecipeOrder } from "../recipes/recipe-order.ts";
import type { CatalogRecipe, RecipeSummary } from "../recipes/types.ts";
import { bitCount } from "../search/engine/bit-count.ts";
import type { RankedHits } from "../search/engine/ranked-hits.ts";
import { type SlicedList, sliceBounds } from "../search/engine/sliced-list.ts";
import { SHORT_TERM_LENGTH, type TermNames } from "../search/name-pairs.ts";
import { kindsOfIngredient } from "../search/search-words.ts";
import { isWordBoundary } from "../search/word-boundary.ts";
import type { CatalogView, FilteredRecipes, NameLookup } from "./catalog-view.ts";
import { byRating, byRatingInPositionOrder } from "./rating-order.ts";

/** How a name-search result matched, best first. */
type NameMatch = "word" | "word-start" | "inside" | "related";

const MATCH_RANK: Record<NameMatch, number> = { word: 0, "word-start": 1, inside: 2, related: 3 };
/** Every way of matching, by rank. */
const RANKED_MATCHES: readonly NameMatch[] = ["word", "word-start", "inside", "related"];

interface NameSearchResult {
  /** The recipe's position in the version. */
  position: number;
  match: NameMatch;
}

/**
 * The results of a name search, best first. A term like "e" finds nearly
 * every recipe, and a page shows 24: results stay numbers until a page of
 * them is asked for.
 */
export type NameSearchResults = SlicedList<NameSearchResult>;

const NO_RESULTS: NameSearchResults = { length: 0, slice: () => [] };

/** How `name` (lower-case) holds `term` at best (MATCH_RANK), or -1 if it does not. */
function matchRankIn(name: string, term: string): number {
  let rank = -1;
  for (let found = name.indexOf(term); found !== -1; found = name.indexOf(term, found + 1)) {
    if (!isWordBoundary(name, found - 1)) {
      rank = rank === -1 ? MATCH_RANK.inside : rank;
    } else if (isWordBoundary(name, found + term.length)) {
      return MATCH_RANK.word;
    } else {
      rank = MATCH_RANK["word-start"];
    }
  }
  return rank;
}

/** The direct matches of a name search (the names that contain its term), as the search reads them. */
interface DirectMatchList {
  /** The direct matches that are not among the index's hits. */
  readonly beyondHits: number;
  /** Whether every candidate has been looked into: `count` and every entry are known. */
  readonly complete: boolean;
  /** How many direct matches there are; known once `complete`. */
  readonly count: number;
  /** Looks into names until the first `needed` entries are known, or every candidate is. */
  lookInto(needed: number): void;
  /** Entry `at` in order (rank, then name order): its place and rank; known as `DirectMatches.entry` says. */
  entry(at: number): { place: number; rank: number };
  /** A bit per recipe by position, set for the direct matches: once `complete`. */
  positionBits(count: number): Uint32Array;
}

/**
 * The names that contain a term (the spec's rule), in the order the search
 * shows them: how the best occurrence matched (MATCH_RANK), then name order.
 * The candidates (names whose pair signature allows the term, a bitmap by
 * place in name order) are looked into lazily: a page is found by looking
 * into names in name order until it holds as many whole-word matches as it
 * shows, and the number of results needs only the candidates the index's
 * hits lack (decision 0056). "suppe" at 350,000 recipes has 47,000 direct
 * matches, every one an index hit too: looking into each of them was most of
 * the search.
 */
class DirectMatches implements DirectMatchList {
  /** Candidates by place that are index hits: looked into only as far as the pages asked for need. */
  private readonly candidates: Uint32Array;
  /**
   * The direct matches that are not among the index's hits, looked into
   * when the search was made (they count): place × 4 + rank, in name order.
   * "e" holds every name, and most of them are no hit of the index.
   */
  private readonly beyond: number[] = [];
  /** How many entries of `beyond` lie below word `scanned`. */
  private beyondScanned = 0;
  /** Direct matches by rank (MATCH_RANK), places in name order: every one below word `scanned` of `candidates`. */
  private readonly byRank: number[][] = [[], [], []];
  private scanned = 0;
  private readonly names: NameLookup;
  private readonly term: string;

  /** `candidates`: the names' `mayContain(term)`, which this takes over. */
  constructor(
    names: NameLookup,
    term: string,
    kept: FilteredRecipes | null,
    hits: RankedHits,
    candidates: Uint32Array,
  ) {
    this.names = names;
    this.term = term;
    this.candidates = candidates;
    const { beyond } = this;
    const { positionAtPlace } = names;
    for (let word = 0; word < candidates.length; word++) {
      for (let rest = candidates[word] ?? 0; rest !== 0; rest &= rest - 1) {
        const low = rest & -rest;
        const place = (word << 5) | (31 - Math.clz32(low));
        const position = positionAtPlace[place] ?? 0;
        // The index's hits are only kept recipes: whether one of them is a direct match changes no count.
        if (hits.has(position)) continue;
        candidates[word] = (candidates[word] ?? 0) & ~low;
        if (kept && !kept.has(position)) continue;
        const rank = this.rankAt(position);
        if (rank !== -1) beyond.push(place * 4 + rank);
      }
    }
  }

  /** The direct matches that are not among the index's hits. */
  get beyondHits(): number {
    return this.beyond.length;
  }

  /** How `term` matches the name of the recipe at `position` (MATCH_RANK), or -1. */
  private rankAt(position: number): number {
    const { allNames, nameStarts } = this.names;
    return matchRankIn(
      allNames.slice(nameStarts[position] ?? 0, (nameStarts[position + 1] ?? 0) - NAME_END.length),
      this.term,
    );
  }

  /** Whether every candidate has been looked into: `count` and every entry are known. */
  get complete(): boolean {
    return this.scanned === this.candidates.length;
  }

  /** How many direct matches there are; known once `complete`. */
  get count(): number {
    return (this.byRank[0]?.length ?? 0) + (this.byRank[1]?.length ?? 0) + (this.byRank[2]?.length ?? 0);
  }

  /** Looks into names in name order until the first `needed` entries are known, or every candidate is. */
  lookInto(needed: number): void {
    const { candidates, names, beyond, byRank } = this;
    const words = byRank[MATCH_RANK.word] ?? [];
    while (words.length < needed && this.scanned < candidates.length) {
      const word = this.scanned++;
      // This word's candidates and the matches beyond the hits that lie in it, merged in name order.
      let rest = candidates[word] ?? 0;
      for (;;) {
        const known = beyond[this.beyondScanned] ?? -1;
        const knownPlace = known >= 0 && known >>> 7 === word ? known >>> 2 : -1;
        if (rest === 0 && knownPlace === -1) break;
        const place = rest === 0 ? -1 : (word << 5) | (31 - Math.clz32(rest & -rest));
        if (knownPlace !== -1 && (place === -1 || knownPlace < place)) {
          byRank[known & 3]?.push(knownPlace);
          this.beyondScanned++;
          continue;
        }
        rest &= rest - 1;
        // Kept recipes only: one the filter drops is no index hit, so no candidate any more.
        const rank = this.rankAt(names.positionAtPlace[place] ?? 0);
        if (rank !== -1) byRank[rank]?.push(place);
      }
    }
  }

  /**
   * Entry `at` in order: its place and rank. Known when `lookInto` was asked
   * for more entries than `at`: either as many whole-word matches were
   * found, which come first, or every candidate was looked into.
   */
  entry(at: number): { place: number; rank: number } {
    let rest = at;
    for (let rank = 0; rank < this.byRank.length; rank++) {
      const places = this.byRank[rank] ?? [];
      if (rest < places.length) return { place: places[rest] ?? 0, rank };
      if (!this.complete) break;
      rest -= places.length;
    }
    throw new Error(`name search: direct match ${at} is not known`);
  }

  /** A bit per recipe by position, set for the direct matches: once `complete`. */
  positionBits(count: number): Uint32Array {
    const bits = new Uint32Array(Math.ceil(count / 32));
    for (const places of this.byRank) {
      for (const place of places) {
        const position = this.names.positionAtPlace[place] ?? 0;
        bits[position >>> 5] = (bits[position >>> 5] ?? 0) | (1 << (position & 31));
      }
    }
    return bits;
  }
}

/**
 * The direct matches of a short term that the signatures keep exactly
 * (name-pairs.ts `namesHolding`: a letter, or a common term of two or three
 * characters): read from their bitmaps of the names that hold it as a word,
 * at a word's start and anywhere, so no name is looked into. "e" is in
 * nearly every name and a whole word in almost none, so `DirectMatches`
 * looked into every name to count them and again to find the first page:
 * 24 ms at 350,000 recipes at the reference speed, 1 ms so once an isolate
 * has searched for the letter (decision 0056).
 */
class ShortTermMatches implements DirectMatchList {
  readonly beyondHits: number;
  readonly count: number;
  readonly complete = true;
  /** The matches by rank (MATCH_RANK), each a bitmap by place: a whole word, a word's start, inside only. */
  private readonly byRank: readonly Uint32Array[];
  /** How many matches each rank holds. */
  private readonly counts: readonly number[];
  /** The matches by position. */
  private readonly byPosition: Uint32Array;
  /** Where `entry` last found one: its rank, its word of 32 places, and how many entries lie before that word. */
  private cursor = { rank: 0, word: 0, before: 0 };

  constructor(names: NameLookup, held: TermNames, kept: FilteredRecipes | null, hits: RankedHits) {
    const ranks = [held.word, held.wordStart, held.inside];
    if (!kept) {
      // The term's own bitmaps: nothing is made per search. The hits among them are counted 32 positions at a time.
      this.byRank = ranks;
      this.counts = held.counts;
      this.byPosition = held.byPosition;
      this.count = held.counts.reduce((sum, count) => sum + count, 0);
      this.beyondHits = this.count - hits.countAmong(held.byPosition);
      return;
    }
    // With a filter, only the names it keeps: each match is tested.
    const { positionAtPlace } = names;
    const byPosition = new Uint32Array(held.byPosition.length);
    const counts = [0, 0, 0];
    let alsoHits = 0;
    this.byRank = ranks.map((bits, rank) => {
      const own = bits.slice();
      for (let word = 0; word < own.length; word++) {
        for (let rest = own[word] ?? 0; rest !== 0; rest &= rest - 1) {
          const low = rest & -rest;
          const position = positionAtPlace[(word << 5) | (31 - Math.clz32(low))] ?? 0;
          if (!kept.has(position)) {
            own[word] = (own[word] ?? 0) & ~low;
            continue;
          }
          counts[rank] = (counts[rank] ?? 0) + 1;
          byPosition[position >>> 5] = (byPosition[position >>> 5] ?? 0) | (1 << (position & 31));
          if (hits.has(position)) alsoHits++;
        }
      }
      return own;
    });
    this.counts = counts;
    this.byPosition = byPosition;
    this.count = counts.reduce((sum, count) => sum + count, 0);
    this.beyondHits = this.count - alsoHits;
  }

  lookInto(): void {
    // Every entry is known from the start.
  }

  /** Entry `at`: a page asks for its entries in order, so the search goes on from where the last one was found. */
  entry(at: number): { place: number; rank: number } {
    if (at < this.cursor.before) this.cursor = { rank: 0, word: 0, before: 0 };
    let { rank, word, before } = this.cursor;
    for (; rank < this.byRank.length; rank++, word = 0) {
      const bits = this.byRank[rank] ?? new Uint32Array(0);
      const count = this.counts[rank] ?? 0;
      if (word === 0 && at >= before + count) {
        before += count;
        continue;
      }
      for (; word < bits.length; word++) {
        let inWord = bits[word] ?? 0;
        const holds = bitCount(inWord);
        if (at < before + holds) {
          this.cursor = { rank, word, before };
          for (let skip = at - before; skip > 0; skip--) inWord &= inWord - 1;
          return { place: (word << 5) | (31 - Math.clz32(inWord & -inWord)), rank };
        }
        before += holds;
      }
    }
    throw new Error(`name search: direct match ${at} is not known`);
  }

  positionBits(count: number): Uint32Array {
    const bits = new Uint32Array(Math.ceil(count / 32));
    bits.set(this.byPosition.subarray(0, bits.length));
    return bits;
  }
}

/**
 * A term of two or three characters (name-pairs.ts SHORT_TERM_LENGTH) is
 * answered from the names that hold it when at least one name in this many
 * passes its signature: the names `DirectMatches` would look into, to count
 * those that are no index hit and, while no name holds the term as a word,
 * to find a page. "ei" at 350,000 recipes passed 165,000 names, "mit"
 * 228,000; for a rare term the few that pass cost less than a sweep through
 * every name.
 */
const SWEPT_SHARE = 8;

/** The direct matches of `term`: from the names that hold it where they are kept or worth keeping, else looked into. */
function directMatches(
  names: NameLookup,
  term: string,
  kept: FilteredRecipes | null,
  hits: RankedHits,
): DirectMatchList {
  const signatures = names.pairSignatures;
  const held = signatures.namesHolding(term);
  if (held) return new ShortTermMatches(names, held, kept, hits);
  const candidates = signatures.mayContain(term);
  if (term.length >= 2 && term.length <= SHORT_TERM_LENGTH && signatures.allSigned) {
    let passing = 0;
    for (const bits of candidates) passing += bitCount(bits);
    if (passing * SWEPT_SHARE >= signatures.count) {
      return new ShortTermMatches(names, signatures.keepNamesHolding(term), kept, hits);
    }
  }
  return new DirectMatches(names, term, kept, hits, candidates);
}

/**
 * Recipes for a search term. First every recipe whose name contains the term,
 * case-insensitively (the spec's rule), ranked whole word, word start, inside;
 * then what the rule misses but a visitor means: umlaut and ß spellings,
 * small typos and recipes with a matching ingredient, by relevance. A blank
 * term finds nothing. With a filter (recipe-filter.ts), only the recipes it
 * keeps, in the same order.
 */
export async function searchRecipes(
  catalog: CatalogView,
  query: string,
  filter: RecipeFilter = NO_FILTER,
  order: RecipeOrder = "default",
): Promise<NameSearchResults> {
  const found = await searchInOwnOrder(catalog, query, filter);
  if (order === "default" || found.length === 0) return found;
  return byRating(await catalog.ratingOrder(), found, (result) => result.position);
}

/** `searchRecipes` in relevance order. */
async function searchInOwnOrder(catalog: CatalogView, query: string, filter: RecipeFilter): Promise<NameSearchResults> {
  const term = query.trim().toLowerCase();
  if (term === "") return NO_RESULTS;

  const count = catalog.count;
  const [names, index, kept] = await Promise.all([
    catalog.names(),
    catalog.searchIndex(term),
    catalog.filtered(filter),
  ]);
  const hits = index.search(term, kept?.has);
  const direct = directMatches(names, term, kept, hits);
  const length = hits.length + direct.beyondHits;

  // Direct matches in their order, then the index's hits that are not among them. A page of the index's part
  // needs at most as many more of its hits as there are direct matches among them, which it skips. The direct
  // matches become a bit per recipe only when a page reaches the index's part: the index's hits answer `has` by
  // a bit of their own ("gemüse" has 300,000 of them at 350,000 recipes; a pass over them would cost more).
  let isDirect: Uint32Array | undefined;
  return {
    length,
    slice(start, end) {
      const { from, to } = sliceBounds(length, start, end);
      const page: NameSearchResult[] = [];
      if (to <= from) return page;
      // The direct part ends before `to` only if every candidate was looked into.
      direct.lookInto(to);
      const directEnd = direct.complete ? Math.min(to, direct.count) : to;
      for (let at = from; at < directEnd; at++) {
        const { place, rank } = direct.entry(at);
        page.push({ position: names.positionAtPlace[place] ?? 0, match: RANKED_MATCHES[rank] as NameMatch });
      }
      if (direct.complete && to > direct.count) {
        const directCount = direct.count;
        const alsoHits = directCount - direct.beyondHits;
        isDirect ??= direct.positionBits(count);
        const bits = isDirect;
        const related = hits
          .slice(0, to - directCount + alsoHits)
          .filter((hit) => (((bits[hit.position >>> 5] ?? 0) >>> (hit.position & 31)) & 1) === 0)
          .slice(Math.max(0, from - directCount), to - directCount);
        for (const hit of related) page.push({ position: hit.position, match: "related" });
      }
      return page;
    },
  };
}

/** The first index of ascending `positions` whose value is at least `position`. */
function firstAtLeast(positions: Int32Array, position: number): number {
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((positions[middle] ?? 0) < position) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The positions of one category's recipes, sorted by name (they lie together
 * in stored order); with a filter, those it keeps. The view lists a filter's
 * positions once per version, so a page finds its category's share of them
 * by two binary searches.
 */
export async function recipesOfType(
  catalog: CatalogView,
  type: RecipeType,
  filter: RecipeFilter = NO_FILTER,
  order: RecipeOrder = "default",
): Promise<SlicedList<number>> {
  const list = await recipesOfTypeByName(catalog, type, filter);
  if (order === "default" || list.length === 0) return list;
  const { start, end } = catalog.typeRange(type);
  const kept = await catalog.filtered(filter);
  return byRatingInPositionOrder(await catalog.ratingOrder(), list, start, end, kept ? kept.has : () => true);
}

/** `recipesOfType` in name order. */
async function recipesOfTypeByName(
  catalog: CatalogView,
  type: RecipeType,
  filter: RecipeFilter,
): Promise<SlicedList<number>> {
  const { start, end } = catalog.typeRange(type);
  const kept = await catalog.filtered(filter);
  if (kept) {
    const positions = kept.positions();
    const of = positions.subarray(firstAtLeast(positions, start), firstAtLeast(positions, end));
    return {
      length: of.length,
      slice: (first, last) => {
        const { from, to } = sliceBounds(of.length, first, last);
        return Array.from(of.subarray(from, Math.max(from, to)));
      },
    };
  }
  const length = end - start;
  return {
    length,
    slice(first, last) {
      const { from, to } = sliceBounds(length, first, last);
      return Array.from({ length: Math.max(0, to - from) }, (_, offset) => start + from + offset);
    },
  };
}

/** The `count` (at most a dozen) most recently published recipes, newest first. */
export function newestRecipes(catalog: CatalogView, count: number): Promise<RecipeSummary[]> {
  return catalog.cardsAt(catalog.newest.slice(0, count));
}

/** The recipe with this slug, or undefined if the version has none. */
export async function recipeBySlug(catalog: CatalogView, slug: string): Promise<CatalogRecipe | undefined> {
  const position = await catalog.positionOfSlug(slug);
  return position === undefined ? undefined : (await catalog.recipesAt([position]))[0];
}

/** The cards of the recipes with these ids, in the order asked; ids the version does not have are left out. */
export async function cardsById(catalog: CatalogView, ids: readonly number[]): Promise<RecipeSummary[]> {
  const positions = await Promise.all(ids.map((id) => catalog.positionOfId(id)));
  return catalog.cardsAt(positions.flatMap((position) => position ?? []));
}

export interface IngredientMatch {
  /** The recipe's position in the version. */
  position: number;
  /** How many of the selected ingredients and kinds the recipe needs. */
  score: number;
}

/**
 * Bounds of the first parts of an ingredient match's sort key. Beyond them
 * the order is approximate: at most 30 ingredients and kinds are selected
 * (ingredient-query.ts) and no recipe has 64 ingredients.
 */
const SCORE_RANGE = 64;
const MISSING_RANGE = 64;
/** The (score, missing) groups an ingredient match falls into. */
const GROUPS = SCORE_RANGE * MISSING_RANGE;

/**
 * The recipes that need a chosen ingredient: each once, with how many of
 * the chosen ingredients (selected, or members of a selected kind) it needs,
 * at most 255. What the pantry questions count (pantry-queries.ts), counted
 * by matching on its way: a page that asks both walks the chosen
 * ingredients' recipes once.
 */
export interface ChosenCounts {
  /** The chosen ingredients' names: the counts hold for exactly these. */
  readonly names: ReadonlySet<string>;
  /** The recipes' positions, in no particular order. */
  readonly positions: Int32Array;
  /** How many of `names` the recipe at the same index of `positions` needs. */
  readonly counts: Uint8Array;
}

/** Matches best first, made only as far as a page asks (see `matchIngredients`), and the recipes' chosen counts. */
export type IngredientMatches = SlicedList<IngredientMatch> & { readonly chosen: ChosenCounts };

const NO_MATCHES: IngredientMatches = {
  length: 0,
  slice: () => [],
  chosen: { names: new Set(), positions: new Int32Array(0), counts: new Uint8Array(0) },
};

/** The most a chosen count holds: a byte (pantry-queries.ts reads it as a lower bound beyond). */
const CHOSEN_COUNT_CAP = 255;
/** Where a recipe's tally (matchIngredients) holds its chosen count, and from which bit its score. */
const COVERED_MASK = 0xff;
const SCORE_SHIFT = 8;

/** Kinds of ingredients chosen as a whole ("Nudeln (alle Sorten)"), wanted or excluded. */
export interface KindChoice {
  selected?: readonly IngredientType[];
  excluded?: readonly IngredientType[];
}

/** The names of the version's ingredients of any of `kinds` (search-words.ts `kindsOfIngredient`). */
export function ingredientsOfKinds(catalog: CatalogView, kinds: readonly IngredientType[]): string[] {
  if (kinds.length === 0) return [];
  return catalog.ingredients
    .filter((ingredient) => kindsOfIngredient(ingredient).some((kind) => kinds.includes(kind)))
    .map((ingredient) => ingredient.name);
}

/**
 * Recipes for a set of ingredients at hand (spec section 5): the score is the
 * number of selected ingredients among a recipe's ingredients, compared by
 * name, where a selected kind counts once if the recipe has any ingredient
 * of it; only scores above 0, best first; ties go to fewer missing
 * ingredients (those neither selected nor of a selected kind), then shorter
 * total time, then name. A recipe that needs an excluded ingredient, or one
 * of an excluded kind, is dropped, as is one the filter (recipe-filter.ts)
 * does not keep.
 *
 * At fifty thousand recipes, five common ingredients hit a quarter of them:
 * scores are counted in a typed array through the inverted index, matches
 * are counted out into their (score, missing) groups, and only the groups a
 * page reaches into are sorted, each as 32-bit numbers; no object is made
 * for a match the page does not show.
 */
export async function matchIngredients(
  catalog: CatalogView,
  selected: readonly string[],
  excluded: readonly string[] = [],
  kinds: KindChoice = {},
  filter: RecipeFilter = NO_FILTER,
): Promise<IngredientMatches> {
  const wanted = new Set(selected);
  const wantedKinds = [...new Set(kinds.selected ?? [])];
  if (wanted.size === 0 && wantedKinds.length === 0) return NO_MATCHES;
  const [{ positionsWith, ingredientCounts, timeThenName, positionAtPlace, scratch }, kept] = await Promise.all([
    catalog.ingredientLookup(),
    catalog.filtered(filter),
  ]);
  const count = catalog.count;
  // Borrowed, and given back as they were below: nothing from here to there awaits (recipe-scratch.ts).
  // Per recipe, two counts in one entry, so that counting reaches one place of memory per recipe, not two:
  // the low byte how many of its ingredients are selected or of a selected kind (the rest are missing),
  // up to CHOSEN_COUNT_CAP for the pantry questions (ChosenCounts), read up to MISSING_RANGE - 1 here;
  // the high byte its score, up to SCORE_RANGE - 1.
  const tallies = scratch.borrowTallies();
  // Which kind last scored a recipe (its number from 1; there are 15 kinds), so a kind scores once per recipe.
  const scoredBy = scratch.borrowBytes();
  // Every recipe covered, and so every one scored: where the arrays above are set back to 0.
  const touched = scratch.borrowPositions();
  let touchedCount = 0;
  const cover = (position: number) => {
    const tally = tallies[position] ?? 0;
    if ((tally & COVERED_MASK) === 0) touched[touchedCount++] = position;
    if ((tally & COVERED_MASK) < CHOSEN_COUNT_CAP) tallies[position] = tally + 1;
  };
  const addScore = (position: number) => {
    const tally = tallies[position] ?? 0;
    if (tally >>> SCORE_SHIFT < SCORE_RANGE - 1) tallies[position] = tally + (1 << SCORE_SHIFT);
  };
  for (const name of wanted) {
    const positions = positionsWith(name);
    for (let at = 0; at < positions.length; at++) {
      const position = positions[at] ?? 0;
      cover(position);
      addScore(position);
    }
  }
  // A kind scores once per recipe; its ingredients cover, each once however many chosen kinds it is of.
  // A recipe a kind scores is covered by it, or was by an ingredient before: it is among the touched.
  const coveredNames = new Set(wanted);
  wantedKinds.forEach((kind, index) => {
    const kindNumber = index + 1;
    for (const name of ingredientsOfKinds(catalog, [kind])) {
      const newlyCovered = !coveredNames.has(name);
      coveredNames.add(name);
      for (const position of positionsWith(name)) {
        if (newlyCovered) cover(position);
        if (scoredBy[position] === kindNumber) continue;
        scoredBy[position] = kindNumber;
        addScore(position);
      }
    }
  });
  for (const name of new Set([...excluded, ...ingredientsOfKinds(catalog, kinds.excluded ?? [])])) {
    // Score 0; the covered count stays, for the pantry questions.
    for (const position of positionsWith(name)) tallies[position] = (tallies[position] ?? 0) & COVERED_MASK;
  }

  // Score (more first) and missing (fewer first) make a group; within one, total time and name place
  // (timeThenName) decide. The groups are counted out in order, and a group is sorted only when a page
  // reaches into it: "Salz" matches most recipes, and a page shows a dozen.
  const groupOf = new Uint16Array(touchedCount);
  // The touched are exactly the recipes that need a chosen ingredient: their counts, for the pantry questions.
  const chosenCounts = new Uint8Array(touchedCount);
  // groupStarts[group + 1] counts the group's matches first; summed up, groupStarts[group] is where the
  // group begins in `places` and groupStarts[GROUPS] is the end.
  const groupStarts = new Uint32Array(GROUPS + 1);
  let matched = 0;
  const kindsScored = wantedKinds.length > 0;
  for (let at = 0; at < touchedCount; at++) {
    const position = touched[at] ?? 0;
    const tally = tallies[position] ?? 0;
    const score = tally >>> SCORE_SHIFT;
    const coveredHere = tally & COVERED_MASK;
    chosenCounts[at] = coveredHere;
    // Read for the last time: set back to 0 for the arrays' return (recipe-scratch.ts).
    tallies[position] = 0;
    if (kindsScored) scoredBy[position] = 0;
    if (score === 0 || (kept && !kept.has(position))) continue;
    const missing = Math.max(
      0,
      Math.min((ingredientCounts[position] ?? 0) - Math.min(coveredHere, MISSING_RANGE - 1), MISSING_RANGE - 1),
    );
    const group = (SCORE_RANGE - 1 - score) * MISSING_RANGE + missing;
    groupOf[at] = group + 1;
    groupStarts[group + 1] = (groupStarts[group + 1] ?? 0) + 1;
    matched++;
  }
  for (let group = 1; group <= GROUPS; group++) {
    groupStarts[group] = (groupStarts[group] ?? 0) + (groupStarts[group - 1] ?? 0);
  }
  const filled = groupStarts.slice(0, GROUPS);
  // Positions for now: a group's are turned into its sort keys when a page first reaches into it.
  const places = new Uint32Array(matched);
  for (let at = 0; at < touchedCount; at++) {
    const group = (groupOf[at] ?? 0) - 1;
    if (group < 0) continue;
    const slot = filled[group] ?? 0;
    filled[group] = slot + 1;
    places[slot] = touched[at] ?? 0;
  }
  const chosen: ChosenCounts = { names: coveredNames, positions: touched.slice(0, touchedCount), counts: chosenCounts };
  scratch.giveTalliesBack(tallies);
  scratch.giveBytesBack(scoredBy);
  scratch.givePositionsBack(touched);
  return ingredientMatches(places, groupStarts, count, timeThenName, positionAtPlace, chosen);
}

/**
 * The matches in `places`, a recipe's position each, laid out group after
 * group from `groupStarts` on (one more entry than groups: the end). When a
 * page first reaches into a group, its positions become their timeThenName
 * and are sorted: a page reads the sort keys of the few groups it shows,
 * not of thousands of matches scattered over the catalog. Unsigned 32 bits
 * hold timeThenName up to 4 million recipes, and V8 sorts them several
 * times faster than doubles.
 */
function ingredientMatches(
  places: Uint32Array,
  groupStarts: Uint32Array,
  count: number,
  timeThenName: Uint32Array,
  positionAtPlace: Int32Array,
  chosen: ChosenCounts,
): IngredientMatches {
  const length = places.length;
  const sorted = new Uint8Array(GROUPS);
  return {
    length,
    chosen,
    slice(start, end) {
      const { from, to } = sliceBounds(length, start, end);
      const page: IngredientMatch[] = [];
      // The first group reaching past `from`, then every group until `to`.
      let group = 0;
      while (group < GROUPS && (groupStarts[group + 1] ?? 0) <= from) group++;
      for (let at = from; at < to; group++) {
        const first = groupStarts[group] ?? 0;
        const last = groupStarts[group + 1] ?? 0;
        if (sorted[group] === 0) {
          for (let at = first; at < last; at++) places[at] = timeThenName[places[at] ?? 0] ?? 0;
          places.subarray(first, last).sort();
          sorted[group] = 1;
        }
        const score = SCORE_RANGE - 1 - Math.floor(group / MISSING_RANGE);
        for (; at < Math.min(to, last); at++) {
          page.push({ position: positionAtPlace[(places[at] ?? 0) % count] ?? 0, score });
        }
      }
      return page;
    },
  };
}

/** The ingredients of a recipe that are not among `covering` (the selected ones and those of selected kinds), in the recipe's order. */
export function missingIngredients(recipe: RecipeSummary, covering: Iterable<string>): string[] {
  const have = new Set(covering);
  return recipe.ingredients.filter((name) => !have.has(name));
}

interface RandomPickOptions {
  type?: RecipeType;
  /** The slug just shown: picked again only if nothing else qualifies. */
  exclude?: string;
}

/** A random recipe from all or one category, or undefined if there is none. */
export async function pickRandomRecipe(
  catalog: CatalogView,
  { type, exclude }: RandomPickOptions = {},
  random: () => number = Math.random,
): Promise<CatalogRecipe | undefined> {
  const { start, end } = type === undefined ? { start: 0, end: catalog.count } : catalog.typeRange(type);
  const length = end - start;
  if (length <= 0) return undefined;
  const drawn = Math.min(Math.floor(random() * length), length - 1);
  const [recipe] = await catalog.recipesAt([start + drawn]);
  if (!recipe || recipe.slug !== exclude || length === 1) return recipe;
  // The one just shown: any other, each as likely.
  const other = (drawn + 1 + Math.min(Math.floor(random() * (length - 1)), length - 2)) % length;
  return (await catalog.recipesAt([start + other]))[0];
}
