import {
  createContext,
  type FormEvent,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useRef,
  useState,
} from "react";
import { Link, useFetcher } from "react-router";
import { updateConsentMode } from "../lib/consent/analytics.ts";
import { CONSENT_CATEGORIES, CONSENT_TEXTS, type Consent } from "../lib/consent/consent.ts";
import {
  ANSWER_FIELD,
  ANSWER_WITH_DATA,
  CONSENT_CATEGORY_FIELD,
  CONSENT_CHOICE_FIELD,
  CONSENT_CHOICES,
} from "../lib/url/form-fields.ts";
import { CloseIcon, EditIcon } from "./icons.tsx";
import { ReturnPathField } from "./return-path-field.tsx";

const BANNER_ID = "cookie-einstellungen";

/** Lets the footer's "Einstellungen bearbeiten" open the banner that the layout renders. */
const ReopenContext = createContext<() => void>(() => {});

interface CookieConsentProps {
  consent: Consent | null;
  /** With a tag manager configured, newly granted analytics consent needs a fresh page (see below). */
  gtmId: string | null;
  children: ReactNode;
}

/**
 * The cookie banner of spec section 2 and its reopening control. The server
 * renders it open while no valid consent cookie exists, so it is there
 * from the first paint; it floats above the page, so nothing shifts. A
 * plain form to /einwilligung, so it works without JavaScript; reopening
 * then works through the link's #cookie-einstellungen target.
 */
export function CookieConsent({ consent, gtmId, children }: CookieConsentProps) {
  const [open, setOpen] = useState(consent === null);
  const fetcher = useFetcher<{ consent?: Consent }>();
  const banner = useRef<HTMLElement>(null);
  const previous = useRef(consent);
  const consentKey = JSON.stringify(consent);

  // A new choice arrived with the revalidated root data.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by value; the object is new after every revalidation
  useEffect(() => {
    const before = previous.current;
    previous.current = consent;
    if (consent === null || JSON.stringify(before) === consentKey) return;
    setOpen(false);
    if (gtmId && consent.analytics && !before?.analytics) {
      // The page's Content Security Policy was made without the tag manager's
      // hosts and cannot be widened in place: load the page once more.
      window.location.reload();
      return;
    }
    updateConsentMode(consent);
  }, [consentKey, gtmId]);

  // The banner closes once the choice is stored (the answer is back), not
  // when it is sent: leaving the page in between must not lose it unseen.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.consent) setOpen(false);
  }, [fetcher.state, fetcher.data]);

  function reopen() {
    setOpen(true);
    requestAnimationFrame(() => banner.current?.focus());
  }

  function submitInBackground(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const data = new FormData(event.currentTarget, submitter);
    data.set(ANSWER_FIELD, ANSWER_WITH_DATA);
    fetcher.submit(data, { method: "post", action: "/einwilligung" });
    if (banner.current?.contains(document.activeElement)) document.getElementById("inhalt")?.focus();
  }

  const pending = fetcher.state !== "idle";
  return (
    <ReopenContext value={reopen}>
      {/* Hydrated in a slice of its own, apart from the page (decision 0059). */}
      <Suspense>
        <section
          id={BANNER_ID}
          ref={banner}
          tabIndex={-1}
          className={open ? "cookie-banner" : "cookie-banner is-closed"}
          aria-busy={pending}
          aria-labelledby="cookie-titel"
        >
          <form method="post" action="/einwilligung" onSubmit={submitInBackground}>
            <ReturnPathField />
            <h2 id="cookie-titel">Cookies und Datenschutz</h2>
            <p>
              Wir verwenden notwendige Cookies, damit die Website funktioniert. Mit deiner Zustimmung nutzen wir
              außerdem den Google Tag Manager und Google Analytics, um zu verstehen, welche Rezepte und Suchen gefragt
              sind. Deine Auswahl kannst du jederzeit über „Einstellungen bearbeiten“ am Ende jeder Seite ändern. Mehr
              dazu in der <Link to="/datenschutz">Datenschutzerklärung</Link>.
            </p>
            <div className="cookie-actions">
              <button type="submit" name={CONSENT_CHOICE_FIELD} value={CONSENT_CHOICES.all} className="button">
                Alle akzeptieren
              </button>
              <button type="submit" name={CONSENT_CHOICE_FIELD} value={CONSENT_CHOICES.none} className="button">
                Alle ablehnen
              </button>
            </div>
            <details className="cookie-settings">
              <summary>Einstellungen</summary>
              <fieldset>
                <legend>Cookies nach Zweck</legend>
                {CONSENT_CATEGORIES.map((category) => (
                  <div key={category} className="cookie-category">
                    <input
                      type="checkbox"
                      id={`cookie-${category}`}
                      name={CONSENT_CATEGORY_FIELD}
                      value={category}
                      // Necessary cookies cannot be switched off (spec section 5).
                      disabled={category === "necessary"}
                      defaultChecked={category === "necessary" || consent?.[category] === true}
                      aria-describedby={`cookie-${category}-text`}
                    />
                    <label htmlFor={`cookie-${category}`}>{CONSENT_TEXTS[category].label}</label>
                    <p id={`cookie-${category}-text`}>{CONSENT_TEXTS[category].description}</p>
                  </div>
                ))}
              </fieldset>
              <button
                type="submit"
                name={CONSENT_CHOICE_FIELD}
                value={CONSENT_CHOICES.selected}
                className="button button-secondary"
              >
                Auswahl speichern
              </button>
            </details>
            <button
              type="submit"
              name={CONSENT_CHOICE_FIELD}
              value={CONSENT_CHOICES.close}
              className="cookie-close"
              aria-label="Fenster schließen"
              title="Fenster schließen"
            >
              <CloseIcon />
            </button>
          </form>
        </section>
      </Suspense>
      {children}
    </ReopenContext>
  );
}

/** "Einstellungen bearbeiten": reopens the banner; without JavaScript a link to it. */
export function ConsentSettingsLink() {
  const reopen = useContext(ReopenContext);
  return (
    <a
      href={`#${BANNER_ID}`}
      onClick={(event) => {
        event.preventDefault();
        reopen();
      }}
    >
      <EditIcon size={18} />
      Einstellungen bearbeiten
    </a>
  );
}
