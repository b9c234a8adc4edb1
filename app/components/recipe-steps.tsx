import type { RecipeCardData } from "../lib/recipes/recipe-card-data.ts";
import { useCookingMode } from "./cooking-mode-context.ts";
import type { HeadingTag } from "./headings.ts";

/**
 * The "Zubereitung" section of a recipe card: numbered steps, or the free text
 * when there are none. In cooking mode (recipe page only) the steps are large
 * and each one is a checkbox the cook ticks off; the first open step is the
 * current one. Outside cooking mode, the server's and the lists' markup.
 */
export function RecipeSteps({ recipe, heading: Heading }: { recipe: RecipeCardData; heading: HeadingTag }) {
  const mode = useCookingMode();
  const cooking = mode?.on === true;
  if (!cooking || recipe.steps.length === 0) {
    return (
      <section
        aria-label="Zubereitung"
        className={`recipe-section recipe-steps-section${cooking ? " is-cooking" : ""}`}
      >
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

  const { done, toggleStep } = mode;
  const current = recipe.steps.findIndex((_, index) => !done.has(index));
  const doneCount = recipe.steps.filter((_, index) => done.has(index)).length;
  return (
    <section aria-label="Zubereitung" className="recipe-section recipe-steps-section is-cooking">
      <Heading>Zubereitung</Heading>
      <p className="cooking-progress">
        {doneCount} von {recipe.steps.length} Schritten erledigt
      </p>
      {/* biome-ignore lint/a11y/noRedundantRoles: the numbers move into the boxes (app.css), and Safari drops a list's role with its markers */}
      <ol className="recipe-steps cooking-steps" role="list">
        {recipe.steps.map((step, index) => {
          const isDone = done.has(index);
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: steps are a fixed list, and two may read alike
              key={index}
              className={isDone ? "is-done" : undefined}
              aria-current={index === current ? "step" : undefined}
            >
              <label className="cooking-step">
                <input type="checkbox" checked={isDone} onChange={() => toggleStep(index)} />
                <span className="cooking-step-text">{step}</span>
              </label>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
