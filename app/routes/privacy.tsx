import { Link } from "react-router";
import { legalPageData } from "../lib/legal-data.server.ts";
import { pageTitle } from "../lib/page-title.ts";
import { shellFromMatches } from "../lib/root-data.ts";
import type { Route } from "./+types/privacy";

export function loader({ context }: Route.LoaderArgs) {
  return legalPageData(context);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Datenschutzerklärung", shellFromMatches(matches).siteName) },
  {
    name: "description",
    content:
      "Datenschutzerklärung: welche Daten beim Besuch der Website verarbeitet werden, zu welchem Zweck, und welche Rechte du hast.",
  },
];

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { operator, siteName, siteUrl } = loaderData;
  return (
    <article className="page prose">
      <h1>Datenschutzerklärung</h1>
      <p className="lead">
        Der Schutz deiner Daten ist uns wichtig. Hier erklären wir, welche personenbezogenen Daten beim Besuch von{" "}
        {siteName} verarbeitet werden, wozu, auf welcher Rechtsgrundlage und welche Rechte du hast.
      </p>

      <h2>1. Verantwortlicher</h2>
      <p>Verantwortlich für die Datenverarbeitung auf dieser Website ({siteUrl}) ist:</p>
      <address>
        {operator.name}
        <br />
        vertreten durch {operator.representative}
        <br />
        {operator.street}
        <br />
        {operator.postalCity}
        <br />
        Telefon: {operator.phone}
        <br />
        E-Mail: <a href={`mailto:${operator.email}`}>{operator.email}</a>
      </address>

      <h2>2. Überblick und Rechtsgrundlagen</h2>
      <p>
        Wir verarbeiten personenbezogene Daten nur, soweit es für eine funktionierende Website, unsere Inhalte und
        Funktionen nötig ist oder du eingewilligt hast. Rechtsgrundlagen sind insbesondere:
      </p>
      <ul>
        <li>Art. 6 Abs. 1 lit. a DSGVO, wenn du in eine Verarbeitung eingewilligt hast,</li>
        <li>
          Art. 6 Abs. 1 lit. b DSGVO, wenn die Verarbeitung für einen Vertrag mit dir nötig ist, etwa für dein
          Nutzerkonto und deine gespeicherten Rezepte,
        </li>
        <li>
          Art. 6 Abs. 1 lit. f DSGVO, wenn wir ein berechtigtes Interesse haben, etwa an einer sicheren und stabilen
          Website, und deine Interessen nicht überwiegen,
        </li>
        <li>
          § 25 Abs. 1 TDDDG, wenn Informationen auf deinem Endgerät gespeichert oder ausgelesen werden, die nicht
          unbedingt erforderlich sind – das geschieht nur mit deiner Einwilligung; unbedingt erforderliche Cookies
          beruhen auf § 25 Abs. 2 Nr. 2 TDDDG.
        </li>
      </ul>

      <h2>3. Hosting</h2>
      <p>
        Unsere Website wird über Cloudflare Workers ausgeliefert, einen Dienst der Cloudflare, Inc., 101 Townsend St,
        San Francisco, CA 94107, USA. Die Seiten werden in einem Rechenzentrum in deiner Nähe erzeugt, damit sie schnell
        laden. Dabei verarbeitet Cloudflare die technisch nötigen Verbindungsdaten, insbesondere deine IP-Adresse. Mit
        Cloudflare haben wir einen Vertrag über Auftragsverarbeitung geschlossen. Cloudflare ist unter dem EU-U.S. Data
        Privacy Framework zertifiziert; eine Übermittlung in die USA stützt sich auf den Angemessenheitsbeschluss der
        EU-Kommission. Rechtsgrundlage ist unser berechtigtes Interesse an einer schnellen, sicheren Bereitstellung der
        Website (Art. 6 Abs. 1 lit. f DSGVO).
      </p>
      <p>
        Die Rezepte pflegen wir in einem Redaktionssystem (Directus), das auf unseren eigenen Servern läuft. Es ist nur
        über unsere Domain erreichbar; dein Browser spricht nie direkt mit einem anderen Anbieter, um Rezepte oder
        Bilder zu laden.
      </p>

      <h2>4. Server-Logfiles</h2>
      <p>Bei jedem Aufruf einer Seite werden automatisch Informationen erfasst, die dein Browser übermittelt:</p>
      <ul>
        <li>IP-Adresse,</li>
        <li>Datum und Uhrzeit der Anfrage,</li>
        <li>aufgerufene Adresse (URL) und die zuvor besuchte Seite (Referrer),</li>
        <li>Browser und Betriebssystem (User-Agent),</li>
        <li>HTTP-Statuscode und übertragene Datenmenge.</li>
      </ul>
      <p>
        Diese Daten brauchen wir, um die Website auszuliefern, Fehler zu finden und Angriffe abzuwehren. Rechtsgrundlage
        ist Art. 6 Abs. 1 lit. f DSGVO. Die Logfiles werden nach spätestens 7 Tagen gelöscht, es sei denn, einzelne
        Einträge werden zur Aufklärung eines Angriffs länger benötigt; dann löschen wir sie, sobald der Vorfall
        abschließend geklärt ist. Eine Zusammenführung mit anderen Datenquellen findet nicht statt.
      </p>

      <h2>5. Cookies</h2>
      <p>
        Cookies sind kleine Textdateien, die dein Browser speichert. Wir setzen nur die folgenden unbedingt
        erforderlichen Cookies ohne Einwilligung:
      </p>
      <ul>
        <li>
          das Einwilligungs-Cookie, in dem wir deine Auswahl im Cookie-Banner für 365 Tage speichern, damit wir dich
          nicht bei jedem Besuch erneut fragen müssen,
        </li>
        <li>
          das Sitzungs-Cookie, das nach deiner Anmeldung dafür sorgt, dass du angemeldet bleibst; es wird beim Abmelden
          gelöscht.
        </li>
      </ul>
      <p>
        Alle weiteren Cookies, etwa für die Reichweitenmessung, setzen wir nur nach deiner Einwilligung. Du kannst
        Cookies jederzeit in den Einstellungen deines Browsers einsehen und löschen und das Speichern von Cookies dort
        ganz oder für einzelne Websites abschalten; die Anmeldung funktioniert dann allerdings nicht.
      </p>

      <h2>6. Cookie-Einwilligung</h2>
      <p>
        Beim ersten Besuch fragen wir dich in einem Banner, welchen Zwecken du zustimmst. Die Kategorien sind: notwendig
        (immer aktiv, weil die Website sonst nicht funktioniert), Tracking, Analyse und Marketing. Die drei optionalen
        Kategorien sind ausgeschaltet, bis du zustimmst. Mit „Alle akzeptieren“ stimmst du allen zu, mit „Alle ablehnen“
        nur den notwendigen, und unter „Einstellungen“ wählst du jede Kategorie einzeln.
      </p>
      <p>
        Deine Einwilligung ist freiwillig, und du kannst sie jederzeit mit Wirkung für die Zukunft widerrufen oder
        ändern: Über „Einstellungen bearbeiten“, das auf jeder Seite erreichbar ist, öffnest du das Banner erneut.
        Widerrufst du die Einwilligung in die Analyse, laden wir die entsprechenden Dienste nicht mehr und löschen ihre
        Cookies. Rechtsgrundlage für das Einwilligungs-Cookie ist § 25 Abs. 2 Nr. 2 TDDDG sowie Art. 6 Abs. 1 lit. c
        DSGVO in Verbindung mit Art. 7 Abs. 1 DSGVO (Nachweis der Einwilligung).
      </p>

      <h2>7. Anmeldung mit Google und gespeicherte Rezepte</h2>
      <p>
        Du kannst dich mit deinem Google-Konto anmelden, um Lieblingsrezepte zu speichern. Dazu leiten wir dich zu
        Google weiter (Google Ireland Limited, Gordon House, Barrow Street, Dublin 4, Irland). Google bestätigt uns über
        das Verfahren OpenID Connect deine Identität und übermittelt uns deine E-Mail-Adresse und eine Kennung. Dein
        Passwort erfahren wir nie. In unserem Redaktionssystem legen wir damit ein Nutzerkonto an und speichern, welche
        Rezepte du gespeichert hast.
      </p>
      <p>
        Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO, denn ohne diese Daten können wir dir die Merkliste nicht
        anbieten. Dein Konto und deine gespeicherten Rezepte bleiben gespeichert, bis du uns um Löschung bittest; eine
        E-Mail an <a href={`mailto:${operator.email}`}>{operator.email}</a> genügt. Für die Verarbeitung bei Google gilt
        die Datenschutzerklärung von Google.
      </p>

      <h2>8. Kontaktaufnahme</h2>
      <p>
        Wenn du uns per E-Mail oder Telefon kontaktierst, speichern wir deine Angaben (etwa Name, E-Mail-Adresse,
        Telefonnummer und den Inhalt deiner Nachricht), um deine Anfrage zu bearbeiten und Rückfragen zu beantworten.
        Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO, wenn deine Anfrage mit einem Vertrag zusammenhängt, sonst unser
        berechtigtes Interesse an der Beantwortung (Art. 6 Abs. 1 lit. f DSGVO). Wir löschen die Daten, sobald deine
        Anfrage erledigt ist und keine gesetzlichen Aufbewahrungspflichten entgegenstehen. Ohne deine Zustimmung geben
        wir sie nicht weiter.
      </p>

      <h2>9. Google Tag Manager</h2>
      <p>
        Nur wenn du in die Kategorie Analyse eingewilligt hast, laden wir den Google Tag Manager der Google Ireland
        Limited, Gordon House, Barrow Street, Dublin 4, Irland. Der Tag Manager selbst erstellt keine Nutzerprofile und
        speichert keine Cookies; er verwaltet lediglich, welche Analysedienste geladen werden. Beim Laden wird deine
        IP-Adresse an Google übermittelt; dabei kann es zu einer Übermittlung in die USA kommen. Google ist unter dem
        EU-U.S. Data Privacy Framework zertifiziert.
      </p>
      <p>
        Wir nutzen den Einwilligungsmodus von Google (Consent Mode): Solange du nicht eingewilligt hast, sind alle
        Einstellungen auf „abgelehnt“ gesetzt, und es wird nichts geladen. Rechtsgrundlage ist deine Einwilligung (Art.
        6 Abs. 1 lit. a DSGVO, § 25 Abs. 1 TDDDG), die du jederzeit widerrufen kannst.
      </p>

      <h2>10. Analyse mit Google Analytics</h2>
      <p>
        Mit deiner Einwilligung in die Kategorie Analyse messen wir über Google Analytics 4, wie unsere Website genutzt
        wird, um sie zu verbessern. Erfasst werden Seitenaufrufe (Adresse und Titel der Seite), Suchanfragen in der
        Rezeptsuche und die Auswahl zufälliger Rezepte, dazu technische Angaben wie Gerätetyp, Browser, ungefährer
        Standort auf Ebene des Landes oder der Stadt und die Verweildauer. Google Analytics speichert dafür Cookies auf
        deinem Gerät. IP-Adressen werden von Google Analytics 4 nicht gespeichert, sondern nur zur Bestimmung des
        ungefähren Standorts verwendet und dann verworfen.
      </p>
      <p>
        Die Daten werden in der Regel auf Servern von Google in der EU verarbeitet, eine Übermittlung in die USA ist
        möglich (EU-U.S. Data Privacy Framework). Mit Google haben wir einen Vertrag über Auftragsverarbeitung
        geschlossen. Ereignisdaten speichern wir 14 Monate. Rechtsgrundlage ist deine Einwilligung (Art. 6 Abs. 1 lit. a
        DSGVO, § 25 Abs. 1 TDDDG). Du kannst sie jederzeit über „Einstellungen bearbeiten“ widerrufen; die
        Analyse-Cookies werden dann entfernt.
      </p>

      <h2>11. Deine Rechte</h2>
      <p>Du hast gegenüber uns jederzeit das Recht auf</p>
      <ul>
        <li>Auskunft über die zu dir gespeicherten Daten (Art. 15 DSGVO),</li>
        <li>Berichtigung unrichtiger Daten (Art. 16 DSGVO),</li>
        <li>Löschung (Art. 17 DSGVO) und Einschränkung der Verarbeitung (Art. 18 DSGVO),</li>
        <li>Datenübertragbarkeit (Art. 20 DSGVO),</li>
        <li>
          Widerspruch gegen Verarbeitungen, die auf unserem berechtigten Interesse beruhen, aus Gründen, die sich aus
          deiner besonderen Situation ergeben (Art. 21 DSGVO),
        </li>
        <li>Widerruf einer erteilten Einwilligung mit Wirkung für die Zukunft (Art. 7 Abs. 3 DSGVO).</li>
      </ul>
      <p>
        Wende dich dafür einfach an <a href={`mailto:${operator.email}`}>{operator.email}</a>. Außerdem kannst du dich
        bei einer Datenschutz-Aufsichtsbehörde beschweren, etwa bei der Behörde deines Wohnorts oder der für unseren
        Sitz zuständigen Behörde (Art. 77 DSGVO).
      </p>

      <h2>12. Verschlüsselung</h2>
      <p>
        Diese Website wird ausschließlich verschlüsselt über HTTPS (TLS) ausgeliefert. So können Dritte die Daten, die
        du an uns überträgst, nicht mitlesen. Du erkennst die verschlüsselte Verbindung am Schloss-Symbol in der
        Adresszeile deines Browsers.
      </p>

      <h2>13. Aktualität</h2>
      <p>
        Stand: November 2026. Wenn wir neue Funktionen einführen oder sich die Rechtslage ändert, passen wir diese
        Datenschutzerklärung an. Die jeweils aktuelle Fassung findest du immer hier. Mehr über uns erfährst du auf der
        Seite <Link to="/ueber-uns">Über Uns</Link>, unsere Anbieterkennzeichnung im{" "}
        <Link to="/impressum">Impressum</Link>.
      </p>
    </article>
  );
}
