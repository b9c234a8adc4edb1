/**
 * Names the Worker version that made each answer. The deploy pipeline aims
 * its checks at a new version with Cloudflare's version-override header,
 * and Cloudflare ignores that header without a word while the version is not
 * (yet) part of the deployment everywhere; without this header a check could
 * pass on the old version and wave a broken new one through
 * (scripts/operations/deploy/smoke-check.ts). The id is Cloudflare's version id, which
 * any visitor may already use in that override header: it tells nothing new.
 */
import type { MiddlewareHandler } from "hono";

/** The response header that carries the version id. */
export const WORKER_VERSION_HEADER = "Worker-Version";

/** Sets the version id of `metadata` (the version-metadata binding, CF_VERSION_METADATA) on every response. */
export function workerVersion(metadata: { readonly id: string }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    c.res.headers.set(WORKER_VERSION_HEADER, metadata.id);
  };
}
