import { index, type RouteConfig, route } from "@react-router/dev/routes";

// The URL contract of docs/design.md: German paths, English module names.
export default [
  index("routes/home.tsx", { id: "home" }),
  route("zufallsgenerator", "routes/home.tsx", { id: "random-generator" }),
  route("zutatensuche", "routes/ingredient-search.tsx"),
  // Every ingredient, for the picker's filter: asked for by the browser once the visitor starts to filter.
  route("zutatensuche/zutaten.json", "routes/ingredient-list.ts"),
  // A signed-in visitor's pantry in their account: read and saved by the ingredient search's script.
  route("zutatensuche/vorrat", "routes/pantry.ts"),
  route("kategorie/:type", "routes/category.tsx"),
  route("rezepte/:slug", "routes/recipe.tsx"),
  // A signed-in visitor's own rating of a recipe: read after load, set and removed by its form (decision 0065).
  route("rezepte/:slug/bewertung", "routes/recipe-rating.ts"),
  // Editors' preview of a recipe, drafts included: reached only through workers/draft-preview.ts (decision 0051).
  route("vorschau/rezept/:id", "routes/recipe-preview.tsx"),
  route("gespeicherte-rezepte", "routes/saved-recipes.tsx"),
  // The visitor's shopping list: on the device, or in the account when signed in (decision 0041).
  route("einkaufsliste", "routes/shopping-list.tsx"),
  // The visitor's week plan: on the device, or in the account when signed in (decision 0070).
  route("wochenplan", "routes/week-plan.tsx"),
  // "Plan meine Woche": made from the pantry in its address, for that request alone (decision 0071).
  route("wochenplan/vorschlag", "routes/week-plan-proposal.tsx"),
  route("suche", "routes/search.tsx"),
  route("impressum", "routes/imprint.tsx"),
  route("datenschutz", "routes/privacy.tsx"),
  route("ueber-uns", "routes/about.tsx"),
  // What the service worker shows for a page it does not keep while there is no connection (decision 0043).
  route("offline", "routes/offline.tsx"),
  // The cookie banner's form posts here.
  route("einwilligung", "routes/consent.ts"),
  // For crawlers: generated from the config and the catalog.
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap-index.ts"),
  route("sitemap/:file", "routes/sitemap-part.ts"),
  route("*", "routes/unknown-path.tsx"),
] satisfies RouteConfig;
