import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { recipesSitemap, sitemapIndex } from "../../app/lib/seo/sitemap.ts";
import type { RecipeSummary } from "../../catalog/recipes/types.ts";

const SITE = "https://www.example.org";

function summaries(count: number): RecipeSummary[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    slug: `rezept-${index + 1}`,
    name: `Rezept ${index + 1}`,
    cuisine: null,
    image: index % 3 === 0 ? null : `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
    totalTime: 20,
    vegetarian: false,
    vegan: false,
    type: "DISH",
    published: "2026-01-01T00:00:00.000Z",
    ingredients: [],
    description: null,
    recipeUrl: null,
  }));
}

const locs = (xml: string) => [...xml.matchAll(/<url><loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

describe("recipe sitemaps", () => {
  it("name every recipe once, in parts the index lists, and nothing past the last part", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_600 }), (count) => {
        const recipes = summaries(count);
        const catalog = {
          count,
          slugAt: (position: number) => recipes[position]?.slug ?? "",
          imageAt: (position: number) => recipes[position]?.image ?? null,
        };
        const parts = [...sitemapIndex(SITE, count).matchAll(/sitemap\/rezepte-(\d+)\.xml/g)].map((match) =>
          Number(match[1]),
        );
        expect(parts).toEqual(parts.map((_, index) => index + 1));
        const found = parts.flatMap((part) => locs(recipesSitemap(SITE, catalog, part) ?? ""));
        expect(found).toEqual(recipes.map((recipe) => `${SITE}/rezepte/${recipe.slug}`));
        expect(recipesSitemap(SITE, catalog, parts.length + 1)).toBeUndefined();
        // Small parts: each one is cheap to write on any request.
        for (const part of parts)
          expect(locs(recipesSitemap(SITE, catalog, part) ?? "").length).toBeLessThanOrEqual(500);
      }),
      { numRuns: 30 },
    );
  });
});
