/**
 * The seed's recipe pages as a running site serves them, each through our recipe validator: what
 * `npm run validate:recipes` reports and what the browser tests' stage asserts (issue 45, part 3).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SEED_DIR, type SeedRecipe } from "../cms/seed.ts";
import { type RecipeValidation, type RecommendedField, validateRecipePage } from "./recipe-validator.ts";
import { robotsAllows } from "./robots-rules.ts";
import { checkServedImage, missingRatios, type ServedImage } from "./served-images.ts";

/**
 * Recommended fields a seed page may lack; every other recommended field must be there and readable.
 * - `video`: the site has no recipe videos.
 * Issue 45's goal. `aggregateRating` is not among them: the JSON-LD has it from 3 ratings on (decision 0066),
 * and the seed's ratings give every seed recipe at least three (cms/seed/ratings.json).
 */
export const ALLOWED_ABSENT: readonly RecommendedField[] = ["video"];

/** The slugs of cms/seed/recipes.json, in the file's order. */
export function seedRecipeSlugs(): string[] {
  const recipes = JSON.parse(readFileSync(join(SEED_DIR, "recipes.json"), "utf8")) as SeedRecipe[];
  return recipes.map((recipe) => recipe.slug);
}

export interface PageValidation {
  /** The page's path, `/rezepte/<slug>`. */
  path: string;
  /** The HTTP status it answered with; a page that is not 200 has no Recipe to find. */
  status: number;
  /** Whether the site's robots.txt lets Googlebot fetch the page. */
  crawlable: boolean;
  validation: RecipeValidation;
}

/** Pages asked for at once: the local site runs on two cores beside Directus. */
const AT_ONCE = 4;

/** Google's crawlers for pages and for images, most specific first: robots.txt may have a group for either. */
const PAGE_CRAWLER = ["Googlebot"];
const IMAGE_CRAWLER = ["Googlebot-Image", "Googlebot"];

/** Runs `task` on every item, AT_ONCE at a time, keeping the order. */
async function eachAtOnce<T, R>(items: readonly T[], task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return results;
}

/**
 * Fetches `/rezepte/<slug>` from `site` for each slug (redirects not followed) and validates it, with the
 * site's robots.txt deciding which of the site's own URLs a crawler may fetch. With `images`, every image
 * the Recipes name is fetched too (checkServedImage): one a crawler cannot use makes the page's `image`
 * invalid, and a page whose images miss one of Google's aspect ratios gets a warning.
 */
export async function validateRecipePages(
  site: string,
  slugs: readonly string[],
  options: { images?: boolean } = {},
): Promise<PageValidation[]> {
  const robotsResponse = await fetch(new URL("/robots.txt", site));
  // No robots.txt lets crawlers fetch everything.
  const robots = robotsResponse.ok ? await robotsResponse.text() : "";
  const origin = new URL(site).origin;
  const fetchable = (url: string) => {
    const parsed = new URL(url);
    return parsed.origin !== origin || robotsAllows(robots, IMAGE_CRAWLER, `${parsed.pathname}${parsed.search}`);
  };
  const pages = await eachAtOnce(slugs, async (slug): Promise<PageValidation> => {
    const path = `/rezepte/${slug}`;
    const response = await fetch(new URL(path, site), { redirect: "manual" });
    const html = response.status === 200 ? await response.text() : "";
    if (response.status !== 200) await response.body?.cancel();
    return {
      path,
      status: response.status,
      crawlable: robotsAllows(robots, PAGE_CRAWLER, path),
      validation: validateRecipePage(html, { fetchable }),
    };
  });
  if (options.images) await checkImages(pages);
  return pages;
}

/** Adds what fetching each page's images finds to its validation. */
async function checkImages(pages: readonly PageValidation[]): Promise<void> {
  const urls = [...new Set(pages.flatMap((page) => page.validation.imageUrls))];
  const served = new Map<string, ServedImage>(
    (await eachAtOnce(urls, checkServedImage)).map((image) => [image.url, image]),
  );
  for (const { validation } of pages) {
    if (validation.fields.image !== "present") continue;
    const images = validation.imageUrls.map((url) => served.get(url)).filter((image) => image !== undefined);
    const broken = images.find((image) => image.problem !== null);
    if (broken?.problem) {
      validation.fields.image = "invalid";
      validation.errors.push({ field: "image", problem: "invalid", message: broken.problem });
      continue;
    }
    const ratios = missingRatios(images);
    if (ratios.length > 0) {
      validation.warnings.push({ field: "image", problem: "invalid", message: `no image in ${ratios.join(", ")}` });
    }
  }
}

/** What keeps a page from the goal: an error, a recommended field invalid, or missing but not allowed to be. */
export function pageProblems(
  page: PageValidation,
  allowedAbsent: readonly RecommendedField[] = ALLOWED_ABSENT,
): string[] {
  const status = page.status === 200 ? [] : [`answered ${page.status}`];
  if (!page.crawlable) status.push("robots.txt keeps Googlebot off the page");
  const errors = page.validation.errors.map((finding) => `error: ${finding.message}`);
  const warnings = page.validation.warnings
    .filter((finding) => finding.problem === "invalid" || !(allowedAbsent as readonly string[]).includes(finding.field))
    .map((finding) => `${finding.problem}: ${finding.message}`);
  return [...status, ...errors, ...warnings];
}
