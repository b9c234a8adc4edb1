/**
 * Which pages the service worker keeps for reading offline: an allow-list
 * of page kinds. A page it keeps is stored under one address (its key);
 * every other address is answered offline with the offline page.
 */
import { SERVINGS_PARAM } from "../lib/url/form-fields.ts";
import { parseServingsParam } from "../lib/url/servings-param.ts";

/** How many recipe pages are kept: the ones opened last. */
export const RECENT_RECIPES_KEPT = 20;

export type KeptKind = "recipe" | "saved-recipes" | "shopping-list";

interface KeptPageKind {
  kind: KeptKind;
  /** The paths of this kind. */
  path: RegExp;
  /** The query parameters the page reads, each at most once; an address with any other is not kept. */
  params: readonly string[];
  /** Kept among the recent recipes (RECENT_RECIPES_KEPT), else always. */
  recent: boolean;
  /** What the offline page calls it; recipes are named by their own heading. */
  label?: string;
}

/** The page kinds kept offline. Recipe slugs are what slugify() makes: lower-case letters, digits and single hyphens. */
export const KEPT_PAGE_KINDS: readonly KeptPageKind[] = [
  { kind: "recipe", path: /^\/rezepte\/[a-z0-9]+(?:-[a-z0-9]+)*$/, params: [SERVINGS_PARAM], recent: true },
  {
    kind: "saved-recipes",
    path: /^\/gespeicherte-rezepte$/,
    params: [],
    recent: false,
    label: "Gespeicherte Rezepte",
  },
  { kind: "shopping-list", path: /^\/einkaufsliste$/, params: [], recent: false, label: "Einkaufsliste" },
];

export interface KeptPage {
  kind: KeptKind;
  /** The page itself (origin and path): one copy is kept per page, and its images go with it. */
  page: string;
  /** The address the copy is kept under: the page and the parameters it reads. */
  key: string;
  /** Whether it counts among the recent recipes. */
  recent: boolean;
}

/** `address` parsed, or undefined when it is not a URL. */
export function parseAddress(address: string): URL | undefined {
  try {
    return new URL(address);
  } catch {
    return undefined;
  }
}

/**
 * The kept page `address` is, on `origin`; undefined when it is none: another
 * origin, another path, a parameter the page does not read (or one it reads
 * twice), or servings other than a canonical 1–12. A fragment is not part of
 * the address.
 */
export function keptPage(address: string, origin: string): KeptPage | undefined {
  const url = parseAddress(address);
  if (!url || url.origin !== origin) return undefined;
  const kind = KEPT_PAGE_KINDS.find((candidate) => candidate.path.test(url.pathname));
  if (!kind) return undefined;
  const names = [...url.searchParams.keys()];
  if (names.some((name) => !kind.params.includes(name)) || new Set(names).size !== names.length) return undefined;
  if (names.includes(SERVINGS_PARAM) && parseServingsParam(url.searchParams).kind !== "chosen") return undefined;
  const page = `${url.origin}${url.pathname}`;
  const search = new URLSearchParams(url.searchParams).toString();
  return { kind: kind.kind, page, key: search ? `${page}?${search}` : page, recent: kind.recent };
}

/** React Router's data requests name the page's path plus `.data` (the home page: `/_.data`) and the routes to load. */
const DATA_SUFFIX = ".data";
const DATA_ROUTES_PARAM = "_routes";

/** The page address whose data `address` asks for, or undefined when it is no data request. */
export function pageOfDataRequest(address: string): string | undefined {
  const url = parseAddress(address);
  if (!url?.pathname.endsWith(DATA_SUFFIX)) return undefined;
  const path = url.pathname.slice(0, -DATA_SUFFIX.length);
  url.pathname = path === "/_" ? "/" : path;
  url.searchParams.delete(DATA_ROUTES_PARAM);
  url.hash = "";
  return url.href.replace(/\?$/, "");
}

/** What the offline page calls a kept page of `kind` that is not a recipe. */
export function keptPageLabel(kind: KeptKind): string | undefined {
  return KEPT_PAGE_KINDS.find((candidate) => candidate.kind === kind)?.label;
}
