import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { NECESSARY_ONLY, serializeConsent } from "../../app/lib/consent/consent.ts";
import { decodeIngredientOptions } from "../../app/lib/recipes/ingredient-options.ts";
import { kindMask } from "../../catalog/search/search-words.ts";
import { publishRecipes, recipe } from "./catalog-fixture.ts";

const ORIGIN = "http://localhost:8787";

/** 30 soups: more than one page of a category. */
const SOUPS = Array.from({ length: 30 }, (_, i) =>
  recipe({
    id: i + 1,
    slug: `suppe-${String(i + 1).padStart(2, "0")}`,
    name: `Suppe ${String(i + 1).padStart(2, "0")}`,
    type: "SOUP",
    ingredients: ["Wasser", "Salz"],
  }),
);

const RECIPES = [
  ...SOUPS,
  recipe({
    id: 101,
    slug: "tomatensalat",
    name: "Tomatensalat",
    type: "SALAD",
    ingredients: ["Tomate", "Zwiebel", "Olivenöl"],
    totalTime: 10,
  }),
  recipe({
    id: 102,
    slug: "shakshuka",
    name: "Shakshuka",
    type: "BREAKFAST",
    ingredients: ["Tomate", "Zwiebel", "Ei", "Paprika"],
  }),
  recipe({ id: 103, slug: "spaetzle", name: "Käsespätzle", ingredients: ["Spätzle", "Käse", "Zwiebel"] }),
  recipe({
    id: 104,
    slug: "speckpfanne",
    name: "Speckpfanne",
    ingredients: ["Speck", "Zwiebel", "Tomate"],
    vegetarian: false,
  }),
];

beforeAll(() =>
  publishRecipes(RECIPES, {
    Speck: "MEAT",
    Tomate: "VEGETABLE",
    Zwiebel: "VEGETABLE",
    Paprika: "VEGETABLE",
    Käse: "CHEESE",
    Spätzle: "NOODLES",
  }),
);

async function get(path: string, init: RequestInit = {}): Promise<{ response: Response; html: string }> {
  const response = await exports.default.fetch(new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init }));
  return { response, html: await response.text() };
}

/** The data-slug of every recipe card, in page order. */
function cards(html: string): string[] {
  return [...html.matchAll(/<article class="recipe-card" data-slug="([^"]+)"/g)].map((match) => match[1] ?? "");
}

function jsonLdOf(html: string): Record<string, unknown> {
  const match = html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/);
  expect(match).not.toBeNull();
  return JSON.parse(match?.[1] ?? "{}");
}

describe("category pages", () => {
  it("lists the first 24 recipes by name, links the next page and describes the list as an ItemList", async () => {
    const { response, html } = await get("/kategorie/soup");
    expect(response.status).toBe(200);
    expect(html).toContain("<title>Suppen - Was koche ich jetzt</title>");
    expect(cards(html)).toEqual(SOUPS.slice(0, 24).map((soup) => soup.slug));
    expect(html).toContain('<link rel="canonical" href="http://localhost:8787/kategorie/soup"/>');
    expect(html).toContain('<link rel="next" href="http://localhost:8787/kategorie/soup?seite=2"/>');
    expect(html).not.toContain('rel="prev"');
    expect(html).toContain("30 Rezepte, Seite 1 von 2");
    const list = jsonLdOf(html);
    expect(list["@type"]).toBe("ItemList");
    const items = list.itemListElement as { position: number; url: string }[];
    expect(items).toHaveLength(24);
    expect(items[0]).toMatchObject({ "@type": "ListItem", position: 1, url: `${ORIGIN}/rezepte/suppe-01` });
  });

  it("shows the rest on page 2 with a link back", async () => {
    const { html } = await get("/kategorie/soup?seite=2");
    expect(html).toContain("<title>Suppen, Seite 2 - Was koche ich jetzt</title>");
    expect(cards(html)).toEqual(SOUPS.slice(24).map((soup) => soup.slug));
    expect(html).toContain('<link rel="prev" href="http://localhost:8787/kategorie/soup"/>');
    expect(html).not.toContain('<link rel="next"');
    expect(html).toMatch(/<a [^>]*rel="prev"[^>]*href="\/kategorie\/soup"[^>]*>Vorherige Seite<\/a>/);
    expect((jsonLdOf(html).itemListElement as { position: number }[])[0]?.position).toBe(25);
  });

  it("gives every page one address", async () => {
    for (const [path, status, location] of [
      ["/kategorie/SOUP", 301, "/kategorie/soup"],
      ["/kategorie/soup?seite=1", 301, "/kategorie/soup"],
      ["/kategorie/soup?seite=abc", 301, "/kategorie/soup"],
      ["/kategorie/soup?seite=-2", 301, "/kategorie/soup"],
      ["/kategorie/soup?seite=9", 302, "/kategorie/soup?seite=2"],
      ["/kategorie/nachtisch", 302, "/"],
    ] as const) {
      const { response } = await get(path);
      expect(response.status, path).toBe(status);
      expect(response.headers.get("location"), path).toBe(location);
    }
  });

  it("says so when a category has no recipes yet", async () => {
    const { response, html } = await get("/kategorie/pizza");
    expect(response.status).toBe(200);
    expect(html).toContain("In dieser Kategorie gibt es noch keine Rezepte.");
    expect(cards(html)).toEqual([]);
  });
});

