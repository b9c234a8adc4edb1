/**
 * The kept recipes of a week-plan question (week-plan-proposal.ts) by how
 * many ingredients each lacks, level by level: level `m` holds, in ascending
 * position, the kept recipes that lack exactly `m` of what the pantry and the
 * basics hold. A proposal reads only the lowest levels, so its work follows
 * how few the good recipes lack, not how many recipes the catalog has
 * (decision 0068, "Bounded by the answer").
 *
 * Counting every recipe's ingredients per question is a walk over the whole
 * matching column (2.3 million ids at 350,000 recipes, 6 to 16 ms). So a
 * version's recipes are counted once per isolate against one set of basics,
 * the first a question brings (the page's usual: every basic at hand), and
 * ordered by that count; a question then moves only the recipes that use an
 * ingredient whose state differs from that set, through its postings: the
 * pantry's ingredients, and any basic the visitor marked missing. Which set
 * was counted first changes the work, never a level's recipes or order.
 */

/** Per ingredient id: IN_PANTRY, BASIC, or 0 for one to buy (the proposal's flags). */
export const IN_PANTRY = 1;
export const BASIC = 2;

/** The recipes a question's levels are made of: week-plan-proposal.ts's WeekPlanRecipes, as far as read here. */
export interface LevelRecipes {
  readonly ingredientCount: number;
  readonly ingredientIds: Uint16Array | Uint32Array;
  readonly runStarts: Uint32Array;
  positionsWith(id: number): Int32Array;
  readonly categories: Uint8Array;
  readonly kept: Int32Array;
  keeps?(position: number): boolean;
}

/** A version's recipes counted against one set of basics. */
interface CountedVersion {
  /** Per ingredient id: 1 when the set counted against holds it. */
  readonly basics: Uint8Array;
  /** Per position: how many of its ingredients the set does not hold (at most 255). */
  readonly outside: Uint8Array;
  /** Every position, by `outside` and then ascending; count `c`'s run is `starts[c]` to `starts[c + 1]`. */
  readonly order: Int32Array;
  readonly starts: Int32Array;
}

/** The counted versions, by their runs array: one array per version in an isolate (matching-lookups.ts). */
const countedVersions = new WeakMap<Uint32Array, CountedVersion>();

function countedVersion(recipes: LevelRecipes, flags: Uint8Array): CountedVersion {
  const known = countedVersions.get(recipes.runStarts);
  if (known) return known;
  const { ingredientIds, runStarts } = recipes;
  const count = recipes.categories.length;
  const basics = new Uint8Array(recipes.ingredientCount);
  for (let id = 0; id < basics.length; id++) if (flags[id] === BASIC) basics[id] = 1;
  const outside = new Uint8Array(count);
  const starts = new Int32Array(257);
  for (let position = 0; position < count; position++) {
    let lacking = 0;
    const end = runStarts[position + 1] ?? 0;
    for (let at = runStarts[position] ?? 0; at < end; at++) if (basics[ingredientIds[at] ?? 0] === 0) lacking++;
    const clamped = Math.min(lacking, 255);
    outside[position] = clamped;
    starts[clamped + 1] = (starts[clamped + 1] ?? 0) + 1;
  }
  for (let level = 1; level < starts.length; level++) starts[level] = (starts[level] ?? 0) + (starts[level - 1] ?? 0);
  const next = starts.slice(0, 256);
  const order = new Int32Array(count);
  for (let position = 0; position < count; position++) {
    const level = outside[position] ?? 0;
    order[next[level] ?? 0] = position;
    next[level] = (next[level] ?? 0) + 1;
  }
  const counted = { basics, outside, order, starts };
  countedVersions.set(runStarts, counted);
  return counted;
}

/** A question's kept recipes by how many ingredients each lacks. */
export class MissingLevels {
  /** Per position: how many of its ingredients neither the pantry nor the basics hold (kept or not). */
  readonly missing: Uint8Array;
  private readonly counted: CountedVersion;
  private readonly keeps: (position: number) => boolean;
  /** The recipes whose count differs from the version's, grouped by their count: group `m` is `movedStarts[m]` on. */
  private readonly moved: Int32Array;
  private readonly movedStarts: Int32Array;
  private readonly levels: Int32Array[] = [];

