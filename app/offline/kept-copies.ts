/**
 * How many copies the service worker keeps, as pure rules over what its
 * caches hold: the recent recipes in the order they were read, the images
 * that go with kept pages, and the build files that kept pages name.
 */
import { RECENT_RECIPES_KEPT } from "./kept-pages.ts";

/** At most this many images are kept in each page cache: a long saved list shows more than the rest together. */
export const KEPT_IMAGES_LIMIT = 120;

/** A kept copy of a recent page: which page, and when it was kept or last read. */
export interface RecentCopy {
  page: string;
  keptAt: number;
}

/**
 * The recent pages to drop so that at most `limit` remain (limit ≥ 1): the
 * ones read longest ago. `touched`, the page just kept or read, always
 * stays. A page kept in several copies (the personal and the shared cache)
 * counts once, at its latest.
 */
export function recentPagesToDrop(
  copies: readonly RecentCopy[],
  touched: string | undefined,
  limit: number = RECENT_RECIPES_KEPT,
): string[] {
  const latest = new Map<string, number>();
  for (const { page, keptAt } of copies)
    latest.set(page, Math.max(keptAt, latest.get(page) ?? Number.NEGATIVE_INFINITY));
  const order = [...latest].sort(
    ([pageA, atA], [pageB, atB]) =>
      Number(pageB === touched) - Number(pageA === touched) ||
      atB - atA ||
      (pageA < pageB ? -1 : pageA > pageB ? 1 : 0),
  );
  return order.slice(Math.max(limit, 1)).map(([page]) => page);
}

/** A kept image: its address, the page that showed it, and when it was kept. */
export interface KeptImage {
  key: string;
  shownBy: string;
  keptAt: number;
}

/** The images to drop: those of pages no longer kept, then the oldest beyond `limit`. */
export function imagesToDrop(
  images: readonly KeptImage[],
  keptPages: ReadonlySet<string>,
  limit: number = KEPT_IMAGES_LIMIT,
): string[] {
  const orphans = images.filter((image) => !keptPages.has(image.shownBy));
  const newestFirst = images
    .filter((image) => keptPages.has(image.shownBy))
    .sort((a, b) => b.keptAt - a.keptAt || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return [...orphans, ...newestFirst.slice(Math.max(limit, 0))].map((image) => image.key);
}

/** A build file's address in a page: Vite writes them as `/assets/<name>-<hash>.<ext>`. */
const ASSET_REFERENCE = /\/assets\/[\w.-]+\.\w+/g;

/** The build files (paths) a page's HTML names: its stylesheet, module preloads and scripts. */
export function referencedAssets(html: string): Set<string> {
  return new Set(html.match(ASSET_REFERENCE) ?? []);
}

/** When a copy kept or read now is stamped: never earlier than any copy before it, so the order holds if the clock goes back. */
export function keptAtStamp(now: number, latestBefore: number): number {
  return Math.max(now, latestBefore + 1);
}
