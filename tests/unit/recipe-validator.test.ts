import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isIsoDate, isoDurationSeconds } from "../../scripts/seo/iso-8601.ts";
import {
  RECOMMENDED_FIELDS,
  REQUIRED_FIELDS,
  type RecipeField,
  validateRecipePage,
} from "../../scripts/seo/recipe-validator.ts";

/** A Recipe with every required and recommended field, each in a form Google reads. */
const GOOD: Record<string, unknown> = {
  "@context": "https://schema.org",
  "@type": "Recipe",
  name: "Shakshuka",
  image: [
    "https://www.example.de/bilder/shakshuka-1x1.jpg",
    "https://www.example.de/bilder/shakshuka-4x3.jpg",
    "https://www.example.de/bilder/shakshuka-16x9.jpg",
  ],
  author: { "@type": "Organization", name: "Was koche ich jetzt" },
  datePublished: "2026-11-20",
  description: "In würziger Tomatensoße gestockte Eier.",
  prepTime: "PT5M",
  cookTime: "PT20M",
  totalTime: "PT25M",
  keywords: "schnell, unter 30 Minuten, vegetarisch",
  recipeYield: ["2", "2 Portionen"],
  recipeCategory: "Frühstück",
  recipeCuisine: "Orientalisch",
  nutrition: { "@type": "NutritionInformation", calories: "257 kcal", fatContent: "16.1 g" },
  recipeIngredient: ["4 Eier", "400 g Passierte Tomaten"],
  recipeInstructions: [
    { "@type": "HowToStep", text: "Gib die Tomaten in die Pfanne." },
    { "@type": "HowToStep", text: "Lass die Eier darin stocken." },
  ],
  aggregateRating: { "@type": "AggregateRating", ratingValue: 4.6, ratingCount: 23 },
  video: {
    "@type": "VideoObject",
    name: "Shakshuka in 25 Minuten",
    description: "Wie die Eier in der Soße stocken.",
    thumbnailUrl: "https://www.example.de/bilder/shakshuka-video.jpg",
    uploadDate: "2026-11-20T10:00:00+01:00",
    contentUrl: "https://www.example.de/videos/shakshuka.mp4",
  },
};

/** A page around JSON-LD blocks, with a script of another type beside them that must be ignored. */
function page(...blocks: string[]): string {
  const scripts = blocks.map((block) => `<script type="application/ld+json">${block}</script>`).join("");
  return `<!doctype html><html><head><title>Rezept</title>${scripts}<script type="module">JSON.parse("{")</script></head><body></body></html>`;
}

const pageOf = (recipe: Record<string, unknown>) => page(JSON.stringify(recipe));
const without = (field: string) => Object.fromEntries(Object.entries(GOOD).filter(([key]) => key !== field));

/** The Recipe without a field; nutrition.calories lives inside nutrition. */
const removeField = (field: RecipeField) =>
  field === "nutrition.calories" ? { ...GOOD, nutrition: { "@type": "NutritionInformation" } } : without(field);

/** Fields whose absence also breaks another's rule: the tests below take them on their own. */
const TIED = ["prepTime", "cookTime", "recipeYield"];

