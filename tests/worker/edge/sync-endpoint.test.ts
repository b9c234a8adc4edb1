/**
 * POST /sync under attack: without the right bearer token nothing runs and
 * Directus hears of nothing; a wrong method, body or origin is refused; and
 * the shipped rate limit (one run per 10 seconds) holds.
 */
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { clearUpstream, send, upstreamSeen } from "./upstream.ts";

const TOKEN = "test-sync-token-0123456789abcdef0123456789";
const FORM = "application/x-www-form-urlencoded";

function post(headers: Record<string, string>, body = "") {
  return send("/sync", { method: "POST", headers: { "content-type": FORM, ...headers }, body });
}

beforeEach(clearUpstream);

describe("POST /sync", () => {
  it.each([
    ["no Authorization", {}],
    ["another scheme", { authorization: `Basic ${btoa(`sync:${TOKEN}`)}` }],
    ["an empty bearer", { authorization: "Bearer " }],
    ["a wrong token", { authorization: "Bearer test-sync-token-0123456789abcdef0123456780" }],
    ["the token with more after it", { authorization: `Bearer ${TOKEN}x` }],
    ["the token cut short", { authorization: `Bearer ${TOKEN.slice(0, -1)}` }],
    ["two tokens", { authorization: `Bearer ${TOKEN}, Bearer ${TOKEN}` }],
    ["the token in a cookie", { cookie: `token=${TOKEN}` }],
  ])("refuses %s with 401, and Directus hears of nothing", async (_, headers) => {
    const response = await post(headers);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="sync"');
    expect(await response.json()).toEqual({ error: "a valid bearer token is required" });
    expect(await upstreamSeen()).toEqual([]);
  });

  it("refuses every other Authorization header without a 5xx or a request to Directus", async () => {
    const header = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({ maxLength: 80 }).map((rest) => `Bearer ${rest}`),
      fc.string({ maxLength: 3 }).map((cut) => `Bearer ${TOKEN.slice(cut.length)}`),
    );
    await fc.assert(
      fc.asyncProperty(
        header.filter((value) => value !== `Bearer ${TOKEN}` && !/[\r\n\0]/.test(value)),
        async (authorization) => {
          let response: Response;
          try {
            response = await post({ authorization });
          } catch {
            return; // not a header value a client can send at all
          }
          await response.arrayBuffer();
          expect(response.status).toBe(401);
        },
      ),
      { numRuns: 200 },
    );
    expect(await upstreamSeen()).toEqual([]);
  });

  it.each([
    ["GET", 405],
    ["HEAD", 405],
  ])("answers %s with %i and Allow: POST", async (method, status) => {
    const response = await send("/sync", { method, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(status);
    expect(response.headers.get("allow")).toBe("POST");
  });

  it.each([
    ["an unknown action", "action=delete"],
    ["another field", "action=publish&allowShrink=1"],
    ["two actions", "action=publish&action=rollback"],
    ["allow_shrink with another value", "allow_shrink=yes"],
    ["allow_shrink twice", "allow_shrink=1&allow_shrink=1"],
  ])("refuses %s with 400", async (_, body) => {
    const response = await post({ authorization: `Bearer ${TOKEN}` }, body);
    expect(response.status).toBe(400);
    expect(await upstreamSeen()).toEqual([]);
  });

  it("refuses JSON (415), a large body (413) and another site's page (403)", async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect((await post({ ...auth, "content-type": "application/json" }, "{}")).status).toBe(415);
    expect((await post(auth, `action=${"x".repeat(9000)}`)).status).toBe(413);
    expect((await post({ ...auth, origin: "https://evil.invalid" })).status).toBe(403);
    expect(await upstreamSeen()).toEqual([]);
  });

  it("runs at most once per 10 seconds: the next call gets 429 with Retry-After", async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    // The stand-in is no content API, so the run itself fails; it still counts.
    const first = await post(auth);
    expect(first.status).toBe(502);
    expect((await upstreamSeen()).length).toBeGreaterThan(0);
    await clearUpstream();
    const second = await post(auth);
    expect(second.status).toBe(429);
    expect(second.headers.get("retry-after")).toBe("10");
    expect(await second.json()).toEqual({ error: "at most one sync every 10 seconds" });
    expect(await upstreamSeen()).toEqual([]);
  });
});

describe("GET /healthz", () => {
  it("answers JSON for monitors, never cached", async () => {
    const response = await send("/healthz");
    expect([200, 503]).toContain(response.status);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("set-cookie")).toBeNull();
  });
});
