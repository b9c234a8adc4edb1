import { useLocation } from "react-router";
import { pageTitle } from "../lib/page-title.ts";
import { shellFromMatches } from "../lib/root-data.ts";
import type { Route } from "./+types/saved-recipes";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Gespeicherte Rezepte", shellFromMatches(matches).siteName) },
  { name: "robots", content: "noindex" },
];

export default function SavedRecipes() {
  const { pathname } = useLocation();
  return (
    <div className="page">
      <h1>Gespeicherte Rezepte</h1>
      <p>Melde dich an, um deine Lieblingsrezepte zu speichern und hier wiederzufinden.</p>
      <p>
        {/* /login is answered by the Worker, so this is a document request. */}
        <a className="button" href={`/login?redirect=${encodeURIComponent(pathname)}`}>
          Mit Google anmelden
        </a>
      </p>
    </div>
  );
}
