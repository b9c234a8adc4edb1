import type { ShellData } from "../root.tsx";

interface MatchWithData {
  id: string;
  loaderData?: unknown;
}

/**
 * The root loader's shell data from a `meta` function's matches. Falls back
 * to the product's names when the root loader failed, so an error page still
 * gets a sensible title.
 */
export function shellFromMatches(matches: ReadonlyArray<MatchWithData | undefined>): ShellData {
  const root = matches.find((match) => match?.id === "root")?.loaderData as ShellData | undefined;
  return (
    root ?? {
      productName: "Was koche ich",
      siteName: "Was koche ich jetzt",
      siteUrl: "",
      appStoreUrl: "",
      visitor: null,
      accountUnavailable: false,
      notice: null,
      consent: null,
      gtmId: null,
    }
  );
}
