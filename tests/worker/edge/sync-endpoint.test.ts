/**
 * /sync under attack: without the right bearer token nothing is queued and
 * Directus hears of nothing; a wrong method, body, query or origin is
 * refused with a 4xx; a valid request is only queued (202), never run while
 * the caller waits.
 */
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { finished } from "../sync-site.ts";
import { clearUpstream, send, upstreamSeen } from "./upstream.ts";

const TOKEN = "test-sync-token-0123456789abcdef0123456789";
const FORM = "application/x-www-form-urlencoded";

/**
 * Every call counts against its caller's address (SYNC_CALLER_LIMITER):
 * unless a test is about that, each call comes from an address of its own,
 * as the address Cloudflare saw (documentation prefixes, RFC 3849 and 5737).
 */
let callers = 0;
function newCaller(): string {
  callers += 1;
  return `2001:db8::${callers.toString(16)}`;
}

function post(headers: Record<string, string>, body = "") {
  return send("/sync", {
    method: "POST",
    headers: { "content-type": FORM, "cf-connecting-ip": newCaller(), ...headers },
    body,
  });
}

/** A GET (or other method) to `path`, from an address of its own unless `headers` names one. */
function call(path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  return send(path, { ...init, headers: { "cf-connecting-ip": newCaller(), ...init.headers } });
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

  it.each(["PUT", "DELETE", "PATCH"])("answers %s with 405, as every path does", async (method) => {
    const response = await call("/sync", { method, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(405);
    expect(await upstreamSeen()).toEqual([]);
  });

  it("answers HEAD with 405 and Allow: GET, POST", async () => {
    const response = await call("/sync", { method: "HEAD", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, POST");
  });

  it("answers GET without the token with 401, whatever it asks", async () => {
    for (const path of ["/sync", "/sync?request=1"]) {
      expect((await call(path)).status).toBe(401);
    }
  });

  it.each([
    ["another key", "?action=publish"],
    ["a request id of letters", "?request=abc"],
    ["a request id with a sign", "?request=-1"],
    ["a request id of zero", "?request=0"],
    ["a request id far too long", `?request=${"9".repeat(40)}`],
    ["two request ids", "?request=1&request=2"],
    ["an encoded id", "?request=%31"],
  ])("refuses a status query with %s with 400 or 404, never a 5xx", async (_, query) => {
    const response = await call(`/sync${query}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect([400, 404]).toContain(response.status);
  });

  it("refuses any other status query without a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), async (query) => {
        const response = await call(`/sync?${encodeURIComponent(query)}=${encodeURIComponent(query)}`, {
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        await response.arrayBuffer();
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
  });

  it.each([
    ["an unknown action", "action=delete"],
    ["another field", "action=publish&allowShrink=1"],
    ["two actions", "action=publish&action=rollback"],
    ["allow_shrink with another value", "allow_shrink=yes"],
    ["allow_shrink twice", "allow_shrink=1&allow_shrink=1"],
    ["full with another value", "full=yes"],
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

  it("only queues a valid request: 202 at once, with where to follow it", async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    const response = await post(auth, "action=dry-run");
    expect(response.status).toBe(202);
    const body = (await response.json()) as { request: number; status: string };
    expect(response.headers.get("location")).toBe(`/sync?request=${body.request}`);
    const status = await call(body.status, { headers: auth });
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({ id: body.request, action: "dry-run", trigger: "api" });
    // The coordinator runs it in the background, reading Directus: on a loaded host those reads went on into
    // the next tests, whose stand-in log must be empty.
    await finished(body.request);
  });
});

describe("a caller that keeps knocking", () => {
  const THROTTLED = { error: "too many calls from this address" };
  /** The limiter counts in windows of 10 s on the wall clock (SYNC_CALLER_LIMITER). */
  const windowOf = (time: number) => Math.floor(time / 10_000);

  it.each([
    ["an IPv4 address", "198.51.100.20", "198.51.100.20"],
    ["an IPv6 address", "2001:db8:1::20", "2001:db8:1::20"],
    ["an IPv6 address, then the same written out in full", "2001:db8:1::21", "2001:0db8:0001:0000:0000:0000:0000:0021"],
  ])(
    "from %s gets 429 after at most 20 wrong tokens, and then the right token gets 429 too",
    async (_, address, again) => {
      const answers: number[] = [];
      let throttledAt = 0;
      for (let n = 0; n < 150 && !answers.includes(429); n++) {
        const response = await post({ "cf-connecting-ip": address, authorization: `Bearer wrong-${n}-${TOKEN}` });
        answers.push(response.status);
        throttledAt = Date.now();
        if (response.status === 429) {
          expect(await response.json()).toEqual(THROTTLED);
          expect(response.headers.get("retry-after")).toBe("10");
        } else await response.arrayBuffer();
      }
      const firstThrottled = answers.indexOf(429);
      expect(firstThrottled).toBeGreaterThan(0);
      // 20 in a window; a window that rolls over during the run allows 20 more.
      expect(firstThrottled).toBeLessThanOrEqual(40);
      expect(new Set(answers.slice(0, firstThrottled))).toEqual(new Set([401]));

      // The right token is not even looked at: the same caller is still throttled.
      const right = await call("/sync", { headers: { "cf-connecting-ip": again, authorization: `Bearer ${TOKEN}` } });
      if (windowOf(Date.now()) === windowOf(throttledAt)) {
        expect(right.status).toBe(429);
        expect(await right.json()).toEqual(THROTTLED);
      } else await right.arrayBuffer();
      // Another caller is not.
      const other = await call("/sync", { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(other.status).toBe(200);
      await other.arrayBuffer();
      expect(await upstreamSeen()).toEqual([]);
    },
  );

  it("shares its budget with /healthz when it shows a token there, and a monitor without one is never throttled", async () => {
    const address = "198.51.100.30";
    const answers: number[] = [];
    for (let n = 0; n < 60 && !answers.includes(429); n++) {
      const path = n % 2 === 0 ? "/healthz" : "/sync";
      const response = await call(path, { headers: { "cf-connecting-ip": address, authorization: `Bearer x${n}` } });
      answers.push(response.status);
      await response.arrayBuffer();
    }
    expect(answers).toContain(429);
    expect(answers.indexOf(429)).toBeLessThanOrEqual(40);
    const throttledAt = Date.now();
    const withToken = await call("/healthz", {
      headers: { "cf-connecting-ip": address, authorization: `Bearer ${TOKEN}` },
    });
    await withToken.arrayBuffer();
    if (windowOf(Date.now()) === windowOf(throttledAt)) expect(withToken.status).toBe(429);
    const monitor = await call("/healthz", { headers: { "cf-connecting-ip": address } });
    await monitor.arrayBuffer();
    expect([200, 503]).toContain(monitor.status);
  });

  it("never gets more than 20 answers other than 429 in a window, whatever it sends", async () => {
    const attempt = fc.record({
      method: fc.constantFrom("GET", "POST"),
      token: fc.constantFrom("right", "wrong", "none"),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(attempt, { minLength: 21, maxLength: 30 }), async (attempts) => {
        const address = newCaller();
        const answered = new Map<number, number>();
        for (const { method, token } of attempts) {
          const authorization = token === "right" ? `Bearer ${TOKEN}` : token === "wrong" ? `Bearer x${TOKEN}` : "";
          const headers = { "cf-connecting-ip": address, ...(authorization ? { authorization } : {}) };
          const window = windowOf(Date.now());
          const response = method === "GET" ? await call("/sync", { headers }) : await post(headers, "action=dry-run");
          await response.arrayBuffer();
          // A call that began in one window and ended in the next is left out of both counts.
          if (windowOf(Date.now()) !== window) continue;
          if (response.status !== 429) answered.set(window, (answered.get(window) ?? 0) + 1);
        }
        for (const count of answered.values()) expect(count).toBeLessThanOrEqual(20);
      }),
      { numRuns: 8 },
    );
  });
});

describe("GET /healthz", () => {
  it("answers JSON for monitors, never cached", async () => {
    const response = await call("/healthz");
    expect([200, 503]).toContain(response.status);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("set-cookie")).toBeNull();
  });
});
