/**
 * A schema.org Recipe → the ImportedRecipe a draft is written from (scripts/import/map-recipe.ts):
 * a table of inputs and the fields they give, the problems an editor reads, the recipes that are
 * skipped, attacks in every field, and properties. Lines are read by a stand-in for the parser
 * (tests/unit/import-stand-ins.ts): what is tested here is what the mapping does with its readings.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ImportedRecipe, ReadOutcome } from "../../scripts/import/imported-recipe.ts";
import { findRecipes } from "../../scripts/import/json-ld.ts";
import { mapRecipe, type ReadLine, type RecipeOrigin } from "../../scripts/import/map-recipe.ts";
import { KNOWN, standInReader } from "./import-stand-ins.ts";

const BASE = {
  "@context": "https://schema.org",
  "@type": "Recipe",
  name: "Tomatensalat",
  recipeYield: "2",
  totalTime: "PT10M",
  recipeCategory: "Salat",
  recipeIngredient: ["4 Tomaten", "Salz"],
  recipeInstructions: "Tomaten schneiden.\nSalzen.",
};

function read(
  document: unknown,
  origin: Partial<RecipeOrigin> = {},
  readLine: ReadLine = standInReader(),
): ReadOutcome {
  const found = findRecipes([document]);
  const node = found.recipes[0];
  if (node === undefined) throw new Error("no recipe in the test's document");
  return mapRecipe(
    node,
    { source: "rezepte/test.json", document: "rezepte/test.json", pageUrl: null, resolve: found.resolve, ...origin },
    readLine,
    KNOWN,
  );
}

function recipe(overrides: Record<string, unknown>, origin: Partial<RecipeOrigin> = {}): ImportedRecipe {
  const outcome = read({ ...BASE, ...overrides }, origin);
  if (!("recipe" in outcome)) throw new Error(`skipped: ${outcome.skipped.reason}`);
  return outcome.recipe;
}

const PAGE = "https://kuechenbuch.example/tomatensalat/";

describe("a schema.org recipe, mapped", () => {
  it("reads a plain recipe without problems", () => {
    expect(recipe({})).toEqual({
      source: "rezepte/test.json",
      key: "rezepte/test.json#Tomatensalat",
      name: "Tomatensalat",
      description: null,
      cuisine: null,
      servings: 2,
      prepMinutes: null,
      cookMinutes: null,
      totalMinutes: 10,
      category: "SALAD",
      vegetarian: true,
      vegan: true,
      sourceUrl: null,
      steps: ["Tomaten schneiden.", "Salzen."],
      imageUrl: null,
      ingredients: [
        {
          ok: true,
          line: "4 Tomaten",
          amount: 4,
          amountMax: null,
          unit: null,
          ingredient: "Tomate",
          known: true,
          note: null,
          optional: false,
        },
        {
          ok: true,
          line: "Salz",
          amount: null,
          amountMax: null,
          unit: null,
          ingredient: "Salz",
          known: true,
          note: null,
          optional: false,
        },
      ],
      problems: [],
    });
  });

  it.each<[string, Record<string, unknown>, Partial<RecipeOrigin>, Partial<ImportedRecipe>]>([
    // name
    ["a name with markup", { name: "<b>Tomaten</b>salat &amp; Brot" }, {}, { name: "Tomatensalat & Brot" }],
    ["a name as a list", { name: ["", "Tomatensalat"] }, {}, { name: "Tomatensalat" }],
    // description
    [
      "a description with markup and a script",
      { description: "<p>Frisch &amp; <em>schnell</em></p><script>alert(1)</script>\n\n fertig." },
      {},
      { description: "Frisch & schnell fertig." },
    ],
    ["an empty description", { description: "  <br> " }, {}, { description: null }],
    // cuisine
    [
      "a cuisine as a list",
      { recipeCuisine: ["Italienisch", "Mediterran"] },
      {},
      { cuisine: "Italienisch, Mediterran" },
    ],
    // image
    ["an image as text", { image: "https://a.example/s.jpg" }, {}, { imageUrl: "https://a.example/s.jpg" }],
    [
      "an image list",
      { image: ["https://a.example/1.jpg", "https://a.example/2.jpg"] },
      {},
      { imageUrl: "https://a.example/1.jpg" },
    ],
    [
      "an ImageObject",
      { image: { "@type": "ImageObject", url: "https://a.example/o.jpg" } },
      {},
      { imageUrl: "https://a.example/o.jpg" },
    ],
    [
      "a list of ImageObjects with contentUrl",
      { image: [{ "@type": "ImageObject", contentUrl: "https://a.example/c.jpg" }] },
      {},
      { imageUrl: "https://a.example/c.jpg" },
    ],
    [
      "a relative image on a page",
      { image: "/bilder/s.jpg" },
      { pageUrl: PAGE },
      { imageUrl: "https://kuechenbuch.example/bilder/s.jpg" },
    ],
    [
      "a relative image against the recipe's url",
      { image: "s.jpg", url: PAGE },
      {},
      { imageUrl: "https://kuechenbuch.example/tomatensalat/s.jpg" },
    ],
    [
      "the first http(s) image after a data: one",
      { image: ["data:image/png;base64,AAAA", "https://a.example/2.jpg"] },
      {},
      { imageUrl: "https://a.example/2.jpg", problems: [] },
    ],
    // times
    [
      "prep and cook, no total",
      { totalTime: undefined, prepTime: "PT5M", cookTime: "PT15M" },
      {},
      { totalMinutes: 20, prepMinutes: 5, cookMinutes: 15 },
    ],
    [
      "a total beside prep and cook",
      { totalTime: "P0DT0H25M", prepTime: "PT5M", cookTime: "PT15M" },
      {},
      { totalMinutes: 25 },
    ],
    ["half an hour", { totalTime: "PT0.5H" }, {}, { totalMinutes: 30, problems: [] }],
    ["only prep", { totalTime: undefined, prepTime: "PT8M" }, {}, { totalMinutes: 8, cookMinutes: null }],
    // servings
    ["servings as a number", { recipeYield: 4 }, {}, { servings: 4 }],
    ["servings as a list", { recipeYield: ["4", "4 Portionen"] }, {}, { servings: 4 }],
    // steps
    [
      "steps as strings",
      { recipeInstructions: ["Schneiden.", " ", "<p>Salzen.</p>"] },
      {},
      { steps: ["Schneiden.", "Salzen."] },
    ],
    [
      "HowToSteps by text or name",
      {
        recipeInstructions: [
          { "@type": "HowToStep", text: "Schneiden.", name: "Schritt eins" },
          { "@type": "HowToStep", name: "Salzen." },
          { "@type": "HowToStep", text: "" },
        ],
      },
      {},
      { steps: ["Schneiden.", "Salzen."] },
    ],
    [
      "nested HowToSections",
      {
        recipeInstructions: [
          {
            "@type": "HowToSection",
            name: "Soße",
            itemListElement: [
              { "@type": "HowToStep", text: "Öl erhitzen." },
              { "@type": "HowToSection", name: "Innen", itemListElement: { "@type": "HowToStep", text: "Rühren." } },
            ],
          },
          { "@type": "HowToSection", name: "Anrichten", itemListElement: ["Servieren."] },
        ],
      },
      {},
      { steps: ["Öl erhitzen.", "Rühren.", "Servieren."] },
    ],
    [
      "steps in HTML with numbers",
      { recipeInstructions: "<ol><li>1. Schneiden.</li><li>2) Salzen.</li><li>Schritt 3: Essen.</li></ol>" },
      {},
      { steps: ["Schneiden.", "Salzen.", "Essen."] },
    ],
    [
      "a step starting with an amount keeps it",
      { recipeInstructions: ["2 EL Öl erhitzen.", "1.5 l Wasser kochen."] },
      {},
      { steps: ["2 EL Öl erhitzen.", "1.5 l Wasser kochen."] },
    ],
    // category
    ["a category list", { recipeCategory: ["Hauptgericht", "Suppe"] }, {}, { category: "SOUP" }],
    ["keywords as a list", { recipeCategory: undefined, keywords: ["Pasta", "schnell"] }, {}, { category: "PASTA" }],
    ["Hauptgericht alone", { recipeCategory: "Hauptgericht", name: "Gebratener Reis" }, {}, { category: "DISH" }],
    // diet
    [
      "declared vegan (schema.org address)",
      { suitableForDiet: "https://schema.org/VeganDiet", recipeIngredient: ["2 Eier"] },
      {},
      { vegan: true, vegetarian: true },
    ],
    [
      "declared vegetarian (short form)",
      { suitableForDiet: ["VegetarianDiet"], recipeIngredient: ["Tofu"] },
      {},
      { vegan: false, vegetarian: true },
    ],
    [
      "derived: an unknown ingredient",
      { recipeIngredient: ["4 Tomaten", "Tofu"] },
      {},
      { vegan: false, vegetarian: false },
    ],
    [
      "derived: Parmesan is vegetarian",
      { recipeIngredient: ["4 Tomaten", "20 g Parmesan"] },
      {},
      { vegan: false, vegetarian: true },
    ],
    [
      "derived: Speck is neither",
      { recipeIngredient: ["4 Tomaten", "100 g Speck"] },
      {},
      { vegan: false, vegetarian: false },
    ],
    [
      "derived: an unreadable line counts against",
      { recipeIngredient: ["4 Tomaten", "??? Salz"] },
      {},
      { vegan: false, vegetarian: false },
    ],
    // source address and key
    ["an https url", { url: PAGE }, {}, { sourceUrl: PAGE, key: PAGE }],
    [
      "a relative url on a page",
      { url: "/tomatensalat/" },
      { pageUrl: "https://kuechenbuch.example/x" },
      { sourceUrl: PAGE, key: PAGE },
    ],
    ["no url on a page: the page", {}, { pageUrl: PAGE }, { sourceUrl: PAGE }],
    [
      "no url, but mainEntityOfPage",
      { mainEntityOfPage: PAGE },
      {},
      { sourceUrl: PAGE, key: "rezepte/test.json#Tomatensalat" },
    ],
    ["mainEntityOfPage as a reference", { mainEntityOfPage: { "@id": PAGE } }, {}, { sourceUrl: PAGE }],
    [
      "a javascript: mainEntityOfPage",
      { mainEntityOfPage: "javascript:alert(1)" },
      {},
      { sourceUrl: null, problems: [] },
    ],
    ["an @id address as the key", { "@id": `${PAGE}#recipe` }, {}, { key: `${PAGE}#recipe`, sourceUrl: null }],
    ["a relative @id on a page", { "@id": "#recipe" }, { pageUrl: PAGE, document: PAGE }, { key: `${PAGE}#recipe` }],
    ["a fragment @id in a file", { "@id": "#recipe" }, {}, { key: "rezepte/test.json#Tomatensalat" }],
    // ingredients
    [
      "the old ingredients property",
      { recipeIngredient: undefined, ingredients: ["4 Tomaten"] },
      {},
      { ingredients: [expect.objectContaining({ ingredient: "Tomate" })] },
    ],
    [
      "ingredients as text with lines",
      { recipeIngredient: "4 Tomaten\n\nSalz" },
      {},
      { ingredients: [expect.objectContaining({ line: "4 Tomaten" }), expect.objectContaining({ line: "Salz" })] },
    ],
    [
      "optional lines after the required ones",
      { recipeIngredient: ["Salz (optional)", "4 Tomaten"] },
      {},
      {
        ingredients: [
          expect.objectContaining({ line: "4 Tomaten" }),
          expect.objectContaining({ line: "Salz (optional)", optional: true }),
        ],
      },
    ],
  ])("%s", (_, overrides, origin, expected) => {
    expect(recipe(overrides, origin)).toMatchObject(expected);
  });

  it("uses an image an SEO plugin's graph names by @id", () => {
    const page = {
      "@context": "https://schema.org",
      "@graph": [
        { "@type": "ImageObject", "@id": `${PAGE}#primaryimage`, url: "https://kuechenbuch.example/bild.jpg" },
        { ...BASE, image: { "@id": `${PAGE}#primaryimage` } },
      ],
    };
    const outcome = read(page);
    expect("recipe" in outcome && outcome.recipe.imageUrl).toBe("https://kuechenbuch.example/bild.jpg");
  });

  it("reads each line once, in order, as plain text", () => {
    const reader = standInReader();
    read({ ...BASE, recipeIngredient: ["<b>4 Tomaten</b>", "  Salz  ", "", "Öl &amp; Essig"] }, {}, reader);
    expect(reader.lines).toEqual(["4 Tomaten", "Salz", "Öl & Essig"]);
  });
});

describe("problems an editor reads", () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ["over 30 minutes", { totalTime: "PT45M" }, ["Dauert 45 Minuten, die Website zeigt nur Rezepte bis 30 Minuten."]],
    [
      "over 30 minutes as prep and cook",
      { totalTime: undefined, prepTime: "PT20M", cookTime: "PT1H" },
      ["Dauert 80 Minuten, die Website zeigt nur Rezepte bis 30 Minuten."],
    ],
    ["no time", { totalTime: undefined }, ["Keine Zeit angegeben (totalTime, prepTime, cookTime); bitte eintragen."]],
    [
      "an invalid time",
      { totalTime: "20 Minuten" },
      ["Gesamtzeit „20 Minuten“ ist keine Dauer nach ISO 8601 (etwa „PT20M“)."],
    ],
    [
      "a time as JSON with its own toString",
      { cookTime: { toString: "" } },
      ['Koch- oder Backzeit „{"toString":""}“ ist keine Dauer nach ISO 8601 (etwa „PT20M“).'],
    ],
    ["a time as a number", { totalTime: 20 }, ["Gesamtzeit „20“ ist keine Dauer nach ISO 8601 (etwa „PT20M“)."]],
    ["no servings", { recipeYield: undefined }, ["Keine Portionen angegeben (recipeYield); bitte eintragen."]],
    [
      "a yield that counts something else",
      { recipeYield: "1 Blech" },
      ["Portionen nicht erkannt: „1 Blech“; bitte eintragen."],
    ],
    [
      "too many servings",
      { recipeYield: "20 Portionen" },
      ["Portionen „20 Portionen“ liegen nicht zwischen 1 und 12; bitte eintragen."],
    ],
    [
      "an unknown category",
      { recipeCategory: "Beilage", name: "Bruschetta" },
      ["Kategorie nicht erkannt („Beilage“); bitte eine wählen."],
    ],
    [
      "two categories",
      { recipeCategory: "Salat, Suppe" },
      ["Kategorie unklar: „Salate“ und „Suppen“ passen; bitte eine wählen."],
    ],
    [
      "a proposed ingredient",
      { recipeIngredient: ["4 Tomaten", "1 Tofu"] },
      ["Neue Zutat vorgeschlagen: „Tofu“; bitte prüfen."],
    ],
    [
      "proposed ingredients, each once",
      { recipeIngredient: ["Tofu", "Tempeh", "Tofu"] },
      ["Neue Zutaten vorgeschlagen: „Tofu“, „Tempeh“; bitte prüfen."],
    ],
    [
      "an unread line",
      { recipeIngredient: ["4 Tomaten", "??? Salz"] },
      ["Zeile nicht lesbar: „??? Salz“ (Menge nicht erkannt)."],
    ],
    [
      "only unread lines",
      { recipeIngredient: ["??? Salz"] },
      ["Zeile nicht lesbar: „??? Salz“ (Menge nicht erkannt).", "Keine Zutat lesbar; bitte die Zutaten eintragen."],
    ],
    [
      "an overlong line",
      { recipeIngredient: ["4 Tomaten", `Salz ${"x".repeat(300)}`] },
      [
        expect.stringMatching(
          /^Zeile nicht lesbar: „Salz x+…“ \(Die Zeile ist länger als 200 Zeichen – das ist keine einzelne Zutat\)\.$/,
        ),
      ],
    ],
    [
      "a note over 40 characters",
      { recipeIngredient: ["4 Tomaten (am besten reife Strauchtomaten aus dem eigenen Garten)"] },
      [
        "Notiz „am besten reife Strauchtomaten aus dem eigenen Garten“ zu „Tomate“ auf 40 Zeichen gekürzt; bitte prüfen.",
      ],
    ],
    [
      "a proposed ingredient from an earlier import",
      { recipeIngredient: ["4 Tomaten", "Yuzu"] },
      ["Noch nicht bestätigte Zutat aus einem früheren Import: „Yuzu“; bitte prüfen."],
    ],
    [
      "declared vegan, but with cheese",
      { suitableForDiet: "VeganDiet", recipeIngredient: ["4 Tomaten", "20 g Parmesan"] },
      ["Laut Quelle vegan, aber „Parmesan“ ist es nicht; bitte prüfen."],
    ],
    [
      "no steps",
      { recipeInstructions: [{ "@type": "HowToStep", text: "<br>" }] },
      ["Keine Zubereitungsschritte angegeben (recipeInstructions); bitte eintragen."],
    ],
    ["a long name", { name: `Tomatensalat ${"mit viel ".repeat(40)}` }, ["Name auf 200 Zeichen gekürzt."]],
    ["a long description", { description: "Lecker. ".repeat(400) }, ["Beschreibung auf 2000 Zeichen gekürzt."]],
    [
      "a javascript: image",
      { image: "javascript:alert(1)" },
      ["Bild nicht übernommen: nur http(s)-Adressen, nicht „javascript“."],
    ],
    [
      "a data: image",
      { image: { "@type": "ImageObject", url: "data:image/svg+xml,<svg onload=alert(1)>" } },
      ["Bild nicht übernommen: nur http(s)-Adressen, nicht „data“."],
    ],
    [
      "a relative image in a file",
      { image: "bild.jpg" },
      ["Bild nicht übernommen: eine relative Adresse ohne die Adresse der Seite."],
    ],
    [
      "a javascript: source",
      { url: "javascript:alert(1)" },
      ["Quelladresse nicht übernommen: nur http(s)-Adressen, nicht „javascript“."],
    ],
    [
      "a file: source",
      { url: "file:///etc/passwd" },
      ["Quelladresse nicht übernommen: nur http(s)-Adressen, nicht „file“."],
    ],
    [
      "a source too long for the CMS",
      { url: `https://a.example/${"x".repeat(300)}` },
      ["Quelladresse länger als 255 Zeichen; nicht übernommen."],
    ],
  ])("%s", (_, overrides, problems) => {
    expect(recipe(overrides).problems).toEqual(problems);
  });

  it("drops what it refuses: image and source are null", () => {
    expect(recipe({ image: "javascript:alert(1)", url: "data:text/html,x" })).toMatchObject({
      imageUrl: null,
      sourceUrl: null,
      key: "rezepte/test.json#Tomatensalat",
    });
    expect(recipe({ recipeYield: "1 Blech", totalTime: "PT45M" })).toMatchObject({ servings: null, totalMinutes: 45 });
    expect(recipe({ recipeCategory: "Salat, Suppe" }).category).toBeNull();
  });

  it("keeps a shortened note within the CMS' 40 characters", () => {
    const [line] = recipe({
      recipeIngredient: ["4 Tomaten (am besten reife Strauchtomaten aus dem eigenen Garten)"],
    }).ingredients;
    expect(line?.note).toBe("am besten reife Strauchtomaten aus dem…");
    expect(line?.note?.length).toBeLessThanOrEqual(40);
  });

  it("says each problem in one sentence on one line", () => {
    const everything = recipe({
      name: `Tomaten\nsalat ${"x".repeat(300)}`,
      totalTime: "PT2H",
      recipeYield: "1\nBlech",
      recipeCategory: "Beilage\nSnack",
      recipeIngredient: ["??? a\nb", "Tofu\u2028Tempeh"],
      image: "javascript:\nalert(1)",
    });
    expect(everything.problems.length).toBeGreaterThan(4);
    for (const problem of everything.problems) expect(problem).toMatch(/^[^\n\r\u2028]+[.]$/);
  });
});

describe("recipes that are skipped", () => {
  it.each<[string, Record<string, unknown>, string]>([
    ["no name", { name: undefined }, "Rezept ohne Namen (name)."],
    ["a name of only markup", { name: "<script>alert(1)</script> <br>" }, "Rezept ohne Namen (name)."],
    ["a name that is not text", { name: { "@type": "Thing" } }, "Rezept ohne Namen (name)."],
    ["no ingredients", { recipeIngredient: undefined }, "Rezept „Tomatensalat“ ohne Zutaten (recipeIngredient)."],
    [
      "empty ingredient lines",
      { recipeIngredient: ["", " ", "<br>"] },
      "Rezept „Tomatensalat“ ohne Zutaten (recipeIngredient).",
    ],
  ])("%s", (_, overrides, reason) => {
    expect(read({ ...BASE, ...overrides })).toEqual({ skipped: { source: "rezepte/test.json", reason } });
  });
});

describe("attacks in every field", () => {
  const ATTACKS = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "javascript:alert(1)",
    '"><svg onload=alert(1)>',
    "<a href='javascript:alert(1)'>x</a>",
    "\u202e\u0000\ufeff",
  ];
  const TEXT_FIELDS = ["name", "description", "recipeCuisine"] as const;

  it.each(ATTACKS)("%j never survives as markup or a script address", (attack) => {
    const mapped = recipe({
      name: `Salat ${attack}`,
      description: attack,
      recipeCuisine: attack,
      recipeYield: attack,
      recipeCategory: attack,
      keywords: attack,
      recipeInstructions: [attack, { "@type": "HowToStep", text: `Rühren ${attack}` }],
      recipeIngredient: ["4 Tomaten", `Salz ${attack}`],
      image: attack,
      url: attack,
    });
    const texts = [
      ...TEXT_FIELDS.map((field) => (field === "recipeCuisine" ? mapped.cuisine : mapped[field])),
      ...mapped.steps,
      ...mapped.problems,
      ...mapped.ingredients.map((line) => line.line),
    ];
    for (const text of texts) {
      expect(text ?? "").not.toMatch(/<[A-Za-z!?/]/);
      expect(text ?? "").not.toMatch(/javascript:/i);
    }
    expect(mapped.imageUrl).toBeNull();
    expect(mapped.sourceUrl).toBeNull();
  });

  it("never throws, and keeps its promises, for any JSON (property)", () => {
    const field = fc.oneof(
      fc.jsonValue(),
      fc.constantFrom(...ATTACKS),
      fc.array(fc.oneof(fc.string(), fc.constantFrom(...ATTACKS))),
    );
    const node = fc.record(
      {
        name: field,
        description: field,
        image: field,
        url: field,
        "@id": field,
        recipeYield: field,
        prepTime: field,
        cookTime: field,
        totalTime: field,
        recipeCategory: field,
        keywords: field,
        recipeCuisine: field,
        suitableForDiet: field,
        recipeIngredient: fc.oneof(field, fc.array(fc.string(), { minLength: 1 })),
        recipeInstructions: field,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(node, (overrides) => {
        const outcome = read({ "@type": "Recipe", ...overrides });
        if ("skipped" in outcome) return;
        const mapped = outcome.recipe;
        expect(mapped.name.length).toBeGreaterThan(0);
        expect(mapped.name.length).toBeLessThanOrEqual(200);
        expect(mapped.key.length).toBeLessThanOrEqual(255);
        if (mapped.servings !== null) expect(mapped.servings).toBeGreaterThanOrEqual(1);
        if (mapped.servings !== null) expect(mapped.servings).toBeLessThanOrEqual(12);
        for (const url of [mapped.imageUrl, mapped.sourceUrl]) if (url !== null) expect(url).toMatch(/^https?:\/\//);
        for (const text of [mapped.name, mapped.description ?? "", mapped.cuisine ?? "", ...mapped.steps]) {
          expect(text).not.toMatch(/<[A-Za-z!?/]|javascript:/i);
          expect(text).toBe(text.trim());
        }
        expect(mapped.steps).not.toContain("");
        expect(mapped.ingredients.length).toBeGreaterThan(0);
        for (const line of mapped.ingredients) expect(line.note?.length ?? 0).toBeLessThanOrEqual(40);
      }),
      { numRuns: 2_000 },
    );
  });

  it("gives no more steps than the instructions had strings (property)", () => {
    const step = fc.oneof(
      fc.string(),
      fc.string().map((text) => ({ "@type": "HowToStep", text })),
      fc.string().map((name) => ({ "@type": "HowToStep", name })),
    );
    const instructions = fc.letrec<{ list: unknown[]; section: unknown }>((tie) => ({
      list: fc.array(fc.oneof({ depthSize: "small" }, step, tie("section")), { maxLength: 8 }),
      section: tie("list").map((itemListElement) => ({ "@type": "HowToSection", itemListElement })),
    })).list;
    const strings = (value: unknown): number =>
      typeof value === "string"
        ? 1
        : Array.isArray(value)
          ? value.reduce((sum: number, entry) => sum + strings(entry), 0)
          : typeof value === "object" && value !== null
            ? Object.values(value).reduce((sum: number, entry) => sum + strings(entry), 0) - ("@type" in value ? 1 : 0)
            : 0;
    fc.assert(
      fc.property(instructions, (list) => {
        const steps = recipe({ recipeInstructions: list }).steps;
        expect(steps.length).toBeLessThanOrEqual(strings(list));
        expect(steps).not.toContain("");
      }),
      { numRuns: 1_000 },
    );
  });
});
