/**
 * A stand-in for Sentry's ingest, for the error-tracking tests in workerd:
 * SENTRY_DSN points at STAND_IN_SENTRY_DSN, and every outbound request of
 * the Worker to its host comes here (vitest.worker.config.ts). It records
 * each envelope as it arrived, byte for byte, and answers as Sentry does.
 * The tests read the record through the SENTRY_LOG service binding (GET)
 * and clear it (DELETE).
 *
 * Runs in Node, inside the test runner.
 */
import { type Request, Response } from "miniflare";

/** Where the stand-in listens, as the DSN names it. */
export const STAND_IN_SENTRY_HOST = "sentry.stand-in.test";
/** A DSN of Sentry's shape (public key, host, project id) for the stand-in. */
export const STAND_IN_SENTRY_DSN = `http://0123456789abcdef0123456789abcdef@${STAND_IN_SENTRY_HOST}/4242`;

/** One request that reached the stand-in. */
export interface SeenEnvelope {
  method: string;
  url: string;
  contentType: string | null;
  /** The body as sent, decoded as UTF-8: an envelope is newline-separated JSON. */
  body: string;
}

/** The stand-in: `handles` says whether a request is for it, `handle` records and answers it, `log` reads the record. */
export function createSentryIngestStandIn() {
  const seen: SeenEnvelope[] = [];

  function handles(request: Request): boolean {
    return new URL(request.url).hostname === STAND_IN_SENTRY_HOST;
  }

  async function handle(request: Request): Promise<Response> {
    seen.push({
      method: request.method,
      url: request.url,
      contentType: request.headers.get("content-type"),
      body: new TextDecoder().decode(await request.arrayBuffer()),
    });
    if (request.method !== "POST" || !/^\/api\/4242\/envelope\/$/.test(new URL(request.url).pathname)) {
      return new Response("not an envelope endpoint", { status: 404 });
    }
    return new Response(JSON.stringify({ id: "stand-in" }), { headers: { "content-type": "application/json" } });
  }

  async function log(request: Request): Promise<Response> {
    if (request.method === "DELETE") seen.length = 0;
    return new Response(JSON.stringify(seen), { headers: { "content-type": "application/json" } });
  }

  return { handles, handle, log };
}
