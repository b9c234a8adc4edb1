import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { CatalogRecipe } from "../../catalog/recipes/types.ts";
import { buildCatalog } from "../../catalog/sync/build-catalog.ts";
import { publishWithoutCoordinator } from "../../catalog/sync/plan-version.ts";
import { ingredientLine, SHAKSHUKA_LINES } from "../fixtures/ingredient-line.ts";
import { ingredientLines, plainSpaces } from "./recipe-page-text.ts";

const SHAKSHUKA: CatalogRecipe = {
  id: 1,
  slug: "shakshuka",
  name: "Shakshuka",
  cuisine: "Orientalisch",
  description: "In würziger Tomatensoße gestockte Eier.",
  instructions: "Alles zusammen schmoren.",
  steps: ["Brate Zwiebel und Paprika an.", "Gib die Tomaten dazu.", "Lass die Eier darin stocken."],
  image: "f392d2b3-4a6c-44b7-b8ad-35ea8506e828",
  recipeUrl: "https://kochbuch.example.org/shakshuka",
  prepTime: 5,
  cookTime: 20,
  totalTime: 25,
  vegetarian: true,
  vegan: false,
  manyGuests: true,
  type: "BREAKFAST",
  published: "2026-11-20T10:00:00.000Z",
  servings: 2,
  ingredients: ["Ei", "Passierte Tomaten", "Paprika"],
  optionalIngredients: ["Feta"],
  ingredientLines: [
    ...SHAKSHUKA_LINES,
    ingredientLine({ name: "Feta", amount: 50, unit: "g", note: "zerbröselt", optional: true }),
  ],
  // Per portion, as the sync rounds it (catalog/sync/nutrition-per-portion.ts).
  nutrition: { kcal: 257, fat: 16.1, saturates: 3.4, carbohydrate: 11.9, sugars: 10.5, protein: 18.5, salt: 0.65 },
};

const FREE_TEXT_VEGAN: CatalogRecipe = {
  ...SHAKSHUKA,
  id: 2,
  slug: "pan-con-tomate",
  name: "Pan con tomate",
  description: null,
  steps: [],
  instructions: "Röste das Brot und reibe Tomate darauf.",
  image: null,
  recipeUrl: null,
  vegan: true,
  type: "COLD_DISH",
  optionalIngredients: [],
  ingredientLines: SHAKSHUKA.ingredientLines.filter((line) => !line.optional),
  // A line the sync could not weigh: no block, no figure.
  nutrition: null,
};

beforeAll(async () => {
  // The real publishing code writes the catalog into this Worker's KV.
  const ingredients = ["Ei", "Passierte Tomaten", "Paprika", "Feta"].map((name) => ({
    name,
    description: null,
    vegetarian: true,
    vegan: name !== "Ei" && name !== "Feta",
    type: null,
    tags: [],
  }));
  await publishWithoutCoordinator(env.CATALOG, buildCatalog([SHAKSHUKA, FREE_TEXT_VEGAN], ingredients));
});

async function page(path: string): Promise<{ response: Response; html: string }> {
  const response = await exports.default.fetch(new Request(`http://localhost:8787${path}`, { redirect: "manual" }));
  return { response, html: await response.text() };
}

function jsonLdOf(html: string): Record<string, unknown> {
  const match = html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/);
  expect(match).not.toBeNull();
  return JSON.parse(match?.[1] ?? "{}");
}