describe("the recipe validator", () => {
  it("finds nothing wrong with a page that has every field in a good form", () => {
    const result = validateRecipePage(pageOf(GOOD));
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(Object.values(result.fields).every((state) => state === "present")).toBe(true);
  });

  it.each(REQUIRED_FIELDS)("reports the required %s missing as an error", (field) => {
    const result = validateRecipePage(pageOf(without(field)));
    expect(result.errors).toEqual([expect.objectContaining({ field, problem: "missing" })]);
    expect(result.warnings).toEqual([]);
    expect(result.fields[field]).toBe("missing");
  });

  it.each(RECOMMENDED_FIELDS.filter((field) => !TIED.includes(field)))(
    "reports the recommended %s missing as a warning, and nothing else",
    (field) => {
      const result = validateRecipePage(pageOf(removeField(field)));
      expect(result.errors).toEqual([]);
      expect(result.warnings).toEqual([expect.objectContaining({ field, problem: "missing" })]);
      expect(result.fields[field]).toBe("missing");
    },
  );

  it("takes totalTime alone without prepTime and cookTime, but warns of both missing", () => {
    const result = validateRecipePage(pageOf(without("prepTime")));
    // The cook time alone breaks Google's rule, and the preparation time is missing.
    expect(result.warnings.map(({ field, problem }) => `${field} ${problem}`)).toEqual([
      "cookTime invalid",
      "prepTime missing",
    ]);
    const neither = validateRecipePage(
      pageOf(Object.fromEntries(Object.entries(GOOD).filter(([key]) => key !== "prepTime" && key !== "cookTime"))),
    );
    expect(neither.warnings.map(({ field, problem }) => `${field} ${problem}`)).toEqual([
      "cookTime missing",
      "prepTime missing",
    ]);
  });

  const BAD_FORMATS: [RecipeField, Record<string, unknown>][] = [
    ["name", { name: "" }],
    ["name", { name: 42 }],
    ["image", { image: "/bilder/shakshuka.jpg" }],
    ["image", { image: ["https://www.example.de/a.jpg", "bilder/b.jpg"] }],
    ["image", { image: "data:image/png;base64,iVBORw0KGgo=" }],
    ["image", { image: { "@type": "Thing", url: "https://www.example.de/a.jpg" } }],
    ["image", { image: [] }],
    ["author", { author: "Was koche ich jetzt" }],
    ["author", { author: { "@type": "Organization" } }],
    ["author", { author: { "@type": "Recipe", name: "Jemand" } }],
    ["cookTime", { cookTime: "20 Minuten" }],
    ["prepTime", { prepTime: "P5M" }],
    ["totalTime", { totalTime: "PT" }],
    ["totalTime", { totalTime: 25 }],
    ["totalTime", { totalTime: "PT20M" }],
    ["datePublished", { datePublished: "20.11.2026" }],
    ["datePublished", { datePublished: "2026-02-30" }],
    ["description", { description: "   " }],
    ["keywords", { keywords: "schnell, Orientalisch" }],
    ["keywords", { keywords: ["frühstück", "schnell"] }],
    ["keywords", { keywords: "schnell,, vegetarisch" }],
    ["nutrition.calories", { nutrition: { "@type": "NutritionInformation", calories: "257" } }],
    ["nutrition.calories", { nutrition: { "@type": "NutritionInformation", calories: "257,5 kcal" } }],
    ["nutrition.calories", { nutrition: { "@type": "NutritionInformation", calories: 257 } }],
    ["nutrition.calories", { nutrition: { calories: "257 kcal" } }],
    ["recipeCategory", { recipeCategory: "" }],
    ["recipeCuisine", { recipeCuisine: ["Orientalisch", 3] }],
    ["recipeIngredient", { recipeIngredient: ["4 Eier", ""] }],
    ["recipeInstructions", { recipeInstructions: [{ "@type": "HowToStep" }] }],
    ["recipeInstructions", { recipeInstructions: [{ "@type": "Thing", text: "Kochen." }] }],
    ["recipeInstructions", { recipeInstructions: [{ "@type": "HowToSection", itemListElement: [] }] }],
    ["recipeInstructions", { recipeInstructions: [{ "@type": "HowToSection", name: "Soße", itemListElement: ["x"] }] }],
    ["recipeYield", { recipeYield: "Portionen für alle" }],
    ["recipeYield", { recipeYield: ["0", "keine"] }],
    ["aggregateRating", { aggregateRating: { "@type": "AggregateRating", ratingValue: 4.6 } }],
    ["aggregateRating", { aggregateRating: { "@type": "AggregateRating", ratingValue: 6, ratingCount: 3 } }],
    ["aggregateRating", { aggregateRating: { "@type": "AggregateRating", ratingValue: "4,6", ratingCount: 3 } }],
    ["aggregateRating", { aggregateRating: { "@type": "AggregateRating", ratingValue: 4, ratingCount: 0 } }],
    ["aggregateRating", { aggregateRating: { "@type": "Rating", ratingValue: 4, ratingCount: 3 } }],
    ["video", { video: { "@type": "VideoObject", name: "Shakshuka" } }],
    ["video", { video: "https://www.example.de/videos/shakshuka.mp4" }],
  ];

  it.each(BAD_FORMATS)("reports %s invalid in %j", (field, change) => {
    const result = validateRecipePage(pageOf({ ...GOOD, ...change }));
    const findings = (REQUIRED_FIELDS as readonly string[]).includes(field) ? result.errors : result.warnings;
    expect(findings).toEqual([expect.objectContaining({ field, problem: "invalid" })]);
    expect([...result.errors, ...result.warnings]).toHaveLength(1);
    expect(result.fields[field]).toBe("invalid");
  });

  it("reports an image the site's robots.txt keeps crawlers from as an error", () => {
    const fetchable = (url: string) => !url.includes("16x9");
    const result = validateRecipePage(pageOf(GOOD), { fetchable });
    expect(result.errors).toEqual([
      expect.objectContaining({ field: "image", problem: "invalid", message: expect.stringContaining("robots.txt") }),
    ]);
  });

  it("needs recipeYield for calories per serving", () => {
    const result = validateRecipePage(pageOf(without("recipeYield")));
    expect(result.warnings.map(({ field, problem }) => `${field} ${problem}`)).toEqual([
      "nutrition.calories invalid",
      "recipeYield missing",
    ]);
  });

  it("takes the other forms Google reads: ImageObject, HowToSection, text steps, a number of servings, reviewCount", () => {
    const result = validateRecipePage(
      pageOf({
        ...GOOD,
        image: { "@type": "ImageObject", url: "https://www.example.de/a.jpg", width: 1200, height: 900 },
        author: [{ "@type": "Person", name: "Mara" }],
        recipeInstructions: [
          { "@type": "HowToSection", name: "Soße", itemListElement: [{ "@type": "HowToStep", text: "Kochen." }] },
          "Die Eier hineingleiten lassen.",
        ],
        recipeYield: 4,
        keywords: ["schnell", "Sommer"],
        nutrition: { "@type": "NutritionInformation", calories: "270 calories" },
        aggregateRating: { "@type": "AggregateRating", ratingValue: "8.5", bestRating: 10, reviewCount: "12" },
        datePublished: "2026-11-20T10:00:00.000Z",
      }),
    );
    expect([...result.errors, ...result.warnings]).toEqual([]);
  });

  it("finds the Recipe in a @graph, in a list, or after other blocks, with http or https schema.org", () => {
    const { "@context": _, ...node } = GOOD;
    const pages = [
      page(JSON.stringify({ "@context": "https://schema.org", "@graph": [{ "@type": "WebPage" }, node] })),
      page(JSON.stringify([{ "@context": "https://schema.org", "@type": "BreadcrumbList" }, GOOD])),
      page(JSON.stringify({ "@context": "https://schema.org", "@type": "ItemList" }), JSON.stringify(GOOD)),
      pageOf({ ...GOOD, "@context": "http://schema.org/" }),
      pageOf({ ...GOOD, "@type": ["Recipe", "NewsArticle"] }),
    ];
    for (const html of pages) expect(validateRecipePage(html).errors).toEqual([]);
  });

  it("reports a page without a Recipe, a block that is not JSON and another @context as errors", () => {
    const none = validateRecipePage("<html><head></head></html>");
    expect(none.errors).toEqual([expect.objectContaining({ field: "@type", problem: "missing" })]);
    expect(Object.values(none.fields).every((state) => state === "missing")).toBe(true);
    const other = validateRecipePage(page(JSON.stringify({ "@context": "https://schema.org", "@type": "ItemList" })));
    expect(other.errors).toEqual([expect.objectContaining({ field: "@type", problem: "missing" })]);
    const broken = validateRecipePage(page("{ name: 'Shakshuka' }", JSON.stringify(GOOD)));
    expect(broken.errors).toEqual([expect.objectContaining({ field: "JSON", problem: "invalid" })]);
    const context = validateRecipePage(pageOf({ ...GOOD, "@context": "https://example.org/vocab" }));
    expect(context.errors).toEqual([expect.objectContaining({ field: "@context", problem: "invalid" })]);
    const twice = validateRecipePage(page(JSON.stringify(GOOD), JSON.stringify(GOOD)));
    expect(twice.warnings).toEqual([expect.objectContaining({ field: "@type", problem: "invalid" })]);
  });
});

