import { redirect } from "react-router";
import type { Route } from "./+types/recipe";

// The spec's rule: a recipe that cannot be loaded silently sends the visitor
// home. Until the catalog sync publishes recipes, no slug can be found, so
// every request takes this path.
export function loader(_args: Route.LoaderArgs): never {
  throw redirect("/");
}

export default function Recipe() {
  return null;
}
