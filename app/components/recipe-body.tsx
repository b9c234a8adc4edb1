import type { ReactNode } from "react";
import type { RecipeCardData } from "../lib/recipes/recipe-card-data.ts";
import { headingAt } from "./headings.ts";
import { RecipeIngredients } from "./recipe-ingredients.tsx";
import { RecipeSteps, type StepsComponent } from "./recipe-steps.tsx";

interface RecipeBodyProps {
  recipe: RecipeCardData;
  /** The card's heading level; the sections' headings are one below it. */
  headingLevel: number;
  /** Servings to show the amounts for; the recipe's own when not given. */
  servings?: number;
  /** Ingredients the visitor has at hand (ingredient search), marked in the list. */
  have?: ReadonlySet<string>;
  /** The servings stepper, on the recipe page. */
  servingsControl?: ReactNode;
  /** What renders the steps: the plain list unless the page has more (cooking mode, on the recipe page). */
  Steps?: StepsComponent;
}

/** A recipe card's steps and ingredient lists. */
export function RecipeBody({
  recipe,
  headingLevel,
  servings,
  have,
  servingsControl,
  Steps = RecipeSteps,
}: RecipeBodyProps) {
  return (
    <>
      <Steps recipe={recipe} heading={headingAt(headingLevel, 1)} />
      <RecipeIngredients
        recipe={recipe}
        servings={servings}
        heading={headingAt(headingLevel, 1)}
        minorHeading={headingAt(headingLevel, 2)}
        have={have}
        servingsControl={servingsControl}
      />
    </>
  );
}
