import { BoundedEditDistance } from "./edit-distance.ts";

/** Ends every term in a vocabulary's text. No term holds one: words split at line breaks. */
const TERM_END = "\n";

/** A vocabulary's text: its terms in code-unit order (the order of `Array.prototype.sort`), each ended. */
export function vocabularyText(sortedTerms: readonly string[]): string {
  return sortedTerms
    .map((term) => {
      if (term.includes(TERM_END)) throw new Error(`search index: a term holds a line break: ${JSON.stringify(term)}`);
      return `${term}${TERM_END}`;
    })
    .join("");
}

/**
 * How many code units of a term's start the fuzzy search's runs share
 * (`runEnds`), ascending: a word within one edit of a term shares its first
 * or its second code unit, within two one of its first three, so a term is
 * mostly given up by its first two or three.
 */
const RUN_STARTS = [2, 3] as const;

/**
 * The sorted terms of a search index, as one string, and the lookups a query
 * needs: a term's number (its place in the order, which names its postings),
 * the run of terms that start with a word, and the terms within an edit
 * distance. Nothing here allocates a string per term: a term is the stretch
 * of the text between two offsets.
 */
export class Vocabulary {
  readonly size: number;
  private readonly text: string;
  /** Where each term starts in `text`; one more entry for the end. */
  private readonly starts: Uint32Array;
  /**
   * Term numbers ordered by length, then by term, and where each length
   * starts in that order (one more entry for the end): the fuzzy search
   * reads only the lengths it can reach. And for each of RUN_STARTS, for
   * each place in that order, where the run of terms of its length that
   * share that many first code units with it ends, once a search has found
   * it: the next searches give up such a run in one step.
   */
  private byLength: { order: Uint32Array; starts: Uint32Array; runEnds: Uint32Array[] } | undefined;

  constructor(text: string, size: number) {
    this.text = text;
    this.size = size;
    this.starts = new Uint32Array(size + 1);
    let offset = 0;
    for (let index = 0; index < size; index++) {
      this.starts[index] = offset;
      const end = text.indexOf(TERM_END, offset);
      if (end < 0) throw new Error("search index: the vocabulary ends early");
      offset = end + 1;
    }
    if (offset !== text.length) throw new Error("search index: the vocabulary has more terms than counted");
    this.starts[size] = offset;
  }

  term(index: number): string {
    return this.text.slice(this.start(index), this.end(index));
  }

  termLength(index: number): number {
    return this.end(index) - this.start(index);
  }

  /** Whether every code unit of term `index` from offset `from` on passes `test` (true when there are none). */
  restPasses(index: number, from: number, test: (code: number) => boolean): boolean {
    const end = this.end(index);
    for (let at = this.start(index) + from; at < end; at++) {
      if (!test(this.text.charCodeAt(at))) return false;
    }
    return true;
  }

  /** The number of `word`, or -1 if it is not a term. */
  find(word: string): number {
    const index = this.firstNotBelow(word);
    return index < this.size && this.compare(index, word, false) === 0 ? index : -1;
  }

  /** The terms that start with `word` (itself included): numbers from the first to before the second. */
  prefixRange(word: string): [number, number] {
    return [this.firstNotBelow(word), this.firstAfterPrefix(word)];
  }

  /**
   * The terms that start with `word` (itself included), at most `limit` of
   * them, in term order: every one when no more start with it, else the
   * shortest, and of the longest length taken the first in order.
   */
  termsStarting(word: string, limit: number): number[] {
    const [first, end] = this.prefixRange(word);
    if (end - first <= limit) return Array.from({ length: end - first }, (_, at) => first + at);
    // How many terms of each length start with it; then the length up to which `limit` reaches.
    const counts: number[] = [];
    for (let term = first; term < end; term++) {
      const length = this.termLength(term);
      counts[length] = (counts[length] ?? 0) + 1;
    }
    let longest = 0;
    let shorter = 0;
    while (shorter + (counts[longest] ?? 0) < limit) shorter += counts[longest++] ?? 0;
    let ofLongest = limit - shorter;
    const terms: number[] = [];
    for (let term = first; term < end; term++) {
      const length = this.termLength(term);
      if (length < longest || (length === longest && ofLongest-- > 0)) terms.push(term);
    }
    return terms;
  }

  /** Calls `visit` with every term within `max` edits of `word` and its distance, `word` itself included. */
  forEachWithin(word: string, max: number, visit: (index: number, distance: number) => void): void {
    const { order, starts, runEnds } = this.lengthOrder();
    const longest = starts.length - 2;
    const distance = new BoundedEditDistance(word, max);
    for (let length = Math.max(0, word.length - max); length <= Math.min(longest, word.length + max); length++) {
      const end = starts[length + 1] ?? 0;
      for (let at = starts[length] ?? 0; at < end; at++) {
        const index = order[at] ?? 0;
        const found = distance.distanceTo(this.text, this.start(index), this.end(index));
        if (found <= max) visit(index, found);
        else if (distance.hopelessStart > 0)
          at = this.lastSharingStart(order, runEnds, at, end, distance.hopelessStart);
      }
    }
  }

  /**
   * Calls `visit` with every term that holds `part` and where in the term it
   * starts, once per occurrence: one indexOf scan of the whole vocabulary,
   * which at 50,000 recipes is a few hundred thousand characters.
   */
  forEachContaining(part: string, visit: (index: number, at: number) => void): void {
    if (part === "" || part.includes(TERM_END)) return;
    let index = 0;
    for (let found = this.text.indexOf(part); found !== -1; found = this.text.indexOf(part, found + 1)) {
      index = this.termAt(found, index);
      if (found + part.length <= this.end(index)) visit(index, found - this.start(index));
    }
  }

