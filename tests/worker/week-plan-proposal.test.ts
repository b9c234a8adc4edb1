/**
 * "Plan meine Woche" (/wochenplan/vorschlag, decision 0071) in the built
 * Worker: answered for one request only (private, no-store, noindex, never
 * from or into the edge cache, not in the sitemap), the proposal for the
 * pantry and filter in its address, the category rule, the swap as a plain
 * link, what to buy, the form that takes the plan into the week plan, and
 * the public pages unchanged by anything a browser remembers.
 */
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { CatalogRecipe } from "../../catalog/recipes/types.ts";
import { publishRecipes, recipe } from "./catalog-fixture.ts";

const ORIGIN = "http://localhost:8787";

const withKcal = (kcal: number) => ({
  nutrition: { kcal, fat: 10, saturates: 2, carbohydrate: 30, sugars: 5, protein: 12, salt: 1 },
});

const RECIPES: CatalogRecipe[] = [
  recipe({
    id: 1,
    slug: "tomatensuppe",
    name: "Tomatensuppe",
    type: "SOUP",
    ingredients: ["Tomate", "Zwiebel", "Salz"],
    totalTime: 15,
    vegan: true,
    ...withKcal(300),
  }),
  recipe({
    id: 2,
    slug: "linsensuppe",
    name: "Linsensuppe",
    type: "SOUP",
    ingredients: ["Linsen", "Zwiebel", "Karotte"],
    totalTime: 25,
    vegan: true,
    ...withKcal(450),
  }),
  recipe({
    id: 3,
    slug: "tomatennudeln",
    name: "Tomatennudeln",
    type: "PASTA",
    ingredients: ["Nudeln", "Tomate", "Zwiebel", "Olivenöl"],
    totalTime: 15,
    vegan: true,
    ...withKcal(600),
  }),
  recipe({
    id: 4,
    slug: "carbonara",
    name: "Carbonara",
    type: "PASTA",
    ingredients: ["Nudeln", "Speck", "Ei", "Käse"],
    totalTime: 20,
    vegetarian: false,
    ...withKcal(800),
  }),
  recipe({
    id: 5,
    slug: "shakshuka",
    name: "Shakshuka",
    type: "DISH",
    ingredients: ["Tomate", "Zwiebel", "Ei", "Paprika"],
    totalTime: 20,
    ...withKcal(400),
  }),
  recipe({
    id: 6,
    slug: "speckpfanne",
    name: "Speckpfanne",
    type: "DISH",
    ingredients: ["Speck", "Zwiebel", "Kartoffel"],
    totalTime: 25,
    vegetarian: false,
    ...withKcal(700),
  }),
  recipe({
    id: 7,
    slug: "gemuesepfanne",
    name: "Gemüsepfanne",
    type: "DISH",
    ingredients: ["Zucchini", "Paprika", "Zwiebel"],
    totalTime: 15,
    vegan: true,
    ...withKcal(350),
  }),
  recipe({
    id: 8,
    slug: "tomatensalat",
    name: "Tomatensalat",
    type: "SALAD",
    ingredients: ["Tomate", "Zwiebel", "Olivenöl", "Salz"],
    totalTime: 10,
    vegan: true,
    ...withKcal(200),
  }),
  recipe({
    id: 9,
    slug: "gurkensalat",
    name: "Gurkensalat",
    type: "SALAD",
    ingredients: ["Gurke", "Zwiebel", "Essig"],
    totalTime: 10,
    vegan: true,
    ...withKcal(150),
  }),
  recipe({
    id: 10,
    slug: "margherita",
    name: "Pizza Margherita",
    type: "PIZZA",
    ingredients: ["Pizzateig", "Tomate", "Mozzarella"],
    totalTime: 30,
    ...withKcal(900),
  }),
  recipe({
    id: 11,
    slug: "ruehrei",
    name: "Rührei",
    type: "BREAKFAST",
    ingredients: ["Ei", "Butter"],
    totalTime: 10,
    servings: 4,
    ingredientLines: [
      {
        name: "Ei",
        plural: "Eier",
        wholePieces: true,
        amount: 6,
        amountMax: null,
        unit: null,
        note: null,
        optional: false,
      },
      {
        name: "Butter",
        plural: null,
        wholePieces: false,
        amount: 20,
        amountMax: null,
        unit: "g",
        note: null,
        optional: false,
      },
    ],
    ...withKcal(350),
  }),
];
const BY_SLUG = new Map(RECIPES.map((item) => [item.slug, item]));

