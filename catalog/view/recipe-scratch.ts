/**
 * Arrays of an entry per recipe that an ingredient search counts in while
 * it runs (queries.ts `matchIngredients`, pantry-queries.ts), lent by the
 * version's lookup and given back when the search is done, instead of made
 * anew by each: at 350,000 recipes each is a third of a megabyte or more,
 * and an isolate that made and dropped a few per request collected garbage
 * for them every few dozen requests (decision 0057). A search borrows and
 * gives back without awaiting in between, so two never share one; one that
 * throws before it gives back just leaves the array to the collector.
 */
export class RecipeScratch {
  readonly #count: number;
  readonly #bytes: Uint8Array[] = [];
  readonly #tallies: Uint16Array[] = [];
  readonly #positions: Int32Array[] = [];

  constructor(count: number) {
    this.#count = count;
  }

  /** A byte per recipe, every one 0: give it back with `giveBytesBack`. */
  borrowBytes(): Uint8Array {
    return this.#bytes.pop() ?? new Uint8Array(this.#count);
  }

  /**
   * Takes `bytes` back, every one 0 again: the borrower sets each entry it
   * set back to 0, best while it reads it a last time (its memory is at
   * hand then; thousands of scattered entries read again cost as much as
   * the count itself).
   */
  giveBytesBack(bytes: Uint8Array): void {
    this.#bytes.push(bytes);
  }

  /** Two bytes per recipe, every entry 0: give it back with `giveTalliesBack`, as bytes are given back. */
  borrowTallies(): Uint16Array {
    return this.#tallies.pop() ?? new Uint16Array(this.#count);
  }

  giveTalliesBack(tallies: Uint16Array): void {
    this.#tallies.push(tallies);
  }

  /** Room for every position once, holding whatever the last borrower left: give it back with `givePositionsBack`. */
  borrowPositions(): Int32Array {
    return this.#positions.pop() ?? new Int32Array(this.#count);
  }

  givePositionsBack(positions: Int32Array): void {
    this.#positions.push(positions);
  }
}
