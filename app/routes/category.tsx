import { redirect } from "react-router";
import { CATEGORY_HEADINGS, categoryPath, recipeTypeFromParam } from "../lib/categories.ts";
import { pageTitle } from "../lib/page-title.ts";
import { shellFromMatches } from "../lib/root-data.ts";
import type { Route } from "./+types/category";

export function loader({ params }: Route.LoaderArgs) {
  const type = recipeTypeFromParam(params.type);
  // Unknown categories go home, like every other unknown path.
  if (!type) throw redirect("/");
  // "/kategorie/SOUP" works (the spec upper-cases the parameter) but the
  // lower-case path is the one address to share and index.
  if (params.type !== type.toLowerCase()) throw redirect(categoryPath(type), 301);
  return { type, heading: CATEGORY_HEADINGS[type] };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData?.heading ?? "Kategorie", shellFromMatches(matches).siteName) },
];

export default function Category({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>{loaderData.heading}</h1>
    </div>
  );
}
