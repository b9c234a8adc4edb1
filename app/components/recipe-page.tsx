import type { RecipePageData } from "../lib/recipes/recipe-page-data.ts";
import { CookingModeProvider } from "./cooking-mode.tsx";
import { CookingSteps } from "./cooking-steps.tsx";
import { headingAt } from "./headings.ts";
import { NutritionFacts } from "./nutrition-facts.tsx";
import { RecipeBody } from "./recipe-body.tsx";
import { RecipeCard } from "./recipe-card.tsx";
import { RecipeRating } from "./recipe-rating.tsx";
import { RecipeTools } from "./recipe-tools.tsx";
import { ServingsStepper } from "./servings-stepper.tsx";
import { AddToShoppingList } from "./shopping-list/add-to-shopping-list.tsx";

interface RecipePageProps {
  recipe: RecipePageData;
  /** Seconds of each step's timers (lib/recipes/step-durations.ts). */
  stepTimers: number[][];
  /** The recipe's public address, which sharing hands on. */
  canonical: string;
  /** The servings the amounts are written for. */
  servings: number;
  /** Whether visitors can rate it: a published recipe's page, not the editors' preview of a draft. */
  rateable?: boolean;
}

/**
 * A recipe's page under the shell: the card with its tools, steps,
 * ingredients and the shopping-list button. The recipe route renders it from
 * the catalog, the editors' preview (routes/recipe-preview.tsx) from a draft
 * the sync's validation passed: one rendering for both (decision 0051).
 */
export function RecipePage({ recipe, stepTimers, canonical, servings, rateable = false }: RecipePageProps) {
  return (
    <div className="page recipe-page">
      {/* Keyed by recipe: moving on to another recipe starts with cooking mode off and no step ticked. */}
      <CookingModeProvider key={recipe.slug} slug={recipe.slug} stepTimers={stepTimers}>
        <RecipeCard
          recipe={recipe}
          linkName={false}
          priority
          headingLevel={1}
          actions={<RecipeTools recipe={recipe} canonical={canonical} />}
          body={
            <>
              <RecipeBody
                recipe={recipe}
                headingLevel={1}
                servings={servings}
                Steps={CookingSteps}
                servingsControl={
                  <ServingsStepper slug={recipe.slug} servings={servings} recipeServings={recipe.servings} />
                }
              />
              {/* Under the ingredients: every required line, for the servings shown. */}
              <AddToShoppingList
                slug={recipe.slug}
                recipeName={recipe.name}
                servings={servings}
                label={`Auf die Einkaufsliste: ${recipe.name}`}
                listLink
              />
              {/* Per portion, the same for any servings; none when the sync could not weigh every line. */}
              {recipe.nutrition ? <NutritionFacts nutrition={recipe.nutrition} heading={headingAt(1, 1)} /> : null}
              {rateable ? <RecipeRating slug={recipe.slug} recipeName={recipe.name} heading={headingAt(1, 1)} /> : null}
            </>
          }
        />
      </CookingModeProvider>
    </div>
  );
}
