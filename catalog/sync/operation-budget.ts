/**
 * KV operations counted against the budget of one invocation. Cloudflare
 * lets one Worker invocation (a request, an alarm) make at most 1,000
 * operations on KV and other services; the coordinator plans each step to
 * stay well below that and asks `remaining` before it starts an operation.
 * Going over is a bug in that planning, so the wrapper refuses the
 * operation instead of letting Cloudflare fail the invocation halfway.
 */
import type { CatalogStore } from "../format/storage.ts";

/** Cloudflare's limit per invocation (KV's limits page): what a step's budget is a share of, and the bench holds steps against. */
export const CLOUDFLARE_OPERATIONS_PER_INVOCATION = 1_000;

export class OperationBudget {
  readonly limit: number;
  #used = 0;
  readonly store: CatalogStore;

  constructor(store: CatalogStore, limit: number) {
    this.limit = limit;
    const spend = () => {
      if (this.#used >= this.limit) {
        throw new Error(`coordinator: a step tried more than its ${this.limit} KV operations`);
      }
      this.#used += 1;
    };
    this.store = {
      get: ((key: string, options: Parameters<CatalogStore["get"]>[1]) => {
        spend();
        return store.get(key, options as never);
      }) as CatalogStore["get"],
      put: (key, value, options) => {
        spend();
        return store.put(key, value, options);
      },
      delete: (key) => {
        spend();
        return store.delete(key);
      },
      list: (options) => {
        spend();
        return store.list(options);
      },
    };
  }

  get used(): number {
    return this.#used;
  }

  get remaining(): number {
    return this.limit - this.#used;
  }
}