describe("name search", () => {
  it("finds recipes whose name contains the term, whatever the case", async () => {
    const { response, html } = await get("/suche?q=SALAT");
    expect(response.status).toBe(200);
    expect(html).toContain("<title>Rezeptsuche - Was koche ich jetzt</title>");
    expect(cards(html)[0]).toBe("tomatensalat");
    expect(html).toMatch(/<p role="status" class="list-count">1 Rezept für „(<!-- -->)?SALAT(<!-- -->)?“<\/p>/);
    // Result pages may be indexed; their canonical address holds only the term.
    expect(html).not.toContain('name="robots"');
    expect(html).toContain('<link rel="canonical" href="http://localhost:8787/suche?q=SALAT"/>');
    // The field keeps the term and the clear button is there while it has text.
    expect(html).toMatch(/<input[^>]*name="q"[^>]*value="SALAT"/);
    expect(html).toContain('aria-label="Suchbegriff löschen" href="/suche"');
  });

  it("finds recipes by another form of a word and says why", async () => {
    const { html } = await get("/suche?q=eier");
    expect(cards(html)).toContain("shakshuka");
    // The note sits in Shakshuka's own card, not a later one.
    expect(html).toMatch(/data-slug="shakshuka"(?:(?!<article).)*<p class="match-reason">enthält Ei<\/p>/s);
  });

  it("finds Käsespätzle when typed without umlaut", async () => {
    expect(cards((await get("/suche?q=spatzle")).html)).toContain("spaetzle");
  });

  it("shows no results for a blank term, and no clear button", async () => {
    const { html } = await get("/suche?q=%20%20");
    expect(cards(html)).toEqual([]);
    expect(html).not.toContain("Suchbegriff löschen");
    expect(html).toContain('<link rel="canonical" href="http://localhost:8787/suche"/>');
  });

  it("helps when nothing matches: advice, categories and new recipes", async () => {
    const { response, html } = await get("/suche?q=Quarkkeulchen");
    expect(response.status).toBe(200);
    expect(html).toMatch(/Keine Rezepte für „(<!-- -->)?Quarkkeulchen(<!-- -->)?“ gefunden\./);
    expect(html).toContain('href="/zutatensuche"');
    expect(html).toContain('href="/kategorie/soup"');
    expect(html).toContain("Neu bei uns");
    expect(cards(html)).toEqual(["speckpfanne", "spaetzle", "shakshuka"]);
  });

  it("escapes what it echoes", async () => {
    const { html } = await get(`/suche?q=${encodeURIComponent("<script>alert(1)</script>")}`);
    expect(html).not.toContain("<script>alert(1)</script>");
  });
});