describe("recipe page", () => {
  it("renders the recipe card from the catalog, without a link to itself", async () => {
    const { response, html } = await page("/rezepte/shakshuka");
    expect(response.status).toBe(200);
    expect(html).toContain("<title>Shakshuka - Was koche ich jetzt</title>");
    expect(html).toMatch(/<article class="recipe-card" data-slug="shakshuka"><h1 class="recipe-name">Shakshuka<\/h1>/);
    expect(html).not.toContain('href="/rezepte/shakshuka"');
    expect(html).toMatch(/Zeitaufwand: <strong>25(<!-- -->)? Minuten<\/strong>/);
    expect(html).toMatch(/title="Rezept ohne Fleisch">Vegetarisch/);
    expect(html).not.toContain(">Vegan<");
    expect(html).toContain(">kochbuch.example.org/shakshuka</a>");
    expect(html).toContain("<li>Lass die Eier darin stocken.</li>");
    expect(html).toContain("Optionale Zutaten");
    expect(html).toContain('<link rel="canonical" href="http://localhost:8787/rezepte/shakshuka"/>');
  });

  it("loads the image through /directus in modern formats, sized, eagerly", async () => {
    const { html } = await page("/rezepte/shakshuka");
    const src = "/directus/assets/f392d2b3-4a6c-44b7-b8ad-35ea8506e828?fit=cover&amp;width=836&amp;quality=80";
    expect(html).toContain(`<source type="image/avif" srcSet="${src}&amp;format=avif"/>`);
    expect(html).toMatch(
      new RegExp(
        `<img src="${src.replace(/[?.]/g, "\\$&")}" alt="Shakshuka" width="836" height="400" loading="eager" fetchPriority="high"`,
      ),
    );
  });

  it("shows free-text instructions and the vegan badge when there are no steps", async () => {
    const { html } = await page("/rezepte/pan-con-tomate");
    expect(html).toContain("<p>Röste das Brot und reibe Tomate darauf.</p>");
    expect(html).toMatch(/title="Ohne tierische Produkte">Vegan/);
    expect(html).not.toContain(">Vegetarisch<");
  });

  it("publishes JSON-LD that meets the recipe rich-result requirements", async () => {
    const data = jsonLdOf((await page("/rezepte/shakshuka")).html);
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toBe("Recipe");
    expect(data.name).toBe("Shakshuka");
    expect(data.image).toHaveLength(3);
    for (const [image, size] of (data.image as string[]).map((url, i) => [url, ["1200", "900", "675"][i]])) {
      expect(image).toMatch(/^http:\/\/localhost:8787\/directus\/assets\//);
      expect(new URL(image ?? "").searchParams.get("height")).toBe(size);
    }
    expect(data.author).toEqual({ "@type": "Organization", name: "Was koche ich jetzt", url: "http://localhost:8787" });
    expect(data.datePublished).toBe("2026-11-20");
    expect(data.description).toBe("In würziger Tomatensoße gestockte Eier.");
    expect([data.prepTime, data.cookTime, data.totalTime]).toEqual(["PT5M", "PT20M", "PT25M"]);
    expect(data.recipeYield).toEqual(["2", "2 Portionen"]);
    expect((data.recipeIngredient as string[]).map(plainSpaces)).toEqual([
      "4 Eier",
      "400 g Passierte Tomaten",
      "1 Paprika, in Streifen",
      "50 g Feta, zerbröselt (optional)",
    ]);
    expect(data.recipeInstructions).toEqual([
      { "@type": "HowToStep", position: 1, text: "Brate Zwiebel und Paprika an." },
      { "@type": "HowToStep", position: 2, text: "Gib die Tomaten dazu." },
      { "@type": "HowToStep", position: 3, text: "Lass die Eier darin stocken." },
    ]);
    expect(data.recipeCategory).toBe("Frühstück");
    expect(data.recipeCuisine).toBe("Orientalisch");
    // Not the category or cuisine again (Google: they have properties of their own).
    expect(data.keywords).toBe("schnell, unter 30 Minuten, vegetarisch, für viele Gäste");
    expect(data.suitableForDiet).toEqual(["https://schema.org/VegetarianDiet"]);
  });

  it("shows nutrition per portion in German, the same for any servings, and as NutritionInformation", async () => {
    const block = (html: string) =>
      plainSpaces(html).match(/<section aria-label="Nährwerte pro Portion"[\s\S]*?<\/section>/)?.[0];
    const { html } = await page("/rezepte/shakshuka");
    const rows = [...(block(html) ?? "").matchAll(/<dt>([^<]*)<\/dt><dd>([^<]*)<\/dd>/g)].map(
      ([, dt, dd]) => `${dt}: ${dd}`,
    );
    expect(rows).toEqual([
      "Energie: 257 kcal",
      "Fett: 16,1 g",
      "davon gesättigte Fettsäuren: 3,4 g",
      "Kohlenhydrate: 11,9 g",
      "davon Zucker: 10,5 g",
      "Eiweiß: 18,5 g",
      "Salz: 0,65 g",
    ]);
    expect(block(html)).toContain("<h2>Nährwerte pro Portion</h2>");
    for (const servings of [1, 3, 12]) {
      expect(block((await page(`/rezepte/shakshuka?portionen=${servings}`)).html), `${servings}`).toBe(block(html));
    }
    // Sodium is the label's salt ÷ 2.5: 0.65 g of salt is 260 mg of sodium.
    expect(jsonLdOf(html).nutrition).toEqual({
      "@type": "NutritionInformation",
      servingSize: "1 Portion",
      calories: "257 kcal",
      fatContent: "16.1 g",
      saturatedFatContent: "3.4 g",
      carbohydrateContent: "11.9 g",
      sugarContent: "10.5 g",
      proteinContent: "18.5 g",
      sodiumContent: "260 mg",
    });
  });

  it("shows no nutrition block and no nutrition in the JSON-LD when the sync computed none", async () => {
    const { html } = await page("/rezepte/pan-con-tomate");
    expect(html).not.toContain("Nährwerte");
    expect(jsonLdOf(html)).not.toHaveProperty("nutrition");
  });

  it("lists the ingredients with their amounts for the recipe's servings", async () => {
    const { html } = await page("/rezepte/shakshuka");
    expect(plainSpaces(html)).toMatch(/<h2><span aria-live="polite">Zutaten für (<!-- -->)?2 Portionen<\/span><\/h2>/);
    expect(ingredientLines(html)).toEqual([
      "4 Eier",
      "400 g Passierte Tomaten",
      "1 Paprika, in Streifen",
      "50 g Feta, zerbröselt",
    ]);
  });

  it("scales every amount to ?portionen= on the server, keeping the canonical address and the JSON-LD", async () => {
    const { response, html } = await page("/rezepte/shakshuka?portionen=3");
    expect(response.status).toBe(200);
    expect(plainSpaces(html)).toMatch(/Zutaten für (<!-- -->)?3 Portionen/);
    expect(ingredientLines(html)).toEqual([
      "6 Eier",
      "600 g Passierte Tomaten",
      "1 ½ Paprika, in Streifen",
      "75 g Feta, zerbröselt",
    ]);
    expect(html).toContain('<link rel="canonical" href="http://localhost:8787/rezepte/shakshuka"/>');
    expect(jsonLdOf(html).recipeYield).toEqual(["2", "2 Portionen"]);
  });

  it("renders the stepper as links: one step each way, the recipe's own servings without the parameter", async () => {
    const stepper = async (path: string) => {
      const { html } = await page(path);
      return [...html.matchAll(/<a class="servings-step"[^>]*>/g)].map(([tag]) => {
        const attribute = (name: string) => tag.match(new RegExp(` ${name}="([^"]*)"`))?.[1] ?? "";
        const disabled = attribute("aria-disabled") === "true" ? " (disabled)" : "";
        return `${attribute("aria-label")} → ${attribute("href").replaceAll("&amp;", "&")}${disabled}`;
      });
    };
    expect(await stepper("/rezepte/shakshuka")).toEqual([
      "Eine Portion weniger → /rezepte/shakshuka?portionen=1",
      "Eine Portion mehr → /rezepte/shakshuka?portionen=3",
    ]);
    expect(await stepper("/rezepte/shakshuka?portionen=3")).toEqual([
      "Eine Portion weniger → /rezepte/shakshuka",
      "Eine Portion mehr → /rezepte/shakshuka?portionen=4",
    ]);
    expect(await stepper("/rezepte/shakshuka?portionen=1")).toEqual([
      "Eine Portion weniger → /rezepte/shakshuka?portionen=1 (disabled)",
      "Eine Portion mehr → /rezepte/shakshuka",
    ]);
    expect(await stepper("/rezepte/shakshuka?portionen=12")).toEqual([
      "Eine Portion weniger → /rezepte/shakshuka?portionen=11",
      "Eine Portion mehr → /rezepte/shakshuka?portionen=12 (disabled)",
    ]);
  });

  // Every spelling but the canonical 1–12 (the recipe's own servings have none) leads to the recipe as written.
  const offServings = ["0", "13", "02", "04", "4.0", "+4", " 4", "", "vier", "1e1", "-1", "12345678901234567890", "2"];
  for (const value of offServings) {
    it(`sends ?portionen=${JSON.stringify(value)} to the recipe as written`, async () => {
      const { response } = await page(`/rezepte/shakshuka?portionen=${encodeURIComponent(value)}`);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/rezepte/shakshuka");
    });
  }

  it("sends a repeated ?portionen= to the recipe as written", async () => {
    const { response } = await page("/rezepte/shakshuka?portionen=3&portionen=4");
    expect(response.headers.get("location")).toBe("/rezepte/shakshuka");
  });

  it("answers any ?portionen= value with the page or the recipe as written, never an error", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 12 }), async (value) => {
        const { response, html } = await page(`/rezepte/shakshuka?portionen=${encodeURIComponent(value)}`);
        const canonical = /^(?:[13-9]|1[0-2])$/.test(value);
        if (canonical) {
          expect(response.status).toBe(200);
          expect(plainSpaces(html)).toMatch(new RegExp(`Zutaten für (<!-- -->)?${value} Portion`));
        } else {
          expect(response.status).toBe(302);
          expect(response.headers.get("location")).toBe("/rezepte/shakshuka");
        }
      }),
      { numRuns: 40 },
    );
  });

  it("sends an unknown slug home", async () => {
    const { response } = await page("/rezepte/gibt-es-nicht");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
  });
});

