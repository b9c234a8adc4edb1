import { pageTitle } from "../lib/seo/page-title.ts";
import { staticPageMeta } from "../lib/seo/static-page-meta.ts";
import { legalPageData } from "../lib/site/legal-data.server.ts";
import type { Route } from "./+types/imprint";

export function loader({ context }: Route.LoaderArgs) {
  return legalPageData(context);
}

export const meta: Route.MetaFunction = (args) =>
  staticPageMeta(args, {
    title: (shell) => pageTitle("Impressum", shell.siteName),
    description: "Impressum: Anbieterkennzeichnung und Kontakt.",
  });

export default function Imprint({ loaderData }: Route.ComponentProps) {
  const { operator, legalSource, siteName } = loaderData;
  return (
    <article className="page prose">
      <h1>Impressum</h1>
      <img
        className="legal-illustration"
        src="/images/impressum.svg"
        width={640}
        height={240}
        alt="Illustration: ein Notizbuch mit Stift neben einem Kochtopf"
      />

      <h2>Angaben gemäß § 5 DDG</h2>
      <address>
        {operator.name}
        <br />
        {operator.street}
        <br />
        {operator.postalCity}
      </address>
      <p>Vertreten durch: {operator.representative}</p>

      <h2>Kontakt</h2>
      <p>
        Telefon: <a href={`tel:${operator.phone.replace(/[^+\d]/g, "")}`}>{operator.phone}</a>
        <br />
        E-Mail: <a href={`mailto:${operator.email}`}>{operator.email}</a>
      </p>

      <h2>Redaktionell verantwortlich</h2>
      <p>
        Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV: {operator.representative}, {operator.street},{" "}
        {operator.postalCity}
      </p>

      <h2>Verbraucherstreitbeilegung</h2>
      <p>
        Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer
        Verbraucherschlichtungsstelle teilzunehmen.
      </p>

      <h2>Haftung für Inhalte</h2>
      <p>
        Die Rezepte auf {siteName} haben wir mit Sorgfalt erstellt und geprüft. Für die Richtigkeit, Vollständigkeit und
        Aktualität können wir dennoch keine Gewähr übernehmen. Bitte achte beim Kochen selbst auf Allergien,
        Unverträglichkeiten und den sicheren Umgang mit Lebensmitteln. Als Diensteanbieter sind wir für eigene Inhalte
        auf diesen Seiten nach den allgemeinen Gesetzen verantwortlich. Wir sind jedoch nicht verpflichtet, übermittelte
        oder gespeicherte fremde Informationen zu überwachen oder nach Umständen zu forschen, die auf eine rechtswidrige
        Tätigkeit hinweisen. Sobald wir von einer Rechtsverletzung erfahren, entfernen wir die betreffenden Inhalte
        umgehend.
      </p>

      <h2>Haftung für Links</h2>
      <p>
        Unsere Seiten verlinken auf Websites Dritter, etwa auf die Quelle eines Rezepts. Auf deren Inhalte haben wir
        keinen Einfluss; für sie ist stets der jeweilige Anbieter oder Betreiber verantwortlich. Zum Zeitpunkt der
        Verlinkung waren keine Rechtsverstöße erkennbar. Werden uns Rechtsverletzungen bekannt, entfernen wir solche
        Links umgehend.
      </p>

      <h2>Urheberrecht</h2>
      <p>
        Texte, Rezepte und Bilder auf dieser Website sind, soweit nicht anders angegeben, von uns erstellt und
        unterliegen dem deutschen Urheberrecht. Vervielfältigung, Bearbeitung und Verbreitung außerhalb der Grenzen des
        Urheberrechts bedürfen unserer schriftlichen Zustimmung. Für den privaten Gebrauch in deiner Küche darfst du
        unsere Rezepte selbstverständlich ausdrucken und nachkochen.
      </p>

      <p className="source-credit">
        Quelle: <a href={legalSource.url}>{legalSource.name}</a>
      </p>
    </article>
  );
}