describe("ISO 8601 durations", () => {
  const parts = fc.record({
    days: fc.nat(30),
    hours: fc.nat(48),
    minutes: fc.nat(600),
    seconds: fc.nat(120),
  });

  /** A duration as a writer might give it: zero parts left out or written, the time part only if needed. */
  function written(value: { days: number; hours: number; minutes: number; seconds: number }, keepZeros: boolean) {
    const part = (amount: number, designator: string) => (amount > 0 || keepZeros ? `${amount}${designator}` : "");
    const time = `${part(value.hours, "H")}${part(value.minutes, "M")}${part(value.seconds, "S")}`;
    const text = `P${part(value.days, "D")}${time === "" ? "" : `T${time}`}`;
    return text === "P" ? "PT0M" : text;
  }

  it("reads every duration of days, hours, minutes and seconds, zero parts written or not", () => {
    fc.assert(
      fc.property(parts, fc.boolean(), (value, keepZeros) => {
        const expected = value.days * 86_400 + value.hours * 3_600 + value.minutes * 60 + value.seconds;
        expect(isoDurationSeconds(written(value, keepZeros))).toBe(expected);
      }),
    );
  });

  it("refuses a duration with a part repeated, out of order, or after a fraction, and any lower-case or spaced one", () => {
    fc.assert(
      fc.property(parts, fc.constantFrom("swap", "repeat", "fraction", "lower", "space", "no-p"), (value, change) => {
        const text = written({ ...value, hours: value.hours + 1, minutes: value.minutes + 1 }, true);
        const broken = {
          swap: text.replace(/(\d+H)(\d+M)/, "$2$1"),
          repeat: text.replace(/(\d+M)/, "$1$1"),
          fraction: text.replace(/(\d+)H/, "$1.5H"),
          lower: text.toLowerCase(),
          space: text.replace("T", "T "),
          "no-p": text.slice(1),
        }[change];
        expect(isoDurationSeconds(broken)).toBeNull();
      }),
    );
  });

  it.each([
    ["PT25M", 1500],
    ["PT1H30M", 5400],
    ["P1DT2H", 93_600],
    ["P1W", 604_800],
    ["PT0.5H", 1800],
    ["PT1,5H", 5400],
    ["PT90S", 90],
  ])("reads %s as %i seconds", (text, seconds) => {
    expect(isoDurationSeconds(text)).toBe(seconds);
  });

  it.each([
    "",
    "P",
    "PT",
    "P1DT",
    "PT25",
    "25M",
    "PT25 M",
    "P20M",
    "P1Y",
    "PT-5M",
    "PT1.5H30M",
    "PT5M5H",
    "20 Minuten",
  ])("refuses %j", (text) => {
    expect(isoDurationSeconds(text)).toBeNull();
  });
});

describe("ISO 8601 dates", () => {
  it.each(["2026-11-20", "2024-02-29", "2026-11-20T10:00", "2026-11-20T10:00:00Z", "2026-11-20T10:00:00.000+01:00"])(
    "takes %s",
    (text) => {
      expect(isIsoDate(text)).toBe(true);
    },
  );

  it.each(["20.11.2026", "2026-2-3", "2025-02-29", "2026-13-01", "2026-11-20T25:00", "2026-11-20 10:00", "heute"])(
    "refuses %s",
    (text) => {
      expect(isIsoDate(text)).toBe(false);
    },
  );

  it("takes every real day and no day after a month's end", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1990-01-01"), max: new Date("2100-12-31"), noInvalidDate: true }),
        (date) => {
          const day = date.toISOString().slice(0, 10);
          expect(isIsoDate(day)).toBe(true);
          const [year, month] = day.split("-").map(Number) as [number, number];
          const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
          expect(isIsoDate(`${day.slice(0, 8)}${String(daysInMonth + 1).padStart(2, "0")}`)).toBe(false);
        },
      ),
    );
  });
});
