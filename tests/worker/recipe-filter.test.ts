/**
 * The lists' filters (`ernaehrung=`, `zeit=`, `kcal=`, app/lib/url/recipe-filter-param.ts)
 * on the built Worker: what the name search, the ingredient search and a
 * category page list with them, their status codes, canonical links, links
 * to the next page and cache headers, and what a filter the site does not
 * know gets: the list without it, a notice, never an error.
 */
import { exports } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { CatalogRecipe } from "../../catalog/recipes/types.ts";
import { publishRecipes, recipe } from "./catalog-fixture.ts";

/** Nutrients per portion with `kcal`; the filter and the cards read only the energy. */
const withKcal = (kcal: number) => ({
  nutrition: { kcal, fat: 10, saturates: 2, carbohydrate: 30, sugars: 5, protein: 12, salt: 1 },
});

const ORIGIN = "http://localhost:8787";

/** 26 vegan soups of 10 minutes and 320 kcal: more than a page of a category, filtered or not. */
const QUICK_VEGAN_SOUPS = Array.from({ length: 26 }, (_, index) => {
  const number = String(index + 1).padStart(2, "0");
  return recipe({
    id: index + 1,
    slug: `gemuesesuppe-${number}`,
    name: `Gemüsesuppe ${number}`,
    type: "SOUP",
    ingredients: ["Tomate", "Zwiebel"],
    totalTime: 10,
    vegetarian: true,
    vegan: true,
    ...withKcal(320),
  });
});

const OTHERS: CatalogRecipe[] = [
  recipe({
    id: 101,
    slug: "linsensuppe",
    name: "Linsensuppe",
    type: "SOUP",
    ingredients: ["Linsen", "Tomate"],
    totalTime: 25,
    vegetarian: true,
    vegan: true,
    ...withKcal(540),
  }),
  recipe({
    id: 102,
    slug: "kaesesuppe",
    name: "Käsesuppe",
    type: "SOUP",
    ingredients: ["Käse", "Zwiebel"],
    totalTime: 20,
    vegetarian: true,
    vegan: false,
    ...withKcal(500),
  }),
  recipe({
    id: 103,
    slug: "huehnersuppe",
    name: "Hühnersuppe",
    type: "SOUP",
    ingredients: ["Huhn", "Tomate"],
    totalTime: 15,
    vegetarian: false,
    vegan: false,
  }),
  recipe({
    id: 104,
    slug: "speckpfanne",
    name: "Speckpfanne",
    type: "DISH",
    ingredients: ["Speck", "Tomate"],
    totalTime: 15,
    vegetarian: false,
    vegan: false,
    ...withKcal(1_180),
  }),
  recipe({
    id: 105,
    slug: "tomatensalat",
    name: "Tomatensalat",
    type: "SALAD",
    ingredients: ["Tomate", "Zwiebel"],
    totalTime: 10,
    vegetarian: true,
    vegan: true,
    ...withKcal(150),
  }),
];

const ALL = [...QUICK_VEGAN_SOUPS, ...OTHERS];
const SOUPS = ALL.filter((entry) => entry.type === "SOUP");

beforeAll(() => publishRecipes(ALL));

async function get(path: string, init: RequestInit = {}) {
  const response = await exports.default.fetch(new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init }));
  return { response, html: await response.text(), cacheStatus: response.headers.get("cache-status") };
}

/** The data-slug of every recipe card, in page order. */
function cards(html: string): string[] {
  return [...html.matchAll(/<article class="recipe-card" data-slug="([^"]+)"/g)].map((match) => match[1] ?? "");
}

/** The page's canonical address, as written (`&amp;` decoded). */
function canonicalOf(html: string): string | undefined {
  return html.match(/<link rel="canonical" href="([^"]*)"\/>/)?.[1]?.replaceAll("&amp;", "&");
}

/** The filter chips (the order's row after them aside): each one's text, address and whether it is the chosen one. */
function chips(html: string) {
  return chipsIn(html.split('class="recipe-filter recipe-order"')[0] ?? "");
}

/** The chips of the order row (decision 0066). */
function orderChips(html: string) {
  return chipsIn(html.split('class="recipe-filter recipe-order"')[1] ?? "");
}

