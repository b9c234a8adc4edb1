import { env, exports } from "cloudflare:workers";
import type { SeenRequest } from "../../stand-ins/directus-stand-in-contract.ts";

export const ORIGIN = "http://localhost:8787";

/** The Directus stand-in's record of what reached it (vitest.worker.config.ts). */
const upstreamLog = (env as unknown as { UPSTREAM_LOG: Fetcher }).UPSTREAM_LOG;

/** Forgets what the stand-in has seen so far. */
export async function clearUpstream(): Promise<void> {
  await (await upstreamLog.fetch("http://log/", { method: "DELETE" })).arrayBuffer();
}

/** Every request that reached the stand-in since the last clearUpstream(). */
export async function upstreamSeen(): Promise<SeenRequest[]> {
  return (await upstreamLog.fetch("http://log/")).json();
}

/** A request to the built Worker, redirects not followed. */
export function send(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init }));
}
