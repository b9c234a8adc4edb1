import type { legalPageData } from "../lib/site/legal-data.server.ts";
import { RECENT_RECIPES_KEPT } from "../offline/kept-pages.ts";

/** What the statement prints about the operator and the site: the route's loader data. */
type PrivacyStatementData = ReturnType<typeof legalPageData>;

/**
 * The privacy statement's text, rendered on the server only: about 27 KB of words that would otherwise be in
 * the page's script (9 KB gzip) to re-create what the server has already sent. app/routes/privacy.tsx keeps
 * the server's markup when the page hydrates and fetches it after a client navigation.
 */
export function PrivacyStatement({ operator, siteName, siteUrl, consentCookieName }: PrivacyStatementData) {
  const mail = <a href={`mailto:${operator.email}`}>{operator.email}</a>;
  return (
    <>
      <p>
        Auf {siteName} sollst du in Ruhe nach schnellen Rezepten stöbern können – ohne dir Gedanken darüber machen zu
        müssen, was mit deinen Daten passiert. Deshalb erklären wir dir hier so genau und so verständlich wie möglich,
        welche personenbezogenen Daten beim Besuch unserer Website anfallen, wozu wir sie verwenden, wie lange wir sie
        aufbewahren und welche Rechte du hast. Personenbezogene Daten sind alle Angaben, mit denen man dich direkt oder
        indirekt identifizieren kann, zum Beispiel deine E-Mail-Adresse oder die IP-Adresse deines Geräts.
      </p>

      <h2>Verantwortlicher</h2>
      <p>
        Verantwortlich für die Verarbeitung personenbezogener Daten auf dieser Website ({siteUrl}) im Sinne der
        Datenschutz-Grundverordnung (DSGVO) ist:
      </p>
      <ul>
        <li>{operator.name}</li>
        <li>vertreten durch {operator.representative}</li>
        <li>
          Anschrift: {operator.street}, {operator.postalCity}
        </li>
        <li>
          Telefon: <a href={`tel:${operator.phone.replace(/[^+\d]/g, "")}`}>{operator.phone}</a>
        </li>
        <li>E-Mail: {mail}</li>
      </ul>
      <p>
        Bei allen Fragen zum Datenschutz und wenn du eines deiner Rechte ausüben möchtest, erreichst du uns am
        einfachsten per E-Mail.
      </p>

      <h2>Überblick und Rechtsgrundlagen</h2>
      <p>
        Du kannst alle Rezepte, den Zufallsgenerator, die Zutatensuche, die Rezeptsuche und die Kategorien nutzen, ohne
        dich anzumelden und ohne uns etwas über dich zu verraten. Dabei fallen nur die Daten an, die technisch nötig
        sind, um dir die Seiten auszuliefern. Ein Nutzerkonto entsteht erst, wenn du dich mit Google anmeldest, um
        Rezepte zu speichern. Analysedienste laden wir nur, wenn du im Cookie-Banner zugestimmt hast.
      </p>
      <p>Wir stützen die Verarbeitung deiner Daten auf folgende Rechtsgrundlagen:</p>
      <ul>
        <li>
          Art. 6 Abs. 1 lit. a DSGVO (Einwilligung): Du hast uns erlaubt, deine Daten für einen bestimmten Zweck zu
          verarbeiten, etwa für die Reichweitenmessung mit Google Analytics. Eine Einwilligung kannst du jederzeit mit
          Wirkung für die Zukunft widerrufen.
        </li>
        <li>
          Art. 6 Abs. 1 lit. b DSGVO (Vertrag): Die Verarbeitung ist nötig, um dir eine Funktion bereitzustellen, die du
          nutzen möchtest, etwa dein Nutzerkonto und deine Liste gespeicherter Rezepte.
        </li>
        <li>
          Art. 6 Abs. 1 lit. f DSGVO (berechtigtes Interesse): Wir haben ein berechtigtes Interesse an der Verarbeitung,
          zum Beispiel an einer sicheren, schnellen und fehlerfreien Website, und deine Interessen überwiegen nicht.
        </li>
        <li>
          § 25 TDDDG: Informationen auf deinem Endgerät speichern oder von dort auslesen (etwa über Cookies) dürfen wir
          grundsätzlich nur mit deiner Einwilligung (§ 25 Abs. 1 TDDDG). Ausgenommen ist, was unbedingt erforderlich
          ist, damit wir dir einen von dir ausdrücklich gewünschten Dienst bereitstellen können (§ 25 Abs. 2 Nr. 2
          TDDDG), zum Beispiel das Speichern deiner Cookie-Auswahl oder deiner Anmeldung.
        </li>
      </ul>
      <p>
        Du bist weder gesetzlich noch vertraglich verpflichtet, uns Daten zu geben. Ohne die technischen
        Verbindungsdaten können wir dir die Website allerdings nicht anzeigen, und ohne Anmeldung kannst du keine
        Rezepte speichern. Wir verkaufen deine Daten nicht, und eine automatisierte Entscheidungsfindung einschließlich
        Profiling im Sinne von Art. 22 DSGVO findet nicht statt.
      </p>

      <h2>Hosting</h2>
      <h3>Auslieferung über Cloudflare Workers</h3>
      <p>
        Unsere Website wird über Cloudflare Workers ausgeliefert, einen Dienst der Cloudflare, Inc., 101 Townsend St,
        San Francisco, CA 94107, USA. Cloudflare betreibt Rechenzentren auf der ganzen Welt. Wenn du eine Seite
        aufrufst, wird sie in einem Rechenzentrum in deiner Nähe – „an der Edge“ – erzeugt und an deinen Browser
        geschickt. Das macht die Seiten schnell und schützt sie zugleich vor Überlastung und Angriffen. Damit das
        funktioniert, verarbeitet Cloudflare die Verbindungsdaten deiner Anfrage, insbesondere deine IP-Adresse, die
        aufgerufene Adresse und die Angaben, die dein Browser mitsendet.
      </p>
      <p>
        Die Rezepte, Zutaten und der Suchindex liegen als Kopie in einem Speicher bei Cloudflare, damit sie ohne Umweg
        angezeigt werden können. Diese Kopie enthält keine personenbezogenen Daten unserer Besucherinnen und Besucher.
      </p>
      <p>
        Cloudflare verarbeitet die Daten in unserem Auftrag; mit Cloudflare haben wir einen Vertrag über
        Auftragsverarbeitung nach Art. 28 DSGVO geschlossen. Dabei kann es zu einer Übermittlung in die USA kommen.
        Cloudflare, Inc. ist nach dem EU-U.S. Data Privacy Framework zertifiziert; für Übermittlungen an zertifizierte
        Unternehmen in den USA hat die EU-Kommission festgestellt, dass ein angemessenes Datenschutzniveau besteht (Art.
        45 DSGVO). Rechtsgrundlage für den Einsatz von Cloudflare ist unser berechtigtes Interesse an einer schnellen,
        zuverlässigen und sicheren Bereitstellung unserer Website (Art. 6 Abs. 1 lit. f DSGVO).
      </p>
      <h3>Unser Rezept-Redaktionssystem</h3>
      <p>
        Unsere Rezepte schreiben und pflegen wir im Redaktionssystem Directus, das auf unseren eigenen Servern läuft.
        Dein Browser erreicht es nur über unsere eigene Domain: Anfragen unter der Adresse /directus, etwa für
        Rezeptbilder, die Anmeldung und deine gespeicherten Rezepte, leitet unsere Website an Directus weiter. Es ist
        also kein weiterer Anbieter beteiligt. Gewöhnliche Seitenaufrufe erreichen Directus gar nicht, weil die Seiten
        aus der Rezept-Kopie bei Cloudflare erzeugt werden. In Directus speichern wir neben den Rezepten nur die Daten
        der Nutzerkonten und, was angemeldete Nutzer dort ablegen: gespeicherte Rezepte, die Einkaufsliste, den
        Wochenplan und den gemerkten Vorrat (siehe „Anmeldung mit Google und gespeicherte Rezepte“, „Einkaufsliste“ und
        „Wochenplan“).
      </p>

      <h2>Server-Logfiles</h2>
      <p>
        Bei jedem Aufruf unserer Website und bei jeder Anfrage an unser Redaktionssystem werden automatisch Angaben
        protokolliert, die dein Browser übermittelt. Diese Protokolle heißen Server-Logfiles und enthalten:
      </p>
      <ul>
        <li>die IP-Adresse des anfragenden Geräts,</li>
        <li>Datum und Uhrzeit der Anfrage,</li>
        <li>
          die aufgerufene Adresse (URL), bei der Rezeptsuche und der Zutatensuche also auch die Begriffe und Zutaten,
          nach denen du suchst,
        </li>
        <li>die Adresse der Seite, von der aus du zu uns gekommen bist (Referrer),</li>
        <li>Browsertyp, Browserversion und Betriebssystem (User-Agent),</li>
        <li>den HTTP-Statuscode der Antwort und die übertragene Datenmenge.</li>
      </ul>
      <p>
        Wir brauchen diese Angaben, um die Sicherheit der Website zu gewährleisten, Angriffe und Missbrauch zu erkennen
        und abzuwehren und technische Fehler zu finden und zu beheben. Rechtsgrundlage ist Art. 6 Abs. 1 lit. f DSGVO;
        unser berechtigtes Interesse liegt in genau diesen Zwecken. Wir führen die Logfiles nicht mit anderen Daten
        zusammen und bilden daraus keine Profile.
      </p>
      <p>
        Die Logfiles werden nach spätestens 7 Tagen gelöscht. Nur wenn einzelne Einträge zur Aufklärung eines Angriffs
        gebraucht werden, bewahren wir diese Einträge länger auf, bis der Vorfall abschließend geklärt ist.
      </p>

      <h2>Cookies</h2>
      <p>
        Cookies sind kleine Textdateien, die dein Browser für eine Website speichert und bei späteren Anfragen wieder an
        sie sendet. Manche Cookies sind für den Betrieb einer Website unbedingt erforderlich, andere dienen zum Beispiel
        der Reichweitenmessung. Wir setzen so wenige Cookies wie möglich.
      </p>
      <h3>Notwendige Cookies</h3>
      <p>Ohne deine Einwilligung verwenden wir nur Cookies, die für eine von dir gewünschte Funktion nötig sind:</p>
      <ul>
        <li>
          Einwilligungs-Cookie („{consentCookieName}“): Es speichert, welchen Kategorien du im Cookie-Banner zugestimmt
          hast, damit wir deine Auswahl beachten können und dich nicht bei jedem Seitenaufruf erneut fragen müssen. Es
          gilt 365 Tage, wird nur an unsere eigene Website gesendet und enthält keine Angaben, mit denen wir dich
          wiedererkennen könnten.
        </li>
        <li>
          Sitzungs-Cookie der Anmeldung („directus_session_token“): Es wird nur gesetzt, wenn du dich anmeldest, und
          sorgt dafür, dass du beim Wechsel zwischen den Seiten angemeldet bleibst. Es enthält ein signiertes
          Zugangstoken, ist für Skripte auf der Seite nicht lesbar und einen Tag gültig; solange du die Website nutzt,
          verlängern wir es höchstens einmal pro Stunde.
        </li>
        <li>
          Formularschutz („wkij_csrf“): Bei der Anmeldung erhält dein Browser eine Zufallszahl, mit der wir deine
          Formulare (etwa „Speichern“) davor schützen, dass eine fremde Website sie in deinem Namen abschickt. Es gilt,
          bis du dich abmeldest oder den Browser schließt, und enthält keine Angaben über dich.
        </li>
        <li>
          Anmeldevorgang („wkij_anmeldung“): Wenn du auf „Mit Google anmelden“ klickst, merkt es sich für höchstens zehn
          Minuten, dass du die Anmeldung begonnen hast, damit nur eine echte Anmeldung den Formularschutz erneuert. Es
          enthält keine Angaben über dich.
        </li>
        <li>
          Hinweis („wkij_hinweis“): Nach einer Aktion, die nicht geklappt hat, merkt es sich für höchstens eine Minute
          den Hinweis, den wir dir auf der nächsten Seite zeigen, und wird danach gelöscht.
        </li>
        <li>
          Während der Anmeldung setzt unser Redaktionssystem außerdem kurz ein Sicherheits-Cookie, das den
          Anmeldevorgang mit Google absichert und die Seite enthält, auf die du danach zurückkehrst. Es gilt höchstens
          wenige Minuten und wird nach der Anmeldung wieder entfernt.
        </li>
      </ul>
      <p>
        Rechtsgrundlage für das Speichern dieser Cookies auf deinem Gerät ist § 25 Abs. 2 Nr. 2 TDDDG. Die damit
        verbundene Verarbeitung beruht beim Einwilligungs-Cookie auf Art. 6 Abs. 1 lit. c DSGVO in Verbindung mit Art. 7
        Abs. 1 DSGVO (Nachweis deiner Einwilligung) und bei den Anmelde-Cookies auf Art. 6 Abs. 1 lit. b DSGVO.
      </p>
      <h3>Optionale Cookies</h3>
      <p>
        Alle anderen Cookies, derzeit die Cookies von Google Analytics, werden erst gesetzt, nachdem du im Cookie-Banner
        der passenden Kategorie zugestimmt hast. Rechtsgrundlage ist dann deine Einwilligung (§ 25 Abs. 1 TDDDG, Art. 6
        Abs. 1 lit. a DSGVO).
      </p>
      <h3>Cookies im Browser löschen</h3>
      <p>
        Du kannst die Cookies unserer Website jederzeit in den Einstellungen deines Browsers einsehen und löschen, meist
        im Bereich „Datenschutz“ oder „Cookies und Websitedaten“. Dort kannst du auch festlegen, dass Cookies gar nicht
        oder nur bis zum Schließen des Browsers gespeichert werden. Löschst du das Einwilligungs-Cookie, fragen wir dich
        beim nächsten Besuch erneut nach deiner Auswahl. Blockierst du Cookies vollständig, kannst du dich nicht
        anmelden und keine Rezepte speichern; alle anderen Funktionen bleiben nutzbar.
      </p>
      <h3>Was dein Browser sonst auf deinem Gerät behält</h3>
      <p>
        Im lokalen Speicher deines Browsers legt unsere Website außerdem deinen gemerkten Vorrat aus der Zutatensuche ab
        (angemeldet auch in deinem Konto), die Timer, die du auf einer Rezeptseite stellst, damit sie ein Neuladen
        überstehen, und ohne Anmeldung deine Einkaufsliste und deinen Wochenplan (siehe „Einkaufsliste“ und
        „Wochenplan“). Ein Service Worker, ein Skript unserer Website in deinem Browser, bewahrt Kopien der Seiten auf,
        die du geöffnet hast – die letzten {RECENT_RECIPES_KEPT} Rezepte, deine gespeicherten Rezepte und deine
        Einkaufsliste mit ihren Bildern –, damit du sie auch ohne Internetverbindung lesen kannst. Kopien mit Daten
        deines Nutzerkontos löscht er bei jeder An- und Abmeldung und sobald eine Seite ohne deine Anmeldung geladen
        wird. All das entfernst du mit den Websitedaten in deinem Browser.
      </p>

      <h2>Cookie-Einwilligung</h2>
      <p>
        Solange auf deinem Gerät keine gültige Auswahl gespeichert ist, zeigen wir dir beim Besuch unserer Website ein
        Cookie-Banner. Darin entscheidest du, welchen Kategorien du zustimmst:
      </p>
      <ul>
        <li>Notwendig: immer aktiv, weil die Website ohne diese Cookies nicht funktioniert (siehe oben).</li>
        <li>Tracking: ausgeschaltet, bis du zustimmst.</li>
        <li>
          Analyse: ausgeschaltet, bis du zustimmst. Erst mit deiner Zustimmung laden wir den Google Tag Manager und
          Google Analytics.
        </li>
        <li>Marketing: ausgeschaltet, bis du zustimmst.</li>
      </ul>
      <p>
        Mit „Alle akzeptieren“ stimmst du allen Kategorien zu. Mit „Alle ablehnen“ bleibt es bei den notwendigen
        Cookies. Unter „Einstellungen“ kannst du jede Kategorie einzeln an- oder abwählen. Dienste, die wir nur mit
        Einwilligung einsetzen, nennen wir in dieser Erklärung; derzeit sind das ausschließlich der Google Tag Manager
        und Google Analytics.
      </p>
      <p>
        Deine Einwilligung ist freiwillig. Du kannst unsere Website auch ohne sie vollständig nutzen. Du kannst deine
        Einwilligung jederzeit mit Wirkung für die Zukunft widerrufen oder ändern: Über „Einstellungen bearbeiten“, das
        du auf jeder Seite findest, öffnest du das Cookie-Banner erneut. Die Rechtmäßigkeit der Verarbeitung bis zu
        deinem Widerruf bleibt davon unberührt (Art. 7 Abs. 3 DSGVO). Ändern wir die Kategorien, ist deine bisherige
        Auswahl nicht mehr gültig, und wir fragen dich erneut.
      </p>

      <h2>Anmeldung mit Google und gespeicherte Rezepte</h2>
      <p>
        Wenn du Lieblingsrezepte speichern möchtest, kannst du dich mit deinem Google-Konto anmelden. Das ist
        freiwillig; ohne Anmeldung stehen dir alle anderen Funktionen zur Verfügung. Die Anmeldung läuft über unser
        Redaktionssystem: Es leitet dich zur Anmeldeseite von Google weiter (Google Ireland Limited, Gordon House,
        Barrow Street, Dublin 4, Irland). Nach deiner Anmeldung bestätigt Google uns über das standardisierte Verfahren
        OpenID Connect, wer du bist. Dein Google-Passwort erfahren wir dabei nie.
      </p>
      <p>
        Google übermittelt uns deine E-Mail-Adresse und eine Nutzerkennung. Weil wir bei Google das übliche Basisprofil
        anfragen, erhalten wir außerdem deinen Namen; deinen Vornamen übernimmt das Redaktionssystem in dein
        Nutzerkonto. Mit diesen Angaben legen wir bei deiner ersten Anmeldung ein Nutzerkonto an. Wenn du ein Rezept mit
        dem Herz-Symbol speicherst, halten wir fest, welches Rezept du gespeichert hast. Mit „Entfernen“ nimmst du es
        jederzeit wieder von deiner Liste. Deine gespeicherten Rezepte und deine E-Mail-Adresse, die wir dir als
        „Angemeldet als …“ anzeigen, sieht nur du; unser Redaktionssystem lässt jedes Konto ausschließlich auf seine
        eigenen Einträge zugreifen.
      </p>
      <p>
        Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO, denn ohne diese Daten können wir dir die Funktion zum Speichern
        von Rezepten nicht anbieten. Dein Nutzerkonto und deine gespeicherten Rezepte bewahren wir auf, solange du das
        Konto nutzen möchtest. Schreib uns an {mail}, wenn wir es löschen sollen; wir löschen dann dein Konto und alle
        gespeicherten Rezepte unverzüglich.
      </p>
      <p>
        Für die Verarbeitung bei Google selbst, etwa die Prüfung deiner Anmeldedaten, ist Google verantwortlich. Google
        erfährt dabei, dass du dich bei unserer Website anmeldest. Google kann Daten auch in den USA verarbeiten; die
        Google LLC ist nach dem EU-U.S. Data Privacy Framework zertifiziert. Mehr dazu findest du in der{" "}
        <a href="https://policies.google.com/privacy?hl=de">Datenschutzerklärung von Google</a>.
      </p>

      <h2>Einkaufsliste</h2>
      <p>
        Was du mit „Auf die Einkaufsliste“ auf deine Einkaufsliste setzt (Zutaten, Mengen und die Rezepte, aus denen sie
        stammen, und was du abgehakt hast), speichern wir ohne Anmeldung nur auf deinem Gerät, im lokalen Speicher
        deines Browsers. Es wird dabei nicht an uns übertragen; für das Ausrechnen der Mengen schickt dein Browser uns
        nur, welches Rezept für wie viele Portionen du hinzufügst. Die Liste bleibt, bis du sie leerst oder die
        Website-Daten in deinem Browser löschst. Das Speichern auf deinem Gerät ist für die Funktion, die du selbst
        aufrufst, unbedingt erforderlich (§ 25 Abs. 2 Nr. 2 TDDDG) und braucht keine Einwilligung.
      </p>
      <p>
        Bist du angemeldet, speichern wir deine Einkaufsliste in deinem Nutzerkonto in unserem Redaktionssystem, damit
        du sie auf jedem Gerät wiederfindest; eine Liste, die bis dahin auf deinem Gerät lag, übernehmen wir dabei in
        dein Konto und löschen sie auf dem Gerät. Nur du kannst sie sehen. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b
        DSGVO. Mit „Liste leeren“ löschst du ihren Inhalt jederzeit; mit deinem Nutzerkonto löschen wir auch sie.
      </p>

      <h2>Wochenplan</h2>
      <p>
        Welche Rezepte du mit „Zum Wochenplan“ auf welche Tage legst und für wie viele Portionen, speichern wir ohne
        Anmeldung nur auf deinem Gerät, im lokalen Speicher deines Browsers. Um die Rezepte und die Einkaufsliste für
        die Woche anzuzeigen, schickt dein Browser uns den Plan und deinen gemerkten Vorrat; wir rechnen damit und
        speichern nichts davon. Der Plan bleibt, bis du ihn leerst oder die Website-Daten in deinem Browser löschst. Das
        ist für die Funktion, die du selbst aufrufst, unbedingt erforderlich (§ 25 Abs. 2 Nr. 2 TDDDG) und braucht keine
        Einwilligung. Bist du angemeldet, speichern wir den Wochenplan in deinem Nutzerkonto, wie die Einkaufsliste: nur
        du kannst ihn sehen, ein Plan von deinem Gerät wandert dabei in dein Konto, Rechtsgrundlage ist Art. 6 Abs. 1
        lit. b DSGVO, und mit deinem Nutzerkonto löschen wir auch ihn.
      </p>

      <h2>Kontaktaufnahme</h2>
      <p>
        Wenn du uns per E-Mail oder Telefon kontaktierst, verarbeiten wir die Angaben, die du uns dabei mitteilst – in
        der Regel deinen Namen, deine E-Mail-Adresse oder Telefonnummer, den Zeitpunkt und den Inhalt deiner Nachricht
        –, um dein Anliegen zu bearbeiten und dir zu antworten.
      </p>
      <p>
        Hängt deine Anfrage mit deinem Nutzerkonto zusammen oder ist sie zur Durchführung vorvertraglicher Maßnahmen
        nötig, ist Rechtsgrundlage Art. 6 Abs. 1 lit. b DSGVO. In allen anderen Fällen beruht die Verarbeitung auf
        unserem berechtigten Interesse, Anfragen, Hinweise und Rezeptvorschläge zu beantworten (Art. 6 Abs. 1 lit. f
        DSGVO). Wir geben deine Angaben nicht ohne deine Einwilligung weiter.
      </p>
      <p>
        Wir löschen die Daten, sobald wir sie nicht mehr brauchen, in der Regel also, wenn dein Anliegen abschließend
        erledigt ist. Nur wenn gesetzliche Aufbewahrungspflichten bestehen, etwa aus dem Handels- oder Steuerrecht,
        bewahren wir einzelne Nachrichten so lange wie vorgeschrieben auf und schränken ihre Verarbeitung bis dahin ein.
      </p>

      <h2>Google Tag Manager</h2>
      <p>
        Nur wenn du im Cookie-Banner der Kategorie Analyse zugestimmt hast, binden wir den Google Tag Manager ein.
        Anbieter ist für Nutzerinnen und Nutzer in der EU die Google Ireland Limited, Gordon House, Barrow Street,
        Dublin 4, Irland. Ohne deine Zustimmung stellt dein Browser beim Besuch unserer Website keine Verbindung zu
        Google her – es sei denn, du meldest dich ausdrücklich mit Google an.
      </p>
      <p>
        Der Tag Manager ist ein Werkzeug, mit dem wir verwalten, welche kleinen Code-Bausteine („Tags“) anderer Dienste
        auf unserer Website ausgeführt werden – bei uns ist das Google Analytics. Der Tag Manager selbst erstellt keine
        Nutzerprofile und speichert keine Profildaten. Beim Laden des Skripts überträgt dein Browser aber technische
        Daten wie deine IP-Adresse und Angaben zu deinem Browser an Google. Dabei kann es zu einer Übermittlung an die
        Google LLC in den USA kommen; die Google LLC ist nach dem EU-U.S. Data Privacy Framework zertifiziert.
      </p>
      <p>
        Wir nutzen den Einwilligungsmodus von Google (Consent Mode). Bevor ein Tag ausgeführt wird, stehen alle
        Einwilligungssignale – für Analyse-Speicher ebenso wie für Werbe-Speicher und werbebezogene Nutzerdaten –
        standardmäßig auf „abgelehnt“ („denied“). Freigegeben wird nur, was deiner Auswahl im Cookie-Banner entspricht.
        Rechtsgrundlage ist deine Einwilligung (Art. 6 Abs. 1 lit. a DSGVO, § 25 Abs. 1 TDDDG), die du jederzeit über
        „Einstellungen bearbeiten“ widerrufen kannst.
      </p>

      <h2>Google Analytics (Analyse über den Cookie-Banner)</h2>
      <p>
        Wenn du der Kategorie Analyse zugestimmt hast, messen wir mit Google Analytics 4 der Google Ireland Limited
        (Anschrift siehe oben), wie unsere Website genutzt wird. So erfahren wir zum Beispiel, welche Rezepte gefragt
        sind, wonach gesucht wird und ob der Zufallsgenerator gut ankommt, und können unser Angebot verbessern. Ohne
        deine Zustimmung findet keine Analyse statt.
      </p>
      <p>Erfasst werden folgende Ereignisse:</p>
      <ul>
        <li>Seitenaufrufe: Adresse und Titel jeder Seite, die du aufrufst, auch beim Wechsel zwischen Seiten,</li>
        <li>Suchanfragen: der Suchbegriff, den du in der Rezeptsuche eingibst, und die Seite, auf der du suchst,</li>
        <li>
          zufällige Rezepte: wenn du im Zufallsgenerator ein Rezept ziehst, die Seite und die gewählte Art des Rezepts,
          etwa Salat, Suppe oder Pasta.
        </li>
      </ul>
      <p>
        Dazu übermittelt dein Browser technische Angaben wie Gerätetyp, Betriebssystem, Browser, Bildschirmgröße,
        Spracheinstellung, die zuvor besuchte Seite und den Zeitpunkt deines Besuchs. Damit Google Analytics
        wiederkehrende Besuche erkennen kann, speichert es Cookies (etwa „_ga“) mit einer zufälligen Kennung auf deinem
        Gerät; sie gelten bis zu zwei Jahre, wenn du sie nicht vorher löschst. Bitte gib in die Suche keine Angaben ein,
        die dich persönlich betreffen, denn Suchbegriffe werden mit übertragen.
      </p>
      <p>
        Deine IP-Adresse wird gekürzt: Google Analytics 4 speichert keine IP-Adressen, sondern verwendet sie nur kurz,
        um daraus einen ungefähren Standort (Land, Region, Stadt) abzuleiten, und verwirft sie danach. Bei Zugriffen aus
        der EU geschieht das auf Servern in der EU. Wir sehen in Google Analytics nur zusammengefasste Auswertungen und
        verknüpfen sie nicht mit deinem Nutzerkonto. Die Ereignisdaten werden nach 14 Monaten automatisch gelöscht.
      </p>
      <p>
        Google verarbeitet die Daten in unserem Auftrag; mit Google haben wir einen Vertrag über Auftragsverarbeitung
        geschlossen. Eine Übermittlung an die Google LLC in den USA ist möglich; die Google LLC ist nach dem EU-U.S.
        Data Privacy Framework zertifiziert. Rechtsgrundlage ist deine Einwilligung (Art. 6 Abs. 1 lit. a DSGVO, § 25
        Abs. 1 TDDDG). Du kannst sie jederzeit über „Einstellungen bearbeiten“ auf jeder Seite mit Wirkung für die
        Zukunft widerrufen; danach erfassen wir keine Analysedaten mehr, und die Analyse-Cookies, die dein Browser an
        unsere Website sendet, löschen wir sofort. Du kannst sie zusätzlich in deinem Browser löschen. Weitere
        Informationen findest du in der{" "}
        <a href="https://policies.google.com/privacy?hl=de">Datenschutzerklärung von Google</a>.
      </p>

      <h2>Links zu anderen Websites</h2>
      <p>
        Bei manchen Rezepten verlinken wir auf eine Quelle, und im Fußbereich findest du einen Link zu unserer App in
        einem App-Store. Diese Angebote erreichst du nur, wenn du den Link anklickst; erst dann erhält der jeweilige
        Anbieter Daten von deinem Browser. Für die Verarbeitung dort ist allein dieser Anbieter verantwortlich.
      </p>

      <h2>Deine Rechte</h2>
      <p>
        Dir stehen gegenüber uns jederzeit die folgenden Rechte zu, soweit die gesetzlichen Voraussetzungen vorliegen:
      </p>
      <ul>
        <li>Auskunft darüber, ob und welche Daten wir zu dir verarbeiten (Art. 15 DSGVO),</li>
        <li>Berichtigung unrichtiger oder Vervollständigung unvollständiger Daten (Art. 16 DSGVO),</li>
        <li>Löschung deiner Daten (Art. 17 DSGVO),</li>
        <li>Einschränkung der Verarbeitung (Art. 18 DSGVO),</li>
        <li>
          Datenübertragbarkeit: Daten, die du uns bereitgestellt hast, in einem gängigen, maschinenlesbaren Format zu
          erhalten oder an einen anderen Verantwortlichen übermitteln zu lassen (Art. 20 DSGVO),
        </li>
        <li>Widerspruch gegen die Verarbeitung (Art. 21 DSGVO, siehe unten),</li>
        <li>Widerruf einer erteilten Einwilligung mit Wirkung für die Zukunft (Art. 7 Abs. 3 DSGVO),</li>
        <li>Beschwerde bei einer Datenschutz-Aufsichtsbehörde (Art. 77 DSGVO).</li>
      </ul>
      <h3>Widerspruchsrecht</h3>
      <p>
        Verarbeiten wir deine Daten auf Grundlage unseres berechtigten Interesses (Art. 6 Abs. 1 lit. f DSGVO), kannst
        du dieser Verarbeitung aus Gründen, die sich aus deiner besonderen Situation ergeben, jederzeit widersprechen.
        Wir verarbeiten deine Daten dann nicht mehr, es sei denn, wir können zwingende schutzwürdige Gründe nachweisen,
        die deine Interessen, Rechte und Freiheiten überwiegen, oder die Verarbeitung dient der Geltendmachung, Ausübung
        oder Verteidigung von Rechtsansprüchen.
      </p>
      <h3>So übst du deine Rechte aus</h3>
      <p>
        Eine formlose Nachricht an {mail} genügt. Deine Einwilligung in Cookies widerrufst du am schnellsten selbst über
        „Einstellungen bearbeiten“. Beschweren kannst du dich bei jeder Datenschutz-Aufsichtsbehörde, insbesondere in
        dem Mitgliedstaat deines gewöhnlichen Aufenthalts, deines Arbeitsplatzes oder des Orts des mutmaßlichen
        Verstoßes. Wir freuen uns aber, wenn du dich zuerst an uns wendest, damit wir dein Anliegen klären können.
      </p>

      <h2>SSL-/TLS-Verschlüsselung</h2>
      <p>
        Aus Sicherheitsgründen und zum Schutz der Daten, die du an uns überträgst – etwa bei der Anmeldung oder beim
        Speichern von Rezepten –, wird unsere Website ausschließlich über eine SSL-/TLS-verschlüsselte Verbindung
        (HTTPS) ausgeliefert. Du erkennst sie daran, dass die Adresszeile deines Browsers mit „https://“ beginnt und ein
        Schloss-Symbol zeigt. Bei einer verschlüsselten Verbindung können Dritte die übertragenen Daten nicht mitlesen.
      </p>
    </>
  );
}
