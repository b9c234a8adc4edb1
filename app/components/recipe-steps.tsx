import type { ReactNode } from "react";
import type { RecipeCardData } from "../lib/recipes/recipe-card-data.ts";
import type { HeadingTag } from "./headings.ts";

/** What renders a card's "Zubereitung": these plain steps, or on the recipe page the ones of cooking mode. */
export type StepsComponent = (props: { recipe: RecipeCardData; heading: HeadingTag }) => ReactNode;

/**
 * The "Zubereitung" section of a recipe card: numbered steps, or the free text
 * when there are none. The server's and the lists' markup, and the recipe
 * page's outside cooking mode (cooking-steps.tsx).
 */
export function RecipeSteps({ recipe, heading: Heading }: { recipe: RecipeCardData; heading: HeadingTag }) {
  return (
    <section aria-label="Zubereitung" className="recipe-section recipe-steps-section">
      <Heading>Zubereitung</Heading>
      {recipe.steps.length > 0 ? (
        <ol className="recipe-steps">
          {recipe.steps.map((step, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: steps are a fixed list, and two may read alike
            <li key={index}>{step}</li>
          ))}
        </ol>
      ) : (
        <p>{recipe.instructions}</p>
      )}
    </section>
  );
}
