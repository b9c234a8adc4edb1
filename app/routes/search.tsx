import { pageTitle } from "../lib/page-title.ts";
import { shellFromMatches } from "../lib/root-data.ts";
import type { Route } from "./+types/search";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Rezeptsuche", shellFromMatches(matches).siteName) },
  { name: "description", content: "Suche schnelle Rezepte nach ihrem Namen." },
];

export default function Search() {
  return (
    <div className="page">
      <h1>Rezeptsuche</h1>
    </div>
  );
}