describe("ingredient search", () => {
  it("lists every ingredient by recipe count, then recipes by how many selected ingredients they have", async () => {
    const { response, html } = await get("/zutatensuche?z=tomate&z=zwiebel");
    expect(response.status).toBe(200);
    // Overview: most used first (the soups' Salz and Wasser, then Zwiebel, Tomate …), selected ones checked.
    const options = [...html.matchAll(/<input type="checkbox" name="z"( checked="")? value="([^"]+)"/g)];
    expect(options.slice(2, 4).map((match) => match[2])).toEqual(["zwiebel", "tomate"]);
    expect(options.filter((match) => match[1]).map((match) => match[2])).toEqual(["zwiebel", "tomate"]);
    // Score 2: Tomatensalat and Speckpfanne miss one ingredient (the salad is quicker), Shakshuka two;
    // Käsespätzle has only the onion.
    expect(cards(html)).toEqual(["tomatensalat", "speckpfanne", "shakshuka", "spaetzle"]);
    // Olivenöl is a basic, at hand unless the address says it is missing (decision 0040).
    expect(html).toContain("3 von 3 Zutaten</strong> hast du. Es fehlt nichts!");
    expect(html).toContain("2 von 4 Zutaten</strong> hast du. Es fehlen: Ei, Paprika.");
    expect(html).toContain("4 passende Rezepte");
    // Chips remove one ingredient each.
    expect(html).toContain('aria-label="Tomate entfernen" href="/zutatensuche?z=zwiebel"');
  });

  it("drops recipes with an excluded ingredient", async () => {
    const { html } = await get("/zutatensuche?z=tomate&z=zwiebel&ohne=speck");
    expect(cards(html)).not.toContain("speckpfanne");
    expect(html).toContain("ohne Speck");
  });

  it("ignores ingredients it does not know and says so", async () => {
    const { html } = await get("/zutatensuche?z=tomate&z=drachenfrucht");
    expect(html).toContain("Eine Zutat aus dem Link kennen wir nicht mehr");
    expect(cards(html)).toContain("tomatensalat");
  });

  it("gives one canonical address per result, whatever the order and the overview filter", async () => {
    const { html } = await get("/zutatensuche?z=zwiebel&ohne=speck&z=tomate&z=drachenfrucht&zutat=k");
    expect(html).not.toContain('name="robots"');
    expect(html).toContain(
      '<link rel="canonical" href="http://localhost:8787/zutatensuche?z=tomate&amp;z=zwiebel&amp;ohne=speck"/>',
    );
  });

  it("filters the overview without JavaScript", async () => {
    const { html } = await get("/zutatensuche?zutat=zwie");
    const options = [...html.matchAll(/<input type="checkbox" name="z" value="([^"]+)"/g)].map((match) => match[1]);
    expect(options).toEqual(["zwiebel"]);
  });

  it("takes a kind as a whole from the address: any ingredient of it counts", async () => {
    const { html } = await get("/zutatensuche?z=sorte:fleisch");
    expect(cards(html)).toEqual(["speckpfanne"]);
    expect(html).toContain("1 von 3 Zutaten</strong> hast du. Es fehlen: Zwiebel, Tomate.");
    expect(html).toMatch(/<input type="checkbox" name="z" checked="" value="sorte:fleisch"\/>/);
    expect(html).toContain('aria-label="Fleisch und Fisch (alle Sorten) entfernen" href="/zutatensuche"');
    expect(html).toContain('<link rel="canonical" href="http://localhost:8787/zutatensuche?z=sorte%3Afleisch"/>');
    // A kind counts once, however many of its ingredients a recipe has; the ingredients it covers are not missing.
    const vegetables = await get("/zutatensuche?z=sorte%3Agemuese&z=speck");
    expect(cards(vegetables.html)[0]).toBe("speckpfanne");
    expect(vegetables.html).toContain("3 von 3 Zutaten</strong> hast du. Es fehlt nichts!");
  });

  it("offers a kind when the filter names it, without JavaScript", async () => {
    const { html } = await get("/zutatensuche?zutat=gem%C3%BCse");
    const options = [...html.matchAll(/<input type="checkbox" name="z" value="([^"]+)"/g)].map((match) => match[1]);
    expect(options[0]).toBe("sorte:gemuese");
    expect(options.slice(1).sort()).toEqual(["paprika", "tomate", "zwiebel"]);
    expect(html).toContain("Gemüse (alle Sorten)");
  });

  it("drops recipes with an ingredient of an excluded kind", async () => {
    const { html } = await get("/zutatensuche?z=zwiebel&ohne=sorte:fleisch");
    expect(cards(html)).not.toContain("speckpfanne");
    expect(cards(html)).toContain("tomatensalat");
    expect(html).toContain("ohne Fleisch und Fisch (alle Sorten)");
    expect(html).toContain('<option value="sorte:gemuese">Gemüse (alle Sorten)</option>');
  });

  it("gives the whole ingredient list on its own, most used first, as rows the picker reads", async () => {
    const { response, html } = await get("/zutatensuche/zutaten.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    const rows = decodeIngredientOptions((JSON.parse(html) as { ingredients: unknown }).ingredients);
    expect(rows?.map((row) => row.slug)).toEqual([
      "salz",
      "wasser",
      "zwiebel",
      "tomate",
      "ei",
      "kaese",
      "olivenoel",
      "paprika",
      // Ties by name, as German sorts them: "Spätzle" before "Speck".
      "spaetzle",
      "speck",
    ]);
    expect(rows?.find((row) => row.slug === "speck")).toEqual({
      slug: "speck",
      name: "Speck",
      recipeCount: 1,
      kinds: kindMask(["MEAT"]),
    });
  });

  it("offers to exclude the ingredients of the recipes on the page that are not chosen, and every kind there is", async () => {
    const { html } = await get("/zutatensuche?z=tomate&z=zwiebel&ohne=speck");
    const offered = [...html.matchAll(/<option value="([^"]+)">/g)].map((match) => match[1]);
    // The recipes left: Tomatensalat, Shakshuka, Käsespätzle.
    expect(offered.filter((value) => !value?.startsWith("sorte:"))).toEqual([
      "ei",
      "kaese",
      "olivenoel",
      "paprika",
      "spaetzle",
    ]);
    expect(offered.filter((value) => value?.startsWith("sorte:")).sort()).toEqual([
      "sorte:fleisch",
      "sorte:gemuese",
      "sorte:kaese",
      "sorte:nudeln",
    ]);
  });

  it("answers the data request of a chosen kind as the page", async () => {
    const { response, html } = await get("/zutatensuche.data?z=sorte%3Afleisch");
    expect(response.status).toBe(200);
    expect(html).toContain("speckpfanne");
    expect(html).not.toContain("shakshuka");
  });

  it("ignores a kind it does not know and says so", async () => {
    const { html } = await get("/zutatensuche?z=tomate&z=sorte:drachen");
    expect(html).toContain("Eine Zutat aus dem Link kennen wir nicht mehr");
    expect(cards(html)).toContain("tomatensalat");
  });

  it("pages its matches by twelve, the rest on later pages", async () => {
    const first = await get("/zutatensuche?z=wasser");
    // All 30 soups have water; equal scores keep the catalog's order.
    expect(cards(first.html)).toEqual(SOUPS.slice(0, 12).map((soup) => soup.slug));
    expect(first.html).toContain("30 passende Rezepte, Seite 1 von 3");
    expect(first.html).toMatch(/<a [^>]*rel="next"[^>]*href="\/zutatensuche\?z=wasser&amp;seite=2"/);
    const last = await get("/zutatensuche?z=wasser&seite=3");
    expect(cards(last.html)).toEqual(SOUPS.slice(24).map((soup) => soup.slug));
    expect(last.html).toContain("30 passende Rezepte, Seite 3 von 3");
    // Past the end: the last page's one address.
    const past = await get("/zutatensuche?z=wasser&seite=4");
    expect(past.response.status).toBe(302);
    expect(past.response.headers.get("location")).toBe("/zutatensuche?z=wasser&seite=3");
  });

  it("asks for a choice while nothing is selected", async () => {
    const { html } = await get("/zutatensuche");
    expect(cards(html)).toEqual([]);
    expect(html).toContain("Wähle mindestens eine Zutat aus");
  });
});

describe("crawlers", () => {
  it("get the same complete page as everyone, whatever the user agent", async () => {
    const visitor = await get("/kategorie/soup?seite=2");
    const crawler = await get("/kategorie/soup?seite=2", {
      headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    });
    // Both whole: the last card, the pagination and the closing tag are there.
    for (const page of [visitor, crawler]) {
      expect(cards(page.html)).toEqual(SOUPS.slice(24).map((soup) => soup.slug));
      expect(page.html).toContain("Vorherige Seite");
      expect(page.html.trimEnd().endsWith("</html>")).toBe(true);
      // Written once everything was ready: React Router's data in place, no fallback swapped in later.
      expect(page.html).toContain("streamController.close()");
      expect(page.html).not.toMatch(/<template id="B:\d+"/);
    }
    expect(crawler.response.headers.get("etag")).toBe(visitor.response.headers.get("etag"));
  });

  it("robots.txt names the sitemap and keeps the CMS out, but not its recipe images", async () => {
    const { response, html } = await get("/robots.txt");
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(html).toContain("Sitemap: http://localhost:8787/sitemap.xml");
    expect(html).toContain("Disallow: /directus/");
    expect(html).toContain("Allow: /directus/assets/");
  });

  it("the sitemap index names the page sitemap and the recipe sitemap", async () => {
    const { response, html } = await get("/sitemap.xml");
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect([...html.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual([
      `${ORIGIN}/sitemap/seiten.xml`,
      `${ORIGIN}/sitemap/rezepte-1.xml`,
    ]);
  });

  it("lists fixed pages, every category page and every recipe", async () => {
    const pages = (await get("/sitemap/seiten.xml")).html;
    expect(pages).toContain(`<loc>${ORIGIN}/kategorie/soup?seite=2</loc>`);
    expect(pages).toContain(`<loc>${ORIGIN}/impressum</loc>`);
    expect(pages).not.toContain("/kategorie/pizza");
    const recipes = (await get("/sitemap/rezepte-1.xml")).html;
    expect(recipes.match(/<url>/g)).toHaveLength(RECIPES.length);
    expect(recipes).toContain(`<loc>${ORIGIN}/rezepte/tomatensalat</loc>`);
    expect((await get("/sitemap/rezepte-2.xml")).response.status).toBe(302);
  });
});

describe("caching", () => {
  it("gives anonymous pages an ETag and answers a repeat with 304", async () => {
    const first = await get("/kategorie/soup");
    expect(first.response.headers.get("cache-control")).toBe("private, max-age=0");
    expect(first.response.headers.get("vary")).toContain("Cookie");
    const etag = first.response.headers.get("etag");
    expect(etag).toMatch(/^W\/"[0-9a-f]{32}"$/);

    const repeat = await get("/kategorie/soup", { headers: { "if-none-match": etag ?? "" } });
    expect(repeat.response.status).toBe(304);
    expect(repeat.html).toBe("");

    // Another page, or the same page with another consent, is another version.
    expect((await get("/kategorie/soup?seite=2")).response.headers.get("etag")).not.toBe(etag);
    const rejected = `wkij_einwilligung=${serializeConsent(NECESSARY_ONLY)}`;
    expect((await get("/kategorie/soup", { headers: { cookie: rejected } })).response.headers.get("etag")).not.toBe(
      etag,
    );
    // A cookie the page does not read changes nothing.
    expect((await get("/kategorie/soup", { headers: { cookie: "a=b" } })).response.headers.get("etag")).toBe(etag);
  });

  it("never marks the random pick cacheable", async () => {
    const { response } = await get("/");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("etag")).toBeNull();
  });
});

describe("hydration in slices (decision 0059)", () => {
  it.each([
    { path: "/", cards: '<!--$--><article class="recipe-card"' },
    { path: "/kategorie/soup", cards: '<!--$--><section class="recipe-list"' },
    { path: "/suche?q=suppe", cards: '<!--$--><section class="recipe-list"' },
    { path: "/zutatensuche?z=tomate&z=zwiebel", cards: '<!--$--><article class="recipe-card"' },
  ])("$path writes its cards as a boundary of their own, apart from the page's controls", async ({ path, cards }) => {
    const { html } = await get(path);
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(main).toContain(cards);
    // Inside the page's boundary (the one opening before them), not part of it.
    expect(main.slice(0, main.indexOf(cards)).match(/<!--\$-->/g)?.length).toBe(1);
    // In place, as every boundary: the cards are there without JavaScript.
    expect(html).not.toContain('<template id="B:');
  });
});
