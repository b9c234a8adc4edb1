/**
 * The pantry on the ingredient search (decision 0040), in the built Worker:
 * the basics assumed and `fehlt=` to say one is missing, what needs nothing
 * more, "one ingredient more", the parameter's place in the edge cache's
 * key, and that nothing a browser remembers reaches a page.
 */
import { exports } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { BASIC_INGREDIENTS } from "../../catalog/recipes/basic-ingredients.ts";
import { publishRecipes, recipe } from "./catalog-fixture.ts";
import { expectedFormToken, sessionToken, TEST_NONCE } from "./form-token-contract.ts";

const ORIGIN = "http://localhost:8787";
const ALL_MISSING = BASIC_INGREDIENTS.map((basic) => `fehlt=${basic.slug}`).join("&");

const RECIPES = [
  recipe({ id: 1, slug: "tomatensalat", name: "Tomatensalat", ingredients: ["Tomate", "Zwiebel", "Olivenöl", "Salz"] }),
  recipe({ id: 2, slug: "speckpfanne", name: "Speckpfanne", ingredients: ["Speck", "Zwiebel", "Tomate"] }),
  recipe({ id: 3, slug: "shakshuka", name: "Shakshuka", ingredients: ["Tomate", "Zwiebel", "Ei", "Paprika"] }),
  recipe({ id: 4, slug: "ruehrei", name: "Rührei", ingredients: ["Ei", "Salz", "Pfeffer"], totalTime: 5 }),
  recipe({ id: 5, slug: "omelett", name: "Omelett", ingredients: ["Ei", "Zwiebel", "Rapsöl"], totalTime: 10 }),
  recipe({ id: 6, slug: "tomaten-ei", name: "Tomaten-Ei", ingredients: ["Tomate", "Ei", "Salz"], totalTime: 15 }),
  recipe({ id: 7, slug: "spaetzle", name: "Käsespätzle", ingredients: ["Spätzle", "Käse", "Zwiebel"] }),
];

beforeAll(() => publishRecipes(RECIPES));

async function get(path: string, init: RequestInit = {}) {
  const response = await exports.default.fetch(new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init }));
  return { response, html: await response.text(), status: response.headers.get("cache-status") };
}

/** The data-slug of every recipe card, in page order. */
function cards(html: string): string[] {
  return [...html.matchAll(/<article class="recipe-card" data-slug="([^"]+)"/g)].map((match) => match[1] ?? "");
}

/** The card of one recipe, as markup. */
function card(html: string, slug: string): string {
  const start = html.indexOf(`<article class="recipe-card" data-slug="${slug}"`);
  expect(start).toBeGreaterThanOrEqual(0);
  return html.slice(start, html.indexOf("</article>", start));
}

