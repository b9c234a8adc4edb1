import { Link } from "react-router";
import { legalPageData } from "../lib/legal-data.server.ts";
import { pageTitle } from "../lib/page-title.ts";
import { shellFromMatches } from "../lib/root-data.ts";
import type { Route } from "./+types/about";

export function loader({ context }: Route.LoaderArgs) {
  return legalPageData(context);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Über Uns", shellFromMatches(matches).siteName) },
  {
    name: "description",
    content:
      "Wer hinter Was koche ich jetzt? steht und warum jedes unserer Rezepte in höchstens 30 Minuten fertig ist.",
  },
];

export default function About({ loaderData }: Route.ComponentProps) {
  const { operator, siteName } = loaderData;
  return (
    <article className="page prose">
      <h1>Über Uns</h1>
      <p className="lead">
        Wir sind ein kleines Team, das gern kocht, aber unter der Woche selten Zeit dafür hat. Aus genau diesem
        Widerspruch ist {siteName} entstanden.
      </p>

      <h2>Die Idee: gut essen in höchstens 30 Minuten</h2>
      <p>
        Die Frage „Was koche ich heute?“ kommt meist dann, wenn man müde nach Hause kommt und der Kühlschrank nur noch
        halb voll ist. Lange Rezepte mit zwanzig Zutaten helfen dann nicht weiter. Deshalb gilt bei uns eine einfache
        Regel: Jedes Rezept ist in höchstens 30 Minuten fertig – Vorbereitung und Kochzeit zusammen.
      </p>
      <p>
        Dabei soll schnell nicht ungesund heißen. Wir legen Wert auf frisches Gemüse, auf Suppen, die satt machen, und
        auf Salate, die mehr sind als eine Beilage. Viele unserer Rezepte sind vegetarisch oder vegan, und bei jedem
        Gericht siehst du auf einen Blick, wie lange es dauert.
      </p>

      <h2>So findest du dein Rezept</h2>
      <ul>
        <li>
          Keine Idee? Der <Link to="/zufallsgenerator">Zufallsgenerator</Link> schlägt dir ein Rezept vor – auf Wunsch
          nur Salate, Suppen oder Pasta.
        </li>
        <li>
          Mit der <Link to="/zutatensuche">Zutatensuche</Link> wählst du aus, was du im Haus hast, und siehst sofort,
          welche Rezepte dazu passen und was dir noch fehlt.
        </li>
        <li>
          Du weißt schon, worauf du Lust hast? Dann hilft die <Link to="/suche">Rezeptsuche</Link> nach dem Namen.
        </li>
        <li>
          Wenn du dich anmeldest, kannst du Lieblingsrezepte mit dem Herz speichern und unter{" "}
          <Link to="/gespeicherte-rezepte">Gespeicherte Rezepte</Link> wiederfinden.
        </li>
      </ul>

      <h2>Woher unsere Rezepte kommen</h2>
      <p>
        Alle Rezepte schreiben und kochen wir selbst. Bevor ein Gericht online geht, haben wir es nachgekocht und die
        Zeit gestoppt. Die Bilder sind unsere eigenen Illustrationen. Neue Rezepte pflegen wir in unserem
        Redaktionssystem; von dort erscheinen sie nach kurzer Zeit auf der Website.
      </p>

      <h2>Schreib uns</h2>
      <p>
        Du hast ein Rezept ausprobiert und einen Verbesserungsvorschlag, einen Fehler gefunden oder eine Idee für ein
        schnelles Gericht? Wir freuen uns über deine Nachricht an{" "}
        <a href={`mailto:${operator.email}`}>{operator.email}</a>.
      </p>
    </article>
  );
}
