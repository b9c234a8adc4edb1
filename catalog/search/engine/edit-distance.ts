/**
 * Levenshtein distance (insertions, deletions, substitutions of UTF-16 code
 * units) from one word to many candidates, when only distances up to `max`
 * matter: the fuzzy part of the name search compares a query word with every
 * vocabulary term of a fitting length.
 *
 * Two things keep that cheap. Only a band of 2·max + 1 cells around the
 * diagonal of the distance table is computed, and a candidate is given up as
 * soon as a whole row exceeds `max` (distances never shrink further down).
 * And the rows of the previous candidate are kept: candidates come in sorted
 * order, so neighbours share a prefix whose rows need no second computation.
 * When a candidate is given up, `hopelessStart` tells how much of its start
 * was enough for that, so the caller can skip every candidate that begins
 * the same way.
 */
export class BoundedEditDistance {
  private readonly word: string;
  private readonly wordCodes: number[];
  private readonly max: number;
  private readonly stride: number;
  /**
   * Row r holds the distances from the candidate's first r code units to the
   * word's first j, for j from r - max - 1 to r + max + 1: the band plus one
   * cell either side, which the next cells and row read as too far. Cell
   * (r, j) lies at r * stride + j - r + max + 1, so the cell above-left of
   * (r, j) sits at the same offset one row up. No candidate longer than
   * word.length + max is within reach: that many rows.
   */
  private readonly table: Uint16Array;
  // The candidate the table's rows belong to, how many of them are valid, and whether the last of those
  // was too far everywhere.
  private previousText = "";
  private previousStart = 0;
  private validRows = 0;
  private previousGaveUp = false;
  /** See hopelessStart. */
  private lastHopelessStart = 0;

  constructor(word: string, max: number) {
    this.word = word;
    this.wordCodes = Array.from({ length: word.length }, (_, index) => word.charCodeAt(index));
    this.max = max;
    this.stride = 2 * max + 3;
    this.table = new Uint16Array((word.length + max + 1) * this.stride);
    for (let offset = 0; offset < this.stride; offset++) {
      const column = offset - max - 1;
      this.table[offset] = column < 0 || column > word.length ? max + 1 : Math.min(column, max + 1);
    }
  }

  /**
   * How many code units of the last candidate were enough to give it up (0:
   * it was not given up): every candidate that starts with them is as far.
   */
  get hopelessStart(): number {
    return this.lastHopelessStart;
  }

  /** The distance from the word to `text.slice(start, end)`, or max + 1 for anything farther. */
  distanceTo(text: string, start: number, end: number): number {
    const { word, wordCodes, max, stride, table } = this;
    const tooFar = max + 1;
    const length = end - start;
    this.lastHopelessStart = 0;
    if (Math.abs(length - word.length) > max) return tooFar;

    let shared = 0;
    while (
      shared < this.validRows &&
      shared < length &&
      text.charCodeAt(start + shared) === this.previousText.charCodeAt(this.previousStart + shared)
    ) {
      shared++;
    }
    // The same start as a candidate already given up: as far, whatever follows.
    if (this.previousGaveUp && shared === this.validRows) {
      this.lastHopelessStart = shared;
      return tooFar;
    }

    this.previousText = text;
    this.previousStart = start;
    this.previousGaveUp = false;
    for (let row = shared + 1; row <= length; row++) {
      const code = text.charCodeAt(start + row - 1);
      const here = row * stride - row + max + 1; // add a column to get its cell
      const above = here - stride + 1; // (row - 1, column) lies at above + column
      const first = Math.max(1, row - max);
      const last = Math.min(word.length, row + max);
      table[here + first - 1] = first === 1 ? Math.min(row, tooFar) : tooFar;
      if (last < word.length) table[here + last + 1] = tooFar;
      let nearest = table[here + first - 1] ?? tooFar;
      for (let column = first; column <= last; column++) {
        const replace = (table[above + column - 1] ?? tooFar) + (code === wordCodes[column - 1] ? 0 : 1);
        const remove = (table[above + column] ?? tooFar) + 1;
        const insert = (table[here + column - 1] ?? tooFar) + 1;
        const distance = Math.min(replace, remove, insert, tooFar);
        table[here + column] = distance;
        if (distance < nearest) nearest = distance;
      }
      if (nearest > max) {
        this.validRows = row;
        this.previousGaveUp = true;
        this.lastHopelessStart = row;
        return tooFar;
      }
    }
    this.validRows = length;
    return table[length * stride - length + max + 1 + word.length] ?? tooFar;
  }
}
