/**
 * The built Worker as Directus' flow, an operator and a monitor reach it,
 * for the projects whose Directus is a content stand-in the tests steer
 * (worker-sync, worker-errors: vitest.worker.config.ts): what Directus
 * holds, `/sync` followed to the end of a request, `/healthz`, and a site
 * that never published.
 */
import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { listKeys } from "../../catalog/format/storage.ts";
import type { RequestView } from "../../catalog/sync/coordinator.ts";
import { Ledger } from "../../catalog/sync/ledger.ts";
import { RatingStage } from "../../catalog/sync/rating-stage.ts";
import { SourceStage } from "../../catalog/sync/source-stage.ts";
import type { StandInContent, StandInState } from "../stand-ins/directus-content-stand-in.ts";

export const ORIGIN = "http://localhost:8787";
/** SYNC_TOKEN of these projects (vitest.worker.config.ts). */
export const TOKEN = "test-sync-token-0123456789abcdef0123456789";
export const AUTH = { authorization: `Bearer ${TOKEN}` };
let callers = 0;
/**
 * The token, from an address of its own each time: these tests poll far
 * faster than /sync allows one caller (SYNC_CALLER_LIMITER), whose own tests
 * are in edge/sync-endpoint.test.ts.
 */
export function authorized(): Record<string, string> {
  callers += 1;
  return { ...AUTH, "cf-connecting-ip": `2001:db8:5::${callers.toString(16)}` };
}

const content = (env as unknown as { CONTENT: Fetcher }).CONTENT;

/** What the Directus stand-in holds from now on. */
export async function holds(next: Partial<StandInContent>): Promise<void> {
  await (await content.fetch("http://content/", { method: "PUT", body: JSON.stringify(next) })).arrayBuffer();
}

/** What the Directus stand-in holds, and how many requests it has held unanswered (`stall`). */
export async function standIn(): Promise<StandInState> {
  return (await (await content.fetch("http://content/")).json()) as StandInState;
}

/** POST /sync as the flow sends it, with `action` as the body's action (and more form fields after it). */
export async function ask(
  action?: string,
): Promise<{ response: Response; body: { request: number; joined: boolean; status: string } }> {
  const response = await exports.default.fetch(
    new Request(`${ORIGIN}/sync`, {
      method: "POST",
      headers: { ...authorized(), "content-type": "application/x-www-form-urlencoded" },
      body: action ? `action=${action}` : "",
    }),
  );
  return { response, body: (await response.json()) as { request: number; joined: boolean; status: string } };
}

/** A GET with the sync token, its JSON body read. */
export async function get<T>(path: string): Promise<{ response: Response; body: T }> {
  const response = await exports.default.fetch(new Request(`${ORIGIN}${path}`, { headers: authorized() }));
  return { response, body: (await response.json()) as T };
}

/** Follows request `id` until it has finished (the coordinator works in its alarm). */
export async function finished(id: number): Promise<RequestView> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const { body: view } = await get<RequestView>(`/sync?request=${id}`);
    if (view.state === "done" || view.state === "failed") return view;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`request ${id} did not finish`);
}

/** Asks for `action` and follows the request until it has finished. */
export async function sync(action?: string): Promise<RequestView> {
  const { response, body } = await ask(action);
  expect(response.status).toBe(202);
  expect(response.headers.get("location")).toBe(`/sync?request=${body.request}`);
  return finished(body.request);
}

/** GET /healthz with `headers` (none: as a monitor asks). */
export async function health(headers: Record<string, string> = {}) {
  const response = await exports.default.fetch(new Request(`${ORIGIN}/healthz`, { headers }));
  return { response, body: (await response.json()) as Record<string, unknown> };
}

/**
 * A site that never published: an empty catalog in KV, a coordinator with
 * empty storage (and no alarm), Directus holding three recipes. Its instance
 * made its tables (the ledger's, the stage's and the ratings') when it started: they are made again in the
 * emptied storage.
 */
export async function freshSite(): Promise<void> {
  for (const { name } of await listKeys(env.CATALOG, "catalog/")) await env.CATALOG.delete(name);
  await runInDurableObject(env.CATALOG_COORDINATOR.getByName("catalog"), async (_, state) => {
    await state.storage.deleteAll();
    new Ledger(state.storage.sql);
    new SourceStage(state.storage.sql);
    new RatingStage(state.storage.sql);
  });
  await holds({ recipes: 3, edition: 1, down: false, flawed: {}, stall: false });
}
