import { describe, expect, it } from "vitest";
import { validateRecipePage } from "../../scripts/seo/recipe-validator.ts";
import { recipeValidatorReport } from "../../scripts/seo/recipe-validator-report.ts";
import { type PageValidation, pageProblems } from "../../scripts/seo/seed-recipe-pages.ts";

/** A page whose Recipe has every field but those left out. */
function pageWithout(path: string, ...left: string[]): PageValidation {
  const recipe: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: "Shakshuka",
    image: "https://www.example.de/a.jpg",
    author: { "@type": "Organization", name: "Was koche ich jetzt" },
    datePublished: "2026-11-20",
    description: "Eier in Tomatensoße.",
    prepTime: "PT5M",
    cookTime: "PT20M",
    totalTime: "PT25M",
    keywords: "schnell",
    recipeYield: "2",
    recipeCategory: "Frühstück",
    recipeCuisine: "Orientalisch",
    nutrition: { "@type": "NutritionInformation", calories: "257 kcal" },
    recipeIngredient: ["4 Eier"],
    recipeInstructions: [{ "@type": "HowToStep", text: "Kochen." }],
    aggregateRating: { "@type": "AggregateRating", ratingValue: 4.5, ratingCount: 3 },
    video: {
      "@type": "VideoObject",
      name: "Shakshuka",
      description: "Eier in Tomatensoße.",
      thumbnailUrl: "https://www.example.de/v.jpg",
      uploadDate: "2026-11-20",
      embedUrl: "https://www.example.de/v",
    },
  };
  for (const field of left) delete recipe[field];
  const html = `<script type="application/ld+json">${JSON.stringify(recipe)}</script>`;
  return { path, status: 200, crawlable: true, validation: validateRecipePage(html) };
}

describe("the recipe validator's report", () => {
  const pages: PageValidation[] = [
    pageWithout("/rezepte/a", "video"),
    pageWithout("/rezepte/b", "video", "aggregateRating"),
    pageWithout("/rezepte/c", "video", "aggregateRating", "recipeCuisine"),
    { path: "/rezepte/d", status: 404, crawlable: true, validation: validateRecipePage("") },
    { ...pageWithout("/rezepte/e", "video", "aggregateRating"), crawlable: false },
  ];

  it("lets a page lack video, and nothing else", () => {
    expect(pages.map((page) => pageProblems(page))).toEqual([
      [],
      ["missing: no aggregateRating"],
      ["missing: no aggregateRating", "missing: no recipeCuisine"],
      ["answered 404", "error: no schema.org Recipe: the page has no application/ld+json block"],
      ["robots.txt keeps Googlebot off the page", "missing: no aggregateRating"],
    ]);
    expect(pageProblems(pages[2] as PageValidation, ["video", "aggregateRating"])).toEqual([
      "missing: no recipeCuisine",
    ]);
  });

  it("counts each field over the pages and names what each page lacks", () => {
    const report = recipeValidatorReport(pages, {
      site: "http://localhost:8787",
      date: new Date("2026-11-29T10:00Z"),
      images: false,
    });
    const row = (start: string) => report.split("\n").find((line) => line.startsWith(start));
    expect(row("| `name`")).toMatch(/^\| `name` +\| required +\| 4 \/ 5 +\| 1 +\| 0 +\|$/);
    expect(row("| `aggregateRating`")).toMatch(/\| recommended +\| 1 \/ 5 +\| 4 +\| 0 +\|$/);
    expect(row("| `recipeCuisine`")).toMatch(/\| 3 \/ 5 +\| 2 +\| 0 +\|$/);
    expect(row("| `/rezepte/c`")).toMatch(/\| 200 +\| 0 +\| `aggregateRating`; `recipeCuisine`; `video` +\| – +\|$/);
    expect(row("| `/rezepte/d`")).toMatch(/\| \*\*404\*\* +\| \*\*1\*\* +\|/);
    expect(row("| `/rezepte/e`")).toMatch(/\| 200, \*\*robots.txt: disallowed\*\* +\| 0 +\|/);
    expect(report).toContain("**not met** on 4 of 5 pages.");
  });
});
