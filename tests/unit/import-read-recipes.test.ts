/**
 * readRecipes (scripts/import/read-recipes.ts) as the writer calls it: the real German parser of
 * catalog/ingredient-lines/ reads the lines, matched against the ingredients Directus has. What the
 * mapping does with a line's reading is tested in import-mapping.test.ts; here, that the pieces fit.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportedRecipe, ReadOutcome } from "../../scripts/import/imported-recipe.ts";
import { type ReadRecipesOptions, readRecipes } from "../../scripts/import/read-recipes.ts";
import { KNOWN } from "./import-stand-ins.ts";

const FIXTURES = resolve(import.meta.dirname, "../fixtures/import");

async function readAll(inputs: string[], options?: ReadRecipesOptions): Promise<ReadOutcome[]> {
  const outcomes: ReadOutcome[] = [];
  for await (const outcome of readRecipes(inputs, KNOWN, options)) outcomes.push(outcome);
  return outcomes;
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "import-read-recipes-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function recipeFrom(fields: Record<string, unknown>): Promise<ImportedRecipe> {
  const path = join(scratch, `${Math.random().toString(36).slice(2)}.json`);
  await writeFile(
    path,
    JSON.stringify({
      "@type": "Recipe",
      name: "Tomatensalat",
      recipeYield: "2",
      totalTime: "PT10M",
      recipeCategory: "Salat",
      recipeInstructions: ["Schneiden."],
      ...fields,
    }),
  );
  const [outcome] = await readAll([path]);
  if (outcome === undefined || !("recipe" in outcome)) throw new Error(`not read: ${JSON.stringify(outcome)}`);
  return outcome.recipe;
}

describe("readRecipes with the German parser", () => {
  it("reads the WordPress page's lines: known ones matched, the others proposed", async () => {
    const [outcome] = await readAll([join(FIXTURES, "wprm-seite.html")]);
    const recipe = outcome !== undefined && "recipe" in outcome ? outcome.recipe : null;
    expect(recipe?.ingredients.map(({ amount, unit, ingredient, known }) => [amount, unit, ingredient, known])).toEqual(
      [
        [200, "g", "Linsen", false],
        [1, null, "Zwiebel", true],
        [2, "EL", "Olivenöl", true],
        [400, "ml", "Kokosmilch", false],
        [800, "ml", "Gemüsebrühe", false],
        [null, null, "Salz", true],
      ],
    );
    expect(recipe?.ingredients[1]?.note).toBe("fein gewürfelt");
    expect(recipe?.problems).toEqual([
      "Neue Zutaten vorgeschlagen: „Linsen“, „Kokosmilch“, „Gemüsebrühe“; bitte prüfen.",
    ]);
    // Proposed ingredients are not known to be vegan.
    expect(recipe).toMatchObject({ vegetarian: false, vegan: false });
  });

  it("derives the diet from known, confirmed ingredients", async () => {
    expect(await recipeFrom({ recipeIngredient: ["4 Tomaten", "2 EL Olivenöl", "1 Prise Salz"] })).toMatchObject({
      vegan: true,
      vegetarian: true,
      problems: [],
    });
    expect(await recipeFrom({ recipeIngredient: ["4 Tomaten", "30 g Parmesan, gerieben"] })).toMatchObject({
      vegan: false,
      vegetarian: true,
    });
    expect(await recipeFrom({ recipeIngredient: ["4 Tomaten", "100 g Speck"] })).toMatchObject({
      vegan: false,
      vegetarian: false,
    });
  });

  it("drops group headings, reports lines it cannot read, shortens long notes", async () => {
    const recipe = await recipeFrom({
      recipeIngredient: [
        "Für den Salat:",
        "4 Tomaten (am besten reife Strauchtomaten aus dem eigenen Garten)",
        "2 EL",
        "Für das Dressing:",
        "3 EL Olivenöl",
      ],
    });
    expect(recipe.ingredients.map((line) => line.line)).toEqual([
      "4 Tomaten (am besten reife Strauchtomaten aus dem eigenen Garten)",
      "3 EL Olivenöl",
    ]);
    expect(recipe.ingredients[0]?.note?.length).toBeLessThanOrEqual(40);
    expect(recipe.problems).toEqual([
      "Notiz „am besten reife Strauchtomaten aus dem eigenen Garten“ zu „Tomate“ auf 40 Zeichen gekürzt; bitte prüfen.",
      "Zeile nicht lesbar: „2 EL“ (Die Zeile nennt keine Zutat, nur Menge, Einheit oder Hinweis).",
    ]);
  });

  it("passes its options on: the size cap", async () => {
    const outcomes = await readAll([join(FIXTURES, "wprm-seite.html")], { maxBytes: 1024 });
    expect(outcomes).toEqual([
      { skipped: { source: join(FIXTURES, "wprm-seite.html"), reason: "Datei größer als 1024 Bytes; nicht gelesen." } },
    ]);
  });

  it("never throws for any bytes or lines in a file (property)", async () => {
    const line = fc.oneof(
      fc.string(),
      fc.constantFrom(
        "Für den Teig:",
        "2 EL",
        "½ TL Salz",
        "1-2 Zehen Knoblauch",
        "<b>200 g</b> Mehl",
        "&lt;script&gt;",
      ),
    );
    const recipe = fc
      .record({ name: fc.string(), recipeIngredient: fc.array(line, { maxLength: 8 }), recipeYield: fc.jsonValue() })
      .map((fields) => JSON.stringify({ "@type": "Recipe", ...fields }));
    const content = fc.oneof(
      fc.uint8Array({ maxLength: 1_000 }).map((bytes) => Buffer.from(bytes)),
      recipe.map((json) => Buffer.from(json)),
      fc.array(recipe, { maxLength: 5 }).map((lines) => Buffer.from(lines.join("\n"))),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(".json", ".ndjson", ".html"), content, async (extension, bytes) => {
        const path = join(scratch, `zufall-${run++}${extension}`);
        await writeFile(path, bytes);
        for (const outcome of await readAll([path])) {
          if ("recipe" in outcome) {
            for (const problem of outcome.recipe.problems) expect(problem).toMatch(/^[^\n]+\.$/);
          } else {
            expect(outcome.skipped.reason).toMatch(/\S/);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
