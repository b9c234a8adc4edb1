import { Link } from "react-router";
import { PrivacyStatement } from "../components/privacy-statement.tsx";
import { pageTitle } from "../lib/seo/page-title.ts";
import { staticPageMeta } from "../lib/seo/static-page-meta.ts";
import { legalPageData } from "../lib/site/legal-data.server.ts";
import { useShellData } from "../lib/site/shell-data.ts";
import type { Route } from "./+types/privacy";

export function loader({ context }: Route.LoaderArgs) {
  return legalPageData(context);
}

/** Marks the statement's markup in the page, for the client loader to find in the page it fetches. */
const STATEMENT_ATTRIBUTE = "data-privacy-statement";

/**
 * After a client navigation (or back to this page), the statement's markup as the server renders it: the page
 * fetched as a document and the statement taken out of it. The first load needs none of this: the statement
 * is in the page, and hydration keeps it.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const response = await fetch(request.url, { signal: request.signal, headers: { Accept: "text/html" } });
  if (!response.ok) throw response;
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  return { statementHtml: page.querySelector(`[${STATEMENT_ATTRIBUTE}]`)?.innerHTML ?? "" };
}

export const meta: Route.MetaFunction = (args) =>
  staticPageMeta(args, {
    title: (shell) => pageTitle("Datenschutzerklärung", shell.siteName),
    description:
      "Datenschutzerklärung: Hosting bei Cloudflare, Server-Logfiles, Cookies und Cookie-Einwilligung, Anmeldung mit Google, Google Tag Manager, Google Analytics und deine Rechte.",
  });

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { siteName } = useShellData();
  return (
    <article className="page prose">
      <h1>Datenschutzerklärung</h1>
      {import.meta.env.SSR && "operator" in loaderData ? (
        // The server renders the statement; PrivacyStatement is not in the client's script (import.meta.env.SSR
        // is false there, and the build leaves out what only this branch uses).
        <div {...{ [STATEMENT_ATTRIBUTE]: "" }}>
          <PrivacyStatement {...loaderData} />
        </div>
      ) : (
        // In the browser: hydration keeps the server's markup, as React neither compares nor replaces markup set
        // as inner HTML when it hydrates (an empty string here); after a client navigation, the client loader's.
        <div
          {...{ [STATEMENT_ATTRIBUTE]: "" }}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own server's markup of this page, fetched from our origin
          dangerouslySetInnerHTML={{ __html: "statementHtml" in loaderData ? loaderData.statementHtml : "" }}
          suppressHydrationWarning
        />
      )}
      <h2>Aktualität und Änderungen</h2>
      <p>
        Stand: November 2026. Wenn wir neue Funktionen einführen, Dienste wechseln oder sich die Rechtslage ändert,
        passen wir diese Datenschutzerklärung an. Die jeweils aktuelle Fassung findest du immer auf dieser Seite. Unsere
        vollständigen Anbieterangaben stehen im <Link to="/impressum">Impressum</Link>; wer hinter {siteName} steckt,
        erfährst du auf der Seite <Link to="/ueber-uns">Über Uns</Link>.
      </p>
    </article>
  );
}
