/**
 * The /directus proxy as an attacker sees it: a table of requests that must
 * be refused without Directus ever hearing of them, and proof that what
 * does pass reaches only DIRECTUS_URL, with nothing of the visitor's but
 * what Directus needs.
 */
import fc from "fast-check";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { URL_ATTACK_PIECES } from "../../attacks/url-pieces.ts";
import { ACCESS_HEADERS, STAND_IN_ASSETS, STAND_IN_DIRECTUS_URL } from "../../stand-ins/directus-stand-in-contract.ts";
import { publishRecipes, recipe } from "../catalog-fixture.ts";
import { expectedFormToken, sessionToken, TEST_NONCE } from "../form-token-contract.ts";
import { clearUpstream, ORIGIN, send, signOutRequest, upstreamSeen } from "./upstream.ts";

const ID = STAND_IN_ASSETS.png;
const CARD = "fit=cover&width=836&quality=80";
const LANDING = encodeURIComponent(`${ORIGIN}/login/zurueck?redirect=%2F`);
const EVERY_COOKIE =
  "directus_session_token=secret.session.token; wkij_einwilligung=%7B%7D; wkij_csrf=form-token; openid.google=state-token; _ga=GA1.1";

/**
 * Images of recipes in the published catalog: the stand-in's own files, and
 * fresh ids for the tests that need an image the edge cache has never held
 * (the stand-in answers any other id with its PNG). Directus is asked for no
 * other id at all (see "images of no published recipe" below).
 */
const FRESH_IMAGES = Array.from({ length: 80 }, () => crypto.randomUUID());
const PUBLISHED_IMAGES: ReadonlySet<string> = new Set([...Object.values(STAND_IN_ASSETS), ...FRESH_IMAGES]);
function freshImage(): string {
  const id = FRESH_IMAGES.pop();
  if (!id) throw new Error("test: FRESH_IMAGES ran out; make more");
  return id;
}

beforeAll(() =>
  publishRecipes(
    [...PUBLISHED_IMAGES].map((image, n) =>
      recipe({ id: n + 1, slug: `rezept-${n + 1}`, name: `Rezept ${n + 1}`, image }),
    ),
  ),
);

beforeEach(clearUpstream);

/** A session of an account the stand-in does not know, and the form token the Worker makes for it (signing out). */
const SIGN_OUT_ACCOUNT = "33333333-0000-4000-8000-000000000003";
const SIGNED_OUT_SESSION = sessionToken({ iat: 0, id: SIGN_OUT_ACCOUNT });
const SIGN_OUT_TOKEN = await expectedFormToken(SIGN_OUT_ACCOUNT, TEST_NONCE);

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

