import type { RecipeCardData } from "../lib/recipe-card-data.ts";
import { RecipeCard } from "./recipe-card.tsx";

/** Compact recipe cards one after another; the first image of the page loads at once. */
export function RecipeList({
  recipes,
  label,
  headingLevel = 2,
}: {
  recipes: readonly RecipeCardData[];
  label: string;
  /** 3 when the list sits under a heading of its own. */
  headingLevel?: 2 | 3;
}) {
  return (
    <section className="recipe-list" aria-label={label}>
      {recipes.map((recipe, index) => (
        <RecipeCard key={recipe.slug} recipe={recipe} compact priority={index === 0} headingLevel={headingLevel} />
      ))}
    </section>
  );
}
