/**
 * The seed's ratings file (cms/seed/ratings.json, decision 0065) without a
 * CMS: one row of stars per seed recipe and account, whole stars 1 to 5, and
 * at least three ratings for every recipe, so each seed page shows its stars
 * and has `aggregateRating` (the validator's goal, decision 0067).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { SeedRatings } from "../../scripts/cms/seed-ratings.ts";

const seed = JSON.parse(readFileSync("cms/seed/ratings.json", "utf8")) as SeedRatings;
const slugs = (JSON.parse(readFileSync("cms/seed/recipes.json", "utf8")) as { slug: string }[]).map(
  (recipe) => recipe.slug,
);
const counts = Object.values(seed.ratings).map((stars) => stars.filter((given) => given !== null).length);

describe("cms/seed/ratings.json", () => {
  it("names distinct accounts and rates exactly the seed's recipes, one value per account", () => {
    expect(new Set(seed.accounts).size).toBe(seed.accounts.length);
    expect(Object.keys(seed.ratings).sort()).toEqual([...slugs].sort());
    for (const stars of Object.values(seed.ratings)) expect(stars).toHaveLength(seed.accounts.length);
  });

  it("gives whole stars from 1 to 5, or none", () => {
    for (const stars of Object.values(seed.ratings).flat()) {
      if (stars !== null) expect([1, 2, 3, 4, 5]).toContain(stars);
    }
  });

  it("rates every recipe at least three times", () => {
    expect(counts.filter((count) => count < 3)).toEqual([]);
  });
});
