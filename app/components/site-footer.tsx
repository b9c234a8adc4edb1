import { CATEGORY_HEADINGS, categoryPath, FOOTER_CATEGORIES } from "../../catalog/recipes/categories.ts";
import type { ShellVisitor } from "../lib/site/shell-data.ts";
import { CSRF_FIELD } from "../lib/url/form-fields.ts";
import { signInHref } from "../lib/url/return-path.ts";
import { tellServiceWorkerSignedOut } from "../offline/register-service-worker.ts";
import { ConsentSettingsLink } from "./cookie-consent.tsx";
import { ReturnPathField, useCurrentPath } from "./return-path-field.tsx";
import { RouteLink } from "./route-link.tsx";

/** The footer of spec section 2, on every page. */
export function SiteFooter({
  appStoreUrl,
  visitor,
  accountUnavailable,
}: {
  appStoreUrl: string;
  visitor: ShellVisitor | null;
  accountUnavailable: boolean;
}) {
  const back = useCurrentPath();
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <h2>Lasse dich inspirieren</h2>
        <nav aria-label="Kategorien">
          <ul className="footer-links">
            {FOOTER_CATEGORIES.map((type) => (
              <li key={type}>
                <RouteLink to={categoryPath(type)}>{CATEGORY_HEADINGS[type]}</RouteLink>
              </li>
            ))}
          </ul>
        </nav>
        <p>
          Keine Lust auf lange Kochabende? Hier findest du schnelle, einfache Gerichte – mit viel Gemüse, Suppen und
          Salaten. Lass dir ein Rezept vorschlagen, suche mit den Zutaten, die du zu Hause hast, oder stöbere nach
          Kategorien.
        </p>
        <p className="footer-promise">Jedes Rezept ist in höchstens 30 Minuten fertig.</p>
        {visitor ? (
          // A plain form: signing out works without JavaScript and reloads every personal part of the page.
          // The service worker sees the post too; the message is a second way to make it forget the account.
          <form method="post" action="/logout" className="footer-account" onSubmit={tellServiceWorkerSignedOut}>
            <span>Angemeldet als {visitor.email}</span>
            <input type="hidden" name={CSRF_FIELD} value={visitor.csrfToken} />
            <ReturnPathField />
            <button type="submit" className="link-button">
              Abmelden
            </button>
          </form>
        ) : (
          <p>
            {accountUnavailable ? "Dein Konto ist gerade nicht erreichbar. " : null}
            {/* A document request, not a client navigation: /login is answered by the Worker, not a route. */}
            <a href={signInHref(back)}>Anmelden, um Rezepte zu speichern</a>
          </p>
        )}
        {appStoreUrl ? (
          <p>
            <a href={appStoreUrl} rel="noopener">
              Die App im Store herunterladen
            </a>
          </p>
        ) : null}
        <nav aria-label="Rechtliches">
          <ul className="footer-links">
            <li>
              <RouteLink to="/ueber-uns">Über Uns</RouteLink>
            </li>
            <li>
              <RouteLink to="/impressum">Impressum</RouteLink>
            </li>
            <li>
              <RouteLink to="/datenschutz">Datenschutzerklärung</RouteLink>
            </li>
            <li>
              <ConsentSettingsLink />
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
