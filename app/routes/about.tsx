import { Link } from "react-router";
import { CATEGORY_HEADINGS, categoryPath } from "../../catalog/recipes/categories.ts";
import { pageTitle } from "../lib/seo/page-title.ts";
import { staticPageMeta } from "../lib/seo/static-page-meta.ts";
import { legalPageData } from "../lib/site/legal-data.server.ts";
import type { Route } from "./+types/about";

export function loader({ context }: Route.LoaderArgs) {
  return legalPageData(context);
}

export const meta: Route.MetaFunction = (args) =>
  staticPageMeta(args, {
    title: (shell) => pageTitle("Über Uns", shell.siteName),
    description:
      "Über uns: ein kleines Team, das gern kocht und wenig Zeit hat – darum ist jedes unserer Rezepte in höchstens 30 Minuten fertig.",
  });

export default function About({ loaderData }: Route.ComponentProps) {
  const { operator, siteName } = loaderData;
  return (
    <article className="page prose">
      <h1>Über Uns</h1>
      <p>
        Hinter {siteName} steht ein kleines Team, das eines gemeinsam hat: Wir kochen leidenschaftlich gern – und haben
        trotzdem fast nie Zeit dafür. Zwischen Arbeit, Terminen und allem anderen bleibt abends oft nur eine halbe
        Stunde, und genau dann stellt sich die ewige Frage: Was koche ich jetzt?
      </p>
      <p>
        Lange haben wir uns mit Notizzetteln, Fotos von Kochbuchseiten und immer denselben drei Gerichten beholfen.
        Irgendwann haben wir beschlossen, unsere schnellen Lieblingsrezepte an einem Ort zu sammeln, an dem wir sie
        selbst jederzeit finden – und du auch.
      </p>

      <h2>Unsere Idee: gut kochen in höchstens 30 Minuten</h2>
      <p>
        Für jedes Rezept auf dieser Seite gilt ein einfaches Versprechen: Es ist in höchstens 30 Minuten fertig. Wie
        lange ein Gericht genau dauert, siehst du bei jedem Rezept auf einen Blick, ebenso, ob es vegetarisch oder vegan
        ist. Keine exotischen Zutaten, die du eigens besorgen musst, keine Arbeitsschritte, die einen ganzen Abend
        verschlingen.
      </p>
      <p>
        Schnell heißt bei uns aber nicht lieblos und schon gar nicht ungesund. Wir setzen auf frisches Gemüse und
        ausgewogene Gerichte, und ganz besonders am Herzen liegen uns Suppen und Salate: Eine wärmende Suppe ist oft
        schneller auf dem Tisch als jede Bestellung, und ein guter Salat kann eine vollwertige Mahlzeit sein statt nur
        einer Beilage.
      </p>

      <h2>So findest du dein nächstes Gericht</h2>
      <p>Je nachdem, wie viel du schon weißt, helfen dir unterschiedliche Wege zum passenden Rezept:</p>
      <ul>
        <li>
          Du hast gar keine Idee? Der <Link to="/zufallsgenerator">Zufallsgenerator</Link> schlägt dir auf Knopfdruck
          ein Rezept vor – und wenn du gerade Lust auf Salat, Suppe oder Pasta hast, auch gezielt daraus.
        </li>
        <li>
          Im Kühlschrank liegen noch ein paar Reste? In der <Link to="/zutatensuche">Zutatensuche</Link> wählst du aus,
          was du zu Hause hast, und bekommst die Rezepte angezeigt, die am besten dazu passen.
        </li>
        <li>
          Du weißt schon, was es geben soll? Dann findest du es über die <Link to="/suche">Rezeptsuche</Link> nach dem
          Namen des Gerichts.
        </li>
        <li>
          Du willst einfach stöbern? Unsere Kategorien führen dich zum Beispiel zu{" "}
          <Link to={categoryPath("SOUP")}>{CATEGORY_HEADINGS.SOUP}</Link>,{" "}
          <Link to={categoryPath("SALAD")}>{CATEGORY_HEADINGS.SALAD}</Link>,{" "}
          <Link to={categoryPath("PASTA")}>{CATEGORY_HEADINGS.PASTA}</Link>,{" "}
          <Link to={categoryPath("DISH")}>{CATEGORY_HEADINGS.DISH}</Link> und{" "}
          <Link to={categoryPath("BAKED_DISH")}>{CATEGORY_HEADINGS.BAKED_DISH}</Link>.
        </li>
        <li>
          Ein Rezept hat dich überzeugt? Wenn du dich mit Google anmeldest, speicherst du es mit dem Herz-Symbol und
          findest es jederzeit unter <Link to="/gespeicherte-rezepte">Gespeicherte Rezepte</Link> wieder.
        </li>
      </ul>

      <h2>Woher unsere Rezepte kommen</h2>
      <p>
        Jedes Rezept schreiben wir selbst, und jedes haben wir in unserer eigenen Küche nachgekocht, bevor es online
        geht – mit Blick auf die Uhr, damit das 30-Minuten-Versprechen auch wirklich hält. Die Bilder zu den Rezepten
        sind unsere eigenen Illustrationen, keine Fotos aus fremden Archiven.
      </p>

      <h2>Schreib uns</h2>
      <p>
        Du hast eines unserer Rezepte nachgekocht und einen Tipp, wie es noch besser schmeckt? Dir ist ein Fehler
        aufgefallen, oder du hast ein schnelles Lieblingsgericht, das hier unbedingt fehlt? Dann freuen wir uns sehr
        über deine Nachricht an <a href={`mailto:${operator.email}`}>{operator.email}</a>. Wir lesen jede E-Mail und
        antworten, so schnell wir können. Alle weiteren Angaben zu uns findest du im{" "}
        <Link to="/impressum">Impressum</Link>.
      </p>
    </article>
  );
}
