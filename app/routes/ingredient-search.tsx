import { pageTitle } from "../lib/page-title.ts";
import { shellFromMatches } from "../lib/root-data.ts";
import type { Route } from "./+types/ingredient-search";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Zutatensuche", shellFromMatches(matches).siteName) },
  { name: "description", content: "Finde schnelle Rezepte mit den Zutaten, die du zu Hause hast." },
];

export default function IngredientSearch() {
  return (
    <div className="page">
      <h1>Zutatensuche</h1>
    </div>
  );
}
