/**
 * A stand-in for the site's sync endpoint (POST /sync), for the CMS tests of
 * the publish-on-save flow (cms/flows.ts). It records every request and
 * answers 202 with a request id as the site does once its catalog
 * coordinator has the request, or, while a test has it refuse, 429 with
 * Retry-After as the site does when too many requests wait there, or, while
 * a test has it fail, 500 as a site that is broken.
 *
 * It runs in the test run's main process (the global setup); test files
 * reach it over HTTP: GET /_seen reads the record, POST /_refuse?seconds=N
 * refuses syncs for the next N seconds, POST /_fail?seconds=N fails them,
 * DELETE /_seen clears the record.
 */
import { createServer, type Server } from "node:http";

/** One request that reached /sync, and how it was answered. */
export interface SeenSync {
  at: number;
  method: string;
  path: string;
  authorization: string | null;
  contentType: string | null;
  body: string;
  status: 202 | 429 | 500;
}

export interface SiteSyncStandIn {
  /** The sync endpoint, for SYNC_URL. */
  syncUrl: string;
  /** Where tests read and steer it. */
  controlUrl: string;
  close(): Promise<void>;
}

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startSiteSyncStandIn(): Promise<SiteSyncStandIn> {
  let seen: SeenSync[] = [];
  let refuseUntil = 0;
  let failUntil = 0;

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (url.pathname === "/_seen") {
        if (request.method === "DELETE") seen = [];
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(seen));
        return;
      }
      if (url.pathname === "/_refuse" && request.method === "POST") {
        refuseUntil = Date.now() + Number(url.searchParams.get("seconds") ?? "0") * 1000;
        response.writeHead(204).end();
        return;
      }
      if (url.pathname === "/_fail" && request.method === "POST") {
        failUntil = Date.now() + Number(url.searchParams.get("seconds") ?? "0") * 1000;
        response.writeHead(204).end();
        return;
      }
      const now = Date.now();
      const status = now < failUntil ? 500 : now < refuseUntil ? 429 : 202;
      seen.push({
        at: now,
        method: request.method ?? "",
        path: url.pathname,
        authorization: request.headers.authorization ?? null,
        contentType: request.headers["content-type"] ?? null,
        body: Buffer.concat(chunks).toString(),
        status,
      });
      if (status === 500) {
        response.writeHead(500, { "content-type": "text/plain" }).end("Internal Server Error");
        return;
      }
      if (status === 429) {
        response
          .writeHead(429, {
            "retry-after": String(Math.ceil((refuseUntil - now) / 1000)),
            "content-type": "application/json",
          })
          .end(JSON.stringify({ error: "coordinator: 21 requests are waiting already; try again later" }));
        return;
      }
      response
        .writeHead(202, { "content-type": "application/json", location: `/sync?request=${seen.length}` })
        .end(JSON.stringify({ request: seen.length, joined: false, status: `/sync?request=${seen.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    syncUrl: `${origin}/sync`,
    controlUrl: origin,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
