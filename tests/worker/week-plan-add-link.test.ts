/**
 * "Zum Wochenplan" on a card (issue 46, decision 0070) in the built Worker: a
 * list's and the home page's cards link the week plan with the recipe
 * (`/wochenplan?rezept=<slug>`), which offers a day and servings for it;
 * whatever the address holds, the page answers and says so when it knows no
 * such recipe. The ingredient search links "Plan meine Woche" with its
 * ingredients and filter.
 */
import { exports } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { CatalogRecipe } from "../../catalog/recipes/types.ts";
import { publishRecipes, recipe } from "./catalog-fixture.ts";

const ORIGIN = "http://localhost:8787";

const RECIPES: CatalogRecipe[] = [
  recipe({ id: 1, slug: "tomatensuppe", name: "Tomatensuppe", type: "SOUP", ingredients: ["Tomate", "Zwiebel"] }),
  recipe({
    id: 2,
    slug: "linsensuppe",
    name: "Linsensuppe",
    type: "SOUP",
    ingredients: ["Linsen", "Zwiebel"],
    servings: 4,
  }),
  recipe({
    id: 3,
    slug: "kartoffelsuppe-fuer-einen",
    name: "Kartoffelsuppe für einen",
    type: "SOUP",
    ingredients: ["Tomate", "Kartoffel"],
    servings: 1,
  }),
];
const KNOWN = new Set(RECIPES.map((item) => item.slug));

beforeAll(() => publishRecipes(RECIPES));

async function get(path: string) {
  const response = await exports.default.fetch(new Request(`${ORIGIN}${path}`, { redirect: "manual" }));
  return { response, html: await response.text() };
}

/** The week plan links of a page's cards: the slug each names. */
function cardLinks(html: string): string[] {
  return [
    ...html.matchAll(/<a class="tool-button card-week-plan" rel="nofollow" [^>]*href="\/wochenplan\?rezept=([^"]+)"/g),
  ].map((match) => match[1] ?? "");
}

/** The add panel's heading, or null when the page shows none. */
function panelHeading(html: string): string | null {
  return /<h2 id="wochenplan-neu">([^<]*)<\/h2>/.exec(html)?.[1] ?? null;
}

const UNKNOWN_NOTICE = "Dieses Rezept gibt es nicht mehr. Dein Wochenplan ist unverändert.";

describe("the cards' link", () => {
  it("is on every card of a category, the ingredient search and the home page, never on the recipe page", async () => {
    expect((await cardLinks((await get("/kategorie/soup")).html)).sort()).toEqual([...KNOWN].sort());
    expect((await cardLinks((await get("/zutatensuche?z=tomate")).html)).sort()).toEqual(
      ["kartoffelsuppe-fuer-einen", "tomatensuppe"].sort(),
    );
    const home = (await get("/")).html;
    expect(cardLinks(home)).toHaveLength(1);
    const recipePage = (await get("/rezepte/tomatensuppe")).html;
    expect(recipePage).not.toContain("card-week-plan");
    expect(recipePage).toContain('class="week-plan-add"');
  });

  it("names the recipe for screen readers", async () => {
    expect((await get("/kategorie/soup")).html).toContain('aria-label="Zum Wochenplan: Tomatensuppe"');
  });
});

describe("the week plan with a recipe to add", () => {
  it("offers a day and the recipe's servings, privately", async () => {
    const { response, html } = await get("/wochenplan?rezept=linsensuppe");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    expect(panelHeading(html)).toBe("Zum Wochenplan: Linsensuppe");
    const start = html.indexOf('<section class="week-plan-adding"');
    const panel = html.slice(start, html.indexOf("</section>", start));
    expect(panel).toContain('<input type="hidden" name="rezept" value="linsensuppe"/>');
    // No way back named: without JavaScript the action's answer returns to the plan, not to this offer.
    expect(panel).not.toContain('name="redirect"');
    expect(panel).toContain('<input type="hidden" name="aktion" value="hinzufuegen"/>');
    expect(panel).toMatch(/<option value="4" selected="">4 Portionen<\/option>/);
    expect(panel).toContain(">Sonntag</option>");
  });

  it("offers the servings a plan entry may have, the recipe's own chosen", async () => {
    const { html } = await get("/wochenplan?rezept=kartoffelsuppe-fuer-einen");
    expect(html).toMatch(/<option value="1" selected="">1 Portion<\/option>/);
    expect(html).toContain('<option value="12">12 Portionen</option>');
    expect(html).not.toContain('<option value="13"');
  });

  it("says so for a recipe it does not know, and for an address it cannot read", async () => {
    const cases = [
      "rezept=gibt-es-nicht",
      "rezept=",
      "rezept=Tomatensuppe",
      "rezept=tomatensuppe&rezept=linsensuppe",
      "rezept=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
      `rezept=${"a".repeat(151)}`,
      "rezept=..%2F..%2Fetc%2Fpasswd",
      "rezept=tomatensuppe%00",
      "rezept=%E0%A4%A",
      "rezept=%C0%AFtomatensuppe",
      "rezept=%2F%2Fevil.example",
      "rezept=..%5C..%5Cwindows",
      "rezept=tomaten%2Dsuppe%20",
      `rezept=${"tomatensuppe-".repeat(800)}`,
    ];
    for (const query of cases) {
      const { response, html } = await get(`/wochenplan?${query}`);
      expect(response.status, query).toBe(200);
      expect(panelHeading(html), query).toBeNull();
      expect(html, query).toContain(UNKNOWN_NOTICE);
      expect(html, query).not.toContain("<script>alert");
    }
    const plain = await get("/wochenplan");
    expect(plain.html).not.toContain(UNKNOWN_NOTICE);
    expect(panelHeading(plain.html)).toBeNull();
  });

  it("shows the panel for exactly the recipes the catalog has, whatever else the address holds", async () => {
    const value = fc.oneof(
      fc.constantFrom(...KNOWN),
      fc.string({ maxLength: 40 }),
      fc.stringMatching(/^[a-z0-9-]{1,30}$/),
    );
    await fc.assert(
      fc.asyncProperty(value, async (slug) => {
        const { response, html } = await get(`/wochenplan?rezept=${encodeURIComponent(slug)}`);
        expect(response.status).toBe(200);
        if (KNOWN.has(slug)) expect(panelHeading(html)).toMatch(/^Zum Wochenplan: /);
        else {
          expect(panelHeading(html)).toBeNull();
          expect(html).toContain(UNKNOWN_NOTICE);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe("the ingredient search", () => {
  it("links 'Plan meine Woche' with its ingredients and filter once something is chosen", async () => {
    expect((await get("/zutatensuche")).html).not.toContain("Plan meine Woche mit diesen Zutaten");
    const { html } = await get("/zutatensuche?z=tomate&z=zwiebel&ernaehrung=vegan");
    const link = /<a rel="nofollow" [^>]*href="([^"]+)"[^>]*>Plan meine Woche mit diesen Zutaten<\/a>/.exec(html);
    expect(link?.[1]?.replaceAll("&amp;", "&")).toBe("/wochenplan/vorschlag?z=tomate&z=zwiebel&ernaehrung=vegan");
  });
});