  constructor(recipes: LevelRecipes, flags: Uint8Array) {
    const counted = countedVersion(recipes, flags);
    this.counted = counted;
    this.keeps = keptTest(recipes);
    const missing = counted.outside.slice();
    // The ingredients whose state differs from the counted set, in ascending id, and the recipes that use them.
    const differing: number[] = [];
    let reach = 0;
    for (let id = 0; id < recipes.ingredientCount; id++) {
      if (((flags[id] ?? 0) !== 0) === (counted.basics[id] === 1)) continue;
      differing.push(id);
      reach += recipes.positionsWith(id).length;
    }
    const touched = new Uint8Array(missing.length);
    const touchedList = new Int32Array(reach);
    let touches = 0;
    for (const id of differing) {
      const step = (flags[id] ?? 0) !== 0 ? -1 : 1;
      const postings = recipes.positionsWith(id);
      for (let index = 0; index < postings.length; index++) {
        const position = postings[index] ?? 0;
        missing[position] = (missing[position] ?? 0) + step;
        if (touched[position] === 0) {
          touched[position] = 1;
          touchedList[touches++] = position;
        }
      }
    }
    this.missing = missing;
    // Those whose count moved, grouped by it; one moved and back again stays where the version ordered it.
    const movedStarts = new Int32Array(257);
    let moves = 0;
    for (let index = 0; index < touches; index++) {
      const position = touchedList[index] ?? 0;
      const now = missing[position] ?? 0;
      if (now === counted.outside[position]) continue;
      movedStarts[now + 1] = (movedStarts[now + 1] ?? 0) + 1;
      moves++;
    }
    for (let level = 1; level < movedStarts.length; level++) {
      movedStarts[level] = (movedStarts[level] ?? 0) + (movedStarts[level - 1] ?? 0);
    }
    const next = movedStarts.slice(0, 256);
    const moved = new Int32Array(moves);
    for (let index = 0; index < touches; index++) {
      const position = touchedList[index] ?? 0;
      const now = missing[position] ?? 0;
      if (now === counted.outside[position]) continue;
      moved[next[now] ?? 0] = position;
      next[now] = (next[now] ?? 0) + 1;
    }
    this.moved = moved;
    this.movedStarts = movedStarts;
  }

  /** The kept recipes that lack exactly `level` ingredients, ascending; made on first use. */
  at(level: number): Int32Array {
    if (level < 0 || level > 255) return new Int32Array(0);
    const known = this.levels[level];
    if (known) return known;
    const { order, starts } = this.counted;
    // Those the question did not move, in position order already; and those it moved here, sorted.
    const stayed = order.subarray(starts[level] ?? 0, starts[level + 1] ?? 0);
    const arrived = this.moved.subarray(this.movedStarts[level] ?? 0, this.movedStarts[level + 1] ?? 0).sort();
    const merged = new Int32Array(stayed.length + arrived.length);
    let size = 0;
    let from = 0;
    for (const position of stayed) {
      if (this.missing[position] !== level || !this.keeps(position)) continue;
      while (from < arrived.length && (arrived[from] ?? 0) < position) {
        const earlier = arrived[from++] ?? 0;
        if (this.keeps(earlier)) merged[size++] = earlier;
      }
      merged[size++] = position;
    }
    while (from < arrived.length) {
      const later = arrived[from++] ?? 0;
      if (this.keeps(later)) merged[size++] = later;
    }
    const kept = merged.subarray(0, size);
    this.levels[level] = kept;
    return kept;
  }

  /** The kept recipes that lack fewer than `bound`, by what they lack and then ascending. */
  below(bound: number): Int32Array {
    const parts: Int32Array[] = [];
    let size = 0;
    for (let level = 0; level < Math.min(bound, 256); level++) {
      const part = this.at(level);
      parts.push(part);
      size += part.length;
    }
    const all = new Int32Array(size);
    let at = 0;
    for (const part of parts) {
      all.set(part, at);
      at += part.length;
    }
    return all;
  }
}

/** Whether a position is kept: the filter's own test when given, else every position, else a mask of `kept`. */
function keptTest(recipes: LevelRecipes): (position: number) => boolean {
  if (recipes.keeps) return recipes.keeps;
  if (recipes.kept.length === recipes.categories.length) return () => true;
  const mask = new Uint8Array(recipes.categories.length);
  for (const position of recipes.kept) mask[position] = 1;
  return (position) => mask[position] === 1;
}
