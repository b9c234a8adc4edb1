/**
 * The edge cache for anonymous pages (workers/page-cache.ts) in workerd,
 * with the Cache API Miniflare provides: misses are stored, hits are served
 * without rendering and with a nonce of their own, and everything the key
 * does not cover bypasses the cache.
 */
import { exports } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { ALL_ACCEPTED, NECESSARY_ONLY, serializeConsent } from "../../app/lib/consent/consent.ts";
import { publishRecipes, recipe } from "./catalog-fixture.ts";

const ORIGIN = "http://localhost:8787";
const ACCEPTED = `wkij_einwilligung=${serializeConsent(ALL_ACCEPTED)}`;
const REJECTED = `wkij_einwilligung=${serializeConsent(NECESSARY_ONLY)}`;

const SOUPS = [
  recipe({ id: 1, slug: "erbsensuppe", name: "Erbsensuppe", type: "SOUP", ingredients: ["Erbsen"] }),
  recipe({ id: 2, slug: "linsensuppe", name: "Linsensuppe", type: "SOUP", ingredients: ["Linsen"] }),
];

async function get(path: string, init: RequestInit = {}) {
  const response = await exports.default.fetch(new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init }));
  return { response, html: await response.text(), status: response.headers.get("cache-status") };
}

/** The nonce the answer's Content Security Policy allows. */
function policyNonce(response: Response): string | undefined {
  return response.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
}

/** Every nonce attribute in a page. */
function pageNonces(html: string): string[] {
  return [...html.matchAll(/\snonce="([^"]*)"/g)].map((match) => match[1] ?? "");
}

/**
 * The page from the cache: the miss stores it after answering
 * (`waitUntil`), so the first few requests may still render.
 */