/** The "one more" suggestions: link and text. */
function suggestions(html: string): { href: string; text: string }[] {
  return [...html.matchAll(/<a class="one-more-link"[^>]* href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((match) => ({
    href: (match[1] ?? "").replaceAll("&amp;", "&"),
    text: match[2] ?? "",
  }));
}

function completeCount(html: string): string | undefined {
  return /<p class="complete-count">([^<]*)<\/p>/.exec(html)?.[1];
}

describe("basics at hand", () => {
  it("are assumed, named once, never missing, and let a recipe need nothing more", async () => {
    const { html } = await get("/zutatensuche?z=tomate&z=zwiebel");
    expect(html.match(/setzen wir voraus/g)).toHaveLength(1);
    expect(html).toContain("Salz, Pfeffer, Olivenöl, Rapsöl und Wasser setzen wir voraus.");
    const salad = card(html, "tomatensalat");
    expect(salad).toContain("4 von 4 Zutaten</strong> hast du. Es fehlt nichts!");
    expect(salad).toContain('<li class="badge badge-extra">Ohne Einkauf</li>');
    expect(card(html, "shakshuka")).toContain("2 von 4 Zutaten</strong> hast du. Es fehlen: Ei, Paprika.");
    expect(card(html, "shakshuka")).not.toContain("Ohne Einkauf");
    expect(completeCount(html)).toBe("1 Rezept ohne Einkauf");
  });

  it("are missing again when the address says so, and that stays in the canonical address and every link", async () => {
    const { html } = await get("/zutatensuche?z=zwiebel&z=tomate&fehlt=salz&fehlt=olivenoel");
    expect(html).toContain("Pfeffer, Rapsöl und Wasser setzen wir voraus, Salz und Olivenöl nicht.");
    expect(card(html, "tomatensalat")).toContain("2 von 4 Zutaten</strong> hast du. Es fehlen: Olivenöl, Salz.");
    expect(completeCount(html)).toBe("Noch kein Rezept ohne Einkauf");
    expect(html).toContain(
      '<link rel="canonical" href="http://localhost:8787/zutatensuche?z=tomate&amp;z=zwiebel&amp;fehlt=salz&amp;fehlt=olivenoel"/>',
    );
    // Removing an ingredient, or all of them, keeps the basics as they are.
    expect(html).toContain(
      'aria-label="Tomate entfernen" href="/zutatensuche?z=zwiebel&amp;fehlt=salz&amp;fehlt=olivenoel"',
    );
    expect(html).toMatch(/class="chip-clear"[^>]*href="\/zutatensuche\?fehlt=salz&amp;fehlt=olivenoel"/);
    // The picker and the exclusion form send them again.
    expect(html.match(/<input type="hidden" name="fehlt" value="salz"\/>/g)).toHaveLength(2);
    // Each basic is a link that changes only itself.
    expect(html).toContain(
      'aria-label="Salz wieder voraussetzen" href="/zutatensuche?z=zwiebel&amp;z=tomate&amp;fehlt=olivenoel"',
    );
    expect(html).toContain(
      'aria-label="Pfeffer nicht voraussetzen" href="/zutatensuche?z=zwiebel&amp;z=tomate&amp;fehlt=salz&amp;fehlt=pfeffer&amp;fehlt=olivenoel"',
    );
  });

  it("all missing: the product rules' own result", async () => {
    const { html } = await get(`/zutatensuche?z=tomate&z=zwiebel&${ALL_MISSING}`);
    expect(html).toContain("Grundzutaten setzen wir keine voraus.");
    expect(card(html, "tomatensalat")).toContain("2 von 4 Zutaten</strong> hast du. Es fehlen: Olivenöl, Salz.");
    expect(html).not.toContain("Ohne Einkauf</li>");
  });

  it("change neither which recipes match nor their order", async () => {
    const rules = cards((await get(`/zutatensuche?z=tomate&z=zwiebel&${ALL_MISSING}`)).html);
    // Two chosen first, the fewest missing (by the rules: basics count as missing there), the quickest, the name.
    expect(rules).toEqual(["speckpfanne", "shakshuka", "tomatensalat", "omelett", "tomaten-ei", "spaetzle"]);
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(BASIC_INGREDIENTS.map((basic) => basic.slug)),
        fc.subarray(["tomate", "zwiebel", "ei", "salz", "speck"], { minLength: 1 }),
        async (missing, selected) => {
          const query = selected.map((slug) => `z=${slug}`).join("&");
          const withBasics = await get(`/zutatensuche?${query}${missing.map((slug) => `&fehlt=${slug}`).join("")}`);
          const without = await get(`/zutatensuche?${query}&${ALL_MISSING}`);
          expect(cards(withBasics.html)).toEqual(cards(without.html));
          const count = (html: string) => /<p role="status" class="list-count">([^<]*)<\/p>/.exec(html)?.[1];
          expect(count(withBasics.html)).toEqual(count(without.html));
        },
      ),
      { numRuns: 20 },
    );
  });

  it.each([
    ["a word no basic has", "zucker"],
    ["markup", '<script>alert("wkij")</script>'],
    ["an ingredient that is no basic", "tomate"],
    ["a kind", "sorte:oel"],
    ["percent signs", "%25%"],
  ])("ignore %s in fehlt=, and say so", async (_, value) => {
    const { response, html } = await get(`/zutatensuche?z=tomate&fehlt=${encodeURIComponent(value)}`);
    expect(response.status).toBe(200);
    expect(html).toContain("Eine Zutat aus dem Link kennen wir nicht mehr");
    expect(html).toContain("Salz, Pfeffer, Olivenöl, Rapsöl und Wasser setzen wir voraus.");
    expect(html).toContain('<link rel="canonical" href="http://localhost:8787/zutatensuche?z=tomate"/>');
    expect(html).not.toContain("<script>alert");
  });

  it("answer any fehlt= value with the page, never an error or its markup", async () => {
    const markup = ['<script>alert("wkij")</script>', '"><img src=x onerror=alert(1)>', "<svg/onload=alert(1)>"];
    const value = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...markup, "salz", "SALZ", "%", "\u0000"));
    await fc.assert(
      fc.asyncProperty(fc.array(value, { maxLength: 6 }), async (values) => {
        const params = new URLSearchParams([
          ["z", "tomate"],
          ...values.map((value) => ["fehlt", value] as [string, string]),
        ]);
        const { response, html } = await get(`/zutatensuche?${params}`);
        expect(response.status).toBe(200);
        expect(cards(html)).toContain("tomatensalat");
        for (const marker of markup) expect(html).not.toContain(marker);
      }),
      { numRuns: 30 },
    );
  });
});