describe("/directus", () => {
  it("never serves the Data Studio", async () => {
    for (const path of [
      "/directus/admin",
      "/directus/admin/",
      "/directus/admin/content/recipe",
      "/directus/extensions/x",
    ]) {
      expect((await page(path)).response.status, path).toBe(404);
    }
  });

  it("answers 502 in German when Directus cannot be reached", async () => {
    // vitest.worker.config.ts points DIRECTUS_URL at a port nobody listens on.
    const { response, html } = await page(`/directus/assets/${SHAKSHUKA.image}?fit=cover&width=836&quality=80`);
    expect(response.status).toBe(502);
    expect(html).toContain("nicht erreichbar");
  });
});

describe("random generator", () => {
  it("shows one recipe card from the chosen category, never stored in a shared cache", async () => {
    const { response, html } = await page("/zufallsgenerator?typ=breakfast");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(html).toContain('<h2 id="zufaelliges-rezept">Zufälliges Rezept</h2>');
    expect(html).toMatch(/Aus der Kategorie <a [^>]*href="\/kategorie\/breakfast"[^>]*>Frühstück<\/a>/);
    expect(html.match(/<article class="recipe-card"/g)).toHaveLength(1);
    expect(html).toContain('data-slug="shakshuka"');
    expect(html).toContain('href="/rezepte/shakshuka"');
  });

  it("does not show the recipe just shown again when there is another", async () => {
    for (let i = 0; i < 5; i++) {
      const { html } = await page("/zufallsgenerator?zuletzt=shakshuka");
      expect(html).toContain('data-slug="pan-con-tomate"');
    }
  });

  it("shows the placeholder while no recipe matches", async () => {
    const { html } = await page("/zufallsgenerator?typ=pizza");
    expect(html).toContain('<div class="random-placeholder" aria-hidden="true"></div>');
    expect(html).not.toContain('<article class="recipe-card"');
  });

  it("names an unknown category and picks from all", async () => {
    const { response, html } = await page("/zufallsgenerator?typ=nachtisch");
    expect(response.status).toBe(200);
    expect(html).toMatch(/Die Kategorie „(<!-- -->)?nachtisch(<!-- -->)?“ gibt es nicht/);
    expect(html).toContain('class="recipe-card"');
  });
});
