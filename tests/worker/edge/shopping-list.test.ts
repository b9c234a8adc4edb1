/**
 * The shopping list's page and posts in the built Worker (decision 0041):
 * private on every answer, never in the edge cache, not indexed; writes to the
 * account only with the form token; hostile posts answered with a 4xx. The
 * Directus stand-in keeps the signed-in visitor's one row (tests/stand-ins/).
 */
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { answeredFor, pageAudience } from "../../../app/offline/page-audience.ts";
import { ingredientLine } from "../../fixtures/ingredient-line.ts";
import { STAND_IN_FULL_VISITOR } from "../../stand-ins/directus-stand-in-contract.ts";
import { publishRecipes, recipe } from "../catalog-fixture.ts";
import { clearUpstream, formTokenOfPage, ORIGIN, send, upstreamSeen } from "./upstream.ts";

const COOKIE = `directus_session_token=${STAND_IN_FULL_VISITOR.token}; wkij_csrf=${"C".repeat(43)}`;
const FORM = "application/x-www-form-urlencoded";
/** The form token, as the visitor's page carries it. */
let CSRF = "";

const upstreamLog = (env as unknown as { UPSTREAM_LOG: Fetcher }).UPSTREAM_LOG;
/** Sets the visitor's stored row in the stand-in (null: none) and returns what it holds. */
async function storedList(value?: unknown): Promise<{ id: number; entries: unknown } | null> {
  const response = await upstreamLog.fetch("http://log/shopping-list", {
    method: value === undefined ? "GET" : "PUT",
    body: value === undefined ? undefined : JSON.stringify(value),
  });
  return response.json();
}

function post(path: string, body: string, cookie?: string): Promise<Response> {
  return send(path, {
    method: "POST",
    headers: { origin: ORIGIN, "content-type": FORM, ...(cookie ? { cookie } : {}) },
    body,
  });
}

const ADD = "aktion=hinzufuegen&rezept=bauernsalat&portionen=4";

beforeAll(async () => {
  await publishRecipes([
    recipe({
      id: 31,
      slug: "bauernsalat",
      name: "Bauernsalat",
      type: "SALAD",
      ingredients: ["Feta", "Ei", "Salz"],
      servings: 2,
      ingredientLines: [
        ingredientLine({ name: "Feta", amount: 200, unit: "g" }),
        ingredientLine({ name: "Ei", plural: "Eier", wholePieces: true, amount: 1 }),
        ingredientLine({ name: "Salz" }),
      ],
    }),
  ]);
  CSRF = (await formTokenOfPage(COOKIE)) ?? "";
  expect(CSRF).toMatch(/^[A-Za-z0-9_-]{43}$/);
});
beforeEach(async () => {
  await clearUpstream();
  await storedList(null);
});

