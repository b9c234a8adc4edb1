/**
 * robots.txt and the sitemaps, generated from the catalog. One sitemap index
 * at /sitemap.xml names a sitemap of the fixed and category pages and as many
 * recipe sitemaps as needed, each far below the protocol's 50,000-URL limit.
 */

import { categoryPath, RECIPE_TYPES } from "../../../catalog/recipes/categories.ts";
import type { Catalog } from "../../../catalog/recipes/types.ts";
import { recipeImageUrl } from "../recipes/recipe-images.ts";
import { PAGE_SIZE, pageHref } from "../url/pagination.ts";

/**
 * Recipes per recipe sitemap: small enough that one is written well within
 * the per-request CPU budget. The edge bench measured about 5 µs of CPU per
 * URL with its image (10,000 took 59 ms, 2,000 took 9.6 ms); a sitemap index
 * may name 50,000 sitemaps, so small parts cost nothing.
 */
const RECIPES_PER_SITEMAP = 500;

/** What the recipe sitemaps read of a catalog version: how many recipes, each one's slug and image by position. */
export interface SitemapRecipes {
  readonly count: number;
  slugAt(position: number): string;
  imageAt(position: number): string | null;
}

const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>';

const XML_SPECIAL = /[<>&'"]/;

function escapeXml(text: string): string {
  // Slugs and image ids never need it: the test is cheaper than the replacement.
  if (!XML_SPECIAL.test(text)) return text;
  return text.replace(
    /[<>&'"]/g,
    (char) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[char]};`,
  );
}

/**
 * robots.txt: everything may be crawled but the CMS and personal pages; the sitemap index is named. The
 * recipe images are the CMS's assets, and the JSON-LD's `image`, the sitemap's images and Open Graph name
 * them: crawlers must fetch them (Google uses the longest matching rule, so the Allow wins for them).
 */
export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Allow: /directus/assets/",
    "Disallow: /directus/",
    "Disallow: /login",
    "Disallow: /gespeicherte-rezepte",
    "Disallow: /einkaufsliste",
    "Disallow: /wochenplan",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

/** Number of recipe sitemaps for a catalog (at least one, so the index never names a missing file). */
function recipeSitemapCount(recipeCount: number): number {
  return Math.max(1, Math.ceil(recipeCount / RECIPES_PER_SITEMAP));
}

/** The sitemap index. */
export function sitemapIndex(siteUrl: string, recipeCount: number): string {
  const files = ["seiten", ...Array.from({ length: recipeSitemapCount(recipeCount) }, (_, i) => `rezepte-${i + 1}`)];
  return [
    XML_HEADER,
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...files.map((file) => `<sitemap><loc>${escapeXml(`${siteUrl}/sitemap/${file}.xml`)}</loc></sitemap>`),
    "</sitemapindex>",
    "",
  ].join("\n");
}

function urlset(entries: string[], withImages = false): string {
  const namespaces = withImages
    ? 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"'
    : 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
  return [XML_HEADER, `<urlset ${namespaces}>`, ...entries, "</urlset>", ""].join("\n");
}

/** The fixed pages and every page of every category that has recipes. */
export function pagesSitemap(siteUrl: string, catalog: Pick<Catalog, "categories">): string {
  const paths = ["/", "/zutatensuche", "/suche", "/ueber-uns", "/impressum", "/datenschutz"];
  for (const type of RECIPE_TYPES) {
    const count = catalog.categories.find((category) => category.type === type)?.count ?? 0;
    for (let page = 1; page <= Math.ceil(count / PAGE_SIZE); page++) paths.push(pageHref(categoryPath(type), page));
  }
  return urlset(paths.map((path) => `<url><loc>${escapeXml(`${siteUrl}${path}`)}</loc></url>`));
}

/** The positions recipe sitemap number `part` (1-based) lists, `start` to `end` (exclusive); undefined past the last one. */
export function recipeSitemapRange(count: number, part: number): { start: number; end: number } | undefined {
  if (!Number.isInteger(part) || part < 1 || part > recipeSitemapCount(count)) return undefined;
  return { start: (part - 1) * RECIPES_PER_SITEMAP, end: Math.min(part * RECIPES_PER_SITEMAP, count) };
}

/**
 * Recipe sitemap number `part` (1-based), with each recipe's image; undefined
 * past the last one. `recipes` need answer only for its range (`recipeSitemapRange`).
 */
export function recipesSitemap(siteUrl: string, recipes: SitemapRecipes, part: number): string | undefined {
  const range = recipeSitemapRange(recipes.count, part);
  if (!range) return undefined;
  const entries: string[] = [];
  for (let position = range.start; position < range.end; position++) {
    const imageId = recipes.imageAt(position);
    const image = imageId
      ? `<image:image><image:loc>${escapeXml(`${siteUrl}${recipeImageUrl(imageId)}`)}</image:loc></image:image>`
      : "";
    entries.push(`<url><loc>${escapeXml(`${siteUrl}/rezepte/${recipes.slugAt(position)}`)}</loc>${image}</url>`);
  }
  return urlset(entries, true);
}
