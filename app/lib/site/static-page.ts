/**
 * A page that runs none of the app's JavaScript: the offline page, which the
 * service worker answers at whatever address could not be reached, where
 * React Router's hydration would find another route's address
 * (decision 0043). Its route says so in its `handle`; the root then leaves
 * out the scripts, the scroll restoration and the cookie banner (the page
 * is kept without cookies, so the banner would always show).
 */
import type { UIMatch } from "react-router";

/** The `handle` of a static page's route. */
export const STATIC_PAGE_HANDLE = { staticPage: true } as const;

/** Whether the matched routes make a static page. */
export function isStaticPage(matches: readonly UIMatch[]): boolean {
  return matches.some((match) => (match.handle as Partial<typeof STATIC_PAGE_HANDLE> | undefined)?.staticPage === true);
}