function chipsIn(html: string) {
  return [...html.matchAll(/<a [^>]*class="filter-chip"[^>]*>([^<]*)<\/a>/g)].map((match) => {
    const tag = match[0];
    return {
      text: match[1],
      href: tag.match(/href="([^"]*)"/)?.[1]?.replaceAll("&amp;", "&"),
      current: tag.includes('aria-current="true"'),
    };
  });
}

/** The opening tag of the anchor that has `attribute` (`aria-label="…"`), and its address. */
function anchorWith(html: string, attribute: string) {
  const tag = [...html.matchAll(/<a [^>]*>/g)].map((match) => match[0]).find((each) => each.includes(attribute));
  return tag?.match(/href="([^"]*)"/)?.[1]?.replaceAll("&amp;", "&");
}

/** The hidden fields of the page's forms that carry the filter, as name=value in page order. */
function filterFields(html: string): string[] {
  return [...html.matchAll(/<input type="hidden" name="(ernaehrung|zeit|kcal)" value="([^"]*)"\/>/g)].map(
    (match) => `${match[1]}=${match[2]}`,
  );
}

const REFUSED_ONE = "Einen Filter aus dem Link kennen wir nicht – wir zeigen die Rezepte ohne ihn.";

describe("a filtered category page", () => {
  it("lists only vegan soups of at most 20 minutes, says so in its title and keeps its own address", async () => {
    const { response, html } = await get("/kategorie/soup?ernaehrung=vegan&zeit=20");
    expect(response.status).toBe(200);
    expect(html).toContain("<title>Suppen (vegan, bis 20 Min.) - Was koche ich jetzt</title>");
    expect(cards(html)).toEqual(QUICK_VEGAN_SOUPS.slice(0, 24).map((soup) => soup.slug));
    expect(html).toContain("26 Rezepte, Seite 1 von 2");
    expect(canonicalOf(html)).toBe(`${ORIGIN}/kategorie/soup?ernaehrung=vegan&zeit=20`);
    expect(html).toContain(
      '<link rel="next" href="http://localhost:8787/kategorie/soup?ernaehrung=vegan&amp;zeit=20&amp;seite=2"/>',
    );
    expect(html).toMatch(
      /<a [^>]*rel="next"[^>]*href="\/kategorie\/soup\?ernaehrung=vegan&amp;zeit=20&amp;seite=2"[^>]*>Nächste Seite<\/a>/,
    );
    expect(response.headers.get("cache-control")).toBe("private, max-age=0");
  });

  it("keeps the filter on page 2 and links back to page 1 of the same filter", async () => {
    const { response, html } = await get("/kategorie/soup?ernaehrung=vegan&zeit=20&seite=2");
    expect(response.status).toBe(200);
    expect(html).toContain("<title>Suppen (vegan, bis 20 Min.), Seite 2 - Was koche ich jetzt</title>");
    expect(cards(html)).toEqual(QUICK_VEGAN_SOUPS.slice(24).map((soup) => soup.slug));
    expect(canonicalOf(html)).toBe(`${ORIGIN}/kategorie/soup?ernaehrung=vegan&zeit=20&seite=2`);
    expect(html).toContain(
      '<link rel="prev" href="http://localhost:8787/kategorie/soup?ernaehrung=vegan&amp;zeit=20"/>',
    );
  });

  it("offers every choice as a link that keeps the other row and goes back to page 1, the chosen ones marked", async () => {
    const { html } = await get("/kategorie/soup?ernaehrung=vegan&zeit=20&seite=2");
    expect(chips(html)).toEqual([
      { text: "Alle", href: "/kategorie/soup?zeit=20", current: false },
      { text: "Vegetarisch", href: "/kategorie/soup?ernaehrung=vegetarisch&zeit=20", current: false },
      { text: "Vegan", href: "/kategorie/soup?ernaehrung=vegan&zeit=20", current: true },
      { text: "Alle", href: "/kategorie/soup?ernaehrung=vegan", current: false },
      { text: "bis 15 Min.", href: "/kategorie/soup?ernaehrung=vegan&zeit=15", current: false },
      { text: "bis 20 Min.", href: "/kategorie/soup?ernaehrung=vegan&zeit=20", current: true },
      { text: "bis 30 Min.", href: "/kategorie/soup?ernaehrung=vegan&zeit=30", current: false },
      { text: "Alle", href: "/kategorie/soup?ernaehrung=vegan&zeit=20", current: true },
      { text: "Leicht (bis 500 kcal)", href: "/kategorie/soup?ernaehrung=vegan&zeit=20&kcal=500", current: false },
    ]);
  });

  it("counts vegan recipes as vegetarian and the total time as the time", async () => {
    const vegetarian = await get("/kategorie/soup?ernaehrung=vegetarisch");
    expect(cards(vegetarian.html)).toHaveLength(24);
    expect(vegetarian.html).toContain("28 Rezepte, Seite 1 von 2");
    expect(cards((await get("/kategorie/soup?ernaehrung=vegetarisch&seite=2")).html)).toEqual([
      "gemuesesuppe-25",
      "gemuesesuppe-26",
      "kaesesuppe",
      "linsensuppe",
    ]);
    const quick = await get("/kategorie/soup?zeit=15");
    expect(quick.html).toContain("27 Rezepte, Seite 1 von 2");
    expect(cards(quick.html)).not.toContain("kaesesuppe");
  });

  it("takes the filter along to the one address of the page", async () => {
    for (const [path, location] of [
      ["/kategorie/SOUP?ernaehrung=vegan", "/kategorie/soup?ernaehrung=vegan"],
      ["/kategorie/soup?zeit=20&ernaehrung=vegan&seite=1", "/kategorie/soup?ernaehrung=vegan&zeit=20"],
      ["/kategorie/soup?ernaehrung=vegan&seite=abc", "/kategorie/soup?ernaehrung=vegan"],
      ["/kategorie/soup?ernaehrung=vegan&seite=9", "/kategorie/soup?ernaehrung=vegan&seite=2"],
      // What was refused does not travel.
      ["/kategorie/SOUP?ernaehrung=fisch&zeit=15", "/kategorie/soup?zeit=15"],
    ] as const) {
      const { response } = await get(path);
      expect([301, 302], path).toContain(response.status);
      expect(response.headers.get("location"), path).toBe(location);
    }
  });

  it("says which filter left nothing and links to the category without it", async () => {
    const { response, html } = await get("/kategorie/dish?ernaehrung=vegetarisch");
    expect(response.status).toBe(200);
    expect(cards(html)).toEqual([]);
    expect(html).toContain("In dieser Kategorie gibt es keine Rezepte, die vegetarisch sind.");
    expect(html).toMatch(/<a [^>]*href="\/kategorie\/dish"[^>]*>Alle Rezepte dieser Kategorie zeigen<\/a>/);
    expect(canonicalOf(html)).toBe(`${ORIGIN}/kategorie/dish?ernaehrung=vegetarisch`);
  });
});

