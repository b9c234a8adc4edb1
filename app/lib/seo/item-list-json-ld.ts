/**
 * schema.org ItemList for a list page (a category): the recipes of this page
 * with their positions in the whole list, as Google's guidance for summary
 * pages of a carousel describes.
 */
import type { ItemList, WithContext } from "schema-dts";
import type { RecipeSummary } from "../../../catalog/recipes/types.ts";

type Listed = Pick<RecipeSummary, "slug" | "name">;

/** ItemList JSON-LD for `recipes`, the first of which is at list position `offset + 1`. */
export function itemListJsonLd(
  recipes: readonly Listed[],
  { siteUrl, offset }: { siteUrl: string; offset: number },
): WithContext<ItemList> {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: recipes.map((recipe, index) => ({
      "@type": "ListItem",
      position: offset + index + 1,
      url: `${siteUrl}/rezepte/${recipe.slug}`,
      name: recipe.name,
    })),
  };
}