async function hit(path: string, init: RequestInit = {}) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const answer = await get(path, init);
    if (answer.status === "wkij; hit") return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${path} never came from the cache`);
}

describe("edge cache", () => {
  beforeAll(() => publishRecipes(SOUPS));

  it("stores a miss and serves the next request from the cache, with a nonce of its own", async () => {
    const miss = await get("/kategorie/soup");
    expect(miss.response.status).toBe(200);
    expect(miss.status).toBe("wkij; fwd=miss; stored");
    const missNonce = policyNonce(miss.response);

    const first = await hit("/kategorie/soup");
    const second = await hit("/kategorie/soup");
    for (const answer of [first, second]) {
      const nonce = policyNonce(answer.response);
      expect(nonce).toBeTruthy();
      // Every script and module preload carries this answer's nonce, and no other nonce is left in the page.
      expect(pageNonces(answer.html).length).toBeGreaterThan(0);
      expect(new Set(pageNonces(answer.html))).toEqual(new Set([nonce]));
      expect(answer.html).not.toContain(missNonce);
      expect(answer.response.headers.get("cache-control")).toBe("private, max-age=0");
      expect(answer.response.headers.get("etag")).toBe(miss.response.headers.get("etag"));
      expect(answer.response.headers.get("cf-cache-status")).toBeNull();
    }
    expect(policyNonce(first.response)).not.toBe(policyNonce(second.response));
    // The same page, apart from the nonces (and how the rewriter closes the tags it touched).
    const withoutNonces = (html: string) => html.replace(/\snonce="[^"]*"/g, "").replace(/\s\/>/g, "/>");
    expect(withoutNonces(first.html)).toBe(withoutNonces(miss.html));
    expect(first.html).toContain("Linsensuppe");
  });

  it("answers HEAD from the cache without a body", async () => {
    await get("/suche?q=linsen");
    await hit("/suche?q=linsen");
    const head = await get("/suche?q=linsen", { method: "HEAD" });
    expect(head.status).toBe("wkij; hit");
    expect(head.html).toBe("");
  });

  it("answers a browser that holds the page with 304 before rendering or looking up", async () => {
    const { response } = await get("/suche?q=erbsen");
    const etag = response.headers.get("etag") ?? "";
    const repeat = await get("/suche?q=erbsen", { headers: { "if-none-match": etag } });
    expect(repeat.response.status).toBe(304);
    expect(repeat.status).toBe("wkij; hit; detail=etag");
    expect(repeat.response.headers.get("etag")).toBe(etag);
  });

  it("keeps one page per consent state, and cookies it does not read change nothing", async () => {
    await get("/ueber-uns");
    const unset = await hit("/ueber-uns");
    expect(unset.html).toContain('class="cookie-banner"');

    // Another consent is another page: the banner is closed, the tag manager allowed.
    const accepted = await get("/ueber-uns", { headers: { cookie: ACCEPTED } });
    expect(accepted.status).toBe("wkij; fwd=miss; stored");
    expect(accepted.html).toContain('class="cookie-banner is-closed"');
    const rejected = await get("/ueber-uns", { headers: { cookie: REJECTED } });
    expect(rejected.status).toBe("wkij; fwd=miss; stored");
    expect((await hit("/ueber-uns", { headers: { cookie: ACCEPTED } })).html).toContain("googletagmanager");
    expect((await hit("/ueber-uns", { headers: { cookie: REJECTED } })).html).not.toContain("googletagmanager");

    // Cookies of others (analytics, a stale form token) and broken consent values share the pages above.
    expect((await get("/ueber-uns", { headers: { cookie: "_ga=GA1.1.1; wkij_csrf=x" } })).status).toBe("wkij; hit");
    expect((await get("/ueber-uns", { headers: { cookie: `${ACCEPTED}; _ga=1` } })).status).toBe("wkij; hit");
    expect((await get("/ueber-uns", { headers: { cookie: "wkij_einwilligung=%7Bkaputt" } })).status).toBe("wkij; hit");
  });

  it("whatever other cookies come along, the answer is the shared page with this answer's nonce", async () => {
    await get("/datenschutz");
    await hit("/datenschutz");
    const cookieName = fc
      .stringMatching(/^[A-Za-z0-9_-]{1,16}$/)
      .filter((name) => !["directus_session_token", "wkij_hinweis", "wkij_einwilligung"].includes(name));
    // Headers a proxy or an attacker might add; the conditional ones would answer 304 instead.
    const headerName = fc.oneof(
      fc.constantFrom(
        "x-forwarded-host",
        "x-forwarded-proto",
        "x-original-url",
        "forwarded",
        "accept-language",
        "referer",
      ),
      fc.stringMatching(/^x-[a-z-]{1,12}$/),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(cookieName, fc.stringMatching(/^[!#-+\--:<-[\]-~]{0,20}$/)), { maxLength: 5 }),
        fc.array(
          fc.tuple(headerName, fc.oneof(fc.constant("https://evil.invalid/"), fc.stringMatching(/^[ -~]{0,40}$/))),
          {
            maxLength: 4,
          },
        ),
        async (cookies, extra) => {
          const headers = new Headers(extra);
          headers.set("cookie", cookies.map(([name, value]) => `${name}=${value}`).join("; "));
          const answer = await get("/datenschutz", { headers });
          expect(answer.status).toBe("wkij; hit");
          expect(answer.html).not.toContain("evil.invalid");
          expect(new Set(pageNonces(answer.html))).toEqual(new Set([policyNonce(answer.response)]));
        },
      ),
      { numRuns: 40 },
    );
  });

  it.each([
    ["a signed-in visitor", { cookie: "directus_session_token=a.b.c" }, "personal"],
    // The cookie is cleared: the service worker must not keep this page (app/offline/page-audience.ts).
    ["a session cookie that is none", { cookie: "directus_session_token=kein-token" }, "personal-set-cookie"],
    ["a notice waiting in a cookie", { cookie: "wkij_hinweis=abgemeldet" }, "notice"],
  ])("bypasses it for %s", async (_, headers, reason) => {
    await get("/impressum");
    await hit("/impressum");
    const answer = await get("/impressum", { headers });
    expect(answer.status).toBe(`wkij; fwd=bypass; detail=${reason}`);
    expect(answer.response.headers.has("set-cookie")).toBe(reason !== "personal");
    if (reason.startsWith("personal")) {
      expect(answer.response.headers.get("cache-control")).toBe("private, no-store");
    }
    // What the bypassed answer was is not what later visitors get.
    expect((await get("/impressum")).status).toBe("wkij; hit");
  });

  it("bypasses it for form posts", async () => {
    const answer = await get("/einwilligung", {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: "auswahl=keine&redirect=%2Fimpressum",
    });
    expect(answer.status).toBe("wkij; fwd=bypass; detail=method");
  });

  it("never stores an answer that sets its own Cache-Control (the random pick)", async () => {
    for (const address of ["/?typ=soup", "/?zuletzt=erbsensuppe&typ=soup", "/?zuletzt=erbsensuppe"]) {
      const answer = await get(address);
      expect(answer.status).toBe("wkij; fwd=miss; detail=not-storable");
      expect(answer.response.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("shows a new catalog version at once: its pages are new keys", async () => {
    await get("/rezepte/erbsensuppe");
    const before = await hit("/rezepte/erbsensuppe");
    expect(before.html).toContain("Erbsensuppe");

    await publishRecipes([
      recipe({ id: 1, slug: "erbsensuppe", name: "Erbsensuppe mit Minze", type: "SOUP", ingredients: ["Erbsen"] }),
      ...SOUPS.slice(1),
    ]);
    // The Worker looks for a new version at most every 5 seconds (catalog-cache.server.ts).
    let after = await get("/rezepte/erbsensuppe");
    for (let attempt = 0; attempt < 40 && !after.html.includes("Erbsensuppe mit Minze"); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      after = await get("/rezepte/erbsensuppe");
    }
    expect(after.html).toContain("Erbsensuppe mit Minze");
    expect(after.response.headers.get("etag")).not.toBe(before.response.headers.get("etag"));
    // Up to the recheck interval and the loop's own ten seconds: within the project's bound.
  });
});