describe("light dishes (kcal=500)", () => {
  it("lists a category's recipes of at most 500 kcal a portion, and none without nutrition", async () => {
    const { response, html } = await get("/kategorie/soup?kcal=500&seite=2");
    expect(response.status).toBe(200);
    expect(html).toContain("<title>Suppen (bis 500 kcal), Seite 2 - Was koche ich jetzt</title>");
    // 26 quick soups and the cheese soup at exactly 500; not the lentil soup (540) nor the chicken soup (no figure).
    expect(html).toContain("27 Rezepte, Seite 2 von 2");
    expect(cards(html)).toEqual(["gemuesesuppe-25", "gemuesesuppe-26", "kaesesuppe"]);
    expect(canonicalOf(html)).toBe(`${ORIGIN}/kategorie/soup?kcal=500&seite=2`);
    expect(
      chips(html)
        .filter((chip) => chip.current)
        .map((chip) => chip.text),
    ).toEqual(["Alle", "Alle", "Leicht (bis 500 kcal)"]);
  });

  it("goes with the other filters, after them in the one address", async () => {
    const { html } = await get("/kategorie/soup?ernaehrung=vegetarisch&zeit=20&kcal=500&seite=2");
    expect(cards(html)).toEqual(["gemuesesuppe-25", "gemuesesuppe-26", "kaesesuppe"]);
    expect(html).toContain(
      "<title>Suppen (vegetarisch, bis 20 Min., bis 500 kcal), Seite 2 - Was koche ich jetzt</title>",
    );
    const reordered = await get("/kategorie/soup?kcal=500&zeit=20&ernaehrung=vegetarisch&seite=1");
    expect([301, 302]).toContain(reordered.response.status);
    expect(reordered.response.headers.get("location")).toBe("/kategorie/soup?ernaehrung=vegetarisch&zeit=20&kcal=500");
  });

  it("narrows the name search and the ingredient search, and the forms send it again", async () => {
    const search = await get("/suche?q=suppe&kcal=500");
    expect(search.html).toContain("27 Rezepte für „suppe“");
    expect(filterFields(search.html)).toEqual(["kcal=500"]);
    const matched = await get("/zutatensuche?z=tomate&kcal=500");
    // Tomate: the 26 soups and the salad are light; the lentil soup, the bacon pan and the chicken soup are not.
    expect(matched.html).toContain("27 passende Rezepte, Seite 1 von 3");
    expect(canonicalOf(matched.html)).toBe(`${ORIGIN}/zutatensuche?z=tomate&kcal=500`);
    const empty = await get("/zutatensuche?z=speck&kcal=500");
    expect(empty.html).toContain("Mit deinen Zutaten gibt es keine Rezepte, die höchstens 500 kcal pro Portion haben.");
  });

  it("shows the kcal per portion on each card that has them, and nothing on one without", async () => {
    const { html } = await get("/kategorie/soup?seite=2");
    const card = (slug: string) => html.slice(html.indexOf(`data-slug="${slug}"`)).split("</article>")[0] ?? "";
    expect(card("kaesesuppe")).toContain(
      '<li class="badge" title="pro Portion">500 kcal<span class="visually-hidden"> pro Portion</span></li>',
    );
    expect(card("linsensuppe")).toContain(">540 kcal<");
    expect(card("huehnersuppe")).not.toContain("kcal");
    expect((await get("/kategorie/dish")).html).toContain(">1.180 kcal<");
  });
});

