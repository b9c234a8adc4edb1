import { Suspense, useEffect } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useMatches,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { CookieConsent } from "./components/cookie-consent.tsx";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { StartScriptsAfterLoad } from "./components/start-scripts-after-load.tsx";
import { TabBar } from "./components/tab-bar.tsx";
import { TagManager } from "./components/tag-manager.tsx";
import { trackEvent } from "./lib/consent/analytics.ts";
import { useReloadWhenOffline } from "./lib/hooks/use-reload-when-offline.ts";
import { useRouteLinkNavigation } from "./lib/hooks/use-route-link-navigation.ts";
import { loadShellData } from "./lib/site/shell-data.server.ts";
import { useShellData } from "./lib/site/shell-data.ts";
import { isStaticPage } from "./lib/site/static-page.ts";
import { onlyServingsChanged } from "./lib/url/servings-param.ts";

export const links: Route.LinksFunction = () => [
  // With a precedence React writes the stylesheet right after the charset, viewport and image preloads,
  // ahead of the twenty module preloads; without one it came last in the head and was fetched after them.
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/icon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

/** What the shell (header, footer, cards) needs on every page. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadShellData(request, context);
}

// The shell does not depend on a recipe's servings: a stepper step loads nothing.
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return onlyServingsChanged(args) ? false : args.defaultShouldRevalidate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  // Also rendered around the error page, when the root loader itself may
  // have failed: useShellData then falls back to the product's own names.
  const shell = useShellData();
  // The offline page runs none of the app's scripts (lib/site/static-page.ts).
  const staticPage = isStaticPage(useMatches());
  // Hydration in slices (decision 0059): each <Suspense> the server rendered whole is hydrated after what
  // holds it, in a render and a commit of its own, and the browser gets the main thread back in between.
  // The document's shell first, then the header, tab bar and the page's frame, then the page itself and the
  // footer. Nothing in them suspends; the boundaries only cut the work. A tap in a part not hydrated yet
  // hydrates that part at once (React's selective hydration) and then reaches its handler.
  const page = (
    <Suspense>
      <SiteHeader productName={shell.productName} />
      <TabBar />
      <main id="inhalt" tabIndex={-1}>
        {shell.notice ? (
          <p className="notice site-notice" role="status">
            {shell.notice}
          </p>
        ) : null}
        <Suspense>{children}</Suspense>
      </main>
      <Suspense>
        <SiteFooter
          appStoreUrl={shell.appStoreUrl}
          visitor={shell.visitor}
          accountUnavailable={shell.accountUnavailable}
        />
      </Suspense>
    </Suspense>
  );
  return (
    <html lang="de">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        {/* Before the stylesheet arrives the browser paints its canvas in the visitor's scheme: no white flash in dark mode. */}
        <meta name="color-scheme" content="light dark" />
        {/* The browser's toolbar: the brand green, and the dark footer's deep green in dark mode (app/app.css). */}
        <meta name="theme-color" content="#2f6b3a" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#16291b" media="(prefers-color-scheme: dark)" />
        <Meta />
        <Links />
        <TagManager gtmId={shell.gtmId} consent={shell.consent} />
      </head>
      <body>
        <a className="skip-link" href="#inhalt">
          Zum Inhalt springen
        </a>
        {staticPage ? (
          page
        ) : (
          <CookieConsent consent={shell.consent} gtmId={shell.gtmId}>
            {page}
          </CookieConsent>
        )}
        {staticPage ? null : (
          <>
            <ScrollRestoration />
            <Scripts />
            <StartScriptsAfterLoad />
          </>
        )}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  useRouteLinkNavigation();
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
  // A navigation that failed for want of a network becomes a page load, which the service worker answers.
  useReloadWhenOffline(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // Not logged here: on the server handleError (entry.server.tsx) has logged it, in the browser React reports it.
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