describe("images of no published recipe", () => {
  it.each([
    ["an id Directus may well hold, of no published recipe", "55555555-6666-4777-8888-999999999999"],
    ["the nil UUID", "00000000-0000-0000-0000-000000000000"],
    ["the max UUID", "ffffffff-ffff-ffff-ffff-ffffffffffff"],
  ])("%s: 404 without a request to Directus", async (_, id) => {
    for (const query of [CARD, `${CARD}&format=avif`, "fit=cover&width=1200&quality=80&height=630"]) {
      const response = await send(`/directus/assets/${id}?${query}`);
      expect(response.status).toBe(404);
      expect(response.headers.get("cache-control")).not.toMatch(/public/);
      await response.arrayBuffer();
    }
    expect(await upstreamSeen()).toEqual([]);
  });

  it("any UUID that no recipe shows: 404, and Directus hears of none of them", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uuid().filter((id) => !PUBLISHED_IMAGES.has(id)),
        fc.boolean(),
        async (id, upper) => {
          const response = await send(`/directus/assets/${upper ? id.toUpperCase() : id}?${CARD}`);
          await response.arrayBuffer();
          expect(response.status).toBe(404);
        },
      ),
      { numRuns: 200 },
    );
    expect(await upstreamSeen()).toEqual([]);
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
    // An image of its own (the stand-in answers any other UUID with its PNG): the edge cache holds none of it yet.
    const id = freshImage();
    const response = await send(`/directus/ASSETS/${id.toUpperCase()}?${query}`, {
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
    expect(request?.url).toBe(`${STAND_IN_DIRECTUS_URL}/assets/${id}?${upstreamQuery}`);
    expect(request?.method).toBe("GET");
    expect(request?.headers.cookie).toBeUndefined();
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.headers["x-forwarded-host"]).toBeUndefined();
    expect(request?.headers.forwarded).toBeUndefined();
    expect(request?.headers["x-forwarded-for"]).toBeUndefined();
    // The visitor's address as Cloudflare saw it, not what the client claimed: Cloudflare's edge makes it the
    // CF-Connecting-IP that Directus reads.
    expect(request?.headers["x-real-ip"]).toBe("203.0.113.7");
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

describe("recipe images at the edge", () => {
  /** The image from the edge cache: the miss stores it after answering (`waitUntil`), so the next request may still miss. */
  async function hit(path: string, init: RequestInit = {}): Promise<Response> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const response = await send(path, init);
      if (response.headers.get("cache-status") === "wkij; hit") return response;
      await response.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`${path} never came from the cache`);
  }

  it("asks Directus once, then answers from the cache, the same bytes and headers", async () => {
    const id = freshImage();
    const miss = await send(`/directus/assets/${id}?${CARD}`);
    expect(miss.headers.get("cache-status")).toBe("wkij; fwd=miss; stored");
    const image = await miss.arrayBuffer();

    const stored = await hit(`/directus/assets/${id}?${CARD}`);
    await clearUpstream();
    const again = await hit(`/directus/assets/${id}?${CARD}`);
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(new Uint8Array(image));
    for (const name of [
      "content-type",
      "cache-control",
      "etag",
      "cross-origin-resource-policy",
      "content-security-policy",
    ]) {
      expect(again.headers.get(name), name).toBe(miss.headers.get(name));
    }
    expect(again.headers.get("cf-cache-status")).toBeNull();
    await stored.arrayBuffer();
    expect(await upstreamSeen()).toEqual([]);
  });

  it("keeps one copy per image and transform, however the address is spelled", async () => {
    const id = freshImage();
    await (await send(`/directus/assets/${id}?${CARD}`)).arrayBuffer();
    await (await hit(`/directus/assets/${id}?${CARD}`)).arrayBuffer();
    await clearUpstream();
    for (const path of [
      `/directus/ASSETS/${id.toUpperCase()}?${CARD}`,
      `/directus/assets/${id}?quality=80&width=836&fit=cover`,
    ]) {
      const response = await send(path);
      expect(response.headers.get("cache-status"), path).toBe("wkij; hit");
      await response.arrayBuffer();
    }
    expect(await upstreamSeen()).toEqual([]);

    // Another transform of the same image is another copy.
    const avif = await send(`/directus/assets/${id}?${CARD}&format=avif`);
    expect(avif.headers.get("cache-status")).toBe("wkij; fwd=miss; stored");
    await avif.arrayBuffer();
    expect((await upstreamSeen()).map((request) => request.url)).toEqual([
      `${STAND_IN_DIRECTUS_URL}/assets/${id}?${CARD}&format=avif`,
    ]);
  });

  it("answers 304 to a browser that holds the image, from the cache and on a miss", async () => {
    const id = freshImage();
    const first = await send(`/directus/assets/${id}?${CARD}`, { headers: { "if-none-match": '"stand-in"' } });
    expect(first.status).toBe(304);
    expect(first.headers.get("etag")).toBe('"stand-in"');
    // Directus was asked for the whole image, to keep it: the browser's tag is not passed on.
    const [asked] = await upstreamSeen();
    expect(asked?.headers["if-none-match"]).toBeUndefined();

    await (await hit(`/directus/assets/${id}?${CARD}`)).arrayBuffer();
    await clearUpstream();
    for (const tag of ['"stand-in"', 'W/"stand-in"', '"other", "stand-in"']) {
      const response = await send(`/directus/assets/${id}?${CARD}`, { headers: { "if-none-match": tag } });
      expect(response.status, tag).toBe(304);
      expect(response.headers.get("cache-status"), tag).toBe("wkij; hit; detail=etag");
      expect(await response.text()).toBe("");
    }
    const other = await send(`/directus/assets/${id}?${CARD}`, { headers: { "if-none-match": '"other"' } });
    expect(other.status).toBe(200);
    await other.arrayBuffer();
    expect(await upstreamSeen()).toEqual([]);
  });

  it.each([
    ["an SVG", STAND_IN_ASSETS.svg, 404],
    ["an HTML answer", STAND_IN_ASSETS.html, 404],
    ["a failing Directus", STAND_IN_ASSETS.failing, 502],
  ])("never keeps %s: each request asks Directus again", async (_name, id, status) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await send(`/directus/assets/${id}?${CARD}`);
      expect(response.status).toBe(status);
      expect(response.headers.get("cache-status")).toBe("wkij; fwd=miss; detail=not-storable");
      await response.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await upstreamSeen()).toHaveLength(3);
  });

  it("answers HEAD from Directus, without a copy", async () => {
    const id = freshImage();
    const response = await send(`/directus/assets/${id}?${CARD}`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-status")).toBe("wkij; fwd=bypass; detail=method");
    const get = await send(`/directus/assets/${id}?${CARD}`);
    expect(get.headers.get("cache-status")).toBe("wkij; fwd=miss; stored");
    await get.arrayBuffer();
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
    expect(request?.headers["x-real-ip"]).toBeUndefined();
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
    ["the address Cloudflare saw", "203.0.113.9", "203.0.113.9"],
    ["an IPv6 address, in its short form", "2001:DB8:0:0:0:0:0:9", "2001:db8::9"],
    ["no address", "203.0.113.9, 6.6.6.6", undefined],
  ])("a signed-in page tells Directus the visitor's address: %s", async (_name, connectingIp, forwarded) => {
    const response = await send("/impressum", {
      headers: {
        cookie: EVERY_COOKIE,
        "cf-connecting-ip": connectingIp,
        "x-forwarded-for": "6.6.6.6",
        "x-real-ip": "6.6.6.6",
      },
    });
    await response.arrayBuffer();
    const seen = await upstreamSeen();
    expect(seen.length).toBeGreaterThan(0);
    for (const request of seen) {
      expect(request.headers["x-real-ip"]).toBe(forwarded);
      expect(request.headers["x-forwarded-for"]).toBeUndefined();
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

describe("Cloudflare Access in front of Directus", () => {
  /** A client's own try at the service token headers: they must never be what reaches Directus. */
  const FORGED = { "cf-access-client-id": "forged.access", "cf-access-client-secret": "forged-secret" };
  const REQUESTS: [string, string, RequestInit][] = [
    ["an image", `/directus/assets/${ID}?${CARD}`, {}],
    ["the way to Google", `/directus/auth/login/google?redirect=${LANDING}`, {}],
    ["the way back from Google", "/directus/auth/login/google/callback?code=abc&state=xyz", {}],
    ["a signed-in visitor's page", "/impressum", { headers: { cookie: EVERY_COOKIE } }],
    ["signing out", "/logout", signOutRequest(SIGNED_OUT_SESSION, TEST_NONCE, SIGN_OUT_TOKEN)],
  ];

  it.each(REQUESTS)(
    "%s: every request to Directus shows the Worker's service token, not the client's",
    async (_name, path, init) => {
      const headers = new Headers(init.headers);
      for (const [name, value] of Object.entries(FORGED)) headers.set(name, value);
      const response = await send(path, { ...init, headers });
      const body = await response.text();

      const seen = await upstreamSeen();
      expect(seen.length).toBeGreaterThan(0);
      for (const request of seen) {
        expect(request.headers["cf-access-client-id"]).toBe(ACCESS_HEADERS["cf-access-client-id"]);
        expect(request.headers["cf-access-client-secret"]).toBe(ACCESS_HEADERS["cf-access-client-secret"]);
      }
      // The secret stays between the Worker and Access.
      const answer = `${[...response.headers].join("\n")}\n${body}`;
      expect(answer).not.toContain(ACCESS_HEADERS["cf-access-client-secret"]);
      expect(answer).not.toContain(ACCESS_HEADERS["cf-access-client-id"]);
    },
  );

  it("whatever a client sends as the token's headers, Directus sees the Worker's", async () => {
    const value = fc.stringMatching(/^[\x21-\x7e]{0,80}$/);
    await fc.assert(
      fc.asyncProperty(value, value, async (clientId, clientSecret) => {
        await clearUpstream();
        const response = await send(`/directus/assets/${freshImage()}?${CARD}`, {
          headers: { "CF-Access-Client-Id": clientId, "CF-Access-Client-Secret": clientSecret },
        });
        await response.arrayBuffer();
        const [request] = await upstreamSeen();
        expect(request?.headers["cf-access-client-id"]).toBe(ACCESS_HEADERS["cf-access-client-id"]);
        expect(request?.headers["cf-access-client-secret"]).toBe(ACCESS_HEADERS["cf-access-client-secret"]);
      }),
      { numRuns: 25 },
    );
  });
});