describe("the page", () => {
  it.each([
    ["anonymous", undefined],
    ["signed in", COOKIE],
  ])("is private, kept by no cache and not indexed (%s)", async (_who, cookie) => {
    for (let round = 0; round < 2; round += 1) {
      const response = await send("/einkaufsliste", { headers: cookie ? { cookie } : {} });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("x-robots-tag")).toBe("noindex");
      expect(response.headers.get("cache-status")).toMatch(/^wkij; fwd=bypass; detail=(?:private-anonymous|personal)$/);
      expect(response.headers.get("etag")).toBeNull();
      const html = await response.text();
      expect(html).toContain("<title>Einkaufsliste - Was koche ich jetzt</title>");
      expect(html).toMatch(/<meta name="robots" content="noindex"/);
    }
    const data = await send("/einkaufsliste.data", { headers: cookie ? { cookie } : {} });
    expect(data.headers.get("cache-control")).toBe("private, no-store");
    await data.arrayBuffer();
  });

  // The browser hides Set-Cookie from the service worker: the Worker's Cache-Status is all it may keep a page on
  // (decision 0043), read here by the service worker's own rule.
  it.each([
    ["nobody: the list is the device's, the page the same for all", {}, "private-anonymous", "shared", false],
    ["the signed-in visitor, like every personal page", { cookie: COOKIE }, "personal", "personal", false],
    // The notice shows once and its cookie is cleared: kept, it would show again offline.
    [
      "nobody, with a notice to show once",
      { cookie: "wkij_hinweis=einkaufsliste-ohne-konto" },
      "private",
      undefined,
      true,
    ],
    [
      "a session that is none (its cookie is cleared)",
      { cookie: "directus_session_token=kein-token" },
      "personal-set-cookie",
      undefined,
      true,
    ],
  ])("says for whom it was made: %s", async (_who, headers, detail, audience, setsCookie) => {
    const response = await send("/einkaufsliste", { headers });
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-status")).toBe(`wkij; fwd=bypass; detail=${detail}`);
    expect(response.headers.has("set-cookie")).toBe(setsCookie);
    expect(
      pageAudience({
        status: response.status,
        type: "basic",
        redirected: false,
        contentType: response.headers.get("content-type"),
        cacheStatus: response.headers.get("cache-status"),
      }),
    ).toBe(audience);
    expect(answeredFor(response.headers.get("cache-status"))).toBe(
      detail.startsWith("personal") ? "signed-in" : "anonymous",
    );
    // What is kept for everyone names no account.
    if (audience === "shared") expect(html).not.toMatch(/Angemeldet als|name="csrf"/);
  });

  it("marks no post as a page to keep, even one that sets no cookie", async () => {
    for (const [path, body] of [
      ["/einkaufsliste.data", `${ADD}&antwort=daten`],
      ["/einkaufsliste", `${ADD}&redirect=%2Feinkaufsliste`],
    ] as const) {
      const response = await post(path, body);
      await response.arrayBuffer();
      expect(response.headers.get("cache-status")).toBe("wkij; fwd=bypass; detail=private");
    }
  });

  it("with a query it is still private, never a cache key", async () => {
    const response = await send("/einkaufsliste?x=1");
    expect(response.headers.get("cache-status")).toContain("detail=private");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    await response.arrayBuffer();
  });

  it("is kept out of search engines by robots.txt", async () => {
    expect(await (await send("/robots.txt")).text()).toContain("Disallow: /einkaufsliste");
  });

  it("shows the account's list to the signed-in visitor, combined and with German amounts", async () => {
    const entry = { recipeName: "Bauernsalat", plural: null, unit: "g", done: false, name: "Feta" };
    await storedList({
      version: 1,
      entries: [
        { ...entry, recipe: "bauernsalat", amount: 200 },
        { ...entry, recipe: "pasta", recipeName: "Pasta", amount: 0.9, unit: "kg" },
      ],
    });
    const html = (await (await send("/einkaufsliste", { headers: { cookie: COOKIE } })).text()).replaceAll(
      "<!-- -->",
      "",
    );
    expect(html).toContain("1,1\u00a0kg</span> Feta");
    expect(html).toContain(">Bauernsalat</a>");
    expect(html).toContain(">Pasta</a>");
  });

  it.each([
    ["garbage", "kein Objekt", "Ein Teil deiner gespeicherten Einkaufsliste war nicht lesbar"],
    ["another format", { version: 9, entries: [] }, "Ein Teil deiner gespeicherten Einkaufsliste war nicht lesbar"],
    ["markup in a name", { version: 1, entries: [{ name: "<script>alert(1)</script>" }] }, "nicht lesbar"],
    [
      "a list too long",
      { version: 1, entries: Array.from({ length: 201 }, () => ({})) },
      "Deine gespeicherte Einkaufsliste war zu groß",
    ],
  ])("says so in German when the stored list is %s, never an error page", async (_what, value, notice) => {
    await storedList(value);
    const response = await send("/einkaufsliste", { headers: { cookie: COOKIE } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(notice);
    expect(html).not.toContain("<script>alert(1)</script>");
  });
});

describe("adding a recipe", () => {
  it("without an account, with JavaScript: the entries come back for the device, nothing is stored", async () => {
    const response = await post("/einkaufsliste.data", `${ADD}&antwort=daten`);
    expect(response.status).toBe(200);
    const body = await response.text();
    // Scaled from 2 to 4 servings: 400 g Feta, 2 eggs; the line without amount comes too.
    expect(body).toContain("Feta");
    expect(body).toContain("400");
    expect(body).toContain("Eier");
    expect(body).toContain("Salz");
    expect(await upstreamSeen()).toEqual([]);
  });

  it("without an account and without JavaScript: back to the page, which says what is needed", async () => {
    const response = await post("/einkaufsliste", `${ADD}&redirect=%2Frezepte%2Fbauernsalat`);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/rezepte/bauernsalat");
    expect(response.headers.get("set-cookie")).toContain("wkij_hinweis=einkaufsliste-ohne-konto");
  });

  it("signed in: stored in the account, only with the form token", async () => {
    for (const token of ["", "A".repeat(43), `${CSRF.slice(1)}x`]) {
      const refused = await post("/einkaufsliste", `${ADD}&redirect=%2F&csrf=${token}`, COOKIE);
      expect(refused.status, token).toBe(303);
      expect(refused.headers.get("set-cookie")).toContain("wkij_hinweis=formular-abgelaufen");
      const data = await post("/einkaufsliste.data", `${ADD}&antwort=daten&csrf=${token}`, COOKIE);
      expect(data.status, token).toBe(403);
      await data.arrayBuffer();
    }
    const writes = (await upstreamSeen()).filter((request) => request.method !== "GET");
    expect(writes).toEqual([]);
    expect(await storedList()).toBeNull();

    const stored = await post("/einkaufsliste", `${ADD}&redirect=%2Frezepte%2Fbauernsalat&csrf=${CSRF}`, COOKIE);
    expect(stored.status).toBe(303);
    expect(stored.headers.get("set-cookie")).toContain("wkij_hinweis=einkaufsliste-hinzugefuegt");
    const row = await storedList();
    expect(row?.entries).toMatchObject({
      version: 1,
      entries: [
        { recipe: "bauernsalat", name: "Feta", amount: 400, unit: "g", done: false },
        { recipe: "bauernsalat", name: "Ei", plural: "Eier", amount: 2, unit: null },
        { recipe: "bauernsalat", name: "Salz", amount: null, unit: null },
      ],
    });
    // The second write changes the same row.
    const tick = JSON.stringify(["Feta", "masse"]);
    const ticked = await post(
      "/einkaufsliste",
      `aktion=abhaken&zeile=${encodeURIComponent(tick)}&erledigt=1&csrf=${CSRF}`,
      COOKIE,
    );
    expect(ticked.status).toBe(303);
    expect(ticked.headers.get("location")).toBe("/einkaufsliste");
    const after = (await storedList())?.entries as { entries: { name: string; done: boolean }[] };
    expect(after.entries.find((entry) => entry.name === "Feta")?.done).toBe(true);
    const patches = (await upstreamSeen()).filter((request) => request.method === "PATCH");
    expect(patches).toHaveLength(1);
    // As the revision after the one it read: a write that read an older list is refused (decision 0041).
    expect(JSON.parse(patches[0]?.body ?? "{}")).toMatchObject({ revision: 1 });
  });

  it("anything but an add needs an account", async () => {
    const response = await post("/einkaufsliste.data", "aktion=leeren&antwort=daten");
    expect(response.status).toBe(401);
    await response.arrayBuffer();
  });
});

describe("hostile posts", () => {
  it.each([
    ["no action", "rezept=bauernsalat"],
    ["an unknown action", "aktion=alles"],
    ["a slug with a path in it", "aktion=hinzufuegen&rezept=..%2Fadmin"],
    ["servings out of range", "aktion=hinzufuegen&rezept=bauernsalat&portionen=99"],
    ["an ingredient with a line break", "aktion=hinzufuegen&rezept=bauernsalat&zutat=Feta%0D%0ASet-Cookie%3A%20x"],
    ["a line that is not a key", "aktion=entfernen&zeile=Feta"],
    ["entries that are not JSON", "aktion=uebernehmen&eintraege=%7B"],
    ["entries that are no list", "aktion=uebernehmen&eintraege=%7B%7D"],
    [
      "an entry with markup and a negative amount",
      `aktion=uebernehmen&eintraege=${encodeURIComponent('[{"name":"<b>","amount":-1}]')}`,
    ],
  ])("%s: 400", async (_what, body) => {
    for (const cookie of [undefined, COOKIE]) {
      const response = await post("/einkaufsliste.data", `${body}&antwort=daten&csrf=${CSRF}`, cookie);
      expect(response.status).toBe(400);
      await response.arrayBuffer();
    }
  });

  it("an unknown recipe: 404; ingredients it does not have: 400", async () => {
    const unknown = await post("/einkaufsliste.data", "aktion=hinzufuegen&rezept=gibt-es-nicht&antwort=daten");
    expect(unknown.status).toBe(404);
    await unknown.arrayBuffer();
    const foreign = await post("/einkaufsliste.data", `${ADD}&zutat=Gurke&antwort=daten`);
    expect(foreign.status).toBe(400);
    await foreign.arrayBuffer();
  });

  it("from another site: 403; as JSON: 415; over 8 KB: 413", async () => {
    const foreign = await send("/einkaufsliste", {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": FORM, cookie: COOKIE },
      body: `${ADD}&csrf=${CSRF}`,
    });
    expect(foreign.status).toBe(403);
    await foreign.arrayBuffer();
    const json = await send("/einkaufsliste", {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ aktion: "hinzufuegen" }),
    });
    expect(json.status).toBe(415);
    await json.arrayBuffer();
    const large = await post("/einkaufsliste", `aktion=uebernehmen&eintraege=${"x".repeat(9 * 1024)}`);
    expect(large.status).toBe(413);
    await large.arrayBuffer();
    expect(await storedList()).toBeNull();
  });

  it("any form at all: never a 5xx, and nothing stored without the token", async () => {
    const field = fc.constantFrom(
      "aktion",
      "rezept",
      "portionen",
      "zutat",
      "zeile",
      "erledigt",
      "eintraege",
      "antwort",
    );
    const value = fc.oneof(
      fc.constantFrom("hinzufuegen", "abhaken", "entfernen", "leeren", "uebernehmen", "bauernsalat", "daten", "1"),
      fc.string({ maxLength: 30 }),
      fc.jsonValue({ maxDepth: 2 }).map((json) => JSON.stringify(json)),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(field, value), { maxLength: 6 }), fc.boolean(), async (fields, signedIn) => {
        const body = new URLSearchParams(fields).toString();
        const response = await post(
          fields.length % 2 === 0 ? "/einkaufsliste" : "/einkaufsliste.data",
          body,
          signedIn ? COOKIE : undefined,
        );
        expect(response.status, body).toBeLessThan(500);
        await response.arrayBuffer();
      }),
      { numRuns: 150 },
    );
    expect(await storedList()).toBeNull();
  }, 60_000);
});
