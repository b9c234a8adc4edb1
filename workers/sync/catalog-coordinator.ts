/**
 * The Durable Object that holds the catalog coordinator (coordinator.ts):
 * one instance for the whole site (COORDINATOR_NAME), with SQLite storage
 * and one alarm. The Worker only asks it things (coordinator-client.ts);
 * all work happens in its alarm, one step at a time.
 */
import { DurableObject } from "cloudflare:workers";
import { readConfig } from "../../app/lib/config.server.ts";
import { directusOrigin } from "../../app/lib/directus/directus-origin.ts";
import { Coordinator, CoordinatorBusy, type CoordinatorStatus, type RequestView } from "./coordinator.ts";
import { createDirectusSource } from "./directus-source.ts";
import type { SyncAction, SyncTrigger } from "./ledger.ts";

/** What `request` answers: the request's id (joined: an earlier request that had not started yet), or busy. */
export type RequestAnswer = { ok: true; id: number; joined: boolean } | { ok: false; busy: string };

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
      alarm: { get: () => ctx.storage.getAlarm(), set: (at) => ctx.storage.setAlarm(at) },
    });
  }

  /** Queues a request (see Coordinator.request). */
  async request(action: SyncAction, allowShrink: boolean, trigger: SyncTrigger): Promise<RequestAnswer> {
    try {
      return { ok: true, ...(await this.#coordinator.request({ action, allowShrink, trigger })) };
    } catch (error) {
      if (error instanceof CoordinatorBusy) return { ok: false, busy: error.message };
      throw error;
    }
  }

  requestStatus(id: number): RequestView | null {
    return this.#coordinator.requestStatus(id) ?? null;
  }

  status(): CoordinatorStatus {
    return this.#coordinator.status();
  }

  override async alarm(): Promise<void> {
    await this.#coordinator.step();
  }
}
