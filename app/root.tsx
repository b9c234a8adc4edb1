import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { CookieConsent } from "./components/cookie-consent.tsx";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { TabBar } from "./components/tab-bar.tsx";
import { TagManager } from "./components/tag-manager.tsx";
import { trackEvent } from "./lib/analytics.ts";
import { consentFrom } from "./lib/consent-cookie.server.ts";
import { takeNotice } from "./lib/notice-cookie.server.ts";
import { NOTICES } from "./lib/notices.ts";
import { responseCookiesContext, siteConfigContext, visitorContext } from "./lib/site-context.server.ts";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/icon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

/** What the shell (header, footer, cards) needs on every page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const config = context.get(siteConfigContext);
  const state = await context.get(visitorContext).state();
  const notice = takeNotice(request);
  if (notice) context.get(responseCookiesContext).push(notice.clear);
  return {
    productName: config.productName,
    siteName: config.siteName,
    siteUrl: config.siteUrl,
    appStoreUrl: config.appStoreUrl,
    visitor:
      state.status === "signed-in"
        ? {
            email: state.visitor.user.email,
            savedRecipeIds: state.visitor.saved.map((link) => link.recipe),
            csrfToken: state.visitor.csrfToken,
          }
        : null,
    /** Signed in, but Directus cannot be asked right now. */
    accountUnavailable: state.status === "unavailable",
    notice: notice ? NOTICES[notice.code] : null,
    /** The visitor's cookie choice; null: not asked yet, the banner is due. */
    consent: consentFrom(request, config.consentCookieName) ?? null,
    gtmId: config.gtmId,
  };
}

export type ShellData = Awaited<ReturnType<typeof loader>>;

export function Layout({ children }: { children: React.ReactNode }) {
  // Undefined when the root loader itself failed; the shell then falls back
  // to the product's default names rather than rendering nothing.
  const shell = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="de">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#2f6b3a" />
        <Meta />
        <Links />
        <TagManager gtmId={shell?.gtmId ?? null} consent={shell?.consent ?? null} />
      </head>
      <body>
        <a className="skip-link" href="#inhalt">
          Zum Inhalt springen
        </a>
        <CookieConsent consent={shell?.consent ?? null} gtmId={shell?.gtmId ?? null}>
          <SiteHeader productName={shell?.productName ?? "Was koche ich"} />
          <TabBar />
          <main id="inhalt" tabIndex={-1}>
            {shell?.notice ? (
              <p className="notice site-notice" role="status">
                {shell.notice}
              </p>
            ) : null}
            {children}
          </main>
          <SiteFooter
            appStoreUrl={shell?.appStoreUrl}
            visitor={shell?.visitor ?? null}
            accountUnavailable={shell?.accountUnavailable ?? false}
          />
        </CookieConsent>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const consentKey = JSON.stringify(loaderData.consent);

  // Marks the page as interactive. Browser tests wait for it before they
  // type into fields that react to every keystroke.
  useEffect(() => {
    document.documentElement.dataset.js = "ready";
  }, []);

  // page_view at the end of every navigation, the first one included (spec section 4).
  // biome-ignore lint/correctness/useExhaustiveDependencies: one event per location; consent is read as it is then
  useEffect(() => {
    trackEvent(JSON.parse(consentKey), "page_view", {
      page_location: window.location.href,
      page_title: document.title,
    });
  }, [location.key]);

  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // 4xx answers are the visitor's request, not a failure of ours; handleError logs the rest.
  if (!isRouteErrorResponse(error) || error.status >= 500) console.error(error);
  return (
    <article className="page prose">
      <title>{notFound ? "Seite nicht gefunden" : "Ein Fehler ist aufgetreten"}</title>
      <h1>{notFound ? "Diese Seite gibt es nicht" : "Da ist etwas schiefgelaufen"}</h1>
      <p>
        {notFound
          ? "Die aufgerufene Adresse führt zu keiner Seite."
          : "Die Seite konnte gerade nicht geladen werden. Bitte versuche es in einem Moment noch einmal."}
      </p>
      <p>
        <Link to="/">Zur Startseite</Link>
      </p>
    </article>
  );
}