describe("one ingredient more", () => {
  it("names the ingredients that complete the most, singular and plural, best first", async () => {
    const { html } = await get("/zutatensuche?z=tomate&z=zwiebel");
    expect(suggestions(html)).toEqual([
      { href: "/zutatensuche?z=tomate&z=zwiebel&z=ei#ergebnisse", text: "+ Ei: 3 Rezepte mehr ohne Einkauf" },
      { href: "/zutatensuche?z=tomate&z=zwiebel&z=speck#ergebnisse", text: "+ Speck: 1 Rezept mehr ohne Einkauf" },
    ]);
  });

  it("keeps its promise: each suggestion taken makes exactly so many more recipes need nothing more", async () => {
    for (const start of [
      "/zutatensuche?z=tomate&z=zwiebel",
      "/zutatensuche?z=zwiebel&fehlt=salz",
      "/zutatensuche?z=ei",
    ]) {
      const before = await get(start);
      const counted = (html: string) => cards(html).filter((slug) => card(html, slug).includes("Es fehlt nichts!"));
      const complete = counted(before.html).length;
      expect(completeCount(before.html), start).toMatch(
        new RegExp(`^(${complete} Rezepte?|Noch kein Rezept) ohne Einkauf$`),
      );
      const offered = suggestions(before.html);
      expect(offered.length, start).toBeGreaterThan(0);
      for (const { href, text } of offered) {
        const promised = Number(/: (\d+) Rezept/.exec(text)?.[1]);
        const after = await get(href.replace(/#.*$/, ""));
        expect(counted(after.html).length, `${start} ${text}`).toBe(complete + promised);
      }
    }
  });

  it("suggests nothing while nothing is chosen, or when the address holds as many as it reads", async () => {
    expect(suggestions((await get("/zutatensuche")).html)).toEqual([]);
    const thirty = Array.from({ length: 29 }, (_, index) => `z=zutat-${index}`).join("&");
    expect(suggestions((await get(`/zutatensuche?z=tomate&${thirty}`)).html)).toEqual([]);
  });
});

describe("the edge cache and the remembered pantry", () => {
  it("keys fehlt= in its place after ohne, and bypasses it elsewhere", async () => {
    const path = "/zutatensuche?z=tomate&ohne=speck&fehlt=salz";
    expect((await get(path)).status).toBe("wkij; fwd=miss; stored");
    expect((await get("/zutatensuche?fehlt=salz&z=tomate&ohne=speck")).status).toBe("wkij; fwd=bypass; detail=query");
  });

  it("serves every visitor the same page, whatever their browser remembers", async () => {
    const path = "/zutatensuche?z=tomate&z=ei";
    await get(path);
    const remembered = JSON.stringify({ selected: ["speck"], missingBasics: ["salz"], changedAt: 1 });
    const plain = await hitOf(path);
    const withPantry = await hitOf(path, {
      headers: { cookie: `wkij-vorrat=${encodeURIComponent(remembered)}; vorrat=${encodeURIComponent(remembered)}` },
    });
    const withoutNonces = (html: string) => html.replace(/\snonce="[^"]*"/g, "");
    expect(withoutNonces(withPantry.html)).toBe(withoutNonces(plain.html));
    expect(withPantry.response.headers.get("etag")).toBe(plain.response.headers.get("etag"));
  });
});

/** The page from the edge cache (a miss stores it after answering). */
async function hitOf(path: string, init: RequestInit = {}) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const answer = await get(path, init);
    if (answer.status === "wkij; hit") return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${path} never came from the cache`);
}

describe("the account's pantry, /zutatensuche/vorrat", () => {
  it("is no page: not signed in, a 401 no cache keeps", async () => {
    const { response, html } = await get("/zutatensuche/vorrat");
    expect(response.status).toBe(401);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(JSON.parse(html)).toEqual({ error: "Bitte melde dich an." });
    expect((await get("/zutatensuche/vorrat")).status).not.toBe("wkij; hit");
  });

  it("refuses a save without the form token, and one from another site", async () => {
    const post = (headers: Record<string, string>) =>
      get("/zutatensuche/vorrat", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: "z=tomate&geaendert=1",
      });
    expect((await post({ origin: ORIGIN })).response.status).toBe(403);
    expect((await post({ origin: "https://evil.example" })).response.status).toBe(403);
  });

  it("says the account cannot be reached while Directus is down, for a signed-in visitor", async () => {
    const account = "11111111-0000-4000-8000-00000000000a";
    const cookie = `directus_session_token=${sessionToken({ id: account, iat: 4102444800 })}; wkij_csrf=${TEST_NONCE}`;
    const read = await get("/zutatensuche/vorrat", { headers: { cookie } });
    expect(read.response.status).toBe(503);
    expect(read.response.headers.get("cache-control")).toBe("private, no-store");
    const csrf = await expectedFormToken(account, TEST_NONCE);
    const save = await get("/zutatensuche/vorrat", {
      method: "POST",
      headers: { origin: ORIGIN, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: `csrf=${csrf}&z=tomate&geaendert=1`,
    });
    expect(save.response.status).toBe(503);
  });
});
