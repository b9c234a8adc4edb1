/**
 * The /directus proxy as an attacker sees it: a table of requests that must
 * be refused without Directus ever hearing of them, and proof that what
 * does pass reaches only DIRECTUS_URL, with nothing of the visitor's but
 * what Directus needs.
 */
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { URL_ATTACK_PIECES } from "../../attacks/url-pieces.ts";
import { STAND_IN_ASSETS, STAND_IN_DIRECTUS_URL } from "../../stand-ins/directus-stand-in-contract.ts";
import { clearUpstream, ORIGIN, send, upstreamSeen } from "./upstream.ts";

const ID = STAND_IN_ASSETS.png;
const CARD = "fit=cover&width=836&quality=80";
const LANDING = encodeURIComponent(`${ORIGIN}/login/zurueck?redirect=%2F`);
const EVERY_COOKIE =
  "directus_session_token=secret.session.token; wkij_einwilligung=%7B%7D; wkij_csrf=form-token; openid.google=state-token; _ga=GA1.1";

beforeEach(clearUpstream);

describe("refused without a request to Directus", () => {
  const REFUSED = [
    // Other hosts, however spelled.
    "/directus//127.0.0.1:9011/",
    "/directus//evil.invalid/assets/x",
    "/directus/\\127.0.0.1:9011/",
    "/directus/%5C127.0.0.1:9011/",
    "/directus/%2F%2Fevil.invalid/",
    "/directus/%2f%2fevil.invalid/",
    "/directus/..%2F..%2Fevil.invalid",
    "/directus/http://evil.invalid/",
    "/directus/@evil.invalid/",
    "/directus//directus.internal:8056/admin/",
    // The Data Studio and extensions, in any case and encoding.
    "/directus/admin",
    "/directus/admin/",
    "/directus/ADMIN/",
    "/directus/Admin/",
    "/directus/%61dmin/",
    "/directus/admin/content/recipe",
    "/directus/extensions/x",
    "/directus/EXTENSIONS/sources/index.js",
    "/directus/./admin/",
    "/directus/assets/../admin/",
    // The API: none of it is the browser's business.
    "/directus/items/recipe",
    "/directus/items/recipe?limit=-1",
    "/directus/items/saved_recipes",
    "/directus/ITEMS/saved_recipes",
    "/directus/users/me",
    "/directus/graphql",
    "/directus/graphql?query={__schema{types{name}}}",
    "/directus/server/specs/oas",
    "/directus/server/info",
    "/directus/server/ping",
    "/directus/utils/hash/generate",
    "/directus/utils/random/string",
    "/directus/auth/login",
    "/directus/auth/password/request",
    "/directus/auth/refresh",
    "/directus/auth/logout",
    "/directus/auth/login/github",
    "/directus/files",
    "/directus/settings",
    // Assets: only UUIDs, only our transforms.
    `/directus/assets/${ID}`,
    `/directus/assets/${ID}?width=4000&quality=100`,
    `/directus/assets/${ID}?fit=cover&width=837&quality=80`,
    `/directus/assets/${ID}?${CARD}&height=401`,
    `/directus/assets/${ID}?${CARD}&format=png`,
    `/directus/assets/${ID}?${CARD}&format=auto`,
    `/directus/assets/${ID}?${CARD}&width=836`,
    `/directus/assets/${ID}?${CARD}&download=true`,
    `/directus/assets/${ID}?${CARD}&key=system-large-contain`,
    `/directus/assets/${ID}?${CARD}&transforms=[["blur",500]]`,
    `/directus/assets/${ID}?fit=cover&width=836&quality=80&access_token=x`,
    `/directus/assets/${ID}/x.png?${CARD}`,
    `/directus/assets/${ID}x?${CARD}`,
    `/directus/assets/not-a-uuid?${CARD}`,
    `/directus/assets/${"a".repeat(5000)}?${CARD}`,
    `/directus/assets/%E0%A4%A?${CARD}`,
    `/directus/assets/%00?${CARD}`,
    `/directus/assets/..%2F${ID}?${CARD}`,
    // Sign-in: only with our own landing page as the way back.
    "/directus/auth/login/google",
    "/directus/auth/login/google?redirect=https://evil.invalid/",
    `/directus/auth/login/google?redirect=${encodeURIComponent("http://localhost:8787.evil.invalid/login/zurueck")}`,
    `/directus/auth/login/google?redirect=${encodeURIComponent("http://localhost:8787/anderswo")}`,
    `/directus/auth/login/google?redirect=${encodeURIComponent("http://user@localhost:8787/login/zurueck")}`,
    `/directus/auth/login/google?redirect=${LANDING}&redirect=https://evil.invalid/`,
    "/directus/auth/login/google/callback?code=a&code=b",
    `/directus/auth/login/google/callback?code=${"a".repeat(3000)}`,
  ];

  it.each(REFUSED)("GET %s → 404 (400 when it does not even decode)", async (path) => {
    const response = await send(path, { headers: { cookie: EVERY_COOKIE, accept: "text/html" } });
    const body = await response.text();
    if (response.status === 400) {
      expect(body).toContain("Diese Anfrage verstehen wir nicht.");
    } else {
      expect(response.status).toBe(404);
      expect(body).toContain("Diese Adresse gibt es bei uns nicht.");
    }
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await upstreamSeen()).toEqual([]);
  });

  it.each(["PUT", "DELETE", "PATCH", "POST"])("%s to an asset or the API never reaches Directus", async (method) => {
    for (const path of [`/directus/assets/${ID}?${CARD}`, "/directus/items/saved_recipes", "/directus/auth/login"]) {
      const response = await send(path, {
        method,
        headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", cookie: EVERY_COOKIE },
        body: "recipe=1",
      });
      expect([404, 405], `${method} ${path}`).toContain(response.status);
      await response.arrayBuffer();
    }
    expect(await upstreamSeen()).toEqual([]);
  });

  it("refuses generated paths that are not on the allow-list, whatever their spelling", async () => {
    const piece = fc.constantFrom(
      ...URL_ATTACK_PIECES,
      "admin",
      "ADMIN",
      "items",
      "assets",
      "auth",
      "login",
      "google",
      "callback",
      "graphql",
      ID,
      "%E0%A4%A",
      "\u00e4",
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 8 }), async (pieces) => {
        const path = `/directus/${pieces.join("")}`;
        const response = await send(path);
        await response.arrayBuffer();
        const seen = await upstreamSeen();
        await clearUpstream();
        // Whatever the path, the answer is a refusal or a request to Directus itself, never elsewhere.
        for (const request of seen) expect(new URL(request.url).origin).toBe(STAND_IN_DIRECTUS_URL);
        // Dot segments can climb out of /directus ("/directus/../"): then it is a page of the site, not the proxy.
        const parsed = new URL(`${ORIGIN}${path}`).pathname.toLowerCase();
        if (parsed.startsWith("/directus/") && response.status !== 404 && response.status !== 400) {
          expect(seen.map((request) => new URL(request.url).pathname)).toEqual([`/assets/${ID}`]);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("recipe images", () => {
  it.each([
    ["the card", CARD, CARD],
    ["the card as AVIF", `${CARD}&format=avif`, `${CARD}&format=avif`],
    [
      "the card as WebP, parameters in another order",
      `format=webp&quality=80&width=836&fit=cover`,
      `${CARD}&format=webp`,
    ],
    ["the share crop", "fit=cover&width=1200&quality=80&height=630", "fit=cover&width=1200&quality=80&height=630"],
    ["a rich-result crop", "fit=cover&width=1200&quality=80&height=675", "fit=cover&width=1200&quality=80&height=675"],
  ])("%s: fetched from DIRECTUS_URL without a cookie, public for everyone", async (_name, query, upstreamQuery) => {
    const response = await send(`/directus/ASSETS/${ID.toUpperCase()}?${query}`, {
      headers: {
        cookie: EVERY_COOKIE,
        "x-forwarded-for": "6.6.6.6",
        "x-forwarded-host": "evil.invalid",
        "x-real-ip": "6.6.6.6",
        forwarded: "for=6.6.6.6",
        authorization: "Bearer stolen",
        "cf-connecting-ip": "203.0.113.7",
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(response.headers.get("x-powered-by")).toBeNull();
    expect(response.headers.get("content-security-policy")).toMatch(/^default-src 'none';.*sandbox/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    await response.arrayBuffer();

    const [request, ...more] = await upstreamSeen();
    expect(more).toEqual([]);
    expect(request?.url).toBe(`${STAND_IN_DIRECTUS_URL}/assets/${ID}?${upstreamQuery}`);
    expect(request?.method).toBe("GET");
    expect(request?.headers.cookie).toBeUndefined();
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.headers["x-forwarded-host"]).toBeUndefined();
    expect(request?.headers["x-real-ip"]).toBeUndefined();
    expect(request?.headers.forwarded).toBeUndefined();
    // The visitor's address as Cloudflare saw it, not what the client claimed.
    expect(request?.headers["x-forwarded-for"]).toBe("203.0.113.7");
  });

  it.each([
    ["an SVG (could carry a script)", STAND_IN_ASSETS.svg, 404],
    ["an HTML answer", STAND_IN_ASSETS.html, 404],
    ["a failing Directus", STAND_IN_ASSETS.failing, 502],
  ])("refuses %s", async (_name, id, status) => {
    const response = await send(`/directus/assets/${id}?${CARD}`);
    expect(response.status).toBe(status);
    expect(await response.text()).not.toContain("<script>");
  });
});

describe("Google sign-in", () => {
  it("the way there: only our landing page as the way back, no cookie of the visitor's", async () => {
    const response = await send(`/directus/auth/login/google?redirect=${LANDING}&otp=1&x=2`, {
      headers: { cookie: EVERY_COOKIE, "x-forwarded-for": "6.6.6.6" },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^https:\/\/accounts\.google\.example\//);
    expect(response.headers.get("set-cookie")).toContain("openid.google=state-token");
    expect(response.headers.get("cache-control")).toBe("private, no-store");

    const [request, ...more] = await upstreamSeen();
    expect(more).toEqual([]);
    expect(request?.url).toBe(`${STAND_IN_DIRECTUS_URL}/auth/login/google?redirect=${LANDING}`);
    expect(request?.headers.cookie).toBeUndefined();
    expect(request?.headers["x-forwarded-for"]).toBeUndefined();
  });

  it("the way back: only the login's own cookie and Google's parameters go to Directus", async () => {
    const response = await send(
      "/directus/auth/login/google/callback?code=abc&state=xyz&iss=https%3A%2F%2Faccounts.google.com&evil=1",
      { headers: { cookie: EVERY_COOKIE } },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("http://localhost:8787/login/zurueck?redirect=%2F");
    expect(response.headers.get("set-cookie")).toContain("directus_session_token=new-session");

    const [request] = await upstreamSeen();
    expect(request?.url).toBe(
      `${STAND_IN_DIRECTUS_URL}/auth/login/google/callback?code=abc&state=xyz&iss=https%3A%2F%2Faccounts.google.com`,
    );
    expect(request?.headers.cookie).toBe("openid.google=state-token");
  });

  it("a failed sign-in lands on our page with a German notice, not on the closed Data Studio", async () => {
    const response = await send("/directus/auth/login/google/callback?code=abc&state=xyz");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login/zurueck?reason=INVALID_CREDENTIALS");
  });
});

describe("the Worker's own calls to Directus", () => {
  it("a page with a session cookie sends Directus only the session, never our other cookies", async () => {
    const response = await send("/impressum", { headers: { cookie: EVERY_COOKIE } });
    await response.arrayBuffer();
    const seen = await upstreamSeen();
    expect(seen.length).toBeGreaterThan(0);
    for (const request of seen) {
      expect(new URL(request.url).origin).toBe(STAND_IN_DIRECTUS_URL);
      expect(request.headers.cookie).toBe("directus_session_token=secret.session.token");
    }
  });

  it.each([
    ["not a token", "kaputt"],
    ["too long", `a.${"b".repeat(5_000)}.c`],
    ["markup", "%3Cscript%3E.x.y"],
    ["empty parts", "a..c"],
  ])("a session cookie that is no session token (%s) is dropped without asking Directus", async (_name, value) => {
    const response = await send("/gespeicherte-rezepte", { headers: { cookie: `directus_session_token=${value}` } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Mit Google anmelden");
    expect(response.headers.getSetCookie()).toContain(
      "directus_session_token=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly",
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await upstreamSeen()).toEqual([]);
  });

  it("an anonymous page asks Directus nothing", async () => {
    const response = await send("/impressum", { headers: { cookie: "wkij_einwilligung=x" } });
    await response.arrayBuffer();
    expect(await upstreamSeen()).toEqual([]);
  });
});
