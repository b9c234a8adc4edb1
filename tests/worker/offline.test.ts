import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const ORIGIN = "http://localhost:8787";

/** One request through the Worker, redirects not followed. */
function get(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init }));
}

describe("/offline", () => {
  it("is a German page, not indexed, that runs only its own inline script", async () => {
    const response = await get("/offline");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Offline - Was koche ich jetzt</title>");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toMatch(/<h1>Du bist offline<\/h1>/);
    expect(html).toContain(">Nochmal versuchen</button>");
    // Not hydrated: no module of the app, no router state, no cookie banner (it is kept without cookies).
    expect(html).not.toMatch(/modulepreload|type="module"|__reactRouter/);
    expect(html).not.toContain("cookie-banner");
    // Its one script carries this answer's nonce, and the stylesheet the shell needs is named.
    const nonce = (response.headers.get("content-security-policy") ?? "").match(/'nonce-([^']+)'/)?.[1];
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
    expect(scripts).toEqual([` nonce="${nonce}"`]);
    expect(html).toMatch(/<link [^>]*rel="stylesheet" href="\/assets\/app-[\w-]+\.css"/);
  });

  it("is kept at the edge like every anonymous page", async () => {
    await get("/offline");
    expect((await get("/offline")).headers.get("cache-status")).toBe("wkij; hit");
  });

  it("is not in the sitemap", async () => {
    const index = await (await get("/sitemap.xml")).text();
    const parts = [...index.matchAll(/<loc>[^<]*(\/sitemap\/[^<]+)<\/loc>/g)].map((match) => match[1] ?? "");
    for (const part of parts) expect(await (await get(part)).text()).not.toContain("/offline");
  });
});
