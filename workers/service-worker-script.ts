/**
 * The service worker's script (app/offline/service-worker.ts, bundled at
 * build time), served at /sw.js with the build's version written in front.
 * Browsers compare the script byte for byte when they look for an update,
 * which they do on every page load (the page registers it with
 * `updateViaCache: "none"`, and this answer says `no-cache`): a deploy with
 * a new client build is a new script, and the visitor's next page load
 * installs it (decision 0043).
 */
import script from "virtual:service-worker";
import { sha256 } from "../catalog/format/sha256.ts";
import { etagMatches } from "./edge-cache.ts";

/** The script of the build `version`. */
export function serviceWorkerSource(version: string): string {
  return `const BUILD_VERSION=${JSON.stringify(version)};${script}`;
}

/** The script and its tag for the build this isolate runs: made on the first request. */
let served: { version: string; body: string; etag: Promise<string> } | undefined;

/**
 * The answer to a GET or HEAD of the script: revalidated on every update
 * check (`no-cache`), a 304 when the browser holds this very script.
 */
export async function serviceWorkerResponse(request: Request, version: string): Promise<Response> {
  if (served?.version !== version) {
    const body = serviceWorkerSource(version);
    served = { version, body, etag: sha256(body).then((digest) => `"${digest.slice(0, 32)}"`) };
  }
  const etag = await served.etag;
  const headers = { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache", etag };
  if (etagMatches(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : served.body, { headers });
}
