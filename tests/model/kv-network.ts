/**
 * Workers KV as Cloudflare's network serves it, which the local runtime
 * hides (local KV is one strongly consistent SQLite file). Facts from
 * Cloudflare's KV pages (how KV works, limits), Nov 2026:
 *
 * - Writes go to central stores. The location that writes sees its write at
 *   once; another location reads the central state as it was `lag` ago
 *   (propagation through the tiers), and only when its cached copy has expired.
 * - A read is cached in its location for its `cacheTtl` (at least 30 s,
 *   60 s when not given); a key that was missing is cached as missing too.
 * - One key takes at most one write per second; more is refused (429).
 * - One invocation (a request, an alarm) makes at most 1,000 operations.
 * - Lists page through keys in byte order, 1,000 a page, with metadata.
 *
 * The model keeps the whole history of every key, so what any location would
 * read at any time can be asked (`peek`) without changing its caches or
 * counting an operation: the invariants of tests/unit/publish-network.test.ts
 * look through it. Every write has a place in one global order (`seq`), so
 * a test can tell which of two values a location returned was written later.
 *
 * A location may also answer a key from a tier that lags further behind than
 * the one it read before (`serveOlder`): it then answers a value older than
 * one it answered already, at most `lag` ms old.
 */
import type { CatalogKeyPage, CatalogStore, WrittenMetadata } from "../../catalog/format/storage.ts";

/** One value of a key from a time on; null: deleted. */
interface Write {
  at: number;
  /** Its place among all writes of the network, from 1. */
  seq: number;
  value: { text: string; metadata?: WrittenMetadata } | null;
}

interface Cached {
  value: Write["value"];
  seq: number;
  expiresAt: number;
}

export interface KvNetworkOptions {
  clock: () => number;
  /** Each location's propagation lag in ms (0 where the writer runs). */
  lags: Readonly<Record<string, number>>;
  /** Operations per invocation (Cloudflare: 1,000). */
  operationsPerInvocation?: number;
}

/** What went wrong that Cloudflare would have refused or failed. */
export interface KvViolations {
  /** Invocations that tried more operations than allowed. */
  operationLimit: number;
  /** Writes to a key less than a second after its last write. */
  writeRate: { key: string; at: number }[];
}

const DEFAULT_CACHE_TTL_MS = 60_000;
const MIN_CACHE_TTL_MS = 30_000;
const LIST_PAGE = 1_000;
const KEY_WRITES_EVERY_MS = 1_000;

/** The error KV's binding throws for a second write to a key within a second. */
export class KvRateLimited extends Error {
  override name = "KvRateLimited";
}

/**
 * What an operation hook may do: nothing, throw, or never let the operation
 * finish (the invocation is killed). It runs before each operation
 * (`phase: "before"`: throwing fails it untouched) and again after it took
 * effect (`"after"`: throwing fails a write that landed anyway).
 */
export type OperationHook = (operation: {
  kind: "get" | "put" | "delete" | "list";
  key: string;
  phase: "before" | "after";
  /** The operation's number in its invocation, from 1 (the same before and after). */
  index: number;
}) => Promise<void>;

export class KvNetwork {
  readonly #clock: () => number;
  readonly #lags: Readonly<Record<string, number>>;
  readonly #limit: number;
  readonly #history = new Map<string, Write[]>();
  readonly #caches = new Map<string, Map<string, Cached>>();
  readonly violations: KvViolations = { operationLimit: 0, writeRate: [] };
  /** The most operations any invocation made. */
  maxOperations = 0;
  #seq = 0;

  constructor({ clock, lags, operationsPerInvocation = 1_000 }: KvNetworkOptions) {
    this.#clock = clock;
    this.#lags = lags;
    this.#limit = operationsPerInvocation;
    for (const location of Object.keys(lags)) this.#caches.set(location, new Map());
  }

  get locations(): string[] {
    return Object.keys(this.#lags);
  }

  /** The write of `key` that `location` sees without its cache (seq 0: never written there yet), or as of `seenUpTo`. */
  #centralWrite(
    key: string,
    location: string,
    seenUpTo = this.#clock() - (this.#lags[location] ?? 0),
  ): Pick<Write, "value" | "seq"> {
    const writes = this.#history.get(key) ?? [];
    let seen: Pick<Write, "value" | "seq"> = { value: null, seq: 0 };
    for (const write of writes) {
      if (write.at <= seenUpTo) seen = write;
      else break;
    }
    return seen;
  }

