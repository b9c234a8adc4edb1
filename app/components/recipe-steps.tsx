import type { CatalogRecipe } from "../lib/catalog/types.ts";
import type { HeadingTag } from "./headings.ts";

/** The "Zubereitung" section of a recipe card: numbered steps, or the free text when there are none. */
export function RecipeSteps({ recipe, heading: Heading }: { recipe: CatalogRecipe; heading: HeadingTag }) {
  return (
    <section aria-label="Zubereitung" className="recipe-section">
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
