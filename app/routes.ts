import { index, type RouteConfig, route } from "@react-router/dev/routes";

// The URL contract of ../shared/DESIGN.md: German paths, English module names.
export default [
  index("routes/home.tsx", { id: "home" }),
  route("zufallsgenerator", "routes/home.tsx", { id: "random-generator" }),
  route("zutatensuche", "routes/ingredient-search.tsx"),
  route("kategorie/:type", "routes/category.tsx"),
  route("rezepte/:slug", "routes/recipe.tsx"),
  route("gespeicherte-rezepte", "routes/saved-recipes.tsx"),
  route("suche", "routes/search.tsx"),
  route("impressum", "routes/imprint.tsx"),
  route("datenschutz", "routes/privacy.tsx"),
  route("ueber-uns", "routes/about.tsx"),
  route("*", "routes/unknown-path.tsx"),
] satisfies RouteConfig;
