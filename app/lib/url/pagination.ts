/**
 * Long lists (a category, search results) are cut into pages of a fixed size,
 * addressed as `?seite=2`. Page 1 has no parameter, so every list has exactly
 * one address per page.
 */
import { redirect } from "react-router";
import type { SlicedList } from "../../../catalog/search/engine/sliced-list.ts";
import { PAGE_PARAM } from "./form-fields.ts";

/** Recipes per page: enough to browse, few enough for a fast first paint on a phone. */
export const PAGE_SIZE = 24;

/**
 * The ingredient search's results per page: half a list page. Its best
 * matches come first and each card says what is still missing, so visitors
 * rarely read far, and on a phone twelve cards are a long page already.
 * Each card costs the edge its markup and hydration data, on a page the
 * edge cache seldom answers: its address is a combination of ingredients
 * (decision 0025). The name search keeps a list page's size: its first
 * page needs the room (the relevance table, tests/search).
 */
export const MATCHES_PER_PAGE = 12;

export interface Page<T> {
  items: T[];
  /** 1-based. */
  page: number;
  pageCount: number;
  total: number;
}

/**
 * The page a `seite` value asks for: 1 when absent, the number when it is a
 * plain positive integer, otherwise `undefined` (the caller redirects to the
 * list's one address instead of guessing).
 */
export function parsePageParam(value: string | null): number | undefined {
  if (value === null) return 1;
  if (!/^[1-9]\d{0,5}$/.test(value)) return undefined;
  return Number(value);
}

/**
 * One page of `items`, an array or results made only as far as a page asks
 * (sliced-list.ts); a page past the end is clamped to the last one.
 */
export function paginate<T>(items: SlicedList<T>, page: number, size: number = PAGE_SIZE): Page<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), pageCount);
  return {
    items: items.slice((current - 1) * size, current * size),
    page: current,
    pageCount,
    total: items.length,
  };
}

/**
 * The address of page `page` of the list at `url`: the other query
 * parameters stay as they are, page 1 drops the parameter.
 */
export function pageHref(url: URL | string, page: number): string {
  const target = new URL(url, "http://placeholder");
  if (page <= 1) target.searchParams.delete(PAGE_PARAM);
  else target.searchParams.set(PAGE_PARAM, String(page));
  const search = target.searchParams.toString();
  return `${target.pathname}${search ? `?${search}` : ""}`;
}

/**
 * The page number `url` asks for, for a loader. An unreadable `seite`
 * ("abc", "0") is not guessed at: it throws a redirect to page 1 of the
 * same list, the other parameters kept.
 */
export function requirePageNumber(url: URL): number {
  const requested = parsePageParam(url.searchParams.get(PAGE_PARAM));
  if (requested === undefined) throw redirect(pageHref(url, 1));
  return requested;
}

/**
 * Throws a redirect to the last page of the list at `address` when
 * `requested` lies past its end (`paginate` then served the last page):
 * a page that no longer exists is not shown under its number, so every
 * page keeps one address as a list shrinks.
 */
export function requireExistingPage(list: Page<unknown>, requested: number, address: URL | string): void {
  if (list.page !== requested) throw redirect(pageHref(address, list.page));
}
