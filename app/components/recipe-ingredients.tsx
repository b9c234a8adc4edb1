import type { ReactNode } from "react";
import type { IngredientLine } from "../../catalog/recipes/types.ts";
import { formatIngredientLine } from "../lib/recipes/ingredient-amounts/format.ts";
import type { RecipeCardData } from "../lib/recipes/recipe-card-data.ts";
import { servingsText } from "../lib/recipes/servings-text.ts";
import type { HeadingTag } from "./headings.ts";

interface RecipeIngredientsProps {
  recipe: RecipeCardData;
  /** How many servings to show the amounts for; the recipe's own when not given. */
  servings?: number;
  heading: HeadingTag;
  minorHeading: HeadingTag;
  /** Ingredients the visitor has at hand (ingredient search), marked in the list. */
  have?: ReadonlySet<string>;
  /** The servings stepper of the recipe page, under the heading. */
  servingsControl?: ReactNode;
}

/**
 * The "Zutaten" section of a recipe card: every line with its amount for the
 * wanted servings, required lines first, then the optional ones.
 */
export function RecipeIngredients({
  recipe,
  servings = recipe.servings,
  heading: Heading,
  minorHeading: MinorHeading,
  have,
  servingsControl,
}: RecipeIngredientsProps) {
  const item = (line: IngredientLine) => {
    const { quantity, name, note } = formatIngredientLine(line, recipe.servings, servings);
    const had = have?.has(line.name) ?? false;
    return (
      <li key={line.name} className={had ? "ingredient-have" : undefined}>
        <span className="ingredient-quantity">{quantity}</span>
        {/* Copied or read aloud, the line needs the space the grid's gap only shows. */}{" "}
        <span className="ingredient-name">
          {name}
          {note ? <span className="ingredient-note">, {note}</span> : null}
          {had ? <span className="visually-hidden"> (hast du)</span> : null}
        </span>
      </li>
    );
  };
  const required = recipe.ingredientLines.filter((line) => !line.optional);
  const optional = recipe.ingredientLines.filter((line) => line.optional);
  return (
    <section aria-label="Zutaten" className="recipe-section recipe-ingredients-section">
      <Heading>
        {/* Where the stepper changes it, screen readers hear the new servings. */}
        <span aria-live={servingsControl ? "polite" : undefined}>Zutaten für {servingsText(servings)}</span>
      </Heading>
      {servingsControl}
      {/* One grid for both lists, so the optional lines' names line up with the required ones' too. */}
      <div className="ingredient-lists">
        <ul className="recipe-ingredients">{required.map(item)}</ul>
        {optional.length > 0 ? (
          <>
            <MinorHeading>Optionale Zutaten</MinorHeading>
            <ul className="recipe-ingredients">{optional.map(item)}</ul>
          </>
        ) : null}
      </div>
    </section>
  );
}
