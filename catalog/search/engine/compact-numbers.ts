/**
 * Non-negative integers written as short runs of printable ASCII, so a list
 * of them is a string V8 keeps at one byte a character, with no line break
 * (the search index separates its parts with them) and nothing JSON would
 * escape. The search index stores its posting lists this way and reads them
 * where they lie, without turning them into arrays first.
 *
 * A number is written as its last digit in base 64 (a "final" character),
 * preceded by the rest in base 28 ("leading" characters), most significant
 * first: 0–63 take one character, up to 1,791 two, up to 50,175 three.
 * Posting lists are mostly small gaps, so most numbers take one.
 */

/** Every printable ASCII character but the two JSON would escape, `"` and `\`. */
const DIGITS = Array.from({ length: 0x7f - 0x21 }, (_, index) => String.fromCharCode(0x21 + index))
  .filter((char) => char !== '"' && char !== "\\")
  .join("");
export const FINAL_BASE = 64;
export const LEADING_BASE = DIGITS.length - FINAL_BASE;

/** Character code → digit value; final digits are 0–63, leading digits FINAL_BASE + their value; -1: not a digit. */
const DIGIT_VALUE = new Int8Array(128).fill(-1);
for (let index = 0; index < DIGITS.length; index++) DIGIT_VALUE[DIGITS.charCodeAt(index)] = index;

/** The largest number written as one character: a list of such numbers is read by place, without a reader. */
export const LARGEST_SINGLE = FINAL_BASE - 1;

/** A number of at most LARGEST_SINGLE as its one character. */
export function singleText(value: number): string {
  if (!Number.isInteger(value) || value < 0 || value > LARGEST_SINGLE) {
    throw new RangeError(`compact numbers: ${value} is no single number`);
  }
  return DIGITS.charAt(value);
}

/** The number at `offset` of a list whose numbers are all at most LARGEST_SINGLE. */
export function singleAt(text: string, offset: number): number {
  const digit = DIGIT_VALUE[text.charCodeAt(offset)] ?? -1;
  if (digit < 0 || digit >= FINAL_BASE) throw new RangeError(`compact numbers: no single number at ${offset}`);
  return digit;
}

/** Collects numbers into one string, a byte a character until then. */
export class NumberWriter {
  private bytes = new Uint8Array(64);
  private used = 0;
  private readonly leading: number[] = [];

  write(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`compact numbers: cannot write ${value}`);
    let rest = Math.floor(value / FINAL_BASE);
    const leading = this.leading;
    leading.length = 0;
    while (rest > 0) {
      leading.push(rest % LEADING_BASE);
      rest = Math.floor(rest / LEADING_BASE);
    }
    if (this.used + leading.length + 1 > this.bytes.length) this.grow(this.used + leading.length + 1);
    for (let index = leading.length - 1; index >= 0; index--) {
      this.bytes[this.used++] = DIGITS.charCodeAt(FINAL_BASE + (leading[index] ?? 0));
    }
    this.bytes[this.used++] = DIGITS.charCodeAt(value % FINAL_BASE);
  }

  /** Characters written so far. */
  get length(): number {
    return this.used;
  }

  /** Forgets what was written, keeping the room it took. */
  clear(): void {
    this.used = 0;
  }

  toString(): string {
    // Every digit is printable ASCII: as UTF-8 each byte is its character.
    return DECODER.decode(this.bytes.subarray(0, this.used));
  }

  private grow(needed: number): void {
    const bytes = new Uint8Array(Math.max(needed, this.bytes.length * 2));
    bytes.set(this.bytes.subarray(0, this.used));
    this.bytes = bytes;
  }
}

const DECODER = new TextDecoder();

/** Reads numbers one after another from `text`, starting at `offset`. */
export class NumberReader {
  text: string;
  offset: number;

  constructor(text: string, offset = 0) {
    this.text = text;
    this.offset = offset;
  }

  /** The next number; throws where the text holds none (a damaged index must not answer wrongly). */
  next(): number {
    let value = 0;
    for (;;) {
      const digit = DIGIT_VALUE[this.text.charCodeAt(this.offset++)] ?? -1;
      if (digit < 0) throw new RangeError(`compact numbers: no number at ${this.offset - 1}`);
      if (digit < FINAL_BASE) return value * FINAL_BASE + digit;
      value = value * LEADING_BASE + (digit - FINAL_BASE);
    }
  }
}

/**
 * What `DigitReader` reads where a digit is missing (past the end): above
 * every digit, so a reader that takes a digit at or above FINAL_BASE as a
 * leading one checks for it only there.
 */
export const NO_DIGIT = 255;

/**
 * The digit value of each character of `text`, a byte each; throws for a
 * character that is no digit. The search reads postings in this form: a
 * byte array read by index takes a query's inner loop a fraction of the
 * time `charCodeAt` and a table lookup per character took (decision 0056).
 */
export function digitsOf(text: string): Uint8Array {
  return digitValues(text, DIGITS.length - 1);
}

/** The values of a list of single numbers (LARGEST_SINGLE at most each), a byte each; throws for anything else. */
export function singlesOf(text: string): Uint8Array {
  return digitValues(text, LARGEST_SINGLE);
}

/** `text`'s characters as digit values of at most `largest`; throws for any other character. */
function digitValues(text: string, largest: number): Uint8Array {
  // Every digit is ASCII, a byte in UTF-8: the encoder's bytes are the character codes, made natively (a loop of
  // charCodeAt took 10 ms for 350,000 recipes' lengths). Anything else encodes to bytes of 128 and above.
  const digits = ENCODER.encode(text);
  for (let index = 0; index < digits.length; index++) {
    const digit = DIGIT_VALUE[digits[index] ?? 0] ?? -1;
    if (digit < 0 || digit > largest)
      throw new RangeError(`compact numbers: no number of at most ${largest} at ${index}`);
    digits[index] = digit;
  }
  return digits;
}

const ENCODER = new TextEncoder();

/** Reads numbers one after another from digit values (`digitsOf`), starting at `offset`. */
export class DigitReader {
  digits: Uint8Array;
  offset: number;

  constructor(digits: Uint8Array, offset = 0) {
    this.digits = digits;
    this.offset = offset;
  }

  /** The next number; throws where the digits end before one does (a damaged index must not answer wrongly). */
  next(): number {
    const { digits } = this;
    let value = 0;
    let digit = digits[this.offset++] ?? NO_DIGIT;
    while (digit >= FINAL_BASE) {
      if (digit === NO_DIGIT) throw new RangeError(`compact numbers: no number at ${this.offset - 1}`);
      value = value * LEADING_BASE + (digit - FINAL_BASE);
      digit = digits[this.offset++] ?? NO_DIGIT;
    }
    return value * FINAL_BASE + digit;
  }
}
