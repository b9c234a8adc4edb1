/**
 * The Durable Object that holds the catalog coordinator (coordinator.ts):
 * one instance for the whole site (COORDINATOR_NAME), with SQLite storage
 * and one alarm. The Worker only asks it things (coordinator-client.ts);
 * all work happens in its alarm, one step at a time.
 *
 * Whatever one of its methods throws is logged here (and so reported, see
 * workers/error-tracker.ts) before it reaches the caller or the runtime.
 */
import { DurableObject } from "cloudflare:workers";
import { directusOrigin } from "../../app/lib/directus/directus-origin.ts";
import { readConfig } from "../../app/lib/site/config.server.ts";
import {
  Coordinator,
  CoordinatorBusy,
  type CoordinatorStatus,
  type RequestView,
} from "../../catalog/sync/coordinator.ts";
import { createDirectusSource } from "../../catalog/sync/directus-source.ts";
import type { SyncAction, SyncTrigger } from "../../catalog/sync/ledger.ts";
import { createDirectusPublicationWriter } from "../../catalog/sync/publication-writer.ts";
import { createDirectusRatingSource } from "../../catalog/sync/rating-source.ts";
import { logEvent } from "../../logging/log.ts";

/** What `request` answers: the request's id (joined: an earlier request that had not started yet), or busy. */
export type RequestAnswer = { ok: true; id: number; joined: boolean } | { ok: false; busy: string };

/** Runs the method `name`'s work, logging what it throws as `coordinator.failed` before passing it on. */
async function logged<T>(name: string, work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    logEvent("error", "coordinator.failed", { method: name }, { error });
    throw error;
  }
}

export class CatalogCoordinator extends DurableObject<Env> {
  readonly #coordinator: Coordinator;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const config = readConfig(env);
    const directus = directusOrigin(config.directusUrl, config.directusAccessToken);
    this.#coordinator = new Coordinator({
      db: ctx.storage.sql,
      store: env.CATALOG,
      source: () => createDirectusSource({ url: directus.url, headers: directus.headers }),
      // Visitors' ratings, as aggregates only, as the "Website (Status)" user (decision 0066); without its token,
      // versions carry no ratings.
      ratings: config.directusStatusToken
        ? () =>
            createDirectusRatingSource({
              url: directus.url,
              headers: directus.headers,
              token: config.directusStatusToken as string,
            })
        : null,
      alarm: {
        get: () => ctx.storage.getAlarm(),
        set: (at) => ctx.storage.setAlarm(at),
        delete: () => ctx.storage.deleteAlarm(),
      },
      persist: () => ctx.storage.sync(),
      publishOnSave: config.syncToken !== null,
      // Each recipe's status goes back to Directus as the "Website (Status)" user; without its token, nowhere.
      publications: config.directusStatusToken
        ? createDirectusPublicationWriter({
            url: directus.url,
            headers: directus.headers,
            token: config.directusStatusToken,
          })
        : null,
    });
    // Before its first request or alarm (a deploy restarts the object): a live version in another catalog format
    // gets a publish (Coordinator.start). A failure is logged and leaves the object serving; the steps check again.
    void ctx.blockConcurrencyWhile(() => logged("start", () => this.#coordinator.start()).catch(() => {}));
  }

  /** Queues a request (see Coordinator.request). */
  request(action: SyncAction, allowShrink: boolean, trigger: SyncTrigger, full = false): Promise<RequestAnswer> {
    return logged("request", async () => {
      try {
        return { ok: true, ...(await this.#coordinator.request({ action, allowShrink, trigger, full })) };
      } catch (error) {
        if (error instanceof CoordinatorBusy) return { ok: false, busy: error.message };
        throw error;
      }
    });
  }

  requestStatus(id: number): Promise<RequestView | null> {
    return logged("requestStatus", () => this.#coordinator.requestStatus(id) ?? null);
  }

  status(): Promise<CoordinatorStatus> {
    return logged("status", () => this.#coordinator.status());
  }

  /** A step catches its own failures (Coordinator.step); this logs what escapes it, and the runtime retries. */
  override alarm(): Promise<void> {
    return logged("alarm", () => this.#coordinator.step());
  }
}
