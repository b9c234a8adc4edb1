/**
 * The basics (catalog/recipes/basic-ingredients.ts) are the rule of
 * decision 0040 applied to the seed: every ingredient whose own type is
 * SEASONING or OIL and that at least 15 % of the seed's recipes need, plus
 * water. A seed change that moves an ingredient across the line fails here,
 * so the list and the decision are looked at again.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BASIC_INGREDIENTS, basicBySlug, basicsAtHand } from "../../catalog/recipes/basic-ingredients.ts";
import { slugify } from "../../catalog/recipes/slug.ts";
import { SEED_DIR, type SeedIngredient, type SeedRecipe } from "../../scripts/cms/seed.ts";

const RULE = { types: ["SEASONING", "OIL"], share: 0.15, always: ["Wasser"] };

function seed<T>(file: string): T[] {
  return JSON.parse(readFileSync(join(SEED_DIR, file), "utf8")) as T[];
}

/** The rule of decision 0040 over the seed: names, most used first, then those every kitchen has. */
function basicsByRule(): string[] {
  const recipes = seed<SeedRecipe>("recipes.json");
  const uses = new Map<string, number>();
  for (const recipe of recipes) for (const name of recipe.ingredients) uses.set(name, (uses.get(name) ?? 0) + 1);
  const chosen = seed<SeedIngredient>("ingredients.json")
    .filter((ingredient) => RULE.types.includes(ingredient.type))
    .filter((ingredient) => (uses.get(ingredient.name) ?? 0) >= RULE.share * recipes.length)
    .sort((a, b) => (uses.get(b.name) ?? 0) - (uses.get(a.name) ?? 0))
    .map((ingredient) => ingredient.name);
  return [...chosen, ...RULE.always];
}

describe("the basics", () => {
  it("are the rule applied to the seed", () => {
    expect(basicsByRule()).toEqual(["Salz", "Olivenöl", "Pfeffer", "Rapsöl", "Wasser"]);
    expect(new Set(BASIC_INGREDIENTS.map((basic) => basic.name))).toEqual(new Set(basicsByRule()));
  });

  it("hold salt, pepper, water and a cooking oil, named first as the page names them", () => {
    const names = BASIC_INGREDIENTS.map((basic) => basic.name);
    expect(names.slice(0, 2)).toEqual(["Salz", "Pfeffer"]);
    expect(names).toContain("Wasser");
    const oils = seed<SeedIngredient>("ingredients.json").filter((ingredient) => ingredient.type === "OIL");
    expect(oils.some((oil) => names.includes(oil.name))).toBe(true);
  });

  it("carry the slug the sync makes of their name", () => {
    for (const basic of BASIC_INGREDIENTS) expect(basic.slug).toBe(slugify(basic.name));
  });

  it("are found by slug only when they are one, and are at hand unless missing", () => {
    expect(basicBySlug("salz")?.name).toBe("Salz");
    for (const other of ["zucker", "Salz", "salz ", "", "sorte:oel"]) expect(basicBySlug(other)).toBeUndefined();
    expect(basicsAtHand([]).map((basic) => basic.slug)).toEqual(BASIC_INGREDIENTS.map((basic) => basic.slug));
    expect(basicsAtHand(["wasser", "salz", "zucker"]).map((basic) => basic.slug)).toEqual([
      "pfeffer",
      "olivenoel",
      "rapsoel",
    ]);
  });
});
