/**
 * Every seed recipe page as the built site serves it (the seed in a real Directus, the sync, the Worker)
 * through our recipe validator (scripts/seo/recipe-validator.ts, Google's rules for recipe rich results):
 * no required field missing or invalid, and every recommended field there and readable but those
 * ALLOWED_ABSENT names (issue 45, part 3). No browser: plain requests, once (in the desktop project).
 */
import { expect, test } from "@playwright/test";
import {
  ALLOWED_ABSENT,
  pageProblems,
  seedRecipeSlugs,
  validateRecipePages,
} from "../../scripts/seo/seed-recipe-pages.ts";
import { BASE_URL } from "./stack.ts";

test.describe("the seed's recipe pages", () => {
  test(`have every required field, and every recommended one but ${ALLOWED_ABSENT.join(" and ")}`, async () => {
    // publication-status.spec.ts takes two seed recipes off the site for up to four minutes while it runs
    // beside this test: a page that fails is asked again until that test is over.
    test.setTimeout(300_000);
    const slugs = seedRecipeSlugs();
    expect(slugs.length).toBeGreaterThanOrEqual(89);
    await expect(async () => {
      // Images too: the built Worker's proxy must serve each crop the JSON-LD names, at its size.
      const pages = await validateRecipePages(BASE_URL, slugs, { images: true });
      const problems = pages.flatMap((page) => pageProblems(page).map((problem) => `${page.path}: ${problem}`));
      expect(problems).toEqual([]);
    }).toPass({ timeout: 270_000, intervals: [5_000] });
  });
});
