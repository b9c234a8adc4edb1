/**
 * The offline page's own script, inline in that page alone
 * (routes/offline.tsx): lists the pages this browser can open without a
 * connection, read from the service worker's caches. The offline page is
 * not hydrated (it is answered at whatever address could not be reached),
 * so this small script is all the JavaScript it runs.
 */
import { keptPage, keptPageLabel } from "./kept-pages.ts";
import { KEPT_AT_HEADER, PAGE_CACHES } from "./offline-caches.ts";
import { OFFLINE_PAGE_IDS } from "./offline-page-markup.ts";

interface Listed {
  href: string;
  title: string;
  recent: boolean;
  keptAt: number;
}

/** A kept page's name: a recipe's own heading, else what the kind is called. */
function titleOf(html: string): string | undefined {
  const heading = new DOMParser().parseFromString(html, "text/html").querySelector("h1");
  return heading?.textContent?.trim() || undefined;
}

async function keptPages(): Promise<Listed[]> {
  const listed = new Map<string, Listed>();
  for (const name of PAGE_CACHES) {
    if (!(await caches.has(name))) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const kept = keptPage(request.url, window.location.origin);
      // The personal copy (listed first) is the one the worker answers with.
      if (!kept || listed.has(kept.page)) continue;
      const response = await cache.match(request, { ignoreVary: true });
      if (!response) continue;
      const title = kept.recent ? titleOf(await response.text()) : keptPageLabel(kept.kind);
      if (!title) continue;
      const url = new URL(kept.key);
      listed.set(kept.page, {
        href: `${url.pathname}${url.search}`,
        title,
        recent: kept.recent,
        keptAt: Number(response.headers.get(KEPT_AT_HEADER) ?? 0),
      });
    }
  }
  // The lists first, then the recipes read last.
  return [...listed.values()].sort((a, b) => Number(a.recent) - Number(b.recent) || b.keptAt - a.keptAt);
}

async function showKeptPages(): Promise<void> {
  const section = document.getElementById(OFFLINE_PAGE_IDS.kept);
  const list = document.getElementById(OFFLINE_PAGE_IDS.list);
  const nothing = document.getElementById(OFFLINE_PAGE_IDS.nothing);
  if (!section || !list || !("caches" in window)) return;
  const pages = await keptPages();
  if (pages.length === 0) return;
  list.replaceChildren(
    ...pages.map(({ href, title }) => {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = href;
      link.textContent = title;
      item.appendChild(link);
      return item;
    }),
  );
  section.hidden = false;
  if (nothing) nothing.hidden = true;
}

// The page stands at the address that could not be reached: trying again is loading it again.
document.getElementById(OFFLINE_PAGE_IDS.retry)?.addEventListener("click", () => window.location.reload());

showKeptPages().catch(() => {
  // Storage the browser refuses to open leaves the page as the server wrote it: offline, nothing listed.
});