describe("the filtered searches", () => {
  it("searches by name within the filter, keeps it in the search form, and links the next page with it", async () => {
    const { response, html } = await get("/suche?q=suppe&ernaehrung=vegan&zeit=20");
    expect(response.status).toBe(200);
    expect(cards(html)).toEqual(QUICK_VEGAN_SOUPS.slice(0, 24).map((soup) => soup.slug));
    expect(html).toContain("26 Rezepte für „suppe“");
    expect(canonicalOf(html)).toBe(`${ORIGIN}/suche?q=suppe&ernaehrung=vegan&zeit=20`);
    expect(filterFields(html)).toEqual(["ernaehrung=vegan", "zeit=20"]);
    expect(html).toMatch(
      /<a [^>]*href="\/suche\?q=suppe&amp;ernaehrung=vegan&amp;zeit=20&amp;seite=2"[^>]*>Nächste Seite/,
    );
    const second = await get("/suche?q=suppe&ernaehrung=vegan&zeit=20&seite=2");
    expect(cards(second.html)).toEqual(QUICK_VEGAN_SOUPS.slice(24).map((soup) => soup.slug));
    expect(canonicalOf(second.html)).toBe(`${ORIGIN}/suche?q=suppe&ernaehrung=vegan&zeit=20&seite=2`);
  });

  it("names the filter when nothing is left and links to the search without it", async () => {
    const { response, html } = await get("/suche?q=speck&ernaehrung=vegetarisch");
    expect(response.status).toBe(200);
    expect(cards(html)).toEqual([]);
    expect(html).toContain("Für „speck“ gibt es keine Rezepte, die vegetarisch sind.");
    expect(html).toMatch(/<a [^>]*href="\/suche\?q=speck"[^>]*>Alle Rezepte für „speck“ zeigen<\/a>/);
  });

  it("matches ingredients within the filter and sends it again with every change of the selection", async () => {
    const { response, html } = await get("/zutatensuche?z=tomate&ernaehrung=vegetarisch&zeit=15");
    expect(response.status).toBe(200);
    // Tomate is in the 26 quick soups, the salad, the lentil soup (25 min) and two recipes with meat.
    expect(html).toContain("27 passende Rezepte, Seite 1 von 3");
    expect(cards(html)).not.toContain("huehnersuppe");
    expect(cards(html)).not.toContain("linsensuppe");
    expect(canonicalOf(html)).toBe(`${ORIGIN}/zutatensuche?z=tomate&ernaehrung=vegetarisch&zeit=15`);
    // The picker's form and the exclusion form each carry it, after the ingredients.
    expect(filterFields(html)).toEqual(["ernaehrung=vegetarisch", "zeit=15", "ernaehrung=vegetarisch", "zeit=15"]);
    expect(html).toMatch(/<a [^>]*href="\/zutatensuche\?z=tomate&amp;ernaehrung=vegetarisch&amp;zeit=15&amp;seite=2"/);
    // Removing the ingredient keeps the filter.
    expect(anchorWith(html, 'aria-label="Tomate entfernen"')).toBe("/zutatensuche?ernaehrung=vegetarisch&zeit=15");
  });

  it("says so when the filter leaves no match, with a way back", async () => {
    const { html } = await get("/zutatensuche?z=speck&ernaehrung=vegan");
    expect(html).toContain("Kein passendes Rezept");
    expect(html).toContain("Mit deinen Zutaten gibt es keine Rezepte, die vegan sind.");
    expect(html).toMatch(/<a [^>]*href="\/zutatensuche\?z=speck"[^>]*>Ohne Filter suchen<\/a>/);
  });
});

