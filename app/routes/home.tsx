import { Link } from "react-router";
import { homeTitle } from "../lib/page-title.ts";
import { shellFromMatches } from "../lib/root-data.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: homeTitle(shellFromMatches(matches).productName) },
  {
    name: "description",
    content:
      "Schnelle Rezepte in höchstens 30 Minuten: Lass dir ein zufälliges Rezept vorschlagen oder finde Gerichte mit den Zutaten, die du zu Hause hast.",
  },
];

// Serves both "/" and "/zufallsgenerator" (two route ids, one module). The
// random pick itself arrives with the catalog.
export default function Home() {
  return (
    <div className="page">
      <h1>Zufällige Rezepte</h1>
      <p className="lead">
        Keine Idee, was du heute leckeres kochen könntest?{" "}
        <Link to="/zutatensuche">Suche Rezepte mit den Zutaten, die du zu Hause hast.</Link>
      </p>
    </div>
  );
}
