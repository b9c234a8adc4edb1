/**
 * What the import tests fetch: a local web server on 127.0.0.1 with a real
 * JPEG (one of the seed's illustrations), pages and answers that must be
 * refused, and whatever documents a test puts there.
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const SEED_JPEG = readFileSync("cms/seed/images/asiatischer-gurkensalat.jpg");

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export interface ImportServer {
  url: string;
  /** Answers `path` with this handler from now on. */
  serve(path: string, handler: Handler): void;
  /** How often each path was asked for. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

/** A handler answering with a body of a type. */
export function body(type: string, content: string | Uint8Array, status = 200): Handler {
  return (_request, response) => {
    response.writeHead(status, { "content-type": type }).end(content);
  };
}

export function redirect(location: string, status = 302): Handler {
  return (_request, response) => {
    response.writeHead(status, { location }).end();
  };
}

/** Starts the server with the standard paths: /bild.jpg, /fehlt.jpg (404), /seite.jpg (HTML), /gross.jpg (11 MB). */
export async function startImportServer(): Promise<ImportServer> {
  const handlers = new Map<string, Handler>();
  const hits = new Map<string, number>();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const handler = handlers.get(path);
    if (handler) handler(request, response);
    else response.writeHead(404, { "content-type": "text/plain" }).end("nicht da");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  handlers.set("/bild.jpg", body("image/jpeg", SEED_JPEG));
  handlers.set("/seite.jpg", body("image/jpeg", "<html><script>alert(1)</script></html>"));
  handlers.set("/gross.jpg", body("image/jpeg", Buffer.concat([SEED_JPEG, Buffer.alloc(11 * 1024 * 1024)])));
  handlers.set("/umleitung.jpg", redirect("/bild.jpg"));
  handlers.set("/nach-javascript.jpg", redirect("javascript:alert(1)"));
  return {
    url,
    hits,
    serve: (path, handler) => handlers.set(path, handler),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
