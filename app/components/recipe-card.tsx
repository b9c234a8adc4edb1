import type { ReactNode } from "react";
import { Link } from "react-router";
import type { RecipeCardData } from "../lib/recipe-card-data.ts";
import { CARD_IMAGE, IMAGE_TRANSFORMS, recipeImageUrl } from "../lib/recipe-images.ts";
import { headingAt } from "./headings.ts";
import { RecipeIngredients } from "./recipe-ingredients.tsx";
import { RecipeSteps } from "./recipe-steps.tsx";
import { SaveRecipeButton } from "./save-recipe-button.tsx";

interface RecipeCardProps {
  recipe: RecipeCardData;
  /** Link the name to the recipe page; off on that page itself. */
  linkName?: boolean;
  /** The first card on a page loads its image at once; the rest when scrolled near. */
  priority?: boolean;
  /** Heading level: h1 on the recipe page, h2 in lists, h3 in a list under its own heading. */
  headingLevel?: 1 | 2 | 3;
  /**
   * In lists, steps and ingredients sit in a closed disclosure: the list stays
   * short to scan, and everything is still in the page for crawlers and
   * visitors without JavaScript.
   */
  compact?: boolean;
  /** Ingredients the visitor has at hand (ingredient search), marked in the list. */
  have?: ReadonlySet<string>;
  /** Servings to show the amounts for; the recipe's own when not given. */
  servings?: number;
  /** The servings stepper, on the recipe page. */
  servingsControl?: ReactNode;
  /** Buttons after the save button, on the recipe page (print, share, cooking mode). */
  actions?: ReactNode;
  /** Extra lines under the badges, such as how well a recipe matches. */
  children?: ReactNode;
}

/** The recipe card of spec section 2. */
export function RecipeCard({
  recipe,
  linkName = true,
  priority = false,
  headingLevel = 2,
  compact = false,
  have,
  servings,
  servingsControl,
  actions,
  children,
}: RecipeCardProps) {
  const Heading = headingAt(headingLevel);
  const details = (
    <>
      <RecipeSteps recipe={recipe} heading={headingAt(headingLevel, 1)} />
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
  return (
    <article className="recipe-card" data-slug={recipe.slug}>
      <Heading className="recipe-name">
        {linkName ? <Link to={`/rezepte/${recipe.slug}`}>{recipe.name}</Link> : recipe.name}
      </Heading>
      {recipe.image ? (
        <picture className="recipe-image">
          <source type="image/avif" srcSet={recipeImageUrl(recipe.image, IMAGE_TRANSFORMS.cardAvif)} />
          <source type="image/webp" srcSet={recipeImageUrl(recipe.image, IMAGE_TRANSFORMS.cardWebp)} />
          <img
            src={recipeImageUrl(recipe.image)}
            alt={recipe.name}
            width={CARD_IMAGE.width}
            height={CARD_IMAGE.height}
            loading={priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : "auto"}
            decoding="async"
          />
        </picture>
      ) : null}
      {recipe.recipeUrl ? (
        <p className="recipe-source">
          Quelle:{" "}
          <a href={recipe.recipeUrl} rel="noopener">
            {recipe.recipeUrl.replace(/^https?:\/\//, "")}
          </a>
        </p>
      ) : null}
      <ul className="badges" aria-label="Eigenschaften">
        <li className="badge">
          Zeitaufwand: <strong>{recipe.totalTime} Minuten</strong>
        </li>
        {recipe.vegetarian && !recipe.vegan ? (
          <li className="badge badge-veggie" title="Rezept ohne Fleisch">
            Vegetarisch<span className="visually-hidden">: Rezept ohne Fleisch</span>
          </li>
        ) : null}
        {recipe.vegan ? (
          <li className="badge badge-veggie" title="Ohne tierische Produkte">
            Vegan<span className="visually-hidden">: Ohne tierische Produkte</span>
          </li>
        ) : null}
      </ul>
      <SaveRecipeButton recipeId={recipe.id} recipeName={recipe.name} />
      {actions}
      {recipe.description ? <p className="recipe-description">{recipe.description}</p> : null}
      {children}
      {compact ? (
        <details className="recipe-details">
          <summary>Zubereitung und Zutaten</summary>
          {details}
        </details>
      ) : (
        details
      )}
    </article>
  );
}
