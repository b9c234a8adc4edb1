import type { MetaDescriptor } from "react-router";
import { type ShellData, shellFromMatches } from "../site/shell-data.ts";
import { pageMeta } from "./page-meta.ts";

type MatchesArg = Parameters<typeof shellFromMatches>[0];

/** pageMeta for a page whose address is its path: the legal pages, the home page. */
export function staticPageMeta(
  { matches, location }: { matches: MatchesArg; location: { pathname: string } },
  page: { title: (shell: ShellData) => string; description: string; path?: string },
): MetaDescriptor[] {
  const shell = shellFromMatches(matches);
  return pageMeta({
    title: page.title(shell),
    description: page.description,
    canonical: `${shell.siteUrl}${page.path ?? location.pathname}`,
    siteName: shell.siteName,
  });
}
