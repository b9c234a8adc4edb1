/**
 * The randomness of the seed images: every recipe's picture draws from its own
 * sequence, seeded from the slug, so that a picture changes only when its
 * recipe does.
 */

/** The next number from a sequence, 0 (inclusive) to 1 (exclusive), like Math.random. */
export type Rand = () => number;

/** FNV-1a, so that every slug starts its own PRNG sequence. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const char of text) {
    h ^= char.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A small seedable PRNG (mulberry32), seeded from the slug. */
export function prng(seed: string): Rand {
  let state = hash(seed);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A point in the circle of `radius` around (cx, cy), evenly spread over its area (hence the square root). */
export function pointInCircle(cx: number, cy: number, radius: number, rand: Rand): readonly [number, number] {
  const a = rand() * Math.PI * 2;
  const d = Math.sqrt(rand()) * radius;
  return [cx + Math.cos(a) * d, cy + Math.sin(a) * d];
}

/** One of `items`, drawn with `rand`. */
export function pick<T>(items: readonly T[], rand: Rand): T {
  return items[Math.floor(rand() * items.length)] as T;
}
