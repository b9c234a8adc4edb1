import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const ORIGIN = "http://localhost:8787";

/** One request through the Worker, redirects not followed. */
function get(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init }));
}

/** The build's version as React Router's client manifest names it (`/assets/manifest-<version>.js`). */
async function buildVersion(): Promise<string> {
  const html = await (await get("/impressum")).text();
  const version = html.match(/\/assets\/manifest-([0-9a-f]+)\.js/)?.[1];
  if (!version) throw new Error("no client manifest named in the page");
  return version;
}

describe("/sw.js", () => {
  it("is the service worker with this build's version written in front, revalidated on every check", async () => {
    const response = await get("/sw.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
    // The site's security headers, as on every Worker answer.
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
    const script = await response.text();
    expect(script.startsWith(`const BUILD_VERSION=${JSON.stringify(await buildVersion())};`)).toBe(true);
    // The bundled worker: one script that runs as it is, with its handlers.
    expect(script).toMatch(/^const BUILD_VERSION="[0-9a-f]+";\(function\(\)\{/);
    for (const event of ["install", "activate", "fetch", "message"]) {
      expect(script).toMatch(new RegExp(`addEventListener\\([\`"]${event}[\`"]`));
    }
    expect(script).not.toMatch(/\bimport\b|\bexport\b|sourceMappingURL/);
  });

  it("answers HEAD with the same headers and no body", async () => {
    const full = await get("/sw.js");
    const head = await get("/sw.js", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    for (const name of ["content-type", "cache-control", "etag"]) {
      expect(head.headers.get(name)).toBe(full.headers.get(name));
    }
  });

  it("answers a check with 304 while the browser holds this very script", async () => {
    const etag = (await get("/sw.js")).headers.get("etag") ?? "";
    const again = await get("/sw.js", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("cache-control")).toBe("no-cache");
    expect((await get("/sw.js", { headers: { "if-none-match": '"0123"' } })).status).toBe(200);
  });

  it.each([
    ["POST", { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" }],
    ["PUT", {}],
    ["DELETE", {}],
  ])("refuses %s", async (method, headers) => {
    const response = await get("/sw.js", { method, headers, body: method === "POST" ? "a=b" : undefined });
    expect(response.status).toBe(405);
    expect(await response.text()).not.toContain("BUILD_VERSION");
  });

  it("is the one script a page lets run as a worker", async () => {
    for (const path of ["/", "/rezepte/gibt-es-nicht", "/offline"]) {
      const policy = (await get(path)).headers.get("content-security-policy") ?? "";
      expect(policy).toContain(`worker-src ${ORIGIN}/sw.js;`);
    }
  });
});