  /** The term whose text holds offset `at`, searching from term `low` on. */
  private termAt(at: number, low: number): number {
    let high = this.size - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (this.start(middle) <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /**
   * The last place from `at` on, before `end`, in a sorted run of term
   * numbers of one length whose term begins with the same `length` code
   * units as the term at `at`. Those are adjacent. Where RUN_STARTS has the
   * length, the run's end (`runEnd`); below it, from run end to run end;
   * above it, galloping within the run. A search for a word of five letters
   * gives up some 300 runs at 350,000 recipes, many of them a thousand
   * numbers long: galloping through each read twenty terms at scattered
   * places, search after search, which cost more in a page isolate, between
   * renders, than in a loop of searches.
   */
  private lastSharingStart(
    order: Uint32Array,
    runEnds: Uint32Array[],
    at: number,
    end: number,
    length: number,
  ): number {
    const term = order[at] ?? 0;
    let kept = RUN_STARTS.length - 1;
    while (kept >= 0 && (RUN_STARTS[kept] ?? 0) > length) kept--;
    if (kept < 0) {
      // Each run shares more than `length` code units with its first term, so all of it shares them or none does.
      let last = this.runEnd(order, runEnds, 0, at, end) - 1;
      while (last + 1 < end && this.sameStart(term, order[last + 1] ?? 0, length)) {
        last = this.runEnd(order, runEnds, 0, last + 1, end) - 1;
      }
      return last;
    }
    const runEnd = this.runEnd(order, runEnds, kept, at, end);
    return RUN_STARTS[kept] === length ? runEnd - 1 : this.lastSharing(order, at, runEnd, length);
  }

  /**
   * Where the run from `at` on of the terms that share RUN_STARTS[table]
   * code units with the term at `at` ends, before `end` (the end of its
   * length): found by galloping the first time, and kept in
   * `runEnds[table]` for every search after it.
   */
  private runEnd(order: Uint32Array, runEnds: Uint32Array[], table: number, at: number, end: number): number {
    const ends = runEnds[table] ?? new Uint32Array(0);
    // An end lies after its place: 0 is not known yet.
    const known = ends[at] ?? 0;
    if (known > at) return known;
    const found = this.lastSharing(order, at, end, RUN_STARTS[table] ?? 0) + 1;
    ends[at] = found;
    return found;
  }

  /** The last place from `at` on, before `end`, whose term shares `length` code units with the one at `at`: galloping, then halving. */
  private lastSharing(order: Uint32Array, at: number, end: number, length: number): number {
    const term = order[at] ?? 0;
    const shares = (place: number) => this.sameStart(term, order[place] ?? 0, length);
    let low = at; // shares
    let step = 1;
    while (low + step < end && shares(low + step)) {
      low += step;
      step *= 2;
    }
    let high = Math.min(low + step, end); // does not share, or the end
    while (high - low > 1) {
      const middle = (low + high) >>> 1;
      if (shares(middle)) low = middle;
      else high = middle;
    }
    return low;
  }

  private sameStart(a: number, b: number, length: number): boolean {
    const startA = this.start(a);
    const startB = this.start(b);
    if (this.end(b) - startB < length) return false;
    for (let offset = 0; offset < length; offset++) {
      if (this.text.charCodeAt(startA + offset) !== this.text.charCodeAt(startB + offset)) return false;
    }
    return true;
  }

  private start(index: number): number {
    return this.starts[index] ?? 0;
  }

  private end(index: number): number {
    return (this.starts[index + 1] ?? 1) - 1;
  }

  /** Built on the first fuzzy search, not on load: a counting sort, stable, so each length stays sorted. */
  private lengthOrder(): { order: Uint32Array; starts: Uint32Array; runEnds: Uint32Array[] } {
    if (this.byLength) return this.byLength;
    let longest = 0;
    for (let index = 0; index < this.size; index++) longest = Math.max(longest, this.termLength(index));
    const lengthStarts = new Uint32Array(longest + 2);
    for (let index = 0; index < this.size; index++) {
      const length = this.termLength(index);
      lengthStarts[length + 1] = (lengthStarts[length + 1] ?? 0) + 1;
    }
    for (let length = 1; length < lengthStarts.length; length++) {
      lengthStarts[length] = (lengthStarts[length] ?? 0) + (lengthStarts[length - 1] ?? 0);
    }
    const next = lengthStarts.slice(0, -1);
    const order = new Uint32Array(this.size);
    for (let index = 0; index < this.size; index++) {
      const length = this.termLength(index);
      const at = next[length] ?? 0;
      order[at] = index;
      next[length] = at + 1;
    }
    // Filled in as the fuzzy search finds them (`runEnd`); 0 is an end not found yet.
    const runEnds = RUN_STARTS.map(() => new Uint32Array(this.size));
    this.byLength = { order, starts: lengthStarts, runEnds };
    return this.byLength;
  }

  /** The first term not sorted before `word`. */
  private firstNotBelow(word: string): number {
    let low = 0;
    let high = this.size;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compare(middle, word, false) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The first term sorted after `word` that does not start with it. */
  private firstAfterPrefix(word: string): number {
    let low = 0;
    let high = this.size;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compare(middle, word, true) <= 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /**
   * Term `index` against `word` in code-unit order: negative, zero or
   * positive. With `asPrefix`, a term that starts with `word` counts as equal.
   */
  private compare(index: number, word: string, asPrefix: boolean): number {
    const start = this.start(index);
    const length = this.end(index) - start;
    const common = Math.min(length, word.length);
    for (let offset = 0; offset < common; offset++) {
      const difference = this.text.charCodeAt(start + offset) - word.charCodeAt(offset);
      if (difference !== 0) return difference;
    }
    return asPrefix && length >= word.length ? 0 : length - word.length;
  }
}
