/**
 * What the shell (header, footer, cookie banner, save buttons) needs on
 * every page: the root route's loader data. Made on the server by
 * shell-data.server.ts; read here, by components through the hooks and by
 * `meta` functions through shellFromMatches, on the server and in the
 * browser alike.
 */
import { useRouteLoaderData } from "react-router";
import type { Consent } from "../consent/consent.ts";

/** The signed-in visitor as the shell shows them. */
export interface ShellVisitor {
  email: string;
  savedRecipeIds: number[];
  /** The token forms must repeat (csrf.server.ts). */
  csrfToken: string;
}

export interface ShellData {
  /** "Was koche ich": the header shows "{productName} jetzt?". */
  productName: string;
  /** Suffix of every page title. */
  siteName: string;
  siteUrl: string;
  appStoreUrl: string;
  visitor: ShellVisitor | null;
  /** Signed in, but Directus cannot be asked right now. */
  accountUnavailable: boolean;
  /** A one-time message after a redirect (notices.ts). */
  notice: string | null;
  /** The visitor's cookie choice; null: not asked yet, the banner is due. */
  consent: Consent | null;
  gtmId: string | null;
}

/** React Router's id for app/root.tsx. */
const ROOT_ROUTE_ID = "root";

/**
 * The shell when the root loader itself failed (an error page): the
 * product's own names rather than nothing, nobody signed in, no consent yet.
 * Every other page has the configured names (config.server.ts).
 */
const FALLBACK_SHELL: ShellData = {
  productName: "Was koche ich",
  siteName: "Was koche ich jetzt",
  siteUrl: "",
  appStoreUrl: "",
  visitor: null,
  accountUnavailable: false,
  notice: null,
  consent: null,
  gtmId: null,
};

interface MatchWithData {
  id: string;
  loaderData?: unknown;
}

/** The shell data from a `meta` function's matches, so an error page still gets a sensible title. */
export function shellFromMatches(matches: ReadonlyArray<MatchWithData | undefined>): ShellData {
  const root = matches.find((match) => match?.id === ROOT_ROUTE_ID)?.loaderData as ShellData | undefined;
  return root ?? FALLBACK_SHELL;
}

/** The shell data for a component. */
export function useShellData(): ShellData {
  return useRouteLoaderData<ShellData>(ROOT_ROUTE_ID) ?? FALLBACK_SHELL;
}

/** The signed-in visitor (e-mail, saved recipe ids, form token), or null. */
export function useVisitor(): ShellVisitor | null {
  return useShellData().visitor;
}

/** The visitor's cookie choice, or null while it is not made: what analytics events must respect. */
export function useConsent(): Consent | null {
  return useShellData().consent;
}
