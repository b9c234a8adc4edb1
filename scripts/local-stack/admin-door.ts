/**
 * A local-only door to the Directus Data Studio for editors.
 *
 * Directus runs with PUBLIC_URL = <site>/directus, so its admin app expects
 * to live under /directus/admin. The public site never serves the admin app,
 * so locally this small proxy on its own port forwards /directus/* to Directus
 * with the prefix stripped, as the site's Worker does for the public API.
 */
import { createServer, request, type Server } from "node:http";

interface AdminDoor {
  url: string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:<port> and forwards /directus/* to the Directus at `target`. */
export function openAdminDoor(port: number, target: string): Promise<AdminDoor> {
  const upstream = new URL(target);
  const server: Server = createServer((incoming, outgoing) => {
    const path = incoming.url ?? "/";
    if (path === "/" || path === "/directus" || path === "/directus/") {
      outgoing.writeHead(302, { location: "/directus/admin/" }).end();
      return;
    }
    if (!path.startsWith("/directus/")) {
      outgoing
        .writeHead(404, { "content-type": "text/plain; charset=utf-8" })
        .end("Nur /directus/… wird weitergeleitet.\n");
      return;
    }
    const forwarded = request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: path.slice("/directus".length),
        headers: { ...incoming.headers, host: upstream.host },
      },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing);
      },
    );
    forwarded.on("error", (error) => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
      outgoing.end(`Directus ist nicht erreichbar: ${error.message}\n`);
    });
    incoming.pipe(forwarded);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${port}/directus/admin/`,
        close: () => new Promise((resolveClose) => server.close(() => resolveClose())),
      }),
    );
  });
}