describe("a filter the site does not know", () => {
  // Each list whole: every soup, every recipe with Tomate.
  const PAGES = [
    { path: "/kategorie/soup", count: `${SOUPS.length} Rezepte, Seite 1 von 2` },
    { path: "/suche?q=suppe", count: `${SOUPS.length} Rezepte für „suppe“` },
    { path: "/zutatensuche?z=tomate", count: "30 passende Rezepte, Seite 1 von 3" },
  ];

  it.each([
    "ernaehrung=Vegan",
    "ernaehrung=%20vegan",
    "ernaehrung=vegan&ernaehrung=vegan",
    "ernaehrung=fleisch",
    "ernaehrung=",
    "zeit=10",
    "zeit=015",
    "zeit=20&zeit=30",
    "zeit=__proto__",
    "kcal=400",
    "kcal=0500",
    "kcal=500%20",
    "kcal=leicht",
    "kcal=500&kcal=500",
  ])("%s: the whole list, a notice, and a canonical address without it", async (filter) => {
    for (const { path, count } of PAGES) {
      const address = `${path}${path.includes("?") ? "&" : "?"}${filter}`;
      const { response, html } = await get(address);
      expect(response.status, address).toBe(200);
      expect(html, address).toContain(REFUSED_ONE);
      expect(html, address).toContain(count);
      expect(canonicalOf(html), address).toBe(`${ORIGIN}${path}`);
      // "Alle" is the chosen chip in both rows: nothing is filtered.
      expect(
        chips(html)
          .filter((chip) => chip.current)
          .map((chip) => chip.text),
        address,
      ).toEqual(["Alle", "Alle", "Alle"]);
    }
  });

  it("keeps the good one beside a bad one, and says when both are unknown", async () => {
    const one = await get("/kategorie/soup?ernaehrung=vegan&zeit=99");
    expect(one.html).toContain(REFUSED_ONE);
    expect(canonicalOf(one.html)).toBe(`${ORIGIN}/kategorie/soup?ernaehrung=vegan`);
    expect(cards(one.html)).not.toContain("kaesesuppe");
    const both = await get("/kategorie/soup?ernaehrung=fisch&zeit=99");
    expect(both.html).toContain("Die Filter aus dem Link kennen wir nicht – wir zeigen die Rezepte ohne sie.");
  });

  it("never errs and never shows what was sent as markup, whatever the values", async () => {
    const value = fc.oneof(
      fc.constantFrom(
        "vegan",
        "vegetarisch",
        "15",
        "20",
        "30",
        "500",
        '<script>alert("x")</script>',
        "%",
        "%ZZ",
        "\u0000",
      ),
      fc.string({ maxLength: 20 }),
      fc.string({ unit: "binary", maxLength: 20 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/kategorie/soup", "/suche", "/zutatensuche", "/suche.data", "/kategorie/soup.data"),
        fc.array(fc.tuple(fc.constantFrom("ernaehrung", "zeit", "kcal"), value), { minLength: 1, maxLength: 3 }),
        async (path, pairs) => {
          const query = pairs
            .map(([name, raw]) => {
              // Stray percent signs as they are; anything else encoded, lone surrogates replaced (they cannot be).
              const value = raw.startsWith("%") ? raw : encodeURIComponent(raw.replace(/\p{Cs}/gu, "\ufffd"));
              return `${name}=${value}`;
            })
            .join("&");
          const { response, html } = await get(`${path}?${query}`);
          expect(response.status, query).toBe(200);
          if ((response.headers.get("content-type") ?? "").startsWith("text/html")) {
            expect(html).not.toContain("<script>alert");
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("the edge cache with filters", () => {
  /** The page from the cache: the miss stores it after answering, so a few requests may still render. */
  async function hit(path: string) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const answer = await get(path);
      if (answer.cacheStatus === "wkij; hit") return answer;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`${path} never came from the cache`);
  }

  it("keeps a filtered list under its canonical address, and one per filter", async () => {
    const vegan = await hit("/kategorie/salad?ernaehrung=vegan&zeit=15");
    expect(vegan.response.headers.get("cache-control")).toBe("private, max-age=0");
    expect(cards(vegan.html)).toEqual(["tomatensalat"]);
    const vegetarian = await hit("/kategorie/salad?ernaehrung=vegetarisch&zeit=15");
    expect(vegetarian.response.headers.get("etag")).not.toBe(vegan.response.headers.get("etag"));
    // An unknown value is a page of its own too, shown without the filter; it is the same for everyone.
    const refused = await hit("/kategorie/salad?ernaehrung=Vegan");
    expect(refused.html).toContain(REFUSED_ONE);
  });

  it.each([
    "/kategorie/salad?zeit=15&ernaehrung=vegan",
    "/suche?q=suppe&kcal=500&zeit=15",
    "/suche?ernaehrung=vegan&q=suppe",
    "/suche?q=suppe&seite=2&ernaehrung=vegan",
    "/zutatensuche?ernaehrung=vegan&z=tomate",
    "/kategorie/salad?ernaehrung=vegan&utm_source=news",
    "/rezepte/tomatensalat?ernaehrung=vegan",
  ])("bypasses it for %s: not the canonical order, or not read by the page", async (path) => {
    const { response, cacheStatus } = await get(path);
    expect(response.status).toBe(200);
    expect(cacheStatus).toBe("wkij; fwd=bypass; detail=query");
    expect(response.headers.get("cache-control")).toBe("private, max-age=0");
  });
});

describe("the order by rating (sortierung=bewertung, decision 0066)", () => {
  it("is a row of two links beside the filter, keeping the filter, and keeps a valid order in the one address", async () => {
    const { response, html } = await get("/kategorie/soup?ernaehrung=vegan&sortierung=bewertung");
    expect(response.status).toBe(200);
    expect(orderChips(html)).toEqual([
      { text: "Standard", href: "/kategorie/soup?ernaehrung=vegan", current: false },
      { text: "Beste Bewertung", href: "/kategorie/soup?ernaehrung=vegan&sortierung=bewertung", current: true },
    ]);
    expect(canonicalOf(html)).toBe(`${ORIGIN}/kategorie/soup?ernaehrung=vegan&sortierung=bewertung`);
    // The filter's chips keep the order, after the filter; nothing here is rated, so the list is in its own order.
    expect(chips(html).find((chip) => chip.text === "Vegetarisch")?.href).toBe(
      "/kategorie/soup?ernaehrung=vegetarisch&sortierung=bewertung",
    );
    expect(cards(html)).toEqual(cards((await get("/kategorie/soup?ernaehrung=vegan")).html));
    const search = await get("/suche?q=suppe&sortierung=bewertung");
    expect(search.response.status).toBe(200);
    expect(orderChips(search.html).find((chip) => chip.current)?.text).toBe("Beste Bewertung");
    expect(search.html).toMatch(/<input type="hidden" name="sortierung" value="bewertung"\/>/);
  });

  it.each(["sortierung=standard", "sortierung=Bewertung", "sortierung=", "sortierung=bewertung&sortierung=bewertung"])(
    "%s: the list in its own order, a notice, and a canonical address without it",
    async (order) => {
      const { response, html } = await get(`/kategorie/soup?${order}`);
      expect(response.status).toBe(200);
      expect(html).toContain("Diese Sortierung kennen wir nicht – wir zeigen die Rezepte in der üblichen Reihenfolge.");
      expect(canonicalOf(html)).toBe(`${ORIGIN}/kategorie/soup`);
      expect(orderChips(html).find((chip) => chip.current)?.text).toBe("Standard");
      expect(cards(html)).toEqual(cards((await get("/kategorie/soup")).html));
    },
  );
});
