/**
 * What a search keeps between queries within a budget, least recently used
 * let go first: the index's term bitmaps and matched words (text-index.ts),
 * the shards read (sharded-index.ts), the short terms' names (name-pairs.ts).
 * Each entry has a cost in the budget's unit (bytes, characters, terms); the
 * one just kept is never let go, so a single entry over the budget stays
 * until the next is kept.
 */
export class LeastRecentlyUsed<Key, Value> {
  /** Least recently used first: a Map keeps insertion order. */
  private readonly entries = new Map<Key, { value: Value; cost: number }>();
  private total = 0;
  private readonly budget: number;

  constructor(budget: number) {
    this.budget = budget;
  }

  /** The cost of everything kept now. */
  get cost(): number {
    return this.total;
  }

  /** The value kept for `key`, now the last to be let go; undefined when none is kept. */
  use(key: Key): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** The value kept for `key`, leaving the order as it is; undefined when none is kept. */
  peek(key: Key): Value | undefined {
    return this.entries.get(key)?.value;
  }

  /** Keeps `value` for `key` at `cost`, letting the least recently used go while the budget is exceeded. */
  keep(key: Key, value: Value, cost: number): void {
    const before = this.entries.get(key);
    if (before) {
      this.entries.delete(key);
      this.total -= before.cost;
    }
    this.entries.set(key, { value, cost });
    this.total += cost;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.budget || oldest === key) break;
      this.entries.delete(oldest);
      this.total -= entry.cost;
    }
  }
}