beforeAll(() => publishRecipes(RECIPES));

async function get(path: string, init: RequestInit = {}) {
  const response = await exports.default.fetch(new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init }));
  return { response, html: await response.text() };
}

/** The proposal's days: slug of each day's card, in order. */
function plannedSlugs(html: string): string[] {
  const list = html.slice(
    html.indexOf('<ol class="week-plan-days">'),
    html.indexOf("</ol>", html.indexOf('<ol class="week-plan-days">')),
  );
  return [...list.matchAll(/<article class="recipe-card" data-slug="([^"]+)"/g)].map((match) => match[1] ?? "");
}

/** The "Anderes Rezept" links, in day order. */
function swapLinks(html: string): string[] {
  return [...html.matchAll(/<p class="week-plan-swap"><a [^>]*href="([^"]+)"/g)].map((match) =>
    (match[1] ?? "").replaceAll("&amp;", "&"),
  );
}

/** The fields of the form that takes the plan into the week plan. */
function takeForm(html: string) {
  const start = html.indexOf('<form class="week-plan-take" action="/wochenplan" method="post">');
  expect(start).toBeGreaterThanOrEqual(0);
  const form = html.slice(start, html.indexOf("</form>", start));
  const fields = [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(
    (match) => [match[1] ?? "", (match[2] ?? "").replaceAll("&amp;", "&")] as const,
  );
  return fields;
}

function toBuy(html: string): string[] {
  const start = html.indexOf('<ul class="week-plan-to-buy"');
  if (start === -1) return [];
  return [...html.slice(start, html.indexOf("</ul>", start)).matchAll(/<li>([^<]*)<\/li>/g)].map((match) =>
    // A quantity is kept apart from its unit by a non-breaking space.
    (match[1] ?? "").replace(/\s/g, " "),
  );
}

function categoryOf(slug: string): string {
  return BY_SLUG.get(slug)?.type ?? "?";
}

describe("answered for this request alone", () => {
  it("is private, no-store and noindex, the page and its data alike, and the edge never keeps it", async () => {
    for (const path of ["/wochenplan/vorschlag", "/wochenplan/vorschlag?tage=5&z=tomate"]) {
      const first = await get(path);
      expect(first.response.status).toBe(200);
      expect(first.response.headers.get("cache-control")).toBe("private, no-store");
      expect(first.response.headers.get("x-robots-tag")).toBe("noindex");
      expect(first.html).toContain('<meta name="robots" content="noindex"/>');
      const again = await get(path);
      expect(again.response.headers.get("cache-status")).not.toMatch(/hit|stored/);
      expect(again.response.headers.get("cache-control")).toBe("private, no-store");
    }
    const data = await get("/wochenplan/vorschlag.data?tage=5&z=tomate");
    expect(data.response.status).toBe(200);
    expect(data.response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("is not in the sitemap", async () => {
    const index = await (await get("/sitemap.xml")).html;
    const parts = [...index.matchAll(/<loc>[^<]*(\/sitemap\/[^<]+)<\/loc>/g)].map((match) => match[1] ?? "");
    expect(parts.length).toBeGreaterThan(0);
    for (const part of parts) expect((await get(part)).html).not.toContain("/wochenplan");
  });

  it("leaves the public pages as they are, whatever the browser remembers", async () => {
    const remembered = encodeURIComponent(
      JSON.stringify({ selected: ["speck"], missingBasics: ["salz"], changedAt: 1 }),
    );
    const withoutNonces = (html: string) => html.replace(/\snonce="[^"]*"/g, "");
    for (const path of ["/kategorie/soup", "/zutatensuche?z=tomate", "/rezepte/tomatensuppe"]) {
      const plain = await hitOf(path);
      const withPantry = await hitOf(path, { headers: { cookie: `wkij-vorrat=${remembered}; vorrat=${remembered}` } });
      expect(withoutNonces(withPantry.html), path).toBe(withoutNonces(plain.html));
    }
  });

  it("is linked from the shopping list", async () => {
    const { html } = await get("/einkaufsliste");
    expect(html).toContain('href="/wochenplan/vorschlag"');
  });
});

/** The page from the edge cache (a miss stores it after answering). */
async function hitOf(path: string, init: RequestInit = {}) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const answer = await get(path, init);
    if (answer.response.headers.get("cache-status") === "wkij; hit") return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${path} never came from the cache`);
}

describe("the proposal", () => {
  it("plans the days asked, with no category on two days in a row, from the pantry", async () => {
    for (const days of [3, 4, 5, 6, 7]) {
      const { html } = await get(`/wochenplan/vorschlag?tage=${days}&z=tomate&z=zwiebel`);
      const slugs = plannedSlugs(html);
      expect(slugs, `${days}`).toHaveLength(days);
      expect(new Set(slugs).size).toBe(days);
      for (let day = 1; day < slugs.length; day++) {
        expect(categoryOf(slugs[day] ?? ""), slugs.join()).not.toBe(categoryOf(slugs[day - 1] ?? ""));
      }
      expect(html).toContain("Montag");
      expect(html).not.toContain("Fehler");
    }
  });

  it("uses the pantry: 3 dinners with tomato and onion need nothing more, and each day says what it uses", async () => {
    const { html } = await get("/wochenplan/vorschlag?tage=3&z=tomate&z=zwiebel");
    // Tomatensuppe and Tomatensalat need nothing; a third costs one or two.
    expect(plannedSlugs(html)).toEqual(expect.arrayContaining(["tomatensuppe", "tomatensalat"]));
    expect(html).toContain("Aus deinem Vorrat: Tomate und Zwiebel");
    expect(html).toContain("Wir planen mit: Tomate und Zwiebel.");
    expect(toBuy(html).length).toBeLessThanOrEqual(2);
    expect(toBuy(html)).not.toContain("Tomate");
  });

  it("keeps the diet, time and kcal filters", async () => {
    const vegan = plannedSlugs((await get("/wochenplan/vorschlag?tage=3&z=tomate&ernaehrung=vegan")).html);
    expect(vegan).toHaveLength(3);
    for (const slug of vegan) expect(BY_SLUG.get(slug)?.vegan, slug).toBe(true);
    const quick = plannedSlugs((await get("/wochenplan/vorschlag?tage=4&zeit=15")).html);
    expect(quick).toHaveLength(4);
    for (const slug of quick) expect(BY_SLUG.get(slug)?.totalTime, slug).toBeLessThanOrEqual(15);
    const light = plannedSlugs((await get("/wochenplan/vorschlag?tage=3&kcal=500")).html);
    for (const slug of light) expect(BY_SLUG.get(slug)?.nutrition?.kcal, slug).toBeLessThanOrEqual(500);
  });

  it("says so in German when the filter leaves fewer days than asked", async () => {
    // Quick (15 min) and vegan: Tomatensuppe (soup), Tomatennudeln (pasta), Gemüsepfanne, Tomatensalat, Gurkensalat.
    const { html } = await get("/wochenplan/vorschlag?tage=7&ernaehrung=vegan&zeit=15");
    const slugs = plannedSlugs(html);
    expect(slugs.length).toBeLessThan(7);
    expect(html).toContain(`Mit diesen Filtern finden wir nur für ${slugs.length} statt 7 Tage Rezepte`);
  });

  it("says how to fill an empty pantry, with a link to the ingredient search", async () => {
    const { html } = await get("/wochenplan/vorschlag");
    expect(html).toContain("Dein Vorrat ist leer");
    expect(html).toContain('href="/zutatensuche"');
    expect(plannedSlugs(html)).toHaveLength(5);
  });

  it("lists what to buy with combined amounts, the pantry's and the basics left out", async () => {
    const { html } = await get("/wochenplan/vorschlag?tage=3&z=tomate&z=zwiebel&fehlt=salz");
    expect(toBuy(html)).toContain("Salz");
    const withBasics = toBuy((await get("/wochenplan/vorschlag?tage=3&z=tomate&z=zwiebel")).html);
    expect(withBasics).not.toContain("Salz");
    expect(withBasics).not.toContain("Zwiebel");
    // A plan the address names (as after a swap): both salads and the Rührei, with an empty pantry.
    const quick = await get("/wochenplan/vorschlag?tage=3&plan=gurkensalat&plan=ruehrei&plan=tomatensalat");
    expect(plannedSlugs(quick.html)).toEqual(["gurkensalat", "ruehrei", "tomatensalat"]);
    const lines = toBuy(quick.html);
    expect(lines).toEqual(expect.arrayContaining(["6 Eier", "20 g Butter", "Zwiebel", "Tomate", "Gurke", "Essig"]));
    // The onion both salads need is one line.
    expect(lines.filter((line) => line.includes("Zwiebel"))).toEqual(["Zwiebel"]);
  });

  it("offers the plan to the week plan: the form token's place, the action, and one entry per day at the recipe's servings", async () => {
    const { html } = await get("/wochenplan/vorschlag?tage=3&z=tomate&z=zwiebel");
    const fields = takeForm(html);
    expect(fields.find(([name]) => name === "aktion")?.[1]).toBe("vorschlag-uebernehmen");
    const entries = fields.filter(([name]) => name === "eintrag").map(([, value]) => value);
    expect(entries).toEqual(plannedSlugs(html).map((slug, day) => `${day}|${slug}|${BY_SLUG.get(slug)?.servings}`));
    // Not signed in: no form token to carry (signed in, the visitor's token goes in as on every form).
    expect(fields.some(([name]) => name === "csrf")).toBe(false);
  });
});

describe("the swap", () => {
  it("replaces one day by the next-best and keeps the others, never one the day showed before", async () => {
    const first = await get("/wochenplan/vorschlag?tage=3&z=tomate&z=zwiebel");
    const before = plannedSlugs(first.html);
    const seen = new Set([before[1]]);
    let href = swapLinks(first.html)[1] ?? "";
    expect(href).toContain("tausch=1");
    let current = before;
    for (let press = 0; press < 3; press++) {
      const { html } = await get(href);
      const after = plannedSlugs(html);
      if (html.includes("passt kein anderes Rezept mehr")) {
        expect(after).toEqual(current);
        break;
      }
      expect(after[0]).toBe(before[0]);
      expect(after[2]).toBe(before[2]);
      expect(seen.has(after[1]), `${after[1]} again`).toBe(false);
      expect(categoryOf(after[1] ?? "")).not.toBe(categoryOf(after[0] ?? ""));
      expect(categoryOf(after[1] ?? "")).not.toBe(categoryOf(after[2] ?? ""));
      seen.add(after[1]);
      current = after;
      href = swapLinks(html)[1] ?? "";
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it("keeps the filter through a swap, and a plan that no longer fits is replaced by a fresh proposal", async () => {
    const first = await get("/wochenplan/vorschlag?tage=3&ernaehrung=vegan");
    const swapped = await get(swapLinks(first.html)[0] ?? "");
    for (const slug of plannedSlugs(swapped.html)) expect(BY_SLUG.get(slug)?.vegan, slug).toBe(true);
    const stale = await get(
      "/wochenplan/vorschlag?tage=3&plan=gibt-es-nicht&plan=tomatensuppe&plan=carbonara&tausch=0",
    );
    expect(stale.response.status).toBe(200);
    expect(stale.html).toContain("passt nicht mehr");
    expect(plannedSlugs(stale.html)).toHaveLength(3);
  });

  it("answers any address with a page, never an error", async () => {
    for (const search of [
      "tage=99&plan=a&plan=a&tausch=9",
      "tage=3&plan=tomatensuppe&plan=carbonara&plan=shakshuka&tausch=2&gezeigt=2|x&gezeigt=9|y&gezeigt=%00",
      "z=%E2%80%AE&z=sorte:__proto__&fehlt=__proto__&ernaehrung=constructor",
    ]) {
      const { response } = await get(`/wochenplan/vorschlag?${search}`);
      expect(response.status, search).toBe(200);
    }
  });
});
