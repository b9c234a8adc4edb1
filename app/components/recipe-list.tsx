import type { RecipeListCardData } from "../lib/recipes/recipe-card-data.ts";
import { HydrationSlice } from "./hydration-slice.tsx";
import { RecipeCard } from "./recipe-card.tsx";
import { RecipeDetailsDisclosure } from "./recipe-details-disclosure.tsx";

/** A list card, with a line saying why it is in the list where that is not plain (a search's related hit). */
type ListedRecipe = RecipeListCardData & { note?: string | null };

/** Recipe cards one after another, steps and ingredients behind a disclosure; the first image of the page loads at once. */
export function RecipeList({
  recipes,
  label,
  headingLevel = 2,
}: {
  recipes: readonly ListedRecipe[];
  label: string;
  /** 3 when the list sits under a heading of its own. */
  headingLevel?: 2 | 3;
}) {
  return (
    <HydrationSlice>
      <section className="recipe-list" aria-label={label}>
        {recipes.map((recipe, index) => (
          <RecipeCard
            key={recipe.slug}
            recipe={recipe}
            priority={index === 0}
            headingLevel={headingLevel}
            weekPlanLink
            note={recipe.note}
            body={<RecipeDetailsDisclosure slug={recipe.slug} name={recipe.name} headingLevel={headingLevel} />}
          />
        ))}
      </section>
    </HydrationSlice>
  );
}