  /** The value of `key` at `location` without its cache: the central state as the location sees it now. */
  #central(key: string, location: string): Write["value"] {
    return this.#centralWrite(key, location).value;
  }

  #cache(location: string): Map<string, Cached> {
    const cache = this.#caches.get(location);
    if (!cache) throw new Error(`kv-network: no location ${location}`);
    return cache;
  }

  /** What a read of `key` at `location` would answer now, without caching it or counting it. */
  peek(location: string, key: string): string | null {
    const cached = this.#cache(location).get(key);
    if (cached && cached.expiresAt > this.#clock()) return cached.value?.text ?? null;
    return this.#central(key, location)?.text ?? null;
  }

  /** The newest value of `key` anywhere: what the writer's location reads without any cache. */
  latest(key: string): string | null {
    return this.#history.get(key)?.at(-1)?.value?.text ?? null;
  }

  /** When `key` was last written (or deleted); null: never. */
  latestAt(key: string): number | null {
    return this.#history.get(key)?.at(-1)?.at ?? null;
  }

  /** The place in the order of writes of the value a read of `key` at `location` would answer now (0: never written). */
  peekSeq(location: string, key: string): number {
    const cached = this.#cache(location).get(key);
    if (cached && cached.expiresAt > this.#clock()) return cached.seq;
    return this.#centralWrite(key, location).seq;
  }

  /**
   * From now on, for its cache's time, `location` answers `key` with the
   * value before the one it answers now, if that was still the central value
   * less than `ms` ago: another tier of the location, further behind,
   * answered. Answers whether it now answers an older value.
   */
  serveOlder(location: string, key: string, ms: number, cacheTtlSeconds?: number): boolean {
    const now = this.#clock();
    const current = this.peekSeq(location, key);
    const writes = this.#history.get(key) ?? [];
    const at = writes.findIndex((write) => write.seq === current);
    const replaced = writes[at];
    const before = writes[at - 1];
    if (!replaced || !before || before.value === null || now - replaced.at > ms) return false;
    const ttl =
      cacheTtlSeconds === undefined ? DEFAULT_CACHE_TTL_MS : Math.max(MIN_CACHE_TTL_MS, cacheTtlSeconds * 1000);
    this.#cache(location).set(key, { value: before.value, seq: before.seq, expiresAt: now + ttl });
    return true;
  }

  #read(location: string, key: string, cacheTtlSeconds: number | undefined): Write["value"] {
    const now = this.#clock();
    const cache = this.#cache(location);
    const cached = cache.get(key);
    if (cached && cached.expiresAt > now) return cached.value;
    const { value, seq } = this.#centralWrite(key, location);
    const ttl =
      cacheTtlSeconds === undefined ? DEFAULT_CACHE_TTL_MS : Math.max(MIN_CACHE_TTL_MS, cacheTtlSeconds * 1000);
    cache.set(key, { value, seq, expiresAt: now + ttl });
    return value;
  }

  #write(location: string, key: string, value: Write["value"]): void {
    const now = this.#clock();
    const writes = this.#history.get(key) ?? [];
    const last = writes.at(-1);
    if (last && now - last.at < KEY_WRITES_EVERY_MS) {
      this.violations.writeRate.push({ key, at: now });
      throw new KvRateLimited(`KV PUT failed: 429 Too Many Requests (${key})`);
    }
    this.#seq += 1;
    writes.push({ at: now, seq: this.#seq, value });
    this.#history.set(key, writes);
    // Seen at once where it was written.
    this.#cache(location).set(key, { value, seq: this.#seq, expiresAt: now + DEFAULT_CACHE_TTL_MS });
  }

  #list(location: string, prefix: string, cursor: string | undefined): CatalogKeyPage {
    const names = [...this.#history.keys()]
      .filter((name) => name.startsWith(prefix) && this.#central(name, location) !== null)
      .sort();
    const start = cursor === undefined ? 0 : names.findIndex((name) => name > cursor);
    const page = start === -1 ? [] : names.slice(start, start + LIST_PAGE);
    const keys = page.map((name) => {
      const metadata = this.#central(name, location)?.metadata;
      return metadata === undefined ? { name } : { name, metadata };
    });
    const complete = start === -1 || start + LIST_PAGE >= names.length;
    return complete ? { keys, list_complete: true } : { keys, list_complete: false, cursor: page.at(-1) };
  }

  /**
   * The KV binding as one invocation at `location` sees it: every operation
   * counts against the invocation's limit, and `hook` runs before each and
   * after it took effect (to fail it, interleave other work, or hang it).
   */
  invocation(location: string, hook?: OperationHook): CatalogStore & { readonly operations: number } {
    let operations = 0;
    /** Counts an operation and runs the hook before it; answers its number. */
    const count = async (kind: "get" | "put" | "delete" | "list", key: string) => {
      operations += 1;
      const index = operations;
      this.maxOperations = Math.max(this.maxOperations, operations);
      if (operations > this.#limit) {
        this.violations.operationLimit += 1;
        throw new Error(`kv-network: more than ${this.#limit} operations in one invocation`);
      }
      await hook?.({ kind, key, phase: "before", index });
      return index;
    };
    const done = async (kind: "get" | "put" | "delete" | "list", key: string, index: number) => {
      await hook?.({ kind, key, phase: "after", index });
    };
    const encoder = new TextEncoder();
    return {
      get operations() {
        return operations;
      },
      get: (async (key: string, options: { type: "text" | "arrayBuffer"; cacheTtl?: number }) => {
        const index = await count("get", key);
        const value = this.#read(location, key, options.cacheTtl);
        await done("get", key, index);
        if (!value) return null;
        return options.type === "text" ? value.text : encoder.encode(value.text).buffer;
      }) as CatalogStore["get"],
      put: async (key, text, options) => {
        const index = await count("put", key);
        this.#write(location, key, options ? { text, metadata: options.metadata } : { text });
        await done("put", key, index);
      },
      delete: async (key) => {
        const index = await count("delete", key);
        this.#write(location, key, null);
        await done("delete", key, index);
      },
      list: async ({ prefix, cursor }) => {
        const index = await count("list", prefix);
        const page = this.#list(location, prefix, cursor);
        await done("list", prefix, index);
        return page;
      },
    };
  }
}
