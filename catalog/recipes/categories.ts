/** The nine recipe categories of the spec (section 3), as stored in the CMS. */
export const RECIPE_TYPES = [
  "SOUP",
  "PIZZA",
  "PASTA",
  "BURGER",
  "DISH",
  "SALAD",
  "BREAKFAST",
  "COLD_DISH",
  "BAKED_DISH",
] as const;

export type RecipeType = (typeof RECIPE_TYPES)[number];

/** German plural headings, as shown on category pages and in the footer. */
export const CATEGORY_HEADINGS: Record<RecipeType, string> = {
  SOUP: "Suppen",
  PIZZA: "Pizza",
  PASTA: "Pasta",
  BURGER: "Burger",
  DISH: "Klassische Rezepte",
  SALAD: "Salate",
  BREAKFAST: "Frühstück",
  COLD_DISH: "Kalte Gerichte",
  BAKED_DISH: "Rezepte für den Ofen",
};

/** One sentence under each category heading, also its meta description. */
export const CATEGORY_INTROS: Record<RecipeType, string> = {
  SOUP: "Schnelle Suppen für jeden Tag: wärmend, sättigend und in höchstens 30 Minuten auf dem Tisch.",
  PIZZA: "Pizza ohne langes Warten auf den Teig: schnelle Varianten aus Pfanne und Ofen.",
  PASTA: "Pasta geht immer: schnelle Nudelgerichte mit frischen Soßen, fertig in höchstens 30 Minuten.",
  BURGER: "Burger zum Selbermachen, mit Fleisch oder ohne, schneller fertig als jede Lieferung.",
  DISH: "Klassische Rezepte für jeden Tag: einfache Hauptgerichte, die schnell gehen und satt machen.",
  SALAD: "Salate, die satt machen: frisch, bunt und in höchstens 30 Minuten zubereitet.",
  BREAKFAST: "Schnelles Frühstück für einen guten Start in den Tag, süß oder herzhaft.",
  COLD_DISH: "Kalte Gerichte ohne Herd: ideal für warme Tage, fürs Büro und für unterwegs.",
  BAKED_DISH: "Rezepte für den Ofen: kurz vorbereiten, den Rest erledigt die Hitze, alles in höchstens 30 Minuten.",
};

/** The categories the footer links to, in the spec's order. */
export const FOOTER_CATEGORIES: readonly RecipeType[] = ["SOUP", "PASTA", "SALAD", "DISH", "BAKED_DISH"];

/**
 * The spec upper-cases the route parameter to get the category value;
 * anything that is not one of the nine gives `undefined`.
 */
export function recipeTypeFromParam(param: string | undefined): RecipeType | undefined {
  const upper = param?.toUpperCase();
  return RECIPE_TYPES.find((type) => type === upper);
}

/** The canonical, lower-case path of a category page. */
export function categoryPath(type: RecipeType): string {
  return `/kategorie/${type.toLowerCase()}`;
}
